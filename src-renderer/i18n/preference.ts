/**
 * The interface language chosen in the settings, kept in the window's localStorage (one per app: every profile
 * shares it; a preference of the workstation, not data). French unless English was chosen: the system's locale is
 * never used (dates and numbers stay French either way, format.ts).
 */
import type { AppLocale } from './index'

/** Interface languages, in the order the settings list them. */
export const APP_LOCALES: readonly AppLocale[] = ['fr', 'en']

/** localStorage key of the chosen language. */
export const LOCALE_STORAGE_KEY = 'paie.langue'

/** The part of `Storage` used here (tests pass a Map-backed one). */
export type LocaleStorage = Pick<Storage, 'getItem' | 'setItem'>

function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (APP_LOCALES as readonly string[]).includes(value)
}

/** The stored language; French when none (or an unknown value) is stored, or storage is unavailable (it throws). */
export function storedLocale(storage: LocaleStorage = globalThis.localStorage): AppLocale {
  try {
    const value = storage.getItem(LOCALE_STORAGE_KEY)
    return isAppLocale(value) ? value : 'fr'
  } catch {
    return 'fr'
  }
}

/** Keeps `locale` for the next starts (nothing happens when storage is unavailable). */
export function storeLocale(locale: AppLocale, storage: LocaleStorage = globalThis.localStorage): void {
  try {
    storage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // Storage full or disabled: the choice holds for this session only.
  }
}

/** Says the page's language to assistive technologies and the browser (`<html lang>`). */
export function applyDocumentLanguage(locale: AppLocale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

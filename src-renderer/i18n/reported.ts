/**
 * Wording of what main and the sync report by code and parameters (src-shared/domain/reports.ts), in the
 * interface's language: the catalogue's `erreurs.<place>.<CODE>` (variants `CODE__MOTIF`, `CODE__SERVICE`), then the
 * general wording `erreurs.demande.<CODE>`; a code the catalogue does not know is the payroll service's own (a
 * BridgeError code): its message is shown as the service wrote it. Pure (the translation functions are passed in).
 */
import type { ReportParams } from '../../src-shared/domain/reports'
import { OutboxError } from '../db/outbox'

/** Where a reported code is shown; each place has its own group of wordings in the catalogue. */
export type ReportPlace = 'demande' | 'saisie' | 'pause' | 'telechargement' | 'profil'

/** A code main (or the sync) reported, with its parameters and its message (technical, or the service's words). */
export interface Reported {
  readonly code: string
  readonly message: string
  readonly params?: ReportParams | undefined
}

/** The translation functions of vue-i18n (`useI18n()` or `i18n.global`) and the interface locale. */
export interface Words {
  /** `plural`: the count choosing the form of a message with `|`. */
  t(key: string, named: Record<string, unknown>, plural?: number): string
  te(key: string): boolean
  readonly locale: { readonly value: string }
}

/** The part of a vue-i18n composer {@link wordsOf} reads. */
export interface I18nComposer {
  t(key: string, named: Record<string, unknown>, plural?: number): string
  te(key: string): boolean
  readonly locale: { readonly value: string }
}

/** The {@link Words} of a vue-i18n composer (`useI18n()` in a component, `i18n.global` elsewhere). */
export function wordsOf(i18n: I18nComposer): Words {
  return {
    t: (key, named, plural) => (plural === undefined ? i18n.t(key, named) : i18n.t(key, named, plural)),
    te: (key) => i18n.te(key),
    locale: i18n.locale,
  }
}

const HTTP_CODE = /^HTTP_(\d{3})$/

/** The catalogue key wording `code` at `place` (null when none): variants first, then the general group. */
function keyOf(words: Words, place: ReportPlace, code: string, params: ReportParams): string | null {
  const name = HTTP_CODE.test(code) ? 'HTTP' : code
  const motif = typeof params['motif'] === 'string' ? `${name}__${params['motif']}` : null
  const service = params['service'] !== undefined ? `${name}__SERVICE` : null
  for (const group of place === 'demande' ? ['demande'] : [place, 'demande']) {
    for (const variant of [motif, service, name]) {
      if (variant !== null && words.te(`erreurs.${group}.${variant}`)) return `erreurs.${group}.${variant}`
    }
  }
  return null
}

/** Parameters as shown: numbers written the interface's way (1 234), the HTTP status of an `HTTP_<status>` code. */
function named(words: Words, reported: Reported, params: ReportParams): Record<string, unknown> {
  const format = new Intl.NumberFormat(words.locale.value === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 1 })
  const shown: Record<string, unknown> = { code: reported.code, message: reported.message }
  for (const [name, value] of Object.entries(params))
    shown[name] = typeof value === 'number' && name !== 'status' ? format.format(value) : value
  const http = HTTP_CODE.exec(reported.code)
  if (http !== null && shown['status'] === undefined) shown['status'] = http[1]
  return shown
}

/**
 * The sentence of a reported code for the clerk, at `place`.
 * - `params.jeton`: the access token could not be obtained (`erreurs.jeton.<JETON>`);
 * - otherwise the code's wording at `place` (pauses fall back to `erreurs.pause.AUTRE`), or the service's message;
 * - a number `params.n` chooses the plural form;
 * - `params.contexte` wraps it (`erreurs.contextes.<CONTEXTE>`), `params.suite` adds a sentence after it.
 */
export function wordReported(words: Words, place: ReportPlace, reported: Reported): string {
  const params = reported.params ?? {}
  const values = named(words, reported, params)
  const jeton = typeof params['jeton'] === 'string' ? `erreurs.jeton.${params['jeton']}` : null
  const key = jeton !== null && words.te(jeton) ? jeton : keyOf(words, place, reported.code, params)
  const count = typeof params['n'] === 'number' ? params['n'] : undefined
  let text = key !== null ? words.t(key, values, count) : place === 'pause' ? words.t('erreurs.pause.AUTRE', values) : reported.message
  const contexte = typeof params['contexte'] === 'string' ? `erreurs.contextes.${params['contexte']}` : null
  if (contexte !== null && words.te(contexte)) text = words.t(contexte, { raison: text })
  const suite = typeof params['suite'] === 'string' ? `erreurs.suites.${params['suite']}` : null
  if (suite !== null && words.te(suite)) text = `${text} ${words.t(suite, {})}`
  return text
}

/**
 * The sentence of a thrown value for the clerk: an {@link OutboxError} worded by its reason (the entry's state
 * named in the interface's language), anything else by its message (an unexpected failure).
 */
export function wordThrown(words: Words, thrown: unknown): string {
  if (thrown instanceof OutboxError) {
    const etat = thrown.params['etat']
    const values: Record<string, unknown> = {
      ...thrown.params,
      ...(typeof etat === 'string' ? { etat: words.t(`etats.${etat}`, {}) } : {}),
    }
    const variant = typeof thrown.params['motif'] === 'string' ? `erreurs.saisieLocale.${thrown.reason}__${thrown.params['motif']}` : null
    return words.t(variant !== null && words.te(variant) ? variant : `erreurs.saisieLocale.${thrown.reason}`, values)
  }
  return thrown instanceof Error ? thrown.message : String(thrown)
}

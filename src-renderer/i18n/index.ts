/**
 * The i18n instance: French by default and as fallback, English available. Composition API only.
 */
import { createI18n } from 'vue-i18n'

import { createCachedMessageCompiler } from './compiler'
import { en } from './en'
import { fr } from './fr'
import type { Messages } from './fr'

/** Locales the interface is translated into. */
export type AppLocale = 'fr' | 'en'

/** Creates the i18n plugin (one per app instance; tests create their own). */
export function createAppI18n(locale: AppLocale = 'fr') {
  return createI18n<[Messages], AppLocale, false>({
    // Deprecated only because v12 drops legacy mode; until then `false` opts out even where the bundler
    // flag __VUE_I18N_LEGACY_API__ is not defined (tests, harness).
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    legacy: false,
    locale,
    fallbackLocale: 'fr',
    messages: { fr, en },
    // vue-i18n's compiler behind a cache cheaper to look up (compiler.ts).
    messageCompiler: createCachedMessageCompiler(),
  })
}

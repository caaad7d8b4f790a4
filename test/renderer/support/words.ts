/**
 * The interface's words for tests of pure code that takes them (CSV exports, reported codes): the app's own
 * catalogue through a vue-i18n instance, French unless told.
 */
import { csvWords } from '../../../src-renderer/i18n/csv-words'
import { createAppI18n } from '../../../src-renderer/i18n'
import type { AppLocale } from '../../../src-renderer/i18n'
import { wordsOf } from '../../../src-renderer/i18n/reported'
import type { Words } from '../../../src-renderer/i18n/reported'
import type { CsvWords } from '../../../src-renderer/services/csv-export'

/** The translation functions of a fresh i18n instance in `locale`. */
export function testWords(locale: AppLocale = 'fr'): Words {
  return wordsOf(createAppI18n(locale).global)
}

/** The CSV export words in `locale`. */
export function testCsvWords(locale: AppLocale = 'fr'): CsvWords {
  return csvWords(testWords(locale))
}

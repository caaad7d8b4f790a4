/**
 * The words of the CSV exports (services/csv-export.ts) from the catalogue (`exports.*`, `types.*`), entries' errors
 * worded like on screen (i18n/reported.ts, place `saisie`).
 */
import { AUDIT_CSV_COLUMNS, QUEUE_CSV_COLUMNS } from '../services/csv-export'
import type { CsvWords } from '../services/csv-export'
import { wordReported } from './reported'
import type { Words } from './reported'

/** The export words in the language of `words`. */
export function csvWords(words: Words): CsvWords {
  const t = (key: string): string => words.t(key, {})
  return {
    queueFields: QUEUE_CSV_COLUMNS.map((c) => t(`exports.file.${c}`)),
    auditFields: AUDIT_CSV_COLUMNS.map((c) => t(`exports.journal.${c}`)),
    masked: t('exports.masque'),
    kind: (kind) => t(`types.${kind}`),
    operation: (operation) => t(`exports.operations.${operation}`),
    state: (state) => t(`exports.etats.${state}`),
    result: (result) => t(`exports.resultats.${result}`),
    error: (error) => wordReported(words, 'saisie', error),
  }
}

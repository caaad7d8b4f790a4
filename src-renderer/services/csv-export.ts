/**
 * CSV exports of the queue and of the audit log, for French spreadsheets (Excel, LibreOffice): `;` separator,
 * CRLF line ends, UTF-8 with a byte-order mark (without it Excel reads UTF-8 as Windows-1252), decimal comma.
 * Cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`…) are quoted with a leading apostrophe
 * (OWASP "CSV injection"), numbers excepted.
 *
 * No personal data beyond identifiers: no NIR, no IBAN, no free-text comment; the texts exported (EVP text
 * value, error messages) have anything shaped like a NIR or an IBAN masked.
 *
 * The words (column titles, kinds, states, results, errors) are the interface's ({@link CsvWords}, built from the
 * catalogue by i18n/csv-words.ts); the format stays the French spreadsheet's whatever the language.
 */
import Papa from 'papaparse'

import { payloadFields } from '../../src-shared/domain/entry'
import { ENTRY_KIND_SPECS } from '../../src-shared/domain/entry-kinds'
import type { EntryKind, EntryOperation } from '../../src-shared/domain/entry-kinds'
import type { AuditRecord } from '../../src-shared/domain/outbox'
import type { EntryState } from '../../src-shared/domain/states'
import type { SyncError } from '../../src-shared/domain/sync-protocol'
import { allAuditRecords } from '../db/audit'
import { listEntries } from '../db/outbox-query'
import type { EntryFilter } from '../db/outbox-query'
import type { PaieDb, StoredEntry } from '../db/schema'

/** UTF-8 byte-order mark, first character of every export. */
export const BOM = '\uFEFF'

/** A formula trigger at the start of a cell, unless the whole cell is a plain number (`-12,50` stays a number). */
const FORMULA = /^(?![-+]?\d+(?:[.,]\d+)?$)[=+\-@\t\r]/

const NIR = /\b[1-478]\s?\d{2}\s?(?:0[1-9]|1[0-2]|[2-9]\d)\s?(?:\d{2}|2A|2B)\s?\d{3}\s?\d{3}(?:\s?\d{2})?\b/gi
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/gi

/** The words of the exports, in the interface's language. */
export interface CsvWords {
  /** Title of each column of {@link QUEUE_CSV_COLUMNS}, in order. */
  readonly queueFields: readonly string[]
  /** Title of each column of {@link AUDIT_CSV_COLUMNS}, in order. */
  readonly auditFields: readonly string[]
  /** What replaces a NIR or an IBAN (`[masqué]`). */
  readonly masked: string
  kind(kind: EntryKind): string
  operation(operation: EntryOperation): string
  state(state: EntryState): string
  result(result: AuditRecord['result']): string
  /** An entry's error as the clerk reads it (without its field messages). */
  error(error: SyncError): string
}

/** Replaces anything shaped like a NIR (13 or 15 characters) or an IBAN by `mask` (`[masqué]`). */
export function maskPersonalData(text: string, mask: string): string {
  return text.replace(IBAN, mask).replace(NIR, mask)
}

/**
 * A table as CSV text for a French spreadsheet (BOM, `;`, CRLF, formula triggers quoted). Numbers are written as
 * they are (integers for counts).
 */
export function toCsv(fields: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return (
    BOM +
    Papa.unparse(
      { fields: [...fields], data: rows.map((r) => [...r]) },
      { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: FORMULA },
    )
  )
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Wire decimal `"1234.50"` as a French spreadsheet reads it: `"1234,50"`. */
function decimal(value: unknown): string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? value.replace('.', ',') : ''
}

/** Columns of the queue export (catalogue keys `exports.file.<column>`). */
export const QUEUE_CSV_COLUMNS = [
  'siren',
  'matricule',
  'type',
  'operation',
  'periode',
  'code',
  'debut',
  'fin',
  'quantite',
  'taux',
  'montant',
  'kilometres',
  'texte',
  'etat',
  'revision',
  'tentatives',
  'erreur',
  'idServeur',
  'idSaisie',
  'creee',
  'modifiee',
] as const

function queueRow(e: StoredEntry, words: CsvWords): string[] {
  const p = payloadFields(e)
  const error = e.error === null ? '' : [words.error(e.error), ...e.error.champs.map((c) => `${c.champ} : ${c.message}`)].join(' | ')
  return [
    e.siren,
    e.matricule,
    words.kind(e.kind),
    words.operation(e.operation),
    e.periode,
    text(p[ENTRY_KIND_SPECS[e.kind].code]),
    text(p['date_debut'] ?? p['date']),
    text(p['date_fin']),
    decimal(p['quantite']),
    decimal(p['taux']),
    decimal(p['montant']),
    decimal(p['kilometres']),
    maskPersonalData(text(p['valeur_texte']), words.masked),
    words.state(e.state),
    String(e.revision),
    String(e.attempts),
    maskPersonalData(error, words.masked),
    e.serverId ?? '',
    e.clientId,
    e.createdAt,
    e.updatedAt,
  ]
}

/**
 * The queue (entries matching `filter`, most recently changed first) as CSV text, BOM included.
 * Columns: {@link QUEUE_CSV_COLUMNS} titled by `words`; decimals with a comma; no comment, NIR or IBAN.
 */
export async function exportQueueCsv(db: PaieDb, words: CsvWords, filter: EntryFilter = {}): Promise<string> {
  return toCsv(
    words.queueFields,
    (await listEntries(db, filter)).map((e) => queueRow(e, words)),
  )
}

/** Columns of the audit export (catalogue keys `exports.journal.<column>`). */
export const AUDIT_CSV_COLUMNS = [
  'horodatage',
  'siren',
  'type',
  'idSaisie',
  'revision',
  'operation',
  'methode',
  'statut',
  'idServeur',
  'code',
  'resultat',
  'duree',
  'empreinte',
] as const

function auditRow(a: AuditRecord, words: CsvWords): string[] {
  return [
    a.at,
    a.siren,
    words.kind(a.kind),
    a.clientId,
    String(a.revision),
    a.operation,
    a.method,
    a.status === null ? '' : String(a.status),
    a.serverId ?? '',
    a.errorCode ?? '',
    words.result(a.result),
    String(Math.round(a.durationMs)),
    a.payloadHash ?? '',
  ]
}

/**
 * The whole audit log (oldest first) as CSV text, BOM included. Columns: {@link AUDIT_CSV_COLUMNS} titled by `words`.
 * The error body is left out (it may quote what was sent); the payload appears only as its hash.
 */
export async function exportAuditCsv(db: PaieDb, words: CsvWords): Promise<string> {
  return toCsv(
    words.auditFields,
    (await allAuditRecords(db)).map((a) => auditRow(a, words)),
  )
}

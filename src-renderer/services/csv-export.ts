/**
 * CSV exports of the queue and of the audit log, for French spreadsheets (Excel, LibreOffice): `;` separator,
 * CRLF line ends, UTF-8 with a byte-order mark (without it Excel reads UTF-8 as Windows-1252), decimal comma.
 * Cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`…) are quoted with a leading apostrophe
 * (OWASP "CSV injection"), numbers excepted.
 *
 * No personal data beyond identifiers: no NIR, no IBAN, no free-text comment; the texts exported (EVP text
 * value, error messages) have anything shaped like a NIR or an IBAN masked.
 */
import Papa from 'papaparse'

import { payloadFields } from '../../src-shared/domain/entry'
import { ENTRY_KIND_SPECS } from '../../src-shared/domain/entry-kinds'
import type { AuditRecord } from '../../src-shared/domain/outbox'
import { STATE_LABELS } from '../../src-shared/domain/states'
import { listEntries } from '../db/outbox-query'
import type { EntryFilter } from '../db/outbox-query'
import type { PaieDb, StoredEntry } from '../db/schema'

/** UTF-8 byte-order mark, first character of every export. */
export const BOM = '\uFEFF'

/** A formula trigger at the start of a cell, unless the whole cell is a plain number (`-12,50` stays a number). */
const FORMULA = /^(?![-+]?\d+(?:[.,]\d+)?$)[=+\-@\t\r]/

const NIR = /\b[1-478]\s?\d{2}\s?(?:0[1-9]|1[0-2]|[2-9]\d)\s?(?:\d{2}|2A|2B)\s?\d{3}\s?\d{3}(?:\s?\d{2})?\b/gi
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/gi

/** Replaces anything shaped like a NIR (13 or 15 characters) or an IBAN by « [masqué] ». */
export function maskPersonalData(text: string): string {
  return text.replace(IBAN, '[masqué]').replace(NIR, '[masqué]')
}

function toCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + Papa.unparse({ fields: [...fields], data: rows.map((r) => [...r]) }, { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: FORMULA })
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Wire decimal `"1234.50"` as a French spreadsheet reads it: `"1234,50"`. */
function decimal(value: unknown): string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? value.replace('.', ',') : ''
}

const OPERATION_LABELS = { create: 'création', update: 'modification', delete: 'suppression' } as const

export const QUEUE_CSV_FIELDS = [
  'Dossier (SIREN)', 'Matricule', 'Type', 'Opération', 'Période', 'Code', 'Date de début', 'Date de fin', 'Quantité', 'Taux',
  'Montant', 'Kilomètres', 'Valeur texte', 'État', 'Révision', 'Tentatives', 'Erreur', 'Identifiant serveur', 'Identifiant de saisie',
  'Créée le', 'Modifiée le',
] as const

function queueRow(e: StoredEntry): string[] {
  const p = payloadFields(e)
  const error = e.error === null ? '' : [e.error.message, ...e.error.champs.map((c) => `${c.champ} : ${c.message}`)].join(' | ')
  return [
    e.siren, e.matricule, ENTRY_KIND_SPECS[e.kind].label, OPERATION_LABELS[e.operation], e.periode, text(p[ENTRY_KIND_SPECS[e.kind].code]),
    text(p['date_debut'] ?? p['date']), text(p['date_fin']), decimal(p['quantite']), decimal(p['taux']), decimal(p['montant']),
    decimal(p['kilometres']), maskPersonalData(text(p['valeur_texte'])), STATE_LABELS[e.state], String(e.revision), String(e.attempts),
    maskPersonalData(error), e.serverId ?? '', e.clientId, e.createdAt, e.updatedAt,
  ]
}

/**
 * The queue (entries matching `filter`, most recently changed first) as CSV text, BOM included.
 * Columns: {@link QUEUE_CSV_FIELDS}; decimals with a comma; no comment, NIR or IBAN.
 */
export async function exportQueueCsv(db: PaieDb, filter: EntryFilter = {}): Promise<string> {
  return toCsv(QUEUE_CSV_FIELDS, (await listEntries(db, filter)).map(queueRow))
}

export const AUDIT_CSV_FIELDS = [
  'Horodatage', 'Dossier (SIREN)', 'Type', 'Identifiant de saisie', 'Révision', 'Opération', 'Méthode', 'Statut HTTP',
  'Identifiant serveur', 'Code erreur', 'Résultat', 'Durée (ms)', 'Empreinte du contenu (SHA-256)',
] as const

const RESULT_LABELS: Readonly<Record<AuditRecord['result'], string>> = {
  synced: 'synchronisé',
  rejected: 'refusé',
  unknown: 'sans réponse',
  requeue: 'remis en attente',
  to_check: 'à vérifier',
  verified: 'vérifié (doublon probable)',
  linked: 'décision : c’est le même',
  send_anyway: 'décision : envoyer quand même',
  cancelled: 'décision : saisie annulée',
}

function auditRow(a: AuditRecord): string[] {
  return [
    a.at, a.siren, ENTRY_KIND_SPECS[a.kind].label, a.clientId, String(a.revision), a.operation, a.method, a.status === null ? '' : String(a.status),
    a.serverId ?? '', a.errorCode ?? '', RESULT_LABELS[a.result], String(Math.round(a.durationMs)), a.payloadHash ?? '',
  ]
}

/**
 * The whole audit log (oldest first) as CSV text, BOM included. Columns: {@link AUDIT_CSV_FIELDS}. The error body
 * is left out (it may quote what was sent); the payload appears only as its hash.
 */
export async function exportAuditCsv(db: PaieDb): Promise<string> {
  return toCsv(AUDIT_CSV_FIELDS, (await db.audit.orderBy('at').toArray()).map(auditRow))
}

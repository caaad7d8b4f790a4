/**
 * The month's variable elements of one employee, for the payslip screen (issue 15, point 2): the service's records
 * of the period (the records cache, v7) and this workstation's entries not yet on the service (the outbox), as
 * {@link MonthElement}s that `matchElements` (src-shared/domain/bulletin-view.ts, #49) marks found or not.
 */
import type { MonthElement } from '../../src-shared/domain/bulletin-view'
import type { OutboxEntry } from '../../src-shared/domain/outbox'
import { SERVICE_RECORD_KINDS } from '../../src-shared/domain/service-records'
import type { EntryState } from '../../src-shared/domain/states'
import type { ServiceRecordRow } from '../db/schema'

/** Local states of an entry that is not (yet) a record of the service: shown as « pas encore envoyé ». */
const NOT_ON_SERVICE: readonly EntryState[] = ['draft', 'queued', 'sending', 'rejected', 'unknown', 'to_check']

const KIND_ORDER: readonly string[] = SERVICE_RECORD_KINDS

/** The code of a record or payload: its kind's code field, or its type (avantage, frais); null for an acompte. */
function codeOf(fields: Readonly<Record<string, unknown>>): string | null {
  for (const key of ['code_evp', 'code_prime', 'code_absence', 'type_avantage', 'type_frais']) {
    const value = fields[key]
    if (typeof value === 'string') return value
  }
  return null
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** One service record as an element. */
export function elementOfRecord(row: ServiceRecordRow): MonthElement {
  const fields: Readonly<Record<string, unknown>> = row.record
  return {
    source: 'service',
    kind: row.kind,
    id: row.id,
    code: codeOf(fields),
    montant: stringOrNull(fields['montant']),
    numeroContrat: stringOrNull(fields['numero_contrat']),
  }
}

/**
 * The elements of `matricule` in the period: every cached record of the service (by kind, then code), then each local
 * creation not yet on it, oldest first (a creation already synced is the service's record, listed once).
 */
export function monthElements(records: readonly ServiceRecordRow[], entries: readonly OutboxEntry[], matricule: string): MonthElement[] {
  const service = records
    .filter((r) => r.matricule === matricule)
    .map(elementOfRecord)
    .sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.code ?? '').localeCompare(b.code ?? '') || a.id.localeCompare(b.id),
    )
  const local = entries
    .filter((e) => e.matricule === matricule && e.operation === 'create' && e.payload !== null && NOT_ON_SERVICE.includes(e.state))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((e): MonthElement => {
      const payload: Readonly<Record<string, unknown>> = e.payload ?? {}
      return {
        source: 'local',
        kind: e.kind,
        id: e.clientId,
        code: codeOf(payload),
        montant: stringOrNull(payload['montant']),
        numeroContrat: stringOrNull(payload['numero_contrat']),
      }
    })
  return [...service, ...local]
}

/**
 * Comparing an entry with the service's records it may be (an entry "à vérifier": its candidates; a synced entry
 * "doublon probable": its duplicates). Pure: the columns a comparison table shows, and which values differ.
 */
import { payloadFields } from '../../../src-shared/domain/entry'
import { normalizeDecimal, SERVICE_FILLED_FIELDS } from '../../../src-shared/domain/fingerprint'
import type { OutboxEntry } from '../../../src-shared/domain/outbox'
import type { CandidateRecord } from '../../../src-shared/domain/sync-protocol'
import type { FieldSpec } from './fieldSpecs'

/** Who created a service record, as the comparison shows it. */
export type Creator =
  | { readonly type: 'client'; readonly id: string }
  /** `cree_par: null`: created outside the API (employer's portal, the software's own screens). */
  | { readonly type: 'outside_api' }
  /** No `cree_par` at all: the service does not record creators. */
  | { readonly type: 'not_stated' }
  /** The clerk's own entry, on this workstation. */
  | { readonly type: 'this_workstation' }

/** One column of a comparison: the clerk's entry or one service record. */
export interface CompareColumn {
  /** `entry` for the clerk's entry, else the record's server id. */
  readonly key: string
  /** True for the column every other is compared with (the clerk's entry). */
  readonly reference: boolean
  /** Server id of the record shown (null for an entry never synced). */
  readonly serverId: string | null
  /** Wire fields (an entry's payload, a record's fields). */
  readonly fields: Readonly<Record<string, unknown>>
  /** ISO 8601 instants, null when unknown. */
  readonly created: string | null
  readonly modified: string | null
  readonly creator: Creator
  /** How the record relates to the entry; null for the entry itself. */
  readonly relation: CandidateRecord['relation'] | null
}

/** Creator of a listed record: its `cree_par` when given, outside the API when null, not stated when absent. */
export function creatorOf(record: CandidateRecord): Creator {
  if (typeof record.cree_par === 'string') return { type: 'client', id: record.cree_par }
  const stated = record.fields['cree_par']
  if (Object.hasOwn(record.fields, 'cree_par') && (stated === null || stated === undefined)) return { type: 'outside_api' }
  return { type: 'not_stated' }
}

/** The column of one service record. */
export function recordColumn(record: CandidateRecord): CompareColumn {
  return {
    key: record.id,
    reference: false,
    serverId: record.id,
    fields: record.fields,
    created: record.date_creation,
    modified: record.date_modification,
    creator: creatorOf(record),
    relation: record.relation,
  }
}

/**
 * The column of the clerk's entry, the reference of a comparison (created on this workstation).
 * @param serverId the record it is synced to (a "doublon probable"), null for an entry never synced ("à vérifier")
 * @param created when it was made: its first write (synced) or its creation (to check)
 */
export function entryColumn(entry: Pick<OutboxEntry, 'payload'>, serverId: string | null, created: string | null): CompareColumn {
  return {
    key: 'entry',
    reference: true,
    serverId,
    fields: payloadFields(entry),
    created,
    modified: null,
    creator: { type: 'this_workstation' },
    relation: null,
  }
}

/** Value of a field as compared: absent, null and '' are one "empty"; decimals compare by value; false = absent bool. */
function comparable(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null || value === '') return spec.type === 'bool' ? 'false' : ''
  if (spec.type === 'bool') return value === true ? 'true' : 'false'
  if (typeof value === 'number') return normalizeDecimal(String(value))
  if (typeof value !== 'string') return JSON.stringify(value)
  return spec.type === 'decimal' ? normalizeDecimal(value.trim()) : value.trim()
}

/** True when two wire values of the field `spec` say the same thing to the clerk. */
export function sameValue(spec: FieldSpec, a: unknown, b: unknown): boolean {
  return comparable(spec, a) === comparable(spec, b)
}

/**
 * Names of the fields whose value in `column` differs from the reference column's. A field the service fills in when
 * an entry leaves it empty (`numero_contrat`: the employee's only contract, fingerprint.ts SERVICE_FILLED_FIELDS) is
 * not a difference when the entry left it empty, as the sync's matching holds.
 */
export function differingFields(specs: readonly FieldSpec[], reference: CompareColumn, column: CompareColumn): string[] {
  if (column.reference) return []
  return specs
    .filter((s) => !(SERVICE_FILLED_FIELDS.has(s.name) && comparable(s, reference.fields[s.name]) === ''))
    .filter((s) => !sameValue(s, reference.fields[s.name], column.fields[s.name]))
    .map((s) => s.name)
}

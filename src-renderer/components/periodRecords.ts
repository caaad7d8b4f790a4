/**
 * The period's records as the entry screens list them (issue 14, point 1): the service's cached records and this
 * workstation's entries of one dossier and period, merged into one list with the origin of each line. Pure; tested
 * in node.
 *
 * Rules:
 * - a local entry `synced` to a record the cache holds (`entry.serverId` = `record.id`, same kind) is ONE line: the
 *   record's values as the service holds them now, origin « ce poste : synchronisé »; the synced create and updates
 *   of a record the cache does not hold (yet) are ONE line too, with the values after the last of them;
 * - a record this workstation deleted is its deletion's line only, with what was deleted: once synced (the record is
 *   gone: struck through), and while queued, sent or without answer (« suppression en attente »); a refused or
 *   à vérifier deletion leaves the record live, marked, beside the refused line (mergePeriodRecords);
 * - every other cached record is a line of origin « service »; every other local entry a line of origin « ce poste »
 *   with its state (drafts and cancelled entries are not shown: they are not, and will not be, on the service);
 * - lines are sorted by matricule, kind (registry order, acomptes last), code, then date (periodRecordOrder.ts);
 * - a line backed by a service record carries it (`record`: what « Modifier » and « Supprimer » start from, issue 14
 *   point 3), and the operation of a local change of that record not yet settled (`pending`: an update or delete
 *   queued, being sent, without answer, refused or à vérifier; `pendingState`), so that the record is marked and not
 *   changed twice.
 */
import type { ServiceRecordKind } from '../../src-shared/domain/service-records'
import { ENTRY_KIND_SPECS, FORM_KINDS, type EntryKind, type EntryOperation } from '../../src-shared/domain/entry-kinds'
import type { OutboxEntry } from '../../src-shared/domain/outbox'
import { isReadable } from '../../src-shared/domain/outbox'
import type { EntryState } from '../../src-shared/domain/states'
import type { ServiceRecordRow } from '../db/schema'
import { IN_FLIGHT, deletionRank, foldChanges, payloadOf, recordKey, type PendingChange, type RecordEntry } from './periodRecordChanges'

import { sortLines } from './periodRecordOrder'

export type { RecordEntry } from './periodRecordChanges'

/** Where a line comes from: the service, or this workstation (with the entry's state and operation). */
export type RecordOrigin =
  | { readonly source: 'service' }
  | { readonly source: 'local'; readonly state: EntryState; readonly operation: EntryOperation; readonly clientId: string }

/** Values of a line, as the wire spells them (decimal strings, ISO dates); absent when the record has none. */
export interface RecordValues {
  readonly montant?: string
  readonly quantite?: string
  readonly taux?: string
  readonly texte?: string
  /** Absence: first and last day (`YYYY-MM-DD`); frais, acompte: `du` is the day. */
  readonly du?: string
  readonly au?: string
}

/** One line of the list. */
export interface PeriodRecordLine {
  /** Stable key: `service|<kind>|<id>` or `local|<clientId>`. */
  readonly key: string
  readonly kind: ServiceRecordKind
  readonly matricule: string
  /** What the element is: its code or type (the kind spec's `code`), an acompte's label. */
  readonly code: string
  readonly values: RecordValues
  readonly origin: RecordOrigin
  /** Service record: its `date_creation` (the service's clock); local entry: when it was saved. ISO instant. */
  readonly at: string
  /** Server id of the record, when there is one. */
  readonly serverId: string | null
  /** The cached service record the line shows (null for a local entry not on the service). */
  readonly record: ServiceRecordRow | null
  /** A local change of that record not settled yet (`update` or `delete`), else null. */
  readonly pending: Exclude<EntryOperation, 'create'> | null
  /**
   * The state of that change (null when none): queued, being sent or without answer, the change is « en attente »;
   * refused or à vérifier, it is to be corrected (the record stays as the service holds it).
   */
  readonly pendingState: EntryState | null
}

/** States of a local change that is not settled yet (the record is marked « modification en attente »). */
const PENDING_STATES: ReadonlySet<EntryState> = new Set<EntryState>(['draft', 'queued', 'sending', 'unknown', 'rejected', 'to_check'])

/** States of local entries shown (a draft or a cancelled entry is not on the service and will not be). */
const SHOWN_STATES: ReadonlySet<EntryState> = new Set<EntryState>(['queued', 'sending', 'unknown', 'synced', 'rejected', 'to_check'])

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Values of a record or payload of `kind` (fields absent or empty left out). */
export function valuesOf(kind: ServiceRecordKind, fields: Readonly<Record<string, unknown>>): RecordValues {
  const pick = (name: string): string | undefined => text(fields[name])
  const out: Record<string, string> = {}
  const set = (key: keyof RecordValues, value: string | undefined): void => {
    if (value !== undefined) out[key] = value
  }
  set('montant', pick('montant'))
  set('quantite', pick('quantite') ?? (kind === 'frais' ? pick('kilometres') : undefined))
  set('taux', pick('taux'))
  set('texte', pick('valeur_texte'))
  set('du', pick('date_debut') ?? pick('date'))
  set('au', pick('date_fin'))
  return out
}

/** What the element of `kind` is: its code or type (spec `code`), or an acompte's label. */
export function codeOf(kind: ServiceRecordKind, fields: Readonly<Record<string, unknown>>): string {
  const field = kind === 'acompte' ? 'libelle' : ENTRY_KIND_SPECS[kind].code
  return text(fields[field]) ?? ''
}

function serviceLine(row: ServiceRecordRow, origin: RecordOrigin, pending: PendingChange | null = null): PeriodRecordLine {
  const fields: Readonly<Record<string, unknown>> = row.record
  return {
    key: origin.source === 'service' ? `service|${row.kind}|${row.id}` : `local|${origin.clientId}`,
    kind: row.kind,
    matricule: row.matricule,
    code: codeOf(row.kind, fields),
    values: valuesOf(row.kind, fields),
    origin,
    at: row.record.date_creation,
    serverId: row.id,
    record: row,
    pending: pending?.operation ?? null,
    pendingState: pending?.state ?? null,
  }
}

function localLine(entry: OutboxEntry, kind: EntryKind, fields: Readonly<Record<string, unknown>>): PeriodRecordLine {
  return {
    key: `local|${entry.clientId}`,
    kind,
    matricule: entry.matricule,
    code: codeOf(kind, fields),
    values: valuesOf(kind, fields),
    origin: { source: 'local', state: entry.state, operation: entry.operation, clientId: entry.clientId },
    at: entry.createdAt,
    serverId: entry.serverId ?? entry.targetServerId,
    record: null,
    pending: null,
    pendingState: null,
  }
}

/**
 * Lines of local entries that change no cached record, by entry object: such a line depends on its entry alone, and
 * the records store keeps the object of an entry that did not change (a paste's chunk re-merges thousands of lines).
 */
const OWN_LINES = new WeakMap<OutboxEntry, PeriodRecordLine>()

/** The line of a local entry that changes no cached record (built once per entry object). */
function ownLine(entry: OutboxEntry): PeriodRecordLine {
  let line = OWN_LINES.get(entry)
  if (line === undefined) {
    line = localLine(entry, entry.kind, isReadable(entry) ? (entry.payload ?? {}) : {})
    OWN_LINES.set(entry, line)
  }
  return line
}

/** What to list: one employee (`matricule`) or the whole dossier, some kinds or all. */
export interface LineFilter {
  readonly matricule?: string | undefined
  readonly kinds?: readonly ServiceRecordKind[] | undefined
}

/** A local entry's line with `fields` shown, the record it is backed by and the change of it pending. */
function changeLine(
  entry: OutboxEntry,
  fields: Readonly<Record<string, unknown>>,
  record: ServiceRecordRow | null,
  pending: PendingChange | null,
): PeriodRecordLine {
  return { ...localLine(entry, entry.kind, fields), record, pending: pending?.operation ?? null, pendingState: pending?.state ?? null }
}

/**
 * The lines of one dossier and period: `records` (the cache of that dossier and period) merged with `entries` (this
 * workstation's entries of that dossier and period), filtered and sorted (rules in the file comment).
 *
 * What a record shows is read from the entries' target ids only (`targetServerId`, `serverId`, `operation`), never
 * guessed from values:
 * - a record of which a deletion is synced is gone: its deletion is its one line (what was deleted: the cached record,
 *   else the deletion's read record, else what the synced entries made of it), its other synced entries are not shown
 *   and no « service » line is left for it (a cache read before the deletion);
 * - a record of which a deletion is queued, being sent or without answer is one line: the deletion, with the record's
 *   values, marked « suppression en attente »;
 * - a refused or à vérifier deletion leaves the record live (its line, marked as changed) beside the refused line;
 * - a record's synced create and updates are one line: the cached record's values, else the fold of their payloads.
 * Each entry and record is visited a fixed number of times (maps keyed by id): linear in lines.
 */
export function mergePeriodRecords(
  records: readonly ServiceRecordRow[],
  entries: readonly RecordEntry[],
  filter: LineFilter = {},
): PeriodRecordLine[] {
  const wanted = (kind: ServiceRecordKind, matricule: string): boolean =>
    (filter.matricule === undefined || filter.matricule === matricule) && (filter.kinds === undefined || filter.kinds.includes(kind))
  const byServerId = new Map(records.map((r) => [`${r.kind}|${r.id}`, r]))
  const pending = new Map<string, PendingChange>()
  /** Per record, the deletion that decides its line (furthest gone; the latest saved among equals). */
  const deletions = new Map<string, RecordEntry>()
  /** Per record, this workstation's synced creates and updates of it. */
  const synced = new Map<string, RecordEntry[]>()
  for (const e of entries) {
    if (e.operation !== 'create' && e.targetServerId !== null && PENDING_STATES.has(e.state))
      pending.set(`${e.kind}|${e.targetServerId}`, { operation: e.operation, state: e.state })
    if (e.operation === 'delete') {
      const key = e.targetServerId === null ? null : `${e.kind}|${e.targetServerId}`
      const current = key === null ? undefined : deletions.get(key)
      const rank = deletionRank(e)
      if (key !== null && rank > 0) {
        const kept = current === undefined ? 0 : deletionRank(current)
        if (current === undefined || rank > kept || (rank === kept && current.updatedAt < e.updatedAt)) deletions.set(key, e)
      }
    } else if (e.state === 'synced') {
      const key = recordKey(e)
      const list = key === null ? undefined : synced.get(key)
      if (list !== undefined) list.push(e)
      else if (key !== null) synced.set(key, [e])
    }
  }
  /** True when the record's line is its deletion's (synced or in flight): the record itself is not live. */
  const deleted = (key: string): boolean => {
    const deletion = deletions.get(key)
    return deletion !== undefined && deletionRank(deletion) >= 2
  }
  /** What a record was: the cache's, else the deletion's read record, else what the synced entries made of it. */
  const fieldsOf = (key: string, deletion: RecordEntry): Readonly<Record<string, unknown>> => {
    const cached = byServerId.get(key)
    if (cached !== undefined) return cached.record
    if (deletion.targetRecord != null) return deletion.targetRecord
    const changes = synced.get(key)
    return changes === undefined ? {} : foldChanges(changes)
  }
  const linked = new Set<string>()
  const lines: PeriodRecordLine[] = []
  for (const entry of entries) {
    if (!SHOWN_STATES.has(entry.state) || !wanted(entry.kind, entry.matricule)) continue
    if (entry.operation === 'delete') {
      const key = entry.targetServerId === null ? null : `${entry.kind}|${entry.targetServerId}`
      if (key === null) {
        lines.push(ownLine(entry))
        continue
      }
      const fields = fieldsOf(key, entry)
      const decides = deletions.get(key) === entry && deleted(key)
      if (decides) linked.add(key)
      // In flight: the record's one line, its actions replaced by « suppression en attente ».
      const inFlight = decides && IN_FLIGHT.has(entry.state)
      lines.push(
        changeLine(
          entry,
          fields,
          inFlight ? (byServerId.get(key) ?? null) : null,
          inFlight ? { operation: 'delete', state: entry.state } : null,
        ),
      )
      continue
    }
    const key = entry.state === 'synced' ? recordKey(entry) : null
    if (key !== null) {
      // One line per record: a create and the later updates synced to it are the same element (none once deleted).
      if (linked.has(key) || deleted(key)) continue
      linked.add(key)
      const changes = synced.get(key) ?? [entry]
      const latest = changes.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a))
      const origin: RecordOrigin = { source: 'local', state: latest.state, operation: latest.operation, clientId: latest.clientId }
      const record = byServerId.get(key)
      const marked = pending.get(key) ?? null
      if (record !== undefined) lines.push(serviceLine(record, origin, marked))
      else if (changes.length === 1 && entry.operation === 'create' && marked === null) lines.push(ownLine(entry))
      else lines.push(changeLine(latest, foldChanges(changes), null, marked))
      continue
    }
    const target = entry.targetServerId === null ? undefined : byServerId.get(`${entry.kind}|${entry.targetServerId}`)
    if (target === undefined) {
      lines.push(ownLine(entry))
      continue
    }
    lines.push(localLine(entry, entry.kind, { ...target.record, ...payloadOf(entry) }))
  }
  for (const record of records) {
    const key = `${record.kind}|${record.id}`
    if (linked.has(key) || deleted(key) || !wanted(record.kind, record.matricule)) continue
    lines.push(serviceLine(record, { source: 'service' }, pending.get(key) ?? null))
  }
  return sortLines(lines)
}

/** A line's service record as « Modifier » and « Supprimer » act on it (issue 14, point 3). */
export interface RecordTarget {
  readonly record: ServiceRecordRow
  readonly kind: Exclude<ServiceRecordKind, 'acompte'>
  /** True when the kind has a one-entry form (« Modifier »); an EVP is typed in the grid: « Supprimer » only. */
  readonly editable: boolean
}

/** The record a line's actions change, or null: a local entry not on the service, or an acompte (read only). */
export function recordTarget(line: PeriodRecordLine): RecordTarget | null {
  const { record, kind } = line
  if (record === null || kind === 'acompte') return null
  return { record, kind, editable: FORM_KINDS.includes(kind) }
}

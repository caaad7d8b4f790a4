/**
 * The local changes of service records behind the period's records list (periodRecords.ts, issue 14): which deletion
 * decides a record's line, the record a local entry ends at on the service, and the fold of a record's synced changes
 * when the cache does not hold it. Pure; tested in node through mergePeriodRecords
 * (test/renderer/ui/period-records.test.ts).
 */
import type { EntryOperation } from '../../src-shared/domain/entry-kinds'
import type { OutboxEntry } from '../../src-shared/domain/outbox'
import { isReadable } from '../../src-shared/domain/outbox'
import type { EntryState } from '../../src-shared/domain/states'

/**
 * A local entry as the outbox row holds it: with, for an update or a delete, the fields of the record as the clerk
 * read it (`targetRecord`, db/schema.ts `StoredFields`), what a deletion line shows once the cache no longer holds
 * the record.
 */
export type RecordEntry = OutboxEntry & { readonly targetRecord?: Readonly<Record<string, unknown>> | null }

/** A local change of a record not settled yet: its operation and state. */
export interface PendingChange {
  readonly operation: Exclude<EntryOperation, 'create'>
  readonly state: EntryState
}

/** Plain code-unit order of two strings (ISO instants, keys): -1, 0 or 1. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** States of a deletion sent or being sent, not answered yet: the record shows as « suppression en attente ». */
export const IN_FLIGHT: ReadonlySet<EntryState> = new Set<EntryState>(['queued', 'sending', 'unknown'])

/**
 * How far a deletion went, to pick the one that decides a record's line: 3 synced (the record is gone), 2 in flight
 * (one line, « suppression en attente »), 1 refused or à vérifier (the record stays live), 0 not shown.
 */
export function deletionRank(entry: OutboxEntry): number {
  if (entry.state === 'synced') return 3
  if (IN_FLIGHT.has(entry.state)) return 2
  return entry.state === 'rejected' || entry.state === 'to_check' ? 1 : 0
}

/** `kind|id` of the record a local entry ends at on the service (its own once synced, else the one it changes). */
export function recordKey(entry: OutboxEntry): string | null {
  const id = entry.operation === 'create' ? entry.serverId : (entry.serverId ?? entry.targetServerId)
  return id === null ? null : `${entry.kind}|${id}`
}

/** The payload of an entry (an unreadable one has none). */
export function payloadOf(entry: OutboxEntry): Readonly<Record<string, unknown>> {
  return isReadable(entry) ? (entry.payload ?? {}) : {}
}

/**
 * The fields of a record as this workstation's synced entries made it, when the cache does not hold it: the read
 * record of the first change (or nothing for a create), then each payload in the order they were saved (an update
 * sends the changed fields only). `changes` is one record's entries (a handful): sorting them keeps the merge linear.
 */
export function foldChanges(changes: readonly RecordEntry[]): Readonly<Record<string, unknown>> {
  const ordered = [...changes].sort((a, b) => byCodeUnit(a.createdAt, b.createdAt))
  const first = ordered[0]
  let fields: Readonly<Record<string, unknown>> = first === undefined || first.operation === 'create' ? {} : (first.targetRecord ?? {})
  for (const entry of ordered) fields = { ...fields, ...payloadOf(entry) }
  return fields
}

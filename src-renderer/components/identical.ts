/**
 * Duplicates stopped at the keyboard (issue 14, point 2): is what the clerk is typing identical to a record the
 * service already holds? Identical means the same fingerprint (src-shared/domain/fingerprint.ts: every field of the
 * kind's create schema but the listed exclusions, decimals by value, an empty contract number matching any), the
 * rule the sync uses to recognise a record (docs/exactly-once.md). Pure; tested in node.
 */
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import { fingerprintOf, fingerprintsMatch, recordFingerprintOf, type KeyFields } from '../../src-shared/domain/fingerprint'
import type { KindedRecord } from '../../src-shared/domain/service-records'

/** The service record an entry would duplicate: its id and when it was created (ISO instant, the service's clock). */
export interface IdenticalRecord {
  readonly id: string
  readonly date_creation: string
}

/**
 * The first record of `records` (the cached records of the dossier and period) of kind `kind` holding exactly what
 * the create `payload` would send, the oldest first; null when none. A payload missing a field of the fingerprint
 * (being typed) matches no complete record.
 */
export function findIdentical(kind: EntryKind, payload: KeyFields, records: readonly KindedRecord[]): IdenticalRecord | null {
  const mine = fingerprintOf(kind, payload)
  const found = records
    .filter((r) => r.kind === kind && fingerprintsMatch(mine, recordFingerprintOf(kind, r.record)))
    .sort((a, b) => a.record.date_creation.localeCompare(b.record.date_creation))[0]
  return found === undefined ? null : { id: found.record.id, date_creation: found.record.date_creation }
}

/**
 * Whether saving needs the clerk's second confirmation: an identical record exists and the clerk has not yet
 * confirmed THIS fingerprint (`confirmed`: the fingerprint confirmed last, or null). Changing any fingerprint field
 * asks again.
 */
export function needsConfirmation(identical: IdenticalRecord | null, fingerprint: string, confirmed: string | null): boolean {
  return identical !== null && confirmed !== fingerprint
}

/**
 * The pre-read of an update or delete (docs/api-assumptions.md #47, docs/exactly-once.md "Updates and deletes"): the
 * reference offers no ETag, no If-Match and no read by id for the entry kinds, so before a PATCH or DELETE of a record
 * whose `date_modification` the clerk read is known (`readVersion`), main lists that record's scope (listing.ts, the
 * grouped listing the creates use) and finds the record by id. Pure decision here; the executor wires the I/O.
 *
 * - record listed, `date_modification` as read (or as one of this profile's own writes left it) → the write goes;
 * - record listed and changed since → no write, `to_check` (`MODIFIE_DEPUIS_LECTURE`) with the service's version as
 *   the one candidate: the clerk sees the read version, the service's version now and the change;
 * - record no longer listed → a delete is `synced` (already gone, like a 404 ELEMENT_INTROUVABLE, #40); an update is
 *   `rejected` (`ELEMENT_DISPARU`: l'élément n'existe plus sur le service);
 * - an entry being reconciled (its last write's answer was lost): a record that already holds the entry's values
 *   (same fingerprint) → `synced`, nothing resent; a record unchanged since the read → the write goes (it did not
 *   commit); changed otherwise → `to_check`.
 * The residual race (another writer between the list and the write) is written down in #47.
 */
import { fingerprintsMatch, recordFingerprintOf, type KeyFields } from '../../src-shared/domain/fingerprint'
import type { EntryKind, EntryOperation } from '../../src-shared/domain/entry-kinds'
import { listedRecordOf, TO_CHECK_REASONS, type ListedRecord } from './matching'

/** Code of a to_check update or delete whose record changed on the service since the clerk read it. */
export const MODIFIE_DEPUIS_LECTURE = TO_CHECK_REASONS.modifieDepuisLecture
/** Code of a rejected update whose record is no longer on the service. */
export const ELEMENT_DISPARU = 'ELEMENT_DISPARU'

/** What the pre-read needs of one update or delete. */
export interface PreReadEntry {
  readonly kind: EntryKind
  readonly operation: Exclude<EntryOperation, 'create'>
  readonly targetServerId: string
  /** `date_modification` of the record as the clerk read it (ISO instant, the service's clock). */
  readonly readModification: string
  /** Fingerprint of the record as the entry leaves it (the read record with the patch over it). */
  readonly fingerprint: string
  /** True when the entry's last write got no answer (`unknown`): it may have committed. */
  readonly reconcile: boolean
}

/** What to do with the entry after the pre-read. */
export type PreReadDecision =
  | { readonly type: 'write' }
  | { readonly type: 'synced' }
  | { readonly type: 'gone' }
  | { readonly type: 'to_check'; readonly record: ListedRecord }

/** Same instant: compared by value (ms) when both parse, else as strings. */
export function sameInstant(a: string, b: unknown): boolean {
  if (typeof b !== 'string') return false
  const x = Date.parse(a)
  const y = Date.parse(b)
  return Number.isNaN(x) || Number.isNaN(y) ? a === b : x === y
}

/**
 * Decides one update or delete from the records of its scope as listed now.
 * @param records the scope's records (wire shape, as listed)
 * @param ownModification true when `date_modification` is one a write of this profile produced (our earlier PATCH of
 *   the same record: not someone else's work)
 */
export function decidePreRead(
  entry: PreReadEntry,
  records: readonly KeyFields[],
  ownModification: (serverId: string, dateModification: string) => boolean,
): PreReadDecision {
  const record = records.map(listedRecordOf).find((r): r is ListedRecord => r !== null && r.id === entry.targetServerId)
  if (record === undefined) return entry.operation === 'delete' ? { type: 'synced' } : { type: 'gone' }
  const current = record.fields['date_modification']
  if (
    entry.reconcile &&
    entry.operation === 'update' &&
    fingerprintsMatch(entry.fingerprint, recordFingerprintOf(entry.kind, record.fields))
  )
    return { type: 'synced' }
  if (sameInstant(entry.readModification, current)) return { type: 'write' }
  if (typeof current === 'string' && ownModification(entry.targetServerId, current)) return { type: 'write' }
  return { type: 'to_check', record }
}

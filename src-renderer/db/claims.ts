/**
 * Claim records (Dexie v18, docs/exactly-once.md "Claims"): how a drain holds the entries of a batch while main may be
 * sending them. A claim is ONE row (the batch's client ids, revisions and states) written before main sees the batch;
 * the outbox rows keep their stored state (`queued`, or `unknown` for a reconciliation) until their outcome is stored,
 * so a drain writes each outbox row once. While a claim holds an entry, it counts as `sending`: the claim of the next
 * batch skips it, and no other write may change it ({@link assertNotHeld}, called by `writeEntries`).
 *
 * Here too: settling a batch main never answered for, and the recovery at lock time of batches a crash left claimed
 * (and of rows left `sending` by a version before v18).
 */
import { assertTransition } from '../../src-shared/domain/states'
import { widenSendWindow } from '../../src-shared/domain/sync-protocol'
import type { SyncError } from '../../src-shared/domain/sync-protocol'
import { countsByState, countsBySiren, countsShown } from './counts'
import type { SirenCounts, StateCounts } from './counts'
import { entriesInStates } from './outbox-query'
import type { ClaimedEntry, PaieDb, StoredEntry } from './schema'
import { defaultOutboxEnv, writeEntries } from './write'
import type { OutboxEnv, RowChange } from './write'

/** An entry held by a claim record, with the instant of its claim. */
export interface Hold extends ClaimedEntry {
  readonly claimId: string
  readonly claimedAt: string
}

/** Every entry the claim records hold, by client id. Inside a transaction over `claims` (or outside any). */
export async function heldEntries(db: PaieDb): Promise<Map<string, Hold>> {
  const held = new Map<string, Hold>()
  for (const claim of await db.claims.toArray()) {
    for (const entry of claim.entries) held.set(entry.clientId, { ...entry, claimId: claim.id, claimedAt: claim.claimedAt })
  }
  return held
}

/**
 * Records the claim of a batch: ONE row, durable with the caller's transaction (over `claims`) before main is called.
 * @param entries the claimed rows, each `queued` or `unknown`
 * @throws TransitionError for a row in another state
 */
export async function recordClaim(
  db: PaieDb,
  entries: readonly Pick<StoredEntry, 'clientId' | 'siren' | 'revision' | 'state'>[],
  env: OutboxEnv = defaultOutboxEnv,
): Promise<void> {
  if (entries.length === 0) return
  const held = entries.map(({ clientId, siren, revision, state }): ClaimedEntry => {
    assertTransition(state, 'sending')
    if (state !== 'queued' && state !== 'unknown') throw new Error(`Saisie ${clientId} : état ${state} non réclamable.`)
    return { clientId, siren, revision, state }
  })
  await db.claims.add({ id: env.newId(), claimedAt: env.now(), entries: held })
}

/**
 * Takes the given entries out of the claim records that hold them (a claim left empty is deleted), inside the
 * caller's transaction over `claims`; the outbox rows are the caller's to write.
 * @returns the holds released, by client id (an entry no claim held is absent)
 */
export async function releaseClaims(db: PaieDb, clientIds: readonly string[]): Promise<Map<string, Hold>> {
  const wanted = new Set(clientIds)
  const released = new Map<string, Hold>()
  for (const claim of await db.claims.toArray()) {
    const kept = claim.entries.filter((e) => !wanted.has(e.clientId))
    if (kept.length === claim.entries.length) continue
    for (const e of claim.entries)
      if (wanted.has(e.clientId)) released.set(e.clientId, { ...e, claimId: claim.id, claimedAt: claim.claimedAt })
    if (kept.length === 0) await db.claims.delete(claim.id)
    else await db.claims.put({ ...claim, entries: kept })
  }
  return released
}

/**
 * True when the row is still the one its hold claimed: same revision, same state (or `sending`, a row claimed by a
 * version before v18).
 */
export function stillClaimed(row: StoredEntry | undefined, hold: Hold | undefined): row is StoredEntry {
  if (row === undefined) return false
  if (row.state === 'sending') return true
  return hold !== undefined && hold.revision === row.revision && hold.state === row.state
}

/**
 * The rows as the clerk sees them: an entry a claim holds (same revision and state) is shown `sending`, as it is
 * being sent; its stored state changes with its outcome.
 */
export function asShown(rows: readonly StoredEntry[], held: ReadonlyMap<string, Hold>): StoredEntry[] {
  if (held.size === 0) return [...rows]
  return rows.map((row) => {
    const hold = held.get(row.clientId)
    return hold !== undefined && hold.revision === row.revision && hold.state === row.state ? { ...row, state: 'sending' } : row
  })
}

/** The counts as the clerk sees them now (`countsShown` over the counts table and the claims). */
export async function shownCounts(db: PaieDb): Promise<{ byState: StateCounts; bySiren: SirenCounts }> {
  const [byState, bySiren, held] = await Promise.all([countsByState(db), countsBySiren(db), heldEntries(db)])
  return countsShown(byState, bySiren, held.values())
}

/** How to settle a claimed entry main gave no outcome for. */
export interface Settlement {
  readonly clientId: string
  /**
   * `queued`: this push certainly did not send it (it goes back to its claimed state: `queued`, or `unknown` when it
   * was being reconciled); `unknown`: it may have been sent; `rejected`: refused before sending.
   */
  readonly state: 'queued' | 'unknown' | 'rejected'
  readonly error?: SyncError
}

/**
 * Settles claimed entries without an outcome from main (IPC refusal, IPC failure), in one transaction: their holds
 * are released and only the rows whose state changes are written; entries no longer claimed are left alone.
 * Attempts are not counted (nothing reached the API, as far as we know).
 */
export async function settleClaimed(db: PaieDb, settlements: readonly Settlement[], env: OutboxEnv = defaultOutboxEnv): Promise<void> {
  await db.transaction('rw', db.outbox, db.counts, db.claims, async () => {
    const ids = settlements.map((s) => s.clientId)
    const released = await releaseClaims(db, ids)
    const rows = await db.outbox.bulkGet(ids)
    const now = env.now()
    const changes: RowChange[] = []
    settlements.forEach((s, i) => {
      const row = rows[i]
      const hold = released.get(s.clientId)
      if (!stillClaimed(row, hold)) return
      assertTransition('sending', s.state)
      // Not sent by this push: back to the state it was claimed in (an `unknown` entry stays to be reconciled).
      const state = s.state === 'queued' && row.state !== 'sending' ? row.state : s.state
      const error = s.error ?? row.error
      if (state === row.state && error === row.error) return
      changes.push({ before: row, after: { ...row, state, error, updatedAt: now } })
    })
    await writeEntries(db, changes)
  })
}

/**
 * Start-up (and each time the sync lock is taken): entries still held by a claim record, or left `sending` by a
 * version before v18, become `unknown`: main may or may not have sent them, so they are reconciled before any new
 * attempt; they are marked `interrupted`, so main sends back the audit attempts of the push whose answer was lost.
 * Every claim record is deleted. Run only while holding the sync lock.
 * @returns how many entries were recovered
 */
export async function recoverInterrupted(db: PaieDb, env: OutboxEnv = defaultOutboxEnv): Promise<number> {
  return db.transaction('rw', db.outbox, db.counts, db.claims, async () => {
    const holds = await heldEntries(db)
    await db.claims.clear()
    const legacy = await entriesInStates(db, ['sending']).toArray()
    const claimedRows = (await db.outbox.bulkGet([...holds.keys()])).filter(
      (row): row is StoredEntry => row !== undefined && row.state !== 'sending' && stillClaimed(row, holds.get(row.clientId)),
    )
    const stuck = [...legacy, ...claimedRows]
    if (stuck.length === 0) return 0
    const now = env.now()
    // Its writes (if any) started between its claim (the claim record's instant, or `updatedAt` when a row became
    // `sending`) and now: the window main falls back on when it no longer remembers the push (main restarted).
    const recovered = (before: StoredEntry): StoredEntry => ({
      ...before,
      state: 'unknown',
      updatedAt: now,
      interrupted: true,
      sendWindow: widenSendWindow(before.sendWindow, { from: holds.get(before.clientId)?.claimedAt ?? before.updatedAt, to: now }),
      settleUntil: null,
    })
    await writeEntries(
      db,
      stuck.map((before) => ({ before, after: recovered(before) })),
    )
    return stuck.length
  })
}

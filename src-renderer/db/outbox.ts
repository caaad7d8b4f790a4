/**
 * The outbox, as the clerk uses it: enqueue (one entry or a grid paste), revise, cancel, submit drafts, read one
 * entry and its history. Plain functions over the database (no Vue). The sync half (claim, outcomes, recovery)
 * is in outbox-sync.ts and the queue queries in outbox-query.ts; both are re-exported here.
 *
 * Every write of an outbox row updates the `counts` table in the same transaction. Nothing is ever deleted.
 * States and transitions: src-shared/domain/states.ts (ARCHITECTURE.md "Entry states").
 */
import { assertTransition, isCancellable, isEditable } from '../../src-shared/domain/states'
import type { AuditRecord, EntryRevision } from '../../src-shared/domain/outbox'
import type { FieldIssue } from '../../src-shared/domain/validation/types'
import { prepareEntry } from './entry-check'
import type { NewEntryInput, PreparedEntry } from './entry-check'
import type { PaieDb, StoredEntry } from './schema'
import { ValidationSource } from './validation-source'
import { auditOfEntries } from './audit'
import { heldEntries } from './claims'
import { PUT_SLICE, defaultOutboxEnv, writeEntries } from './write'
import { TimeSlicer } from './yield'
import type { OutboxEnv } from './write'

export type { NewEntryInput } from './entry-check'
export { applyOutcomes, claimBatch, recoverInterrupted, settleClaimed } from './outbox-sync'
export { applyVerifications, claimVerifications, deleteDuplicate, decideToCheck, nextSyncWakeAt } from './to-check'
export type { ToCheckDecision } from './to-check'
export { countEntries, listEntries, queryEntries } from './outbox-query'
export type { EntryFilter } from './outbox-query'
export { countsByState, countsBySiren } from './counts'
export { defaultOutboxEnv } from './write'
export { SLICE_MS } from './yield'
export type { OutboxEnv } from './write'

/** Result of an enqueue or a revision: the stored entry, or French issues per field (nothing written). */
export type EntryResult = { readonly ok: true; readonly entry: StoredEntry } | { readonly ok: false; readonly issues: FieldIssue[] }

/**
 * Refusal of an action on an entry: unknown entry, or a state that does not allow it. `reason` names the wording
 * (`erreurs.saisieLocale.<reason>` in the catalogue; i18n/reported.ts wordThrown), `params` its values (`etat`: the
 * entry's state, `motif`: a variant); the message is technical, for the log.
 */
export class OutboxError extends Error {
  constructor(
    readonly code: 'INTROUVABLE' | 'ETAT_INCOMPATIBLE',
    readonly reason: 'INTROUVABLE' | 'ENVOI_EN_COURS' | 'NON_MODIFIABLE' | 'NON_ANNULABLE' | 'DECISION_PRISE' | 'PAS_UN_CANDIDAT',
    readonly params: Readonly<Record<string, string>> = {},
  ) {
    super(`${code}: ${reason}${Object.keys(params).length === 0 ? '' : ` ${JSON.stringify(params)}`}`)
    this.name = 'OutboxError'
  }
}

/**
 * Size of each write transaction of {@link enqueueMany}. Its rows are cloned into IndexedDB (`IDBObjectStore.put`,
 * with the keys of 16 indexes) in ONE task: the bench's CPU profile measured ~0.24 ms per row on a saturated
 * 2-core machine, so 100 rows keep that task near 25 ms there (a few ms on an idle one), while commits stay few
 * and overlap the validation of the next chunk.
 */
export const ENQUEUE_CHUNK = 100

function newEntry(prepared: PreparedEntry, input: NewEntryInput, env: OutboxEnv): StoredEntry {
  const now = env.now()
  return {
    ...prepared,
    clientId: env.newId(),
    targetRecord: prepared.operation === 'create' ? null : (input.targetRecord ?? null),
    state: input.asDraft === true ? 'draft' : 'queued',
    revision: 1,
    serverId: null,
    error: null,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    history: [],
  }
}

const VALIDATION_TABLES = ['outbox', 'counts', 'claims', 'dossiers', 'salaries', 'codes'] as const

/**
 * Checks one entry (contract schema + offline rules against the cached reference and the employee's other
 * absences) and stores it as `queued` (or `draft` with `asDraft`), in one transaction.
 * @returns `{ ok: true, entry }`, or `{ ok: false, issues }` (French, per wire field) with nothing written.
 */
export async function enqueue(db: PaieDb, input: NewEntryInput, env: OutboxEnv = defaultOutboxEnv): Promise<EntryResult> {
  return db.transaction(
    'rw',
    VALIDATION_TABLES.map((t) => db.table(t)),
    async () => {
      const result = await prepareEntry(new ValidationSource(db), input)
      if (!result.ok) return result
      const entry = newEntry(result.prepared, input, env)
      await writeEntries(db, [{ before: undefined, after: entry }])
      return { ok: true, entry }
    },
  )
}

/**
 * Checks one input of a batch and builds its entry (not written); the entry is remembered by `source`, so the next
 * rows of the batch count it among the employee's absences.
 */
async function checkInput(source: ValidationSource, input: NewEntryInput, env: OutboxEnv): Promise<EntryResult> {
  const result = await prepareEntry(source, input)
  if (!result.ok) return result
  const entry = newEntry(result.prepared, input, env)
  source.remember(entry)
  return { ok: true, entry }
}

/** Outcome of a grid paste: one result per input row (same order) and how many rows were saved. */
export interface EnqueueManyResult {
  readonly results: EntryResult[]
  readonly saved: number
}

/**
 * Grid paste or file import: checks every row (rows earlier in the paste count among an employee's absences),
 * then writes the valid ones in transactions of {@link ENQUEUE_CHUNK} rows, so the database is never held long.
 * Invalid rows are not written; valid rows are written even when others are not.
 *
 * The main thread is never held: validation runs in slices of SLICE_MS (yield.ts) with a yield between them, and
 * each chunk's transaction commits while the next chunk is validated (one write in flight at a time, so chunks
 * commit in order). Resolves once every chunk is committed.
 * @throws the first write failure (Dexie error); chunks committed before it stay written.
 */
export async function enqueueMany(
  db: PaieDb,
  inputs: readonly NewEntryInput[],
  env: OutboxEnv = defaultOutboxEnv,
): Promise<EnqueueManyResult> {
  const source = new ValidationSource(db)
  const slicer = new TimeSlicer()
  const results: EntryResult[] = []
  let saved = 0
  let chunk: StoredEntry[] = []
  let inFlight: Promise<void> = Promise.resolve()
  const flush = async (): Promise<void> => {
    const rows = chunk
    chunk = []
    await inFlight
    inFlight = db.transaction('rw', db.outbox, db.counts, () =>
      writeEntries(
        db,
        rows.map((after) => ({ before: undefined, after })),
      ),
    )
    // Reported by the next flush or at the end; this only keeps the rejection from being reported as unhandled.
    inFlight.catch(() => undefined)
  }
  for (const input of inputs) {
    const result = await checkInput(source, input, env)
    results.push(result)
    if (result.ok) {
      chunk.push(result.entry)
      saved += 1
      if (chunk.length >= ENQUEUE_CHUNK) await flush()
    }
    await slicer.maybeYield()
  }
  if (chunk.length > 0) await flush()
  await inFlight
  return { results, saved }
}

/**
 * Several entries checked, then written in ONE transaction (« Reprendre le mois précédent »: the proposals the clerk
 * confirmed; a spreadsheet import: every row kept): every row is checked like {@link enqueue} (rows earlier in the
 * list count among an employee's entries), then the valid ones are written together, or none if the write fails or
 * the window goes away before it commits (IndexedDB aborts an unfinished transaction).
 *
 * The checks run BEFORE the write transaction, in slices of SLICE_MS with a yield between them (yield.ts), as
 * {@link enqueueMany} does: checking thousands of rows inside the transaction would hold it open across long runs of
 * awaits that touch no table (the reference is cached after the first rows), and Chromium then commits it under Dexie's
 * feet (`PrematureCommitError`, seen by the bench's 10 000-row import).
 * @returns one result per input (same order) and how many were saved
 * @throws the write failure (Dexie error); nothing is written then.
 */
export async function enqueueTogether(
  db: PaieDb,
  inputs: readonly NewEntryInput[],
  env: OutboxEnv = defaultOutboxEnv,
): Promise<EnqueueManyResult> {
  const source = new ValidationSource(db)
  const slicer = new TimeSlicer()
  const results: EntryResult[] = []
  const entries: StoredEntry[] = []
  for (const input of inputs) {
    const result = await checkInput(source, input, env)
    results.push(result)
    if (result.ok) entries.push(result.entry)
    await slicer.maybeYield()
  }
  await db.transaction('rw', db.outbox, db.counts, () =>
    writeEntries(
      db,
      entries.map((after) => ({ before: undefined, after })),
      PUT_SLICE,
    ),
  )
  return { results, saved: entries.length }
}

async function mustGet(db: PaieDb, clientId: string): Promise<StoredEntry> {
  const entry = await db.outbox.get(clientId)
  if (entry === undefined) throw new OutboxError('INTROUVABLE', 'INTROUVABLE')
  return entry
}

/**
 * Changes the payload of an entry that is `draft`, `queued` or `rejected` (isEditable), checked like a new one.
 * A rejected entry goes back to `queued` as revision + 1; the rejected revision (payload, state, error, instant)
 * is kept in `history`. A draft or queued entry keeps its state and revision.
 * @returns like {@link enqueue}
 * @throws OutboxError `INTROUVABLE`, or `ETAT_INCOMPATIBLE` while `sending` or once synced/cancelled/unknown.
 */
export async function reviseEntry(
  db: PaieDb,
  clientId: string,
  payload: Readonly<Record<string, unknown>> | null,
  env: OutboxEnv = defaultOutboxEnv,
): Promise<EntryResult> {
  return db.transaction(
    'rw',
    VALIDATION_TABLES.map((t) => db.table(t)),
    async () => {
      const entry = await mustGet(db, clientId)
      if (!isEditable(entry.state) || (await heldEntries(db)).has(clientId)) {
        throw entry.state === 'sending' || isEditable(entry.state)
          ? new OutboxError('ETAT_INCOMPATIBLE', 'ENVOI_EN_COURS')
          : new OutboxError('ETAT_INCOMPATIBLE', 'NON_MODIFIABLE', { etat: entry.state })
      }
      const input: NewEntryInput = {
        kind: entry.kind,
        operation: entry.operation,
        payload,
        targetServerId: entry.targetServerId,
        ...(entry.targetRecord ? { targetRecord: entry.targetRecord } : {}),
      }
      const result = await prepareEntry(new ValidationSource(db), input, clientId)
      if (!result.ok) return result
      const now = env.now()
      // The new body replaces the old one whole (an unreadable one included: the revision parsed).
      let next: StoredEntry = { ...entry, ...result.prepared, unreadable: undefined, updatedAt: now }
      if (entry.state === 'rejected') {
        assertTransition('rejected', 'queued')
        const old: EntryRevision = { revision: entry.revision, payload: entry.payload, state: entry.state, error: entry.error, at: now }
        next = {
          ...next,
          state: 'queued',
          revision: entry.revision + 1,
          error: null,
          attempts: 0,
          history: [...entry.history, old],
          sendWindow: null,
          settleUntil: null,
        }
      }
      await writeEntries(db, [{ before: entry, after: next }])
      return { ok: true, entry: next }
    },
  )
}

/**
 * Cancels an entry that is `draft`, `queued` or `rejected` (ARCHITECTURE.md: by the clerk only). The row stays.
 * @returns the cancelled entry
 * @throws OutboxError `INTROUVABLE`, or `ETAT_INCOMPATIBLE` (sending, synced, unknown, cancelled).
 */
export async function cancelEntry(db: PaieDb, clientId: string, env: OutboxEnv = defaultOutboxEnv): Promise<StoredEntry> {
  return db.transaction('rw', db.outbox, db.counts, db.claims, async () => {
    const entry = await mustGet(db, clientId)
    // Held by a drain's claim: being sent (claims.ts), whatever its stored state.
    const state = isCancellable(entry.state) && (await heldEntries(db)).has(clientId) ? 'sending' : entry.state
    if (!isCancellable(state)) {
      throw new OutboxError('ETAT_INCOMPATIBLE', 'NON_ANNULABLE', {
        etat: state,
        ...(entry.state === 'synced' ? { motif: 'SYNCHRONISEE' } : {}),
      })
    }
    const next: StoredEntry = { ...entry, state: 'cancelled', updatedAt: env.now() }
    await writeEntries(db, [{ before: entry, after: next }])
    return next
  })
}

/**
 * Moves drafts to `queued` so that they are sent; entries that are not drafts are left as they are.
 * @returns the number of drafts queued
 */
export async function submitDrafts(db: PaieDb, clientIds: readonly string[], env: OutboxEnv = defaultOutboxEnv): Promise<number> {
  return db.transaction('rw', db.outbox, db.counts, async () => {
    const rows = await db.outbox.bulkGet([...clientIds])
    const now = env.now()
    const changes = rows
      .filter((e): e is StoredEntry => e?.state === 'draft')
      .map((before) => ({ before, after: { ...before, state: 'queued' as const, updatedAt: now } }))
    await writeEntries(db, changes)
    return changes.length
  })
}

/** One entry by client id, or undefined. */
export async function getEntry(db: PaieDb, clientId: string): Promise<StoredEntry | undefined> {
  return db.outbox.get(clientId)
}

/** An entry with its past revisions and its audit trail (oldest first). */
export interface EntryHistory {
  readonly entry: StoredEntry
  readonly revisions: readonly EntryRevision[]
  readonly audit: AuditRecord[]
}

/** History of one entry: its revisions and every HTTP attempt logged for it; undefined when unknown. */
export async function entryHistory(db: PaieDb, clientId: string): Promise<EntryHistory | undefined> {
  return db.transaction('r', db.outbox, db.audit, async () => {
    const entry = await db.outbox.get(clientId)
    if (entry === undefined) return undefined
    const audit = await auditOfEntries(db, [clientId])
    return { entry, revisions: entry.history, audit }
  })
}

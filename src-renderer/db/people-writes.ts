/**
 * The queue of people writes (issue 16, points 2 and 5; docs/api-assumptions.md #63): employee edits, bank details,
 * safe activation and notes made from the employee sheet, kept in Dexie (`peopleWrites`, schema v13) apart from the
 * payroll-entry outbox, and sent through main (`people:push`) one dossier at a time, every write of a dossier in one
 * call (main makes one request per operation).
 *
 * Exactly once: a write is claimed `sending` in a durable transaction before its request; a `sending` row met by the
 * next drain (the window crashed or reloaded mid-request) becomes `unknown` and `lost`: main reads the employee (or
 * his notes) before any resend, never before `settleUntil`. A write is never resent blindly, never dropped.
 */
import {
  isCabinetKind,
  PEOPLE_WRITE_KINDS,
  PeopleWriteBody,
  type PeopleWriteItem,
  type PeopleWriteKind,
  type PeopleWriteOutcome,
  type PeopleWritePayload,
} from '../../src-shared/domain/people-writes'
import { maskIban } from '../../src-shared/domain/people'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb } from './schema'
import type { PeopleWriteRow, PeopleWriteState } from './people-writes-row'
import { heldBack } from './people-writes-order'
import type { OutboxEnv } from './write'

export type { PeopleWriteRow, PeopleWriteState } from './people-writes-row'

/** The part of `window.api` the queue uses. */
export type PeopleWritesApi = Pick<WindowApi, 'people:push'>

/**
 * Settle time of a write found `sending` by a later drain (a crash hid its answer): main's default request timeout
 * (15 s) + the settle margin (30 s), from the instant it was claimed (#63).
 */
export const CRASH_SETTLE_MS = 45_000

/** Writes of one dossier sent in one `people:push` call, at most. */
export const PEOPLE_PUSH_MAX = 500

/**
 * `siren` of a write at the cabinet's own scope (a user's creation, #80): stored as the empty string, sent as null.
 */
export const CABINET_SCOPE = ''

/** States of a write not settled yet: it may still reach the service. */
export const PENDING_STATES: readonly PeopleWriteState[] = ['queued', 'sending', 'unknown', 'to_check']

/** States a clerk can cancel a write from. */
const CANCELLABLE: readonly PeopleWriteState[] = ['queued', 'rejected', 'to_check']

/**
 * Queues one write of `kind` for `matricule` of `siren`, its payload checked with the kind's schema
 * (`PEOPLE_WRITE_KINDS`). This is the entry point of every people write: a new kind (a contract's creation, an
 * assignment…) is one row of `PEOPLE_WRITE_KINDS` plus its sender in main, then calls this.
 * @returns the stored row (state `queued`)
 * @throws ZodError when the payload does not pass its kind's schema (nothing stored)
 */
export async function enqueuePeopleWrite<K extends PeopleWriteKind>(
  db: PaieDb,
  env: OutboxEnv,
  kind: K,
  target: { readonly siren: string; readonly matricule: string },
  payload: PeopleWritePayload<K>,
): Promise<PeopleWriteRow> {
  const body = PeopleWriteBody.parse({ kind, payload: PEOPLE_WRITE_KINDS[kind].payload.parse(payload) })
  const at = env.now()
  const row: PeopleWriteRow = {
    ...body,
    clientId: env.newId(),
    siren: target.siren,
    matricule: target.matricule,
    state: 'queued',
    error: null,
    createdAt: at,
    updatedAt: at,
    attempts: 0,
    lost: false,
    windowStart: null,
    settleUntil: null,
    serverId: null,
  }
  await db.peopleWrites.add(row)
  return row
}

/** The writes of one employee, newest first (works offline); the cabinet's writes of a user of that matricule are not his. */
export async function peopleWritesOf(db: PaieDb, siren: string, matricule: string): Promise<PeopleWriteRow[]> {
  const rows = (await db.peopleWrites.where('[siren+matricule]').equals([siren, matricule]).toArray()).filter((r) => !isCabinetKind(r.kind))
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.clientId.localeCompare(a.clientId))
}

/** Writes waiting for the service (queued, sending, unknown, to_check), every dossier. */
export async function pendingPeopleWrites(db: PaieDb): Promise<number> {
  return db.peopleWrites.where('state').anyOf(PENDING_STATES).count()
}

/**
 * Cancels a write the clerk no longer wants (`queued`, `rejected` or `to_check`; kept, state `cancelled`).
 * @returns false when the write is in another state (sending, unknown, synced…): nothing changed
 */
export async function cancelPeopleWrite(db: PaieDb, env: OutboxEnv, clientId: string): Promise<boolean> {
  return db.transaction('rw', db.peopleWrites, async () => {
    const row = await db.peopleWrites.get(clientId)
    if (row === undefined || !CANCELLABLE.includes(row.state)) return false
    await db.peopleWrites.put({ ...row, state: 'cancelled', updatedAt: env.now() })
    return true
  })
}

/**
 * Claims the writes due now, durably `sending`: `queued` ones and `unknown` ones whose `settleUntil` is past; a
 * `sending` row met here was left by a crash and becomes `unknown` + `lost` with {@link CRASH_SETTLE_MS}. A cabinet write
 * held back by an earlier pending one (people-writes-order.ts, #82) stays queued.
 * @returns the claimed rows of the first dossier that has some (oldest first, at most {@link PEOPLE_PUSH_MAX})
 */
export async function claimPeopleWrites(db: PaieDb, env: OutboxEnv, skip: ReadonlySet<string> = new Set()): Promise<PeopleWriteRow[]> {
  return db.transaction('rw', db.peopleWrites, async () => {
    const now = env.now()
    const pending = await db.peopleWrites.where('state').anyOf(PENDING_STATES).toArray()
    const rows = pending.filter((r) => r.state !== 'to_check')
    const due: PeopleWriteRow[] = []
    for (const row of rows) {
      if (row.state === 'sending') {
        const settleUntil = new Date(Date.parse(row.updatedAt) + CRASH_SETTLE_MS).toISOString()
        await db.peopleWrites.put({ ...row, state: 'unknown', lost: true, settleUntil, updatedAt: now })
        continue
      }
      if (skip.has(row.siren) || heldBack(row, pending)) continue
      if (row.state === 'queued' || (row.settleUntil !== null && row.settleUntil <= now)) due.push(row)
    }
    due.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.clientId.localeCompare(b.clientId))
    const siren = due[0]?.siren
    const claimed = due.filter((r) => r.siren === siren).slice(0, PEOPLE_PUSH_MAX)
    await db.peopleWrites.bulkPut(claimed.map((r) => ({ ...r, state: 'sending' as const, updatedAt: now })))
    return claimed.map((r) => ({ ...r, state: 'sending' as const, updatedAt: now }))
  })
}

/** The write as main receives it. */
export function itemOf(row: PeopleWriteRow): PeopleWriteItem {
  const body = PeopleWriteBody.parse({ kind: row.kind, payload: row.payload })
  return { ...body, clientId: row.clientId, matricule: row.matricule, afterLostAnswer: row.lost, windowStart: row.windowStart }
}

/** The row after its outcome (pure). A synced bank-details write keeps its IBAN masked only (#65). */
export function afterOutcome(row: PeopleWriteRow, o: PeopleWriteOutcome, now: string): PeopleWriteRow {
  const sent = o.sentAt !== null
  const base = {
    ...row,
    updatedAt: now,
    attempts: row.attempts + (sent ? 1 : 0),
    windowStart: row.windowStart ?? o.sentAt,
    error: o.error,
  }
  switch (o.result) {
    case 'synced': {
      const masked: PeopleWriteRow =
        row.kind === 'coordonnees' ? { ...row, payload: { ...row.payload, iban: maskIban(row.payload.iban) } } : row
      return {
        ...base,
        kind: masked.kind,
        payload: masked.payload,
        state: 'synced',
        error: null,
        serverId: o.serverId,
        settleUntil: null,
      } as PeopleWriteRow
    }
    case 'rejected':
      return { ...base, state: 'rejected', settleUntil: null }
    case 'to_check':
      return { ...base, state: 'to_check', settleUntil: null }
    case 'unknown':
      return { ...base, state: 'unknown', lost: true, settleUntil: o.settleUntil }
    case 'not_sent':
      return { ...base, state: row.lost ? 'unknown' : 'queued', settleUntil: row.lost ? now : null }
  }
}

/** Puts claimed rows back as they were claimed from (main could not be asked: nothing left). */
async function release(db: PaieDb, rows: readonly PeopleWriteRow[], now: string): Promise<void> {
  await db.peopleWrites.bulkPut(
    rows.map((r) => ({
      ...r,
      state: r.lost ? ('unknown' as const) : ('queued' as const),
      settleUntil: r.lost ? now : null,
      updatedAt: now,
    })),
  )
}

/** What a drain did: writes per outcome, and why it stopped early (main's or the road's error), if it did. */
export interface PeopleDrainReport {
  readonly counts: Readonly<Record<PeopleWriteOutcome['result'], number>>
  /** The employees (`siren|matricule`) of which a write was synced by this drain. */
  readonly synced: ReadonlySet<string>
  /** The writes this drain synced, as stored (a cabinet write is put in the cabinet's cache, then read again). */
  readonly syncedRows: readonly PeopleWriteRow[]
  readonly stopped: { readonly code: string; readonly message: string } | null
}

/**
 * Sends every due write, one scope (dossier, or the cabinet) per call, until none is due or the road breaks (a
 * `not_sent` outcome or a failed call: the rest waits for the next drain). Each call's outcomes are stored in ONE
 * transaction. A pass calls each scope once; another pass follows while the last one synced something (a write held
 * back by one just synced is then due, #82).
 */
export async function drainPeopleWrites(db: PaieDb, env: OutboxEnv, api: PeopleWritesApi): Promise<PeopleDrainReport> {
  const counts = { synced: 0, rejected: 0, unknown: 0, to_check: 0, not_sent: 0 }
  const synced = new Set<string>()
  const syncedRows: PeopleWriteRow[] = []
  let done = new Set<string>()
  let syncedBefore = 0
  for (;;) {
    const claimed = await claimPeopleWrites(db, env, done)
    const siren = claimed[0]?.siren
    if (siren === undefined) {
      if (counts.synced === syncedBefore) return { counts, synced, syncedRows, stopped: null }
      syncedBefore = counts.synced
      done = new Set()
      continue
    }
    done.add(siren)
    let result: IpcResult<{ outcomes: PeopleWriteOutcome[] }>
    try {
      result = await api['people:push']({ siren: siren === CABINET_SCOPE ? null : siren, writes: claimed.map(itemOf) })
    } catch (thrown) {
      result = { ok: false, error: { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) } }
    }
    if (!result.ok) {
      await release(db, claimed, env.now())
      return { counts, synced, syncedRows, stopped: { code: result.error.code, message: result.error.message } }
    }
    const outcomes = new Map(result.value.outcomes.map((o) => [o.clientId, o]))
    const now = env.now()
    await db.transaction('rw', db.peopleWrites, async () => {
      await db.peopleWrites.bulkPut(
        claimed.map((row) => {
          const o = outcomes.get(row.clientId)
          if (o !== undefined) counts[o.result] += 1
          if (o === undefined) return { ...row, state: row.lost ? ('unknown' as const) : ('queued' as const), updatedAt: now }
          const after = afterOutcome(row, o, now)
          if (o.result === 'synced') {
            synced.add(`${row.siren}|${row.matricule}`)
            syncedRows.push(after)
          }
          return after
        }),
      )
    })
    const broken = result.value.outcomes.find((o) => o.result === 'not_sent')
    if (broken !== undefined) return { counts, synced, syncedRows, stopped: broken.error ?? { code: 'NON_ENVOYE', message: '' } }
  }
}

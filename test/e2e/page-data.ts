/**
 * Reaching the app in the page from a scenario, without test hooks in the product:
 * - entries go through the app's OWN outbox store (`useOutboxStore().enqueueMany`, the grid paste's path: offline
 *   validation, counts, sync trigger), reached through the Vue app's Pinia instance (`#app.__vue_app__`);
 * - the outbox and the audit log are READ straight from IndexedDB (read-only transactions).
 * Scripts are strings: this file is type-checked without the DOM library (it runs in Node).
 */
import type { Page } from 'playwright-core'
import { z } from 'zod'
import type { AuditRecord } from '../../src-shared/domain/outbox'
import type { EntryState } from '../../src-shared/domain/states'

/** What a scenario enqueues: the store's NewEntryInput (create operations). */
export interface EntryInput {
  readonly kind: 'evp' | 'absence' | 'frais'
  readonly payload: Readonly<Record<string, unknown>>
}

/**
 * Enqueues `inputs` through the app's outbox store (one call: checked, saved in transactions of 500).
 * @returns how many were saved and the French issues of the first refused rows
 */
export async function enqueueThroughApp(page: Page, inputs: readonly EntryInput[]): Promise<{ saved: number; refused: unknown[] }> {
  const result: unknown = await page.evaluate(`(async () => {
    const app = document.querySelector('#app').__vue_app__
    const outbox = app.config.globalProperties.$pinia._s.get('outbox')
    if (outbox === undefined) throw new Error('outbox store not created yet')
    const r = await outbox.enqueueMany(${JSON.stringify(inputs)})
    return { saved: r.saved, refused: r.results.filter((x) => !x.ok).slice(0, 5).map((x) => x.issues) }
  })()`)
  return z.object({ saved: z.number(), refused: z.array(z.unknown()) }).parse(result)
}

/** A record shown beside an entry (`candidates` of a `to_check` entry, `duplicates` of a "doublon probable"). */
export const CandidateRow = z
  .object({
    id: z.string(),
    relation: z.string(),
    cree_par: z.string().nullable(),
    date_creation: z.string().nullable(),
  })
  .loose()

/** An outbox row as the scenario reads it (the fields it checks). */
export const OutboxRow = z.object({
  clientId: z.string(),
  kind: z.string(),
  /** `create`, or `update` / `delete` of the service record `targetServerId`. */
  operation: z.string(),
  targetServerId: z.string().nullable(),
  state: z.string(),
  revision: z.number(),
  serverId: z.string().nullable(),
  fingerprint: z.string(),
  payload: z.record(z.string(), z.unknown()).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  /** `to_check`: the service's records the clerk must compare the entry with. */
  candidates: z.array(CandidateRow).nullable().optional(),
  /** "Doublon probable": other records of the service matching this synced entry. */
  duplicates: z.array(CandidateRow).nullable().optional(),
  /** Synced after a resend: the instant its "doublon probable" check is due (null once done). */
  verifyAfter: z.string().nullable().optional(),
})
export type OutboxRow = z.infer<typeof OutboxRow> & { readonly state: EntryState }

/** Reads every row of an object store of the app's database (`paie-demo`). */
async function readAll(page: Page, store: 'outbox' | 'audit' | 'counts'): Promise<unknown[]> {
  const rows: unknown = await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('paie-demo')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const request = db.transaction(${JSON.stringify(store)}, 'readonly').objectStore(${JSON.stringify(store)}).getAll()
      request.onsuccess = () => { db.close(); resolve(request.result) }
      request.onerror = () => { db.close(); reject(request.error) }
    }
  })`)
  return z.array(z.unknown()).parse(rows)
}

export async function readOutbox(page: Page): Promise<OutboxRow[]> {
  return z.array(OutboxRow.loose()).parse(await readAll(page, 'outbox')) as OutboxRow[]
}

/** States of an entry still on its way (neither answered nor decided). */
const UNSETTLED: ReadonlySet<string> = new Set(['queued', 'sending', 'unknown'])

/**
 * Waits until no outbox row is queued, sending or unknown any more (polled every 250 ms).
 * @returns the rows then
 * @throws after `timeoutMs`
 */
export async function settledOutbox(page: Page, timeoutMs = 60_000): Promise<OutboxRow[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await readOutbox(page)
    if (rows.every((r) => !UNSETTLED.has(r.state))) return rows
    if (Date.now() > deadline) throw new Error('Délai dépassé : file vidée')
    await new Promise((ok) => setTimeout(ok, 250))
  }
}

/** An audit record as the scenario reads it (the fields it checks). */
export const AuditRow = z
  .object({
    clientId: z.string(),
    method: z.string(),
    status: z.number().nullable(),
    serverId: z.string().nullable(),
    result: z.string(),
    at: z.string(),
    errorCode: z.string().nullable(),
    durationMs: z.number(),
  })
  .loose()
export type AuditRow = Pick<AuditRecord, 'clientId' | 'method' | 'status' | 'serverId' | 'result' | 'at' | 'errorCode' | 'durationMs'>

/** A row of a batch's records (schema v21, src-renderer/db/schema-rows.ts `AuditBatchRow`). */
const AuditBatchRow = z.object({ clientIds: z.array(z.string()), records: z.array(AuditRow) }).loose()

/** Every audit record, one per entry and attempt, in the order the rows were added (a batch row's records in order). */
export async function readAudit(page: Page): Promise<AuditRow[]> {
  const rows = z.array(z.union([AuditBatchRow, AuditRow])).parse(await readAll(page, 'audit'))
  return rows.flatMap((row) => ('records' in row ? (row.records as AuditRow[]) : [row as AuditRow]))
}

/** Entries per state, from the `counts` table the app keeps with the rows. */
export async function readStateCounts(page: Page): Promise<Partial<Record<EntryState, number>>> {
  const rows = z.array(z.object({ state: z.string(), n: z.number() })).parse(await readAll(page, 'counts'))
  const out: Partial<Record<EntryState, number>> = {}
  for (const r of rows) {
    const state = r.state as EntryState
    out[state] = (out[state] ?? 0) + r.n
  }
  return out
}

/**
 * Entries per state once they stop moving: snapshots of the `counts` table (each ONE read transaction, so its states
 * add up to the rows at one instant) taken `quietMs` apart until two in a row are identical.
 * @returns the settled snapshot (states with no row absent or 0) and how long settling took
 * @throws after `timeoutMs` when the counts never settle
 */
export async function settledStateCounts(
  page: Page,
  options: { quietMs?: number; timeoutMs?: number } = {},
): Promise<{ counts: Partial<Record<EntryState, number>>; waitedMs: number }> {
  const quietMs = options.quietMs ?? 500
  const started = Date.now()
  const deadline = started + (options.timeoutMs ?? 60_000)
  const key = (c: Partial<Record<EntryState, number>>): string =>
    JSON.stringify(
      Object.entries(c)
        .filter(([, n]) => n !== 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    )
  let previous = await readStateCounts(page)
  for (;;) {
    await new Promise((ok) => setTimeout(ok, quietMs))
    const current = await readStateCounts(page)
    if (key(current) === key(previous)) return { counts: current, waitedMs: Date.now() - started }
    if (Date.now() > deadline)
      throw new Error(
        `Compteurs jamais stables en ${options.timeoutMs ?? 60_000} ms : ${JSON.stringify(previous)} puis ${JSON.stringify(current)}`,
      )
    previous = current
  }
}

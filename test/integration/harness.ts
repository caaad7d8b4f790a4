/**
 * One workstation for the exactly-once scenarios (issue 12, EO-1 … EO-11), in the test process: the sandbox payroll
 * API over HTTP on 127.0.0.1, main's REAL IPC dispatcher and sync/reference handlers over a payroll connection whose
 * fetch the test can intercept (hold a request, cut the answer after the service committed, fail the token
 * request), and the renderer's REAL outbox (Dexie on fake-indexeddb) and sync coordinator talking to main through
 * the dispatcher, exactly as the app's preload does. A second API client plays another writer (the vendor's web
 * screens, a colleague) on the same dossiers.
 */
import 'fake-indexeddb/auto'

import { createIpcDispatcher, type IpcHandlers } from '../../src-main/ipc/dispatcher'
import { createReferenceHandlers } from '../../src-main/ipc/handlers/reference'
import { createSyncHandlers } from '../../src-main/ipc/handlers/sync'
import { createApiClient, type ApiClient } from '../../src-main/api/client'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src-sandbox/server'
import { DEMO_CREDENTIALS, SEED_CLIENTS, SEED_DOSSIERS } from '../../src-sandbox/store/seed'
import { createPayrollConnection, type PayrollConnection } from '../../src-main/services/connection'
import { PaieDb } from '../../src-renderer/db/schema'
import { enqueue, type NewEntryInput } from '../../src-renderer/db/outbox'
import { entriesInStates } from '../../src-renderer/db/outbox-query'
import type { StoredEntry } from '../../src-renderer/db/schema'
import { refreshReference } from '../../src-renderer/services/reference-cache'
import { createSyncCoordinator, type SyncApi, type SyncCoordinator } from '../../src-renderer/sync/coordinator'
import type { SyncLockManager } from '../../src-renderer/sync/locks'
import type { ChannelName } from '../../src-shared/ipc/channels'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'

/** Business date of the scenarios (periode_paie_en_cours of dossier A is 2026-11). */
export const TODAY = '2026-11-16'
export const PERIODE = '2026-11'
export const BIG_SIREN = SEED_DOSSIERS.find((d) => d.cle === 'A')?.siren ?? ''
const APP_SENDER = { url: 'app://paie/index.html#/', isMainFrame: true }

/** A request as the interceptor sees it. */
export interface WireRequest {
  readonly method: string
  readonly path: string
}

/** Decides what happens to one request of the app's connection: `forward()` sends it to the sandbox. */
export type Interceptor = (req: WireRequest, forward: () => Promise<Response>) => Promise<Response>

/** One request of the app's connection, as it ended. */
export interface WireEvent {
  readonly method: string
  readonly path: string
  readonly startedAt: number
  readonly endedAt: number
  readonly status: number | null
  /** Which connection object sent it (profile switch scenarios). */
  readonly connection: number
}

/** A network failure after the request left (what undici throws on a reset socket). */
export function connectionReset(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) })
}

/** A failure before anything left (refused connection). */
export function connectionRefused(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })
}

/** Fetch of the app's connections: every request logged, each one through the current interceptor. */
export class Wire {
  interceptor: Interceptor | null = null
  readonly events: WireEvent[] = []

  fetchFor(connection: number): typeof fetch {
    return async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
      const req: WireRequest = { method, path: url.pathname }
      const startedAt = performance.now()
      const forward = (): Promise<Response> => fetch(input, init)
      try {
        const res = await (this.interceptor === null ? forward() : this.interceptor(req, forward))
        this.events.push({ ...req, startedAt, endedAt: performance.now(), status: res.status, connection })
        return res
      } catch (error) {
        this.events.push({ ...req, startedAt, endedAt: performance.now(), status: null, connection })
        throw error
      }
    }
  }

  /** Writes (not the token request) of the log, optionally only those to `pathPart`. */
  writes(pathPart = ''): WireEvent[] {
    return this.events.filter((e) => e.method !== 'GET' && !e.path.endsWith('/auth/token') && e.path.includes(pathPart))
  }
}

/** Locks of one process: a request waits for the holder (the Web Locks API's exclusive mode). */
function processLocks(): SyncLockManager {
  const tails = new Map<string, Promise<unknown>>()
  return {
    request(name, callback) {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback())
      tails.set(
        name,
        run.catch(() => undefined),
      )
      return run
    },
  }
}

/** Options of {@link startWorkstation}. */
export interface WorkstationOptions {
  readonly sandbox?: SandboxOptions
  /** The app connection's request timeout, ms (default 2 000). */
  readonly timeoutMs?: number
  /** Margin added to the timeout for the settle time, ms (default 600). */
  readonly settleMarginMs?: number
}

/** A running workstation. */
export interface Workstation {
  readonly sandbox: RunningSandbox
  readonly wire: Wire
  /** The renderer's database (a new connection after each reload). */
  readonly db: PaieDb
  /** The renderer's window.api (sync and reference channels), through main's dispatcher. */
  readonly api: SyncApi & Pick<WindowApi, 'reference:refresh'>
  coordinator: SyncCoordinator
  /** Makes the app's connection the one of `profile` (a new connection object each time, as an activation does). */
  activate(profile: string | null): PayrollConnection | null
  /** Queues an entry through the real outbox (checked against the cached reference). */
  enqueue(input: NewEntryInput): Promise<StoredEntry>
  /** Drains until no entry is queued, sending or unknown (settle times included), or the deadline. */
  settle(deadlineMs?: number): Promise<void>
  /** A typed client of another writer (a seed API client assigned to dossier A). */
  other(clientId?: string): ApiClient
  /**
   * The window is reloaded: its coordinator stops and its database connection closes (whatever it still had in
   * flight can no longer write, as in a destroyed page), its Web Locks are released; a new connection to the same
   * database and a new coordinator start.
   */
  reload(): Promise<SyncCoordinator>
  entry(clientId: string): Promise<StoredEntry>
  stop(): Promise<void>
}

/** Starts the sandbox, main's handlers and the renderer's outbox and coordinator; the reference is cached. */
export async function startWorkstation(options: WorkstationOptions = {}): Promise<Workstation> {
  const sandbox = await startSandbox({ seed: 7, today: TODAY, rateLimit: false, ...options.sandbox })
  const wire = new Wire()
  let made = 0
  const makeConnection = (profile: string): PayrollConnection => {
    made += 1
    const connection = createPayrollConnection({
      baseUrl: sandbox.url,
      clientId: DEMO_CREDENTIALS.client_id,
      clientSecret: DEMO_CREDENTIALS.client_secret,
      timeoutMs: options.timeoutMs ?? 2_000,
      fetch: wire.fetchFor(made),
    })
    return { ...connection, profileId: profile }
  }
  let current: PayrollConnection | null = makeConnection('demo')
  const handlers = {
    ...createSyncHandlers({ connection: () => current, sendEvent: () => undefined, settleMarginMs: options.settleMarginMs ?? 600 }),
    ...createReferenceHandlers({ connection: () => current }),
  }
  const dispatch = createIpcDispatcher(handlers as unknown as IpcHandlers, { trustedOrigins: ['app://paie'] })
  const call = (channel: ChannelName) => (input: unknown) => dispatch(channel, input, APP_SENDER) as Promise<IpcResult<never>>
  const api = {
    'sync:push': call('sync:push'),
    'sync:verify': call('sync:verify'),
    'reference:refresh': call('reference:refresh'),
    onSyncChanged: () => () => undefined,
  } as unknown as Workstation['api']
  const dbName = `eo-${crypto.randomUUID()}`
  let db = new PaieDb(dbName)
  const refreshed = await refreshReference(db, api, [BIG_SIREN])
  if (!refreshed.ok) throw new Error(`référentiel : ${refreshed.error.message}`)
  let locks = processLocks()
  const newCoordinator = (): SyncCoordinator =>
    createSyncCoordinator({
      db,
      api,
      locks,
      timers: {
        setTimeout: (cb, ms) => setTimeout(cb, ms),
        clearTimeout: (h) => {
          clearTimeout(h as NodeJS.Timeout)
        },
      },
      now: () => Date.now(),
      random: () => 0.5,
      debounceMs: 10,
    })

  const ws: Workstation = {
    sandbox,
    wire,
    get db() {
      return db
    },
    api,
    coordinator: newCoordinator(),
    activate(profile) {
      current = profile === null ? null : makeConnection(profile)
      return current
    },
    async enqueue(input) {
      const result = await enqueue(db, input)
      if (!result.ok) throw new Error(`saisie refusée : ${JSON.stringify(result.issues)}`)
      return result.entry
    },
    async settle(deadlineMs = 15_000) {
      const end = Date.now() + deadlineMs
      for (;;) {
        await ws.coordinator.drain()
        const pending = await entriesInStates(db, ['queued', 'sending', 'unknown']).count()
        const verifying = await db.outbox.where('verifyAfter').above('').count()
        if (pending === 0 && verifying === 0) return
        if (Date.now() > end) throw new Error(`file non vidée : ${pending} en attente, ${verifying} à contrôler`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    other(clientId = 'gestionnaire-restreint') {
      const secret = SEED_CLIENTS.find((c) => c.client_id === clientId)?.client_secret ?? ''
      return createApiClient({ baseUrl: sandbox.url, clientId, clientSecret: secret })
    },
    async reload() {
      ws.coordinator.stop()
      db.close()
      db = new PaieDb(dbName)
      locks = processLocks()
      ws.coordinator = newCoordinator()
      // The new window starts its coordinator: the rows its predecessor left `sending` are recovered, then drained.
      await ws.coordinator.start()
      return ws.coordinator
    },
    async entry(clientId) {
      const row = await db.outbox.get(clientId)
      if (row === undefined) throw new Error(`saisie ${clientId} introuvable`)
      return row
    },
    async stop() {
      ws.coordinator.stop()
      await db.delete()
      await sandbox.close()
    },
  }
  await ws.coordinator.start()
  return ws
}

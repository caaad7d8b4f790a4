/**
 * Fakes for the sync coordinator: a manual clock with timers, a lock manager shared by several coordinators
 * (as the Web Locks API is shared by windows), and a `window.api` whose `sync:push` plays a payroll service.
 */
import type { PeoplePushInput, PeoplePushResult } from '../../../src-shared/domain/people-writes'
import { CumulsFilter } from '../../../src-shared/domain/cumuls'
import type {
  SyncItem,
  SyncOutcome,
  SyncProgress,
  SyncPushResult,
  SyncVerifyResult,
  VerifyItem,
} from '../../../src-shared/domain/sync-protocol'
import type { ConnectionStatus, ReferenceSnapshot } from '../../../src-shared/domain/reference'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import type { RecordsRefreshInput, RecordsRefreshResult } from '../../../src-shared/domain/service-records'
import type { CodesListResult, SalarieSheet, SalarieSheetInput } from '../../../src-shared/domain/people'
import type { RendererApi } from '../../../src-renderer/services/app-services'
import type { SyncTimers } from '../../../src-renderer/sync/coordinator'
import type { SyncLockManager } from '../../../src-renderer/sync/locks'
import { snapshot } from './fixtures'

/** Time that only moves when the test says so; timers fire in order during advance(). */
export class ManualClock implements SyncTimers {
  private nextId = 1
  private readonly timers = new Map<number, { at: number; callback: () => void }>()

  constructor(public ms: number = Date.parse('2026-11-20T09:00:00.000Z')) {}

  now = (): number => this.ms

  setTimeout(callback: () => void, delay: number): unknown {
    const id = this.nextId++
    this.timers.set(id, { at: this.ms + delay, callback })
    return id
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.timers.delete(handle)
  }

  /** Pending timers' due times (ms). */
  pending(): number[] {
    return [...this.timers.values()].map((t) => t.at).sort((a, b) => a - b)
  }

  /** Moves time forward by `delay` ms, firing due timers in order. */
  advance(delay: number): void {
    const end = this.ms + delay
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (due === undefined) break
      this.timers.delete(due[0])
      this.ms = Math.max(this.ms, due[1].at)
      due[1].callback()
    }
    this.ms = end
  }
}

/** An exclusive lock per name, shared by every coordinator given it; counts how many held it at once. */
export function fakeLockManager(): SyncLockManager & { maxHolders: number; grants: number } {
  const tails = new Map<string, Promise<unknown>>()
  let holders = 0
  const manager = {
    maxHolders: 0,
    grants: 0,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve()
      const run = previous.then(async () => {
        holders += 1
        manager.grants += 1
        manager.maxHolders = Math.max(manager.maxHolders, holders)
        try {
          return await callback()
        } finally {
          holders -= 1
        }
      })
      tails.set(
        name,
        run.catch(() => undefined),
      )
      return run
    },
  }
  return manager
}

/** What the fake payroll service answers for one push. */
export type PushHandler = (items: SyncItem[]) => IpcResult<SyncPushResult> | Promise<IpcResult<SyncPushResult>>

/** Outcome `synced` with a new server id and one POST attempt. */
export function syncedOutcome(item: SyncItem, at = '2026-11-20T09:00:00.000Z'): SyncOutcome {
  const serverId = crypto.randomUUID()
  return {
    clientId: item.clientId,
    revision: item.revision,
    result: 'synced',
    serverId,
    error: null,
    attempts: [
      {
        at,
        operation: 'creer',
        method: 'POST',
        status: 201,
        serverId,
        errorCode: null,
        errorBody: null,
        payloadHash: 'ab'.repeat(32),
        durationMs: 12,
      },
    ],
  }
}

/** A service that accepts everything. */
export const acceptAll: PushHandler = (items) => ({
  ok: true,
  value: { outcomes: items.map((i) => syncedOutcome(i)), pause: null, categoryPauses: [] },
})

export interface FakeApi extends RendererApi {
  /** Every batch pushed, in order. */
  readonly pushes: SyncItem[][]
  /** How many pushes ran at the same time, at most. */
  maxConcurrentPushes: number
  push: PushHandler
  probe: ConnectionStatus
  reference: () => IpcResult<ReferenceSnapshot>
  /** Answer of `records:refresh` (default: no record of any kind, fetched at the probe's instant). */
  records: (input: RecordsRefreshInput) => IpcResult<RecordsRefreshResult>
  /** While set, `records:refresh` answers only once it resolves (a slow network); null by default. */
  recordsHeld: Promise<void> | null
  /** Answer of `sync:verify` (default: every item verified, no duplicate). */
  verify: (items: readonly VerifyItem[]) => IpcResult<SyncVerifyResult>
  /** Answer of `salaries:sheet` (default: 404 INTROUVABLE). */
  sheet: (input: SalarieSheetInput) => IpcResult<SalarieSheet>
  /** Answer of `codes:list` (default: an empty list, fetched at the probe's instant). */
  codes: (nomCode: CodesListResult['nom']) => IpcResult<CodesListResult>
  /** The `bulletins:*` channels' answers, when a test gives them (else an empty period). */
  payslips: { -readonly [C in 'bulletins:list' | 'bulletins:read' | 'bulletins:compute' | 'bulletins:act']?: RendererApi[C] }
  /** Answer of `people:push` (default: every write synced); every input is kept in `peoplePushes`. */
  people: (input: PeoplePushInput) => IpcResult<PeoplePushResult>
  readonly peoplePushes: PeoplePushInput[]
  /** The `cumuls:*` channels' answers, when a test gives them (else no cumul, and every PUT applied). */
  cumuls: { -readonly [C in 'cumuls:list' | 'cumuls:put']?: RendererApi[C] }
  /** Sends a `sync:changed` event to the subscribers. */
  emitProgress(progress: SyncProgress): void
}

/** A fake `window.api`; `push` and `probe` can be replaced per test. */
export function fakeApi(push: PushHandler = acceptAll): FakeApi {
  const listeners = new Set<(p: SyncProgress) => void>()
  let inFlight = 0
  const api: FakeApi = {
    pushes: [],
    maxConcurrentPushes: 0,
    push,
    probe: { online: true, version: '1.13.0', checkedAt: '2026-11-20T09:00:00.000Z', message: 'Service de paie joignable.' },
    reference: () => ({ ok: true, value: snapshot() }),
    records: (input) => ({ ok: true, value: emptyRecords(input, '2026-11-20T09:00:00.000Z') }),
    recordsHeld: null,
    verify: (items) => ({
      ok: true,
      value: {
        results: items.map((i) => ({ clientId: i.clientId, revision: i.revision, status: 'done' as const, duplicates: [], attempts: [] })),
        pause: null,
      },
    }),
    sheet: () => ({ ok: false, error: { code: 'INTROUVABLE', message: 'Salarié introuvable.' } }),
    codes: (nom) => ({ ok: true, value: { nom, elements: [], fetchedAt: '2026-11-20T09:00:00.000Z' } }),
    people: (input) => ({
      ok: true,
      value: {
        outcomes: input.writes.map((w) => ({
          clientId: w.clientId,
          result: 'synced' as const,
          error: null,
          serverId: null,
          sentAt: '2026-11-20T09:00:00.000Z',
          settleUntil: null,
        })),
      },
    }),
    peoplePushes: [],
    'people:push': (input) => {
      api.peoplePushes.push(input)
      return Promise.resolve(api.people(input))
    },
    emitProgress(progress) {
      for (const l of listeners) l(progress)
    },
    async 'sync:push'(input) {
      const items = input.items.map((i) => structuredClone(i))
      api.pushes.push(items)
      inFlight += 1
      api.maxConcurrentPushes = Math.max(api.maxConcurrentPushes, inFlight)
      try {
        await new Promise((resolve) => setTimeout(resolve, 1))
        return await api.push(items)
      } finally {
        inFlight -= 1
      }
    },
    'sync:verify': (input) => Promise.resolve(api.verify(input.items)),
    'connection:probe': () => Promise.resolve({ ok: true, value: api.probe }),
    'reference:refresh': () => Promise.resolve(api.reference()),
    async 'records:refresh'(input) {
      await api.recordsHeld
      return api.records(input)
    },
    'salaries:sheet': (input) => Promise.resolve(api.sheet(input)),
    'codes:list': (input) => Promise.resolve(api.codes(input.nomCode)),
    // Payslip channels: an empty period by default; `payslips` replaces them (test/renderer/support/bulletins.ts).
    payslips: {},
    'bulletins:list': (input) =>
      api.payslips['bulletins:list']?.(input) ??
      Promise.resolve({ ok: true, value: { ...input, fetchedAt: '2026-11-20T09:00:00.000Z', bulletins: [] } }),
    'bulletins:read': (input) =>
      api.payslips['bulletins:read']?.(input) ??
      Promise.resolve({ ok: false, error: { code: 'INTROUVABLE', message: 'no payslip in the fake' } }),
    'bulletins:compute': (input) =>
      api.payslips['bulletins:compute']?.(input) ?? Promise.resolve({ ok: true, value: { calcules: [], ignores: [] } }),
    'bulletins:act': (input) =>
      api.payslips['bulletins:act']?.(input) ??
      Promise.resolve({ ok: false, error: { code: 'INTROUVABLE', message: 'no payslip in the fake' } }),
    cumuls: {},
    'cumuls:list': (input) =>
      api.cumuls['cumuls:list']?.(input) ??
      Promise.resolve({
        ok: true,
        value: {
          siren: input.siren,
          annee: input.annee,
          filtre: CumulsFilter.parse(input.filtre),
          fetchedAt: '2026-11-20T09:00:00.000Z',
          cumuls: [],
        },
      }),
    'cumuls:put': (input) =>
      api.cumuls['cumuls:put']?.(input) ??
      Promise.resolve({
        ok: true,
        value: {
          result: 'applied',
          retour: { crees: input.elements.length, mis_a_jour: 0, erreurs: [] },
          unconfirmed: [],
          error: null,
          settleUntil: null,
        },
      }),
    onSyncChanged(callback) {
      listeners.add(callback)
      return () => {
        listeners.delete(callback)
      }
    },
  }
  return api
}

/** An answer of `records:refresh` with no record of any kind. */
export function emptyRecords(input: RecordsRefreshInput, fetchedAt: string): RecordsRefreshResult {
  const none = { status: 'ok' as const, records: [] }
  return { ...input, fetchedAt, kinds: { evp: none, absence: none, frais: none, prime: none, avantage: none, acompte: none } }
}

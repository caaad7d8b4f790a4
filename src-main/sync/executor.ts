/**
 * The sync executor: sends a batch of claimed entries to the payroll API with bounded concurrency and a rate budget,
 * and answers one outcome per entry with the audit trail of every HTTP attempt (ARCHITECTURE.md "Sync", "Errors",
 * "Exactly once").
 *
 * A push, in order:
 * 1. Writes: each item's request from its typed body (its payload was parsed with its kind's create or patch schema at
 *    the IPC boundary: an invalid one never reaches the executor, main refuses the push with ENTREE_INVALIDE).
 * 2. Lost answers: an entry back `interrupted` whose last push (its answer lost by the renderer) synced it is synced
 *    again to the same record without any request (memory.ts).
 * 3. Settle: an `unknown` entry whose write may still be in flight (a write of it started less than the settle time
 *    ago, window.ts) stays `unknown` with `settleUntil`, no request.
 * 4. Listing (listing.ts): the scopes of the creates are listed many employees per request, each create's scope
 *    before its write (streamed: a group's creates are matched and sent as soon as its list answers). Updates and
 *    deletes whose read version is known (`readVersion`) have their record's scope listed first and are not written
 *    over a change made since the clerk's read (pre-read.ts, #47); the others are sent at once. A push submitted behind
 *    another lists its first sends' scopes early, while the push ahead writes, when no push ahead writes to them
 *    (early-lists.ts, docs/exactly-once.md "Lists before the turn").
 * 5. Matching (matching.ts): a reconciling entry takes a record only when it is provably its own; an entry never sent
 *    meets an identical record already on the service → `to_check`; doubt → `to_check` with the candidates.
 * 6. Writes (send.ts): create → POST, update → PATCH, delete → DELETE on `targetServerId`. 2xx → `synced`;
 *    record-level error → `rejected`; an answer that leaves the outcome unknown (docs/api-assumptions.md, status
 *    classes of writes) → `unknown` with `settleUntil`; an answer proving nothing was committed (429, 401, 503 with
 *    Retry-After, refused connection, no token) → the queue pauses, the entry goes back to the queue (`requeue`);
 *    403 DROIT_MANQUANT pauses that category only. A DELETE answered 404 ELEMENT_INTROUVABLE is `synced` (the record
 *    is gone); any other 404 is a rejection.
 * A reconciling create that ends the push without a definite answer stays `unknown` (listed again next time, never
 * resent blindly). A reconciling create whose record was not found and that was sent again carries `verifyAfter`:
 * its scope is listed once more after the settle time for a late commit of the lost write ("doublon probable").
 *
 * One push at a time per profile: pushes go through the profile's lane (ipc/handlers/sync.ts), whatever connection
 * object is current. A push submitted while the previous one ran (the renderer pipelines its batches) sends nothing
 * that push's global pause or category pauses cover: it answers them again, its entries back in the queue. Interrupted pushes: the profile's memory (memory.ts) gives back the attempts of a push whose
 * answer the renderer lost (`interrupted`), and the write starts of every entry.
 */
import PQueue from 'p-queue'
import { ERROR_CODES } from '../../src-shared/api/common'
import { ENTRY_KIND_SPECS } from '../../src-shared/domain/entry-kinds'
import { fingerprintOf, scopeKey, scopeOf, type EntryScope, type KeyFields } from '../../src-shared/domain/fingerprint'
import type { AuditAttempt, SyncItem, SyncOutcome, SyncProgress, SyncPushResult } from '../../src-shared/domain/sync-protocol'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { describeError, log } from '../log'
import { buildWrite, type EntryWrite } from './entry-calls'
import { createEarlyLists, EARLY_LIST_MAX_AGE_MS, NO_EARLY_LISTS, scopesWritten, type EarlyListsOfPush, type PushMark } from './early-lists'
import { createListAges } from './list-age'
import { listGroup, listGroups, type ListGroup, type ListOutcome } from './listing'
import { createPushMemory, type PushMemory } from './memory'
import { internalError, pushSummary, syncErrorOf } from './outcomes'
import { sizeConcurrency } from './pacing'
import { planCreates, settlePlan } from './plan-creates'
import { createPushRun, type PushEntry, type PushRun } from './push-run'
import type { RateBudget } from './rate-budget'
import { runChanges } from './pre-read-run'
import { neverSent, sendWrite } from './send'
import { settleMsOf, widenWindow, windowOfStarts } from './window'

export { ATTEMPT_MEMORY } from './memory'

/**
 * Runs pushes one at a time (shared by every executor of one profile, and by its verifications).
 * `pending` is the last push submitted to the lane that has not ended: a push submitted while another is running or
 * waiting (the renderer pipelines: it claims and submits batch k+1 while k is in flight) reads that push's pauses
 * when its turn comes, and sends nothing they cover.
 */
export interface PushLane {
  run<T>(task: () => Promise<T>): Promise<T>
  pending: Promise<SyncPushResult> | null
  /**
   * The scopes each push submitted and not yet ended may write to (`scopeKey`s), or null when some of its writes' scopes
   * are unknown (an update or delete without a read version): a push's lists may start before its turn only for
   * scopes none of them writes to (early-lists.ts).
   */
  readonly ahead: Set<PushMark>
}

/** A lane: each task starts when the previous one has settled. */
export function createPushLane(): PushLane {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run(task) {
      const run = tail.then(task)
      tail = run.catch(() => undefined)
      return run
    },
    pending: null,
    ahead: new Set(),
  }
}

/** Options of {@link createSyncExecutor}. */
export interface SyncExecutorOptions {
  /** Typed API client of the connection. */
  readonly client: ApiClient
  /** Rate budget of the same connection (fed by the client's answers). */
  readonly budget: RateBudget
  /** Requests in flight at once, list requests included. Default: sized by the rate budget ({@link sizeConcurrency}). */
  readonly concurrency?: number
  /** Clock of the audit instants and of the settle time (default real time). */
  readonly now?: () => Date
  /** Called once per entry when its outcome is known (`done` counts up to `total`). */
  readonly onProgress?: (progress: SyncProgress) => void
  /** API client id of the connection: a record whose `cree_par` differs is not ours. Default null (not compared). */
  readonly ownClientId?: string | null
  /** Service clock minus this machine's clock, ms (from `Date` headers); null when unknown. Default: unknown. */
  readonly serverOffsetMs?: () => number | null
  /** How long a write may still be in flight after it started, ms. Default {@link settleMsOf}(15 000). */
  readonly settleMs?: number
  /** Memory of the profile's pushes (shared by its executors). Default: the executor's own. */
  readonly memory?: PushMemory
  /** Lane of the profile's pushes (shared by its executors). Default: the executor's own. */
  readonly lane?: PushLane
  /** Oldest a list made before its push's turn may be when used, ms. Default `EARLY_LIST_MAX_AGE_MS` (early-lists.ts). */
  readonly earlyListMaxAgeMs?: number
  /** Oldest a create's pre-send list may be when one of its requests leaves, ms. Default `LIST_MAX_AGE_AT_WRITE_MS` (list-age.ts). */
  readonly listMaxAgeAtWriteMs?: number
}

/** Sends batches of entries. */
export interface SyncExecutor {
  /**
   * Sends `items` and answers one outcome per item, in the same order. Never rejects for an API failure (they
   * become outcomes and pauses); waits for a push already running in its lane to finish first.
   */
  push(items: readonly SyncItem[]): Promise<SyncPushResult>
}

/** An entry of the push, its write prepared. */
interface Work extends PushEntry {
  readonly write: EntryWrite
  /** Payload as sent (null for a delete), for its audit hash. */
  readonly payload: KeyFields | null
  /** Creates: their scope (listed before any write). */
  readonly scope: EntryScope | null
  /** Creates: their fingerprint, computed here from the payload. */
  readonly fingerprint: string | null
}

/** A create (scope, payload and fingerprint known). */
type CreateWork = Work & { readonly scope: EntryScope; readonly payload: KeyFields; readonly fingerprint: string }

/**
 * Prepares an item's write. The item is typed: its body was parsed at the IPC boundary (`sync:push` input, entry.ts),
 * so nothing is parsed again here. The payload itself is sent, so that its audit hash is the hash of what was parsed.
 */
function prepare(item: SyncItem, index: number, memory: PushMemory): Work {
  const create = item.operation === 'create' ? item.payload : null
  const fingerprint = create === null ? null : fingerprintOf(item.kind, create)
  if (fingerprint !== null && fingerprint !== item.fingerprint)
    log.warn('Synchronisation : empreinte recalculée différente', { clientId: item.clientId })
  return {
    index,
    item,
    category: ENTRY_KIND_SPECS[item.kind].category,
    write: buildWrite(item.kind, item.operation, item.payload, item.targetServerId),
    payload: item.payload,
    scope: create === null ? null : scopeOf(item.kind, create),
    fingerprint,
    window: widenWindow(item.sendWindow, memory.windowOf(item.clientId, item.revision)),
  }
}

const isCreate = (w: Work): w is CreateWork => w.scope !== null && w.payload !== null && w.fingerprint !== null

/** Outcome of a write that failed (see the module comment for the rules). */
function settleFailure(run: PushRun, w: Work, thrown: unknown, attempts: AuditAttempt[]): void {
  if (!(thrown instanceof ApiError)) {
    // A write may have left before the failure: it must be reconciled, not resent.
    log.error('Synchronisation : erreur inattendue pendant un envoi', { clientId: w.item.clientId, cause: describeError(thrown) })
    run.finishUnknown(w, internalError(), attempts)
  } else if (neverSent(thrown) || thrown.errorClass === 'global') {
    run.finishUnsent(w, attempts, run.pauseOn(w, thrown))
  } else if (thrown.errorClass === 'unknown') {
    run.finishUnknown(w, syncErrorOf(thrown), attempts)
  } else if (w.item.operation === 'delete' && thrown.status === 404 && thrown.body?.code === ERROR_CODES.elementIntrouvable) {
    run.finish(w.index, 'synced', w.item.targetServerId, null, attempts)
  } else {
    run.finish(w.index, 'rejected', null, syncErrorOf(thrown), attempts)
  }
}

/**
 * Creates the executor of one connection.
 * @throws nothing; `push` never rejects on API failures.
 */
export function createSyncExecutor(options: SyncExecutorOptions): SyncExecutor {
  const fixed = options.concurrency === undefined ? null : Math.max(1, Math.floor(options.concurrency))
  /** Mean request time (ms), exponentially weighted over the answers (weight 0.2 to the newest). */
  let latencyMs: number | null = null
  const concurrency = (): number => fixed ?? sizeConcurrency(options.budget.state(), latencyMs)
  const now = options.now ?? (() => new Date())
  const settleMs = options.settleMs ?? settleMsOf(15_000)
  const memory = options.memory ?? createPushMemory()
  const lane = options.lane ?? createPushLane()
  const offset = options.serverOffsetMs ?? (() => null)
  const observeLatency = (ms: number): void => {
    latencyMs = latencyMs === null ? ms : latencyMs * 0.8 + ms * 0.2
  }
  const early = createEarlyLists(
    { client: options.client, budget: options.budget, now, observe: observeLatency },
    options.earlyListMaxAgeMs ?? EARLY_LIST_MAX_AGE_MS,
  )

  async function runPush(
    items: readonly SyncItem[],
    before: SyncPushResult | null,
    earlyLists: EarlyListsOfPush,
    stopEarly: AbortController,
    listsDone: () => void,
  ): Promise<SyncPushResult> {
    const run = createPushRun(items, settleMs, options.onProgress)
    // Submitted behind a push that met a global pause or paused categories: what those cover is not sent (the
    // renderer claimed this batch before it knew of them); the same pauses are answered.
    if (before !== null) run.adopt(before.pause, before.categoryPauses)
    // A list started early stops with the push (or at once behind a global pause: nothing of this push is sent).
    if (before?.pause != null) stopEarly.abort()
    run.stop.signal.addEventListener(
      'abort',
      () => {
        stopEarly.abort()
      },
      { once: true },
    )
    const queue = new PQueue({ concurrency: concurrency() })
    const observe = (ms: number): void => {
      observeLatency(ms)
      const next = concurrency()
      if (queue.concurrency !== next) queue.concurrency = next
    }
    /** A group's list: the one made before the turn when it can be used (early-lists.ts), else listed now. */
    const listOf = async (g: ListGroup): Promise<ListOutcome> =>
      (await early.take(earlyLists, g)) ?? queue.add(() => listGroup(g, listDeps))
    /** Audit attempts made before an entry's write (its scope's list), by item index. */
    const priorAttempts = new Map<number, AuditAttempt[]>()
    /** How old each group's list is when its creates' requests leave (list-age.ts). */
    const ages = createListAges(now, options.listMaxAgeAtWriteMs)

    async function send(w: Work, resent: boolean, before: readonly AuditAttempt[] = []): Promise<void> {
      const group = isCreate(w) ? (groupOfScope.get(scopeKey(w.scope)) ?? '') : null
      const expired = group === null ? undefined : ages.expiry(group)
      const result = await sendWrite(
        { write: w.write, payload: w.payload, targetServerId: w.item.targetServerId },
        {
          client: options.client,
          budget: options.budget,
          signal: run.stop.signal,
          now,
          stopped: () => run.stoppedFor(w),
          expired,
          observe,
        },
      )
      run.addWriteStarts(w.index, result.writeStarts)
      if (group !== null) ages.wrote(group, result.writeStarts, result.type === 'stopped' && expired?.() === true && !run.stoppedFor(w))
      const attempts = [...before, ...(priorAttempts.get(w.index) ?? []), ...result.attempts]
      if (result.type === 'stopped') run.finishUnsent(w, attempts, null)
      else if (result.type === 'failed') settleFailure(run, w, result.error, attempts)
      else {
        if (w.item.operation === 'update' && result.serverId !== null && result.modifiedAt !== null)
          memory.noteModification(result.serverId, result.modifiedAt)
        const verifyAfter = resent && w.item.operation === 'create' ? new Date(now().getTime() + settleMs).toISOString() : null
        run.finish(w.index, 'synced', result.serverId, null, attempts, { verifyAfter })
      }
    }

    // 1. The writes (items were parsed at the IPC boundary).
    const valid: Work[] = items.map((item, index) => prepare(item, index, memory))

    // 2. Lost answers: an entry back `interrupted` (the renderer lost the answer of its last push) that this profile's
    // last push synced — a 201 naming its record, or a record proved its own — is synced again to it, no request.
    const live = valid.filter((w) => {
      const known = w.item.interrupted === true ? memory.syncedOf(w.item.clientId, w.item.revision) : null
      if (known === null) return true
      run.finish(w.index, 'synced', known.serverId, null, [], { verifyAfter: known.verifyAfter })
      return false
    })

    // 3. Settle: an unknown entry whose last write may still commit waits (no request). An entry the pauses of the
    // push before cover goes back (or stays unknown), no request.
    const nowMs = now().getTime()
    const ready = live.filter((w) => {
      if (run.stoppedFor(w)) {
        run.finishUnsent(w, [], null)
        return false
      }
      const last = w.item.reconcile ? run.lastWriteMs(w) : null
      if (last === null || last + settleMs <= nowMs) return true
      run.finishUnknown(w, null, [])
      return false
    })

    // 4–6. Lists, matching and writes, streamed: updates and deletes are sent at once; the creates of a list group are
    // matched as soon as that group's list has answered (every create's scope is listed before ITS write), then sent.
    // Entries of one scope are in one group, and keep the order of the batch.
    const creates = ready.filter(isCreate)
    const { groups, groupOfScope } = listGroups(creates.map((w) => w.scope))
    const listed = new Map<string, ListOutcome>()
    const listDeps = { client: options.client, budget: options.budget, signal: run.stop.signal, now, observe }
    const planContext = {
      groupOfScope,
      listed,
      ownClientId: options.ownClientId ?? null,
      serverOffsetMs: offset(),
      settleMs,
      heldBy: (id: string) => memory.holderOf(id),
    }
    const sendAll = (toSend: readonly { w: Work; resent: boolean }[]): Promise<unknown> =>
      Promise.all(toSend.map(({ w, resent }) => queue.add(() => send(w, resent))))
    // Updates and deletes: their record's scope read first when the clerk's read version is known (pre-read-run.ts).
    const changes = ready.filter((w) => !isCreate(w))
    const others = runChanges(changes, {
      run,
      memory,
      listDeps,
      enqueue: (task) => queue.add(task),
      send: (w, before) => queue.add(() => send(w, false, before)),
    })
    const byGroup = new Map<string, CreateWork[]>()
    for (const w of creates) {
      const key = groupOfScope.get(scopeKey(w.scope)) ?? ''
      const list = byGroup.get(key)
      if (list === undefined) byGroup.set(key, [w])
      else list.push(w)
    }
    const lists = groups.map((g) => ({ g, list: listOf(g) }))
    void Promise.allSettled(lists.map(({ list }) => list)).then(listsDone)
    await Promise.all([
      others,
      ...lists.map(async ({ g, list }) => {
        listed.set(g.key, await list)
        ages.listed(g.key)
        const plans = planCreates(byGroup.get(g.key) ?? [], planContext)
        await sendAll(plans.filter((p) => settlePlan(run, p, priorAttempts)).map((p) => ({ w: p.create, resent: p.create.item.reconcile })))
      }),
    ])

    // Safety net: every item has an outcome (a bug would otherwise lose an entry).
    for (const w of valid) run.finishUnsent(w, priorAttempts.get(w.index) ?? [], null)

    const { outcomes, pause, categoryPauses } = run.settle()
    const settled: SyncOutcome[] = outcomes.map((outcome, index) => {
      const item = items[index]
      if (item === undefined) return outcome
      // Interrupted push: the attempts of the push whose answer was lost come first.
      const carried = item.interrupted === true ? memory.attemptsOf(item.clientId, item.revision) : []
      const attempts = carried.length === 0 ? outcome.attempts : [...carried, ...outcome.attempts]
      const starts = run.writeStartsOf(index)
      memory.remember(item.clientId, item.revision, attempts, starts, outcome)
      return { ...outcome, attempts, sendWindow: windowOfStarts(starts) }
    })
    const result: SyncPushResult = { outcomes: settled, pause, categoryPauses }
    log.info('Synchronisation : lot traité', { ...pushSummary(result), ...ages.summary() })
    return result
  }

  return {
    push(items) {
      const before = lane.pending
      // Behind another push, the lists of this one start now (early-lists.ts), beside the writes ahead.
      const stopEarly = new AbortController()
      const earlyLists = before === null ? NO_EARLY_LISTS : early.start(items, lane.ahead, stopEarly.signal)
      let listsDone = (): void => undefined
      const mark: PushMark = { scopes: scopesWritten(items), listed: new Promise((resolve) => (listsDone = resolve)) }
      lane.ahead.add(mark)
      const mine = lane.run(async () =>
        runPush(items, before === null ? null : await before.catch(() => null), earlyLists, stopEarly, listsDone),
      )
      lane.pending = mine
      const clear = (): void => {
        listsDone()
        lane.ahead.delete(mark)
        if (lane.pending === mine) lane.pending = null
      }
      mine.then(clear, clear)
      return mine
    },
  }
}

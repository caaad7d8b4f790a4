/**
 * Lists before the turn (docs/exactly-once.md, issue 19): a push submitted behind another lists its first sends' scopes
 * while the push ahead writes, instead of after its last write, for scopes no push ahead writes to; at its turn it uses
 * such a list if it answered at most {@link EARLY_LIST_MAX_AGE_MS} before, else lists again (executor.ts).
 */
import PQueue from 'p-queue'
import { scopeKey, scopeOf, type EntryScope } from '../../src-shared/domain/fingerprint'
import type { SyncItem } from '../../src-shared/domain/sync-protocol'
import { listGroup, listGroups, type ListDeps, type ListGroup, type ListOutcome } from './listing'

/**
 * Oldest a list started before its push's turn may be when the push uses it, ms; older, the scope is listed again.
 * Assumption (not shown in the reference; docs/exactly-once.md "Lists before the turn"): a list taken while the push
 * ahead writes to other scopes is as good as one taken when the turn comes, as long as the wait is as short as a
 * push's own writes (a batch's last write already goes out that long after its list).
 */
export const EARLY_LIST_MAX_AGE_MS = 2_000

/** Lists started at most at once for the pushes waiting their turn (beside the writes of the push ahead). */
const EARLY_LIST_CONCURRENCY = 2

/** Fields a scope is made of (fingerprint.ts `scopeOf`): an update that changes one may move its record to another scope. */
const SCOPE_FIELDS = ['siren', 'matricule', 'periode', 'date_debut'] as const

/** A push submitted to a lane and not ended (executor.ts `PushLane.ahead`). */
export interface PushMark {
  /** The scopes it may write to ({@link scopesWritten}); null when one is unknown. */
  readonly scopes: ReadonlySet<string> | null
  /** Settles once its own lists have answered (its writes are under way) or it ended. */
  readonly listed: Promise<void>
}

/**
 * The scopes a push may write to: each create's, and the scope each update or delete was read in (`readVersion`). Null
 * when one is unknown: a change without a read version, an update of a scope field, a create whose scope cannot be read.
 */
export function scopesWritten(items: readonly SyncItem[]): ReadonlySet<string> | null {
  const scopes = new Set<string>()
  try {
    for (const item of items) {
      const read = item.readVersion ?? null
      if (item.operation === 'create') scopes.add(scopeKey(scopeOf(item.kind, item.payload)))
      else if (read === null) return null
      else if (item.operation === 'update' && SCOPE_FIELDS.some((field) => field in item.payload)) return null
      else scopes.add(scopeKey(read.scope))
    }
  } catch {
    return null
  }
  return scopes
}

/** A list started before its push's turn. */
interface EarlyList {
  readonly group: ListGroup
  readonly outcome: Promise<{ readonly listed: ListOutcome; readonly endedAt: number }>
}

/** The lists one push started before its turn, by list group key. */
export type EarlyListsOfPush = ReadonlyMap<string, EarlyList>

/** What a push behind no other starts early: nothing. */
export const NO_EARLY_LISTS: EarlyListsOfPush = new Map()

/** The early lists of one executor. */
export interface EarlyLists {
  /**
   * Starts the lists of a push submitted while others are `ahead` in the lane: the groups of its first-send creates
   * whose scopes no push ahead writes to (none when a push ahead has a write of unknown scope), once the push just
   * ahead has listed. Reconciling and interrupted creates are listed at their turn, after the settle time.
   * @param stop aborts the lists not answered yet (they end `ok: false`, error null)
   */
  start(items: readonly SyncItem[], ahead: Iterable<PushMark>, stop: AbortSignal): EarlyListsOfPush
  /**
   * At the push's turn, the early list of `group`: when it covers the same employees, succeeded and answered at most the
   * maximum age ago; else null (the group is listed now). Waits for it when it is still running.
   */
  take(lists: EarlyListsOfPush, group: ListGroup): Promise<ListOutcome | null>
}

/** Early lists through `deps` (the executor's client, budget, clock and latency meter); `maxAgeMs` as above. */
export function createEarlyLists(deps: Omit<ListDeps, 'signal'>, maxAgeMs: number = EARLY_LIST_MAX_AGE_MS): EarlyLists {
  const queue = new PQueue({ concurrency: EARLY_LIST_CONCURRENCY })
  return {
    start(items, ahead, stop) {
      const lists = new Map<string, EarlyList>()
      const written = new Set<string>()
      let last: PushMark | null = null
      for (const mark of ahead) {
        if (mark.scopes === null) return lists
        for (const key of mark.scopes) written.add(key)
        last = mark
      }
      // They wait for the push just ahead to have listed: its own lists go first, then these run beside its writes.
      const aheadListed = last?.listed ?? Promise.resolve()
      let scopes: EntryScope[]
      try {
        scopes = items.flatMap((i) =>
          i.operation === 'create' && !i.reconcile && i.interrupted !== true ? [scopeOf(i.kind, i.payload)] : [],
        )
      } catch {
        return lists
      }
      const listDeps: ListDeps = { ...deps, signal: stop }
      for (const group of listGroups(scopes).groups) {
        const { kind, siren, periode } = group
        if (group.matricules.some((matricule) => written.has(scopeKey({ kind, siren, matricule, periode })))) continue
        const outcome = aheadListed.then(() =>
          queue.add(async () => ({ listed: await listGroup(group, listDeps), endedAt: performance.now() })),
        )
        lists.set(group.key, { group, outcome })
      }
      return lists
    },
    async take(lists, group) {
      const started = lists.get(group.key)
      if (started === undefined || started.group.matricules.join('|') !== group.matricules.join('|')) return null
      const { listed, endedAt } = await started.outcome
      return listed.ok && performance.now() - endedAt <= maxAgeMs ? listed : null
    },
  }
}

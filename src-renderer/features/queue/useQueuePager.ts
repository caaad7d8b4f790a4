/**
 * Rows of the queue for a virtualised list: the count of the filter (`count`) and pages fetched on demand as
 * the visible range moves, a bounded cache, and a refresh after every committed write to the outbox (any window:
 * the outbox store's `rowChanges`). With 50 000 entries, only the pages around the screen are ever read, and each is
 * read by KEYSET from the nearest row already known (planPage: the edge of a cached page, or the top or bottom of
 * the queue), never by an offset counted from the top: the last rows of 50 000 cost what the first do.
 *
 * Rows and counts agree: a refresh reads the filter's count, the pages on screen AND the per-state and per-dossier
 * counts in one read-only transaction, and the queue screen shows those counts (`counts`), so a row never says
 * "En attente" beside a count saying everything is synced. (Issue 13: the list used to refresh only when the live
 * counts changed, 400 ms after them; rows changed without a count moving, a "doublon probable" flag, were missed.)
 *
 * While a sync drains thousands of entries, rows change many times a second: the first write after a quiet time
 * refreshes at once, further ones at most every REFRESH_DELAY_MS (one refresh in flight, at most one more queued),
 * and answers are kept even when a newer refresh started, so rows never starve behind an endless series of
 * refreshes. Only a new filter discards answers in flight.
 */
import { storeToRefs } from 'pinia'
import { onScopeDispose, ref, shallowRef, watch } from 'vue'
import type { Ref } from 'vue'

import type { SirenCounts, StateCounts } from '../../db/counts'
import type { EntryFilter } from '../../db/outbox-query'
import { useOutboxStore } from '../../stores/outbox'
import type { StoredEntry } from '../../stores/outbox'
import { pagesFor, pagesToEvict, planPage, rowAt } from './queuePages'
import { cursorOf } from '../../db/outbox-query'

export const QUEUE_PAGE_SIZE = 100
const MAX_CACHED_PAGES = 30
const REFRESH_DELAY_MS = 400

/** Per-state and per-dossier counts read together with the rows on screen. */
export interface QueueCountsSnapshot {
  readonly byState: StateCounts
  readonly bySiren: SirenCounts
}

/**
 * Pager over the outbox for `filter`. Call `visible(first, last)` whenever the rendered range changes.
 * @returns `total` (rows of the filter), `row(index)`, `counts` (read with the rows, null before the first read),
 *   `error` (message of the last failed read), `visible`, `reload`
 */
export function useQueuePager(filter: Ref<EntryFilter>) {
  const outbox = useOutboxStore()
  const { rowChanges } = storeToRefs(outbox)
  const total = ref(0)
  /** Counts read with the rows on screen; null until the first read answered (no counts without their rows). */
  const counts = shallowRef<QueueCountsSnapshot | null>(null)
  const pages = shallowRef(new Map<number, readonly StoredEntry[]>())
  const error = ref<string | null>(null)
  /** Changes with the filter only: answers for another filter are dropped. */
  let filterGen = 0
  let range: [number, number] = [0, 0]

  function store(gen: number, loaded: readonly (readonly [number, readonly StoredEntry[]])[]): void {
    if (gen !== filterGen) return
    const next = new Map(pages.value)
    for (const [page, rows] of loaded) next.set(page, rows)
    const center = Math.floor(range[0] / QUEUE_PAGE_SIZE)
    for (const evict of pagesToEvict(next.keys(), center, MAX_CACHED_PAGES)) next.delete(evict)
    pages.value = next
  }

  /** Reads `page` of a filter of `rowCount` rows from the nearest known row of `known` (pages read since the last refresh). */
  async function fetchPage(
    page: number,
    known: ReadonlyMap<number, readonly StoredEntry[]>,
    rowCount: number,
  ): Promise<readonly [number, readonly StoredEntry[]]> {
    const full = [...known].filter(([, rows]) => rows.length === QUEUE_PAGE_SIZE).map(([p]) => p)
    const loaded = [...known].filter(([, rows]) => rows.length > 0).map(([p]) => p)
    const plan = planPage(page, QUEUE_PAGE_SIZE, rowCount, full, loaded)
    const anchorRows = plan.anchor === null ? undefined : known.get(plan.anchor)
    const anchorRow = plan.direction === 'after' ? anchorRows?.[anchorRows.length - 1] : anchorRows?.[0]
    const cursor = anchorRow === undefined ? null : cursorOf(anchorRow)
    const rows =
      plan.direction === 'after'
        ? await outbox.queryAfter(filter.value, cursor, plan.limit, plan.skip)
        : await outbox.queryBefore(filter.value, cursor, plan.limit, plan.skip)
    return [page, rows] as const
  }

  /** The first page the screen needs that is not cached: visible rows first, then the margin around them. */
  function nextWanted(): number | undefined {
    const missing = (margin: number): number | undefined =>
      pagesFor(range[0], range[1], total.value, QUEUE_PAGE_SIZE, margin).find((p) => !pages.value.has(p))
    return missing(0) ?? missing(1)
  }

  /**
   * Loads missing pages one at a time, always the one the CURRENT range needs: when the clerk drags the scrollbar
   * across 50 000 rows, the pages flown over are never read (IndexedDB serves requests in order, so queued reads
   * of pages already gone from the screen would delay the ones that matter).
   */
  let pumping = false
  async function pump(): Promise<void> {
    if (pumping) return
    pumping = true
    try {
      for (let page = nextWanted(); page !== undefined; page = nextWanted()) {
        const gen = filterGen
        const loaded = await fetchPage(page, pages.value, total.value)
        if (gen !== filterGen) continue
        store(gen, [loaded])
      }
    } catch (thrown) {
      error.value = thrown instanceof Error ? thrown.message : String(thrown)
    } finally {
      pumping = false
    }
  }

  /** The list shows rows `first`..`last`: loads the pages they need that are not cached. */
  function visible(first: number, last: number): void {
    range = [first, last]
    void pump()
  }

  /**
   * The filter's count, the pages on screen and the counts, in one read transaction; `reset` drops the cache first
   * (new filter). Pages off screen are dropped (stale); the first page on screen is read from an end of the queue
   * and each next one from the fresh one before it (stale rows are never used as cursors).
   */
  async function reload(reset: boolean): Promise<void> {
    if (reset) {
      filterGen += 1
      pages.value = new Map()
    }
    const gen = filterGen
    try {
      const read = await outbox.readTogether(async () => {
        const n = await outbox.count(filter.value)
        const fresh = new Map<number, readonly StoredEntry[]>()
        for (const page of pagesFor(range[0], range[1], n, QUEUE_PAGE_SIZE)) {
          const [p, rows] = await fetchPage(page, fresh, n)
          fresh.set(p, rows)
        }
        return { n, fresh, counts: await outbox.readCounts() }
      })
      if (gen !== filterGen) return
      total.value = read.n
      counts.value = read.counts
      error.value = null
      pages.value = new Map()
      store(gen, [...read.fresh])
      void pump()
    } catch (thrown) {
      if (gen === filterGen) error.value = thrown instanceof Error ? thrown.message : String(thrown)
    }
  }

  watch(
    filter,
    () => {
      void reload(true)
    },
    { deep: true, immediate: true },
  )

  // Refresh after outbox writes: at once after a quiet time, then at most every REFRESH_DELAY_MS while writes keep
  // coming (a big sync writes for minutes); never two at a time, and always one after the last write.
  let refreshing = false
  let again = false
  let lastStart = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined
  function schedule(): void {
    if (refreshing) {
      again = true
      return
    }
    if (timer !== undefined) return
    const wait = lastStart + REFRESH_DELAY_MS - Date.now()
    if (wait <= 0) {
      void refresh()
      return
    }
    timer = setTimeout(() => {
      timer = undefined
      void refresh()
    }, wait)
  }
  async function refresh(): Promise<void> {
    refreshing = true
    lastStart = Date.now()
    try {
      await reload(false)
    } finally {
      refreshing = false
      if (again) {
        again = false
        schedule()
      }
    }
  }
  watch(rowChanges, schedule)
  onScopeDispose(() => {
    clearTimeout(timer)
  })

  /** The entry at `index`, or undefined while loading. */
  function row(index: number): StoredEntry | undefined {
    return rowAt(pages.value, index, QUEUE_PAGE_SIZE)
  }

  return { total, row, counts, visible, reload, error }
}

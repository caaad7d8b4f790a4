/**
 * Rows of the queue for a virtualised list: the count of the filter (`count`) and pages fetched on demand as
 * the visible range moves, a bounded cache, and a refresh when entries change (counts move during a sync). With
 * 50 000 entries, only the pages around the screen are ever read, and each is read by KEYSET from the nearest row
 * already known (planPage: the edge of a cached page, or the top or bottom of the queue), never by an offset
 * counted from the top: the last rows of 50 000 cost what the first do.
 *
 * While a sync drains thousands of entries, counts change many times a second: refreshes are coalesced (one in
 * flight, at most one more queued) and their answers are kept even when a newer refresh started, so rows never
 * starve behind an endless series of refreshes. Only a new filter discards answers in flight.
 */
import { storeToRefs } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import type { Ref } from 'vue'

import type { EntryFilter } from '../../db/outbox-query'
import { useOutboxStore } from '../../stores/outbox'
import type { StoredEntry } from '../../stores/outbox'
import { pagesFor, pagesToEvict, planPage, rowAt } from './queuePages'
import { cursorOf } from '../../db/outbox-query'

export const QUEUE_PAGE_SIZE = 100
const MAX_CACHED_PAGES = 30
const REFRESH_DELAY_MS = 400

/** Pager over the outbox for `filter`. Call `visible(first, last)` whenever the rendered range changes. */
export function useQueuePager(filter: Ref<EntryFilter>) {
  const outbox = useOutboxStore()
  const { countsByState } = storeToRefs(outbox)
  const total = ref(0)
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

  /** Reads `page` from the nearest known row of `known` (pages read since the last refresh). */
  async function fetchPage(page: number, known: ReadonlyMap<number, readonly StoredEntry[]>): Promise<readonly [number, readonly StoredEntry[]]> {
    const full = [...known].filter(([, rows]) => rows.length === QUEUE_PAGE_SIZE).map(([p]) => p)
    const loaded = [...known].filter(([, rows]) => rows.length > 0).map(([p]) => p)
    const plan = planPage(page, QUEUE_PAGE_SIZE, total.value, full, loaded)
    const anchorRows = plan.anchor === null ? undefined : known.get(plan.anchor)
    const anchorRow = plan.direction === 'after' ? anchorRows?.[anchorRows.length - 1] : anchorRows?.[0]
    const cursor = anchorRow === undefined ? null : cursorOf(anchorRow)
    const rows = plan.direction === 'after'
      ? await outbox.queryAfter(filter.value, cursor, plan.limit, plan.skip)
      : await outbox.queryBefore(filter.value, cursor, plan.limit, plan.skip)
    return [page, rows] as const
  }

  /** The first page the screen needs that is not cached: visible rows first, then the margin around them. */
  function nextWanted(): number | undefined {
    const missing = (margin: number): number | undefined => pagesFor(range[0], range[1], total.value, QUEUE_PAGE_SIZE, margin).find((p) => !pages.value.has(p))
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
        const loaded = await fetchPage(page, pages.value)
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

  /** Count, then the pages on screen; `reset` drops the cache first (new filter). */
  async function reload(reset: boolean): Promise<void> {
    if (reset) {
      filterGen += 1
      pages.value = new Map()
    }
    const gen = filterGen
    try {
      const n = await outbox.count(filter.value)
      if (gen !== filterGen) return
      total.value = n
      error.value = null
      const wanted = pagesFor(range[0], range[1], n, QUEUE_PAGE_SIZE)
      // Pages off screen are stale now: drop them, refetch those on screen, the first from an end of the queue
      // and each next one from the fresh one before it (stale rows are never used as cursors).
      if (!reset) pages.value = new Map([...pages.value].filter(([p]) => wanted.includes(p)))
      const fresh = new Map<number, readonly StoredEntry[]>()
      for (const page of wanted) {
        const [p, rows] = await fetchPage(page, fresh)
        if (gen !== filterGen) return
        fresh.set(p, rows)
      }
      store(gen, [...fresh])
      void pump()
    } catch (thrown) {
      if (gen === filterGen) error.value = thrown instanceof Error ? thrown.message : String(thrown)
    }
  }

  watch(filter, () => { void reload(true) }, { deep: true, immediate: true })

  // Coalesced refresh after entries change.
  let refreshing = false
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  async function refresh(): Promise<void> {
    if (refreshing) {
      again = true
      return
    }
    refreshing = true
    try {
      await reload(false)
    } finally {
      refreshing = false
      if (again) {
        again = false
        setTimeout(() => { void refresh() }, REFRESH_DELAY_MS)
      }
    }
  }
  // Throttled, not debounced: counts may change every few milliseconds for minutes during a big sync.
  watch(countsByState, () => {
    if (timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      void refresh()
    }, REFRESH_DELAY_MS)
  }, { deep: true })

  /** The entry at `index`, or undefined while loading. */
  function row(index: number): StoredEntry | undefined {
    return rowAt(pages.value, index, QUEUE_PAGE_SIZE)
  }

  return { total, row, visible, reload, error }
}

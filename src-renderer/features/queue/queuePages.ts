/**
 * Page bookkeeping of the virtualised queue list: which pages of `pageSize` rows cover the rows on screen, and
 * the row at an index from the loaded pages. Pure; tested in node.
 */

/** Page indexes covering rows `first`..`last` (inclusive), plus `margin` pages on each side, within `total` rows. */
export function pagesFor(first: number, last: number, total: number, pageSize: number, margin = 1): number[] {
  if (total <= 0 || last < first) return []
  const lastPage = Math.floor((total - 1) / pageSize)
  const from = Math.max(0, Math.floor(Math.max(0, first) / pageSize) - margin)
  const to = Math.min(lastPage, Math.floor(Math.min(last, total - 1) / pageSize) + margin)
  const pages: number[] = []
  for (let p = from; p <= to; p += 1) pages.push(p)
  return pages
}

/** The row at `index` from `pages` (page index -> rows), or undefined while its page is not loaded. */
export function rowAt<T>(pages: ReadonlyMap<number, readonly T[]>, index: number, pageSize: number): T | undefined {
  return pages.get(Math.floor(index / pageSize))?.[index % pageSize]
}

/** Pages to drop so that at most `keep` pages stay cached: the farthest from `center` first. */
export function pagesToEvict(loaded: Iterable<number>, center: number, keep: number): number[] {
  const sorted = [...loaded].sort((a, b) => Math.abs(b - center) - Math.abs(a - center))
  return sorted.slice(0, Math.max(0, sorted.length - keep))
}

/**
 * How to read page `page` by keyset (outbox-query.ts queryAfter / queryBefore): from the nearest row already known,
 * i.e. the last row of a loaded page above it (`after`), the first row of a loaded page below it (`before`), the top
 * of the queue (`after`, anchor null) or its bottom (`before`, anchor null), skipping the fewest rows. The page just
 * below a loaded page skips none, however deep it is.
 */
export interface PagePlan {
  readonly direction: 'after' | 'before'
  /** Loaded page whose edge row is the cursor; null for the top (`after`) or the bottom (`before`). */
  readonly anchor: number | null
  readonly skip: number
  readonly limit: number
}

/**
 * Plan to read `page` (rows `page * pageSize` … within `total`) given the pages loaded (`full`: loaded with
 * `pageSize` rows, usable as an `after` anchor; `loaded`: a non-empty loaded page, usable as a `before` anchor).
 */
export function planPage(page: number, pageSize: number, total: number, full: Iterable<number>, loaded: Iterable<number>): PagePlan {
  const start = page * pageSize
  const end = Math.max(start, Math.min(total, start + pageSize))
  const limit = Math.max(pageSize, end - start)
  let best: PagePlan = { direction: 'after', anchor: null, skip: start, limit }
  const consider = (plan: PagePlan): void => {
    if (plan.skip >= 0 && plan.skip < best.skip) best = plan
  }
  if (total > 0 && end > start) consider({ direction: 'before', anchor: null, skip: total - end, limit: end - start })
  for (const q of full) if (q < page) consider({ direction: 'after', anchor: q, skip: (page - q - 1) * pageSize, limit })
  for (const q of loaded)
    if (q > page && end > start) consider({ direction: 'before', anchor: q, skip: q * pageSize - end, limit: end - start })
  return best
}

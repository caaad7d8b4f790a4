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

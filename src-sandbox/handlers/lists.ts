/**
 * List helpers of the sandbox: paging, stable sorting, accent-insensitive search, period and date arithmetic.
 * Paging (assumption, common.ts): 1-based `page`, `taille` 50 by default and 500 at most, envelope
 * `{ elements, page, taille, total }` with `total` counting every match.
 */
import { DEFAULT_PAGE_SIZE, type PageOf } from '../../src-shared/api/common'

/** Paging parameters as parsed (both optional). */
export interface PagingParams {
  readonly page?: number | undefined
  readonly taille?: number | undefined
}

/** The requested page of `items` (already filtered and sorted). A page past the end has no elements. */
export function paginate<T>(items: readonly T[], query: PagingParams): PageOf<T> {
  const page = query.page ?? 1
  const taille = query.taille ?? DEFAULT_PAGE_SIZE
  const start = (page - 1) * taille
  return { elements: items.slice(start, start + taille), page, taille, total: items.length }
}

/** Compares by several string keys in order (stable ordering for every list). */
export function byKeys<T>(...keys: ((item: T) => string)[]): (a: T, b: T) => number {
  return (a, b) => {
    for (const key of keys) {
      const x = key(a)
      const y = key(b)
      if (x < y) return -1
      if (x > y) return 1
    }
    return 0
  }
}

/** Lower case without diacritics (`'Éloïse'` → `'eloise'`), for case- and accent-insensitive search. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** First day of a period `YYYY-MM` → `YYYY-MM-01`. */
export function periodStart(periode: string): string {
  return `${periode}-01`
}

/** Last day of a period `YYYY-MM` → `YYYY-MM-28…31` (Gregorian). */
export function periodEnd(periode: string): string {
  const [y, m] = periode.split('-').map(Number)
  const last = new Date(Date.UTC(y ?? 1970, m ?? 1, 0)).getUTCDate()
  return `${periode}-${String(last).padStart(2, '0')}`
}

/** True when the closed date ranges [a1, a2] and [b1, b2] share a day; null ends are open. */
export function rangesOverlap(a1: string, a2: string | null, b1: string | null, b2: string | null): boolean {
  return (b2 === null || a1 <= b2) && (a2 === null || b1 === null || b1 <= a2)
}

/** Days since the epoch of a `YYYY-MM-DD` date (UTC). */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000)
}

/** Copy of `obj` without `keys` (for answer shapes that leave fields out). */
export function omitKeys<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Omit<T, K> {
  const drop = new Set<PropertyKey>(keys)
  return Object.fromEntries(Object.entries(obj).filter(([key]) => !drop.has(key))) as Omit<T, K>
}

/** Server-set fields of the entry records, left out when a record is merged with a PATCH. */
export const SERVER_FIELDS = ['id', 'date_creation', 'date_modification', 'cree_par'] as const

/** True when `values` is absent (no filter) or contains `value`. */
export function matchesFilter<T>(values: readonly T[] | undefined, value: T): boolean {
  return values === undefined || values.includes(value)
}

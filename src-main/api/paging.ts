/**
 * Every page of a list operation of the payroll API: the one paging loop of main (reference refresh, declaration
 * search, the sync's pre-send lists). A list answer is the envelope `{ elements, page, taille, total }`
 * (src-shared/api/common.ts `Page`, assumption: not shown in reference); pages are numbered from 1.
 *
 * Rules:
 * - the last page is the first one that is empty or whose `page × taille` reaches `total` (the `total` of each
 *   answer: records added between two pages are still read when the pages are read one after the other);
 * - a server that never ends (a `total` that keeps growing, a page parameter ignored, a `taille` that does not
 *   move the count) is stopped after {@link MAX_PAGES} pages with an {@link ApiError} `PAGINATION_SANS_FIN`, a
 *   global failure of a read: nothing partial is returned.
 */
import type { PageOf } from '../../src-shared/api/common'
import { ApiError } from './errors'

/**
 * Most pages read from one list (1,000 pages: 500,000 records at the largest page size of 500, far above a
 * cabinet's employees or declarations; assumption: not shown in reference).
 */
export const MAX_PAGES = 1_000

/** Code of the {@link ApiError} raised when a list does not end within the page limit. */
export const PAGINATION_SANS_FIN = 'PAGINATION_SANS_FIN'

/** Options of {@link fetchAllPages}. */
export interface PagingOptions {
  /**
   * False (default): pages are read one after the other, each answer's `total` deciding whether another follows.
   * True: the first page is read, then every other page its `total` announces is asked at once (the caller's
   * `fetchPage` bounds the concurrency, e.g. through a queue).
   */
  readonly concurrent?: boolean
  /** Most pages read (default {@link MAX_PAGES}). */
  readonly maxPages?: number
}

/** True when `answer`, the answer for page number `page` (from 1), is the last page of its list. */
export function isLastPage(answer: PageOf<unknown>, page: number): boolean {
  return answer.elements.length === 0 || page * answer.taille >= answer.total
}

/** The error of a list that does not end within `maxPages` pages. */
function endlessList(operation: string, maxPages: number, total: number): ApiError {
  return new ApiError({
    operation,
    method: 'GET',
    status: null,
    body: null,
    retryAfterMs: null,
    errorClass: 'global',
    code: PAGINATION_SANS_FIN,
    message: `endless list (${operation}: over ${String(maxPages)} pages, ${String(total)} items announced); read stopped, nothing kept`,
    params: { operation, max: maxPages, annonces: total },
  })
}

/**
 * Reads every page of one list.
 * @param operation operation id of the list (e.g. `listerSalaries`), named in the error.
 * @param fetchPage asks page `page` (from 1) of the list; its rejection rejects the whole read.
 * @returns every element, in page order.
 * @throws ApiError `PAGINATION_SANS_FIN` when the list has not ended after `maxPages` pages (with `concurrent`, as
 *   soon as the first page announces more); whatever `fetchPage` throws.
 */
export async function fetchAllPages<T>(
  operation: string,
  fetchPage: (page: number) => Promise<PageOf<T>>,
  options: PagingOptions = {},
): Promise<T[]> {
  const maxPages = Math.max(1, options.maxPages ?? MAX_PAGES)
  const first = await fetchPage(1)
  if (isLastPage(first, 1)) return [...first.elements]
  if (options.concurrent === true) {
    const pages = Math.ceil(first.total / Math.max(1, first.taille))
    if (pages > maxPages) throw endlessList(operation, maxPages, first.total)
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => fetchPage(i + 2)))
    return [first, ...rest].flatMap((p) => p.elements)
  }
  const elements = [...first.elements]
  let total = first.total
  for (let page = 2; ; page += 1) {
    if (page > maxPages) throw endlessList(operation, maxPages, total)
    const answer = await fetchPage(page)
    elements.push(...answer.elements)
    total = answer.total
    if (isLastPage(answer, page)) return elements
  }
}

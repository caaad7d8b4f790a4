/**
 * The service's records of one dossier and period (issue 14, point 1): EVP, absences, frais professionnels,
 * primes-indemnités, avantages en nature and acomptes, each list read whole through the one paging helper of main
 * (api/paging.ts, pages of 500). Main fetches, the renderer caches (`records:refresh`).
 *
 * Filters (docs/api-assumptions.md #17 and #44): the period kinds by `periode`; absences by `du`/`au` over the days
 * of the month (an absence meeting the month is listed, wherever it starts). A list refused for a missing right
 * (403 DROIT_MANQUANT) is reported for its kind only; any other failure fails the whole read (nothing partial).
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { Categorie } from '../../src-shared/api/categories'
import type { RecordsRefreshInput, RecordsRefreshResult } from '../../src-shared/domain/service-records'
import { periodEnd, periodStart } from '../../src-shared/domain/validation/calendar'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { fetchAllPages } from '../api/paging'
import type { RateBudget } from '../sync/rate-budget'

/** Options of {@link fetchServiceRecords}. */
export interface RecordsFetchOptions {
  /** Rate budget of the connection: every request takes a permit when given. */
  readonly budget?: RateBudget
  /** Clock of `fetchedAt` (default real time). */
  readonly now?: () => Date
}

/** What one kind's read gave. */
type KindRead<T> = { status: 'ok'; records: T[] } | { status: 'droit_manquant'; droit: Categorie }

/**
 * Every record of `input.siren` in `input.periode`, kind by kind.
 * @returns the records per kind (or the missing right of a refused kind) and `fetchedAt`, the instant the read
 *   started (ISO 8601).
 * @throws ApiError for any failure other than a missing right on one kind's list (PAGINATION_SANS_FIN included).
 */
export async function fetchServiceRecords(
  client: Pick<ApiClient, 'call'>,
  input: RecordsRefreshInput,
  options: RecordsFetchOptions = {},
): Promise<RecordsRefreshResult> {
  const fetchedAt = (options.now ?? (() => new Date()))().toISOString()
  const { siren, periode } = input
  const byPeriod = { siren, periode, taille: MAX_PAGE_SIZE }
  const byDays = { siren, du: periodStart(periode), au: periodEnd(periode), taille: MAX_PAGE_SIZE }

  /** Runs one request with a permit of the budget. */
  async function limited<T>(request: () => Promise<T>): Promise<T> {
    const release = options.budget === undefined ? null : await options.budget.acquire()
    try {
      return await request()
    } finally {
      release?.()
    }
  }

  /** One kind's list, or its missing right. */
  async function read<T>(list: () => Promise<T[]>): Promise<KindRead<T>> {
    try {
      return { status: 'ok', records: await list() }
    } catch (error) {
      if (error instanceof ApiError && error.missingRight !== undefined) return { status: 'droit_manquant', droit: error.missingRight }
      throw error
    }
  }

  const [evp, absence, frais, prime, avantage, acompte] = await Promise.all([
    read(() => fetchAllPages('listerEvp', (page) => limited(() => client.call('listerEvp', { query: { ...byPeriod, page } })))),
    read(() => fetchAllPages('listerAbsences', (page) => limited(() => client.call('listerAbsences', { query: { ...byDays, page } })))),
    read(() =>
      fetchAllPages('listerFraisProfessionnels', (page) =>
        limited(() => client.call('listerFraisProfessionnels', { query: { ...byPeriod, page } })),
      ),
    ),
    read(() =>
      fetchAllPages('listerPrimesIndemnites', (page) =>
        limited(() => client.call('listerPrimesIndemnites', { query: { ...byPeriod, page } })),
      ),
    ),
    read(() =>
      fetchAllPages('listerAvantagesNature', (page) =>
        limited(() => client.call('listerAvantagesNature', { query: { ...byPeriod, page } })),
      ),
    ),
    read(() => fetchAllPages('listerAcomptes', (page) => limited(() => client.call('listerAcomptes', { query: { ...byPeriod, page } })))),
  ])
  return { siren, periode, fetchedAt, kinds: { evp, absence, frais, prime, avantage, acompte } }
}

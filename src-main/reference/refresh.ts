/**
 * Reference data for offline entry (ARCHITECTURE.md "Reference data"): the user's rights, the dossiers with their
 * establishments and `periode_paie_en_cours`, the employees of each dossier (with their contract summaries) and the
 * code lists of each dossier (absences, EVP, primes-indemnités). Main fetches, the renderer caches.
 *
 * Requests run concurrently, bounded by a queue (default 4 at once) and, when given, the connection's rate budget.
 * Lists are read in pages of 500 (the API's largest). A code list refused for a missing right (403 DROIT_MANQUANT)
 * becomes an empty list and is logged (operation and SIREN only); any other failure fails the whole refresh.
 */
import PQueue from 'p-queue'
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { Dossier } from '../../src-shared/api/dossiers'
import type { Salarie } from '../../src-shared/api/salaries'
import type { ReferenceSnapshot } from '../../src-shared/domain/reference'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { fetchAllPages } from '../api/paging'
import { log } from '../log'
import type { RateBudget } from '../sync/rate-budget'

/** Default number of reference requests in flight at once (assumption: a light load on the service). */
export const DEFAULT_REFERENCE_CONCURRENCY = 4

/** Lists are read first page first, then the other pages at once (bounded by the request queue). */
const CONCURRENT = { concurrent: true } as const

/** Options of {@link fetchReferenceSnapshot}. */
export interface ReferenceFetchOptions {
  /** Requests in flight at once (default {@link DEFAULT_REFERENCE_CONCURRENCY}). */
  readonly concurrency?: number
  /** Rate budget of the connection: every request takes a permit when given. */
  readonly budget?: RateBudget
  /** Clock of `fetchedAt` (default real time). */
  readonly now?: () => Date
}

/**
 * Fetches the reference snapshot of some dossiers, or of every dossier assigned to the user.
 * @param sirens dossiers to fetch (each read with GET /api/dossiers/{siren}); absent: every listed dossier.
 * @returns the snapshot; `fetchedAt` is the instant the fetch started (the data is at least that fresh).
 * @throws ApiError for any failure other than a missing right on a code list.
 */
export async function fetchReferenceSnapshot(
  client: ApiClient,
  sirens?: readonly string[],
  options: ReferenceFetchOptions = {},
): Promise<ReferenceSnapshot> {
  const fetchedAt = (options.now ?? (() => new Date()))().toISOString()
  const queue = new PQueue({ concurrency: Math.max(1, options.concurrency ?? DEFAULT_REFERENCE_CONCURRENCY) })

  /** Runs one request in the queue, with a permit of the budget. */
  function limited<T>(request: () => Promise<T>): Promise<T> {
    return queue.add(async () => {
      const release = options.budget === undefined ? null : await options.budget.acquire()
      try {
        return await request()
      } finally {
        release?.()
      }
    })
  }

  /** A code list, or an empty one when the right is missing (logged). */
  async function codes<T>(operation: string, siren: string, request: () => Promise<T[]>): Promise<T[]> {
    try {
      return await limited(request)
    } catch (error) {
      if (error instanceof ApiError && error.missingRight !== undefined) {
        log.warn('Référentiel : liste de codes refusée (droit manquant), liste vide', { operation, siren, droit: error.missingRight })
        return []
      }
      throw error
    }
  }

  const [moi, dossiers] = await Promise.all([
    limited(() => client.call('moi')),
    sirens === undefined
      ? fetchAllPages<Dossier>(
          'listerDossiers',
          (page) => limited(() => client.call('listerDossiers', { query: { page, taille: MAX_PAGE_SIZE } })),
          CONCURRENT,
        )
      : Promise.all([...new Set(sirens)].map((siren) => limited(() => client.call('lireDossier', { params: { siren } })))),
  ])

  const perDossier = await Promise.all(
    dossiers.map(async (dossier) => {
      const siren = dossier.siren
      const [salaries, codesAbsences, codesEvp, codesPrimes] = await Promise.all([
        fetchAllPages<Salarie>(
          'listerSalaries',
          (page) => limited(() => client.call('listerSalaries', { query: { siren: [siren], page, taille: MAX_PAGE_SIZE } })),
          CONCURRENT,
        ),
        codes<CodeAbsence>('listerCodesAbsencesDossier', siren, () => client.call('listerCodesAbsencesDossier', { params: { siren } })),
        codes<CodeEvp>('listerCodesEvp', siren, () => client.call('listerCodesEvp', { query: { siren } })),
        codes<CodePrimeIndemnite>('listerCodesPrimesIndemnites', siren, () =>
          client.call('listerCodesPrimesIndemnites', { query: { siren } }),
        ),
      ])
      return { siren, salaries, codesAbsences, codesEvp, codesPrimes }
    }),
  )

  return {
    fetchedAt,
    droits: moi.droits,
    dossiers,
    salaries: perDossier.flatMap((d) => d.salaries),
    codesAbsences: Object.fromEntries(perDossier.map((d) => [d.siren, d.codesAbsences])),
    codesEvp: Object.fromEntries(perDossier.map((d) => [d.siren, d.codesEvp])),
    codesPrimesIndemnites: Object.fromEntries(perDossier.map((d) => [d.siren, d.codesPrimes])),
  }
}

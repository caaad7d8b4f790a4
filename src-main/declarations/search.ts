/**
 * Cabinet-wide search of DSN (V1.7.0 "cross-dossier search" and "sending dates on declarations"): the periodic list
 * (GET /api/declarations) and the event-based one (GET /api/declarations-evenementielles), every page of each, with
 * the same server-side filters (several `siren`, period range, sending-date range; decision 21).
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { DeclarationRow, DeclarationsSearchInput, DeclarationsSearchResult } from '../../src-shared/domain/declarations'
import type { ApiClient } from '../api/client'
import { fetchAllPages } from '../api/paging'
import type { RateBudget } from '../sync/rate-budget'

/** Options of {@link searchDeclarations}. */
export interface DeclarationSearchOptions {
  /** Rate budget of the connection: every request takes a permit when given. */
  readonly budget?: RateBudget
  /** Clock of `fetchedAt` (default real time). */
  readonly now?: () => Date
}

/**
 * Every declaration matching `input`, periodic then event-based, in the server's order (latest period first).
 * `fetchedAt` is the instant the search started.
 * @throws ApiError on any failure (nothing partial is returned).
 */
export async function searchDeclarations(
  client: Pick<ApiClient, 'call'>,
  input: DeclarationsSearchInput,
  options: DeclarationSearchOptions = {},
): Promise<DeclarationsSearchResult> {
  const fetchedAt = (options.now ?? (() => new Date()))().toISOString()
  const kinds = input.kinds ?? ['periodique', 'evenementielle']
  const query = {
    ...(input.sirens === undefined ? {} : { siren: input.sirens }),
    ...(input.periodeDu === undefined ? {} : { periode_du: input.periodeDu }),
    ...(input.periodeAu === undefined ? {} : { periode_au: input.periodeAu }),
    ...(input.dateEnvoiDu === undefined ? {} : { date_envoi_du: input.dateEnvoiDu }),
    ...(input.dateEnvoiAu === undefined ? {} : { date_envoi_au: input.dateEnvoiAu }),
    ...(input.statuts === undefined ? {} : { statut: input.statuts }),
    taille: MAX_PAGE_SIZE,
  }

  async function limited<T>(request: () => Promise<T>): Promise<T> {
    const release = options.budget === undefined ? null : await options.budget.acquire()
    try {
      return await request()
    } finally {
      release?.()
    }
  }

  const [periodiques, evenementielles] = await Promise.all([
    kinds.includes('periodique')
      ? fetchAllPages('listerDeclarations', (page) => limited(() => client.call('listerDeclarations', { query: { ...query, page } })))
      : Promise.resolve([]),
    kinds.includes('evenementielle')
      ? fetchAllPages('listerDeclarationsEvenementielles', (page) =>
          limited(() => client.call('listerDeclarationsEvenementielles', { query: { ...query, page } })),
        )
      : Promise.resolve([]),
  ])
  const declarations: DeclarationRow[] = [
    ...periodiques.map((d) => ({ ...d, kind: 'periodique' as const })),
    ...evenementielles.map((d) => ({ ...d, kind: 'evenementielle' as const })),
  ]
  return { fetchedAt, declarations }
}

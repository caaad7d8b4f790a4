/**
 * Cumuls through main's typed client (issue 16, point 4): the filtered list of a dossier's year (every page), and ONE
 * PUT of the grid's cells with the exactly-once rule of #69 (src-shared/domain/cumuls.ts):
 *
 * - a PUT whose answer is lost (a write classified `unknown`, #39) is followed at once by a read of the year; the
 *   outcome is `applied` when the read shows every item, else `unknown` with the items not shown and `settleUntil`
 *   (request timeout + margin: the write may still commit late);
 * - a PUT sent again after a lost answer (`afterLostAnswer`) reads the year BEFORE sending and sends only the items
 *   the read does not show (none: `already_applied`, nothing sent); the answer's indexes are mapped back onto the
 *   input's `elements`.
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { Cumul } from '../../src-shared/api/bulletins'
import {
  filterOfItems,
  readBackIndexes,
  type CumulsFilter,
  type CumulsListResult,
  type CumulsPutOutcome,
} from '../../src-shared/domain/cumuls'
import type { ChannelInput } from '../../src-shared/ipc/contract'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { fetchAllPages } from '../api/paging'
import type { RateBudget } from '../sync/rate-budget'
import { settleMsOf } from '../sync/window'
import { withPermit } from './permit'

/** What the cumuls operations need of a connection. */
export interface CumulsDeps {
  readonly client: Pick<ApiClient, 'call'>
  /** Rate budget of the connection: every request takes a permit when given. */
  readonly budget?: RateBudget
  /** Request timeout of the connection in ms (settle time of a lost answer). */
  readonly timeoutMs: number
  /** Local clock (tests). */
  readonly now?: () => Date
}

function nowOf(deps: CumulsDeps): Date {
  return (deps.now ?? (() => new Date()))()
}

/** Every cumul of `siren`'s year `annee` passing `filtre` (all pages). @throws ApiError. */
async function readYear(deps: CumulsDeps, siren: string, annee: number, filtre: CumulsFilter): Promise<Cumul[]> {
  return fetchAllPages('listerCumuls', (page) =>
    withPermit(deps.budget, () =>
      deps.client.call('listerCumuls', {
        query: {
          siren,
          annee,
          page,
          taille: MAX_PAGE_SIZE,
          ...(filtre.categories.length === 0 ? {} : { categorie: filtre.categories }),
          ...(filtre.cumuls.length === 0 ? {} : { cumul: filtre.cumuls }),
          ...(filtre.codeMoteur === null ? {} : { code_moteur: filtre.codeMoteur }),
        },
      }),
    ),
  )
}

/** The filtered cumuls of a dossier's year, read at `fetchedAt`. @throws ApiError. */
export async function listCumuls(deps: CumulsDeps, input: ChannelInput<'cumuls:list'>): Promise<CumulsListResult> {
  const fetchedAt = nowOf(deps).toISOString()
  const cumuls = await readYear(deps, input.siren, input.annee, input.filtre)
  return { siren: input.siren, annee: input.annee, filtre: input.filtre, fetchedAt, cumuls }
}

/** The year as the service holds it for the items' codes, or null when it cannot be read. */
async function tryReadBack(deps: CumulsDeps, input: ChannelInput<'cumuls:put'>): Promise<Cumul[] | null> {
  try {
    return await readYear(deps, input.siren, input.annee, filterOfItems(input.elements))
  } catch {
    return null
  }
}

function errorOf(error: ApiError): NonNullable<CumulsPutOutcome['error']> {
  return { code: error.code, message: error.message, params: error.params }
}

const NONE: Omit<CumulsPutOutcome, 'result'> = { retour: null, unconfirmed: [], error: null, settleUntil: null }

/**
 * Sends the cumuls of one dossier's year as ONE PUT with the exactly-once rule of #69 (module comment).
 * @returns the outcome; never throws for an API failure (it is the outcome), only for a programming error
 */
export async function putCumuls(deps: CumulsDeps, input: ChannelInput<'cumuls:put'>): Promise<CumulsPutOutcome> {
  const { siren, annee } = input
  // Indexes (into input.elements) of the items this send carries.
  let sent = input.elements.map((_item, index) => index)
  if (input.afterLostAnswer) {
    const before = await tryReadBack(deps, input)
    if (before === null)
      return { ...NONE, result: 'not_sent', error: { code: 'LECTURE_AVANT_RENVOI', message: 'cumuls not readable before resend' } }
    sent = readBackIndexes(input.elements, before).notShown
    if (sent.length === 0) return { ...NONE, result: 'already_applied' }
  }
  const elements = sent.map((index) => input.elements[index]).filter((item) => item !== undefined)
  try {
    const retour = await withPermit(deps.budget, () =>
      deps.client.call('mettreAJourCumuls', { params: { siren }, body: { annee, elements } }),
    )
    const erreurs = retour.erreurs.map((e) => ({ ...e, index: sent[e.index] ?? e.index }))
    return { ...NONE, result: 'applied', retour: { ...retour, erreurs } }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.errorClass === 'unknown') {
      const after = await tryReadBack(deps, input)
      const missing = after === null ? null : new Set(readBackIndexes(input.elements, after).notShown)
      const notShown = missing === null ? sent : sent.filter((index) => missing.has(index))
      if (notShown.length === 0) return { ...NONE, result: 'applied' }
      const settleUntil = new Date(nowOf(deps).getTime() + settleMsOf(deps.timeoutMs)).toISOString()
      return { ...NONE, result: 'unknown', unconfirmed: notShown, error: errorOf(error), settleUntil }
    }
    if (error.errorClass === 'global') return { ...NONE, result: 'not_sent', error: errorOf(error) }
    return { ...NONE, result: 'refused', error: errorOf(error) }
  }
}

/**
 * Payslips through main's typed client (issue 15, points 1 to 3): the list of a dossier's period, one payslip with
 * its notes, the computation of a whole period, and one workflow action with the exactly-once rule of decision #50:
 *
 * - an action whose answer is lost (a write classified `unknown`, #39) is followed at once by a read of the payslip
 *   (GET /api/bulletins/{id}); if the read shows the action applied (showsApplied), the outcome is `applied`;
 *   otherwise `unknown` with `settleUntil` (request timeout + 30 s: the write may still commit late);
 * - an action sent again after a lost answer (`afterLostAnswer`) reads the payslip BEFORE sending: already applied →
 *   `already_applied`, nothing sent; no longer allowed from the state read → `refused` (TRANSITION_IMPOSSIBLE), nothing
 *   sent; else the action is sent;
 * - a 409 answered to an action whose payslip, read then, shows it applied is `already_applied` (the state machine,
 *   #19, makes every action but `calculer` refuse itself once applied: a late commit is never applied twice).
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import { BULLETIN_TRANSITIONS, type ActionBulletin, type Bulletin } from '../../src-shared/api/bulletins'
import {
  showsApplied,
  type BulletinActOutcome,
  type BulletinReadInput,
  type BulletinReadResult,
  type BulletinsComputeInput,
  type BulletinsComputeResult,
  type BulletinsListInput,
  type BulletinsListResult,
} from '../../src-shared/domain/bulletins'
import type { ChannelInput } from '../../src-shared/ipc/contract'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { fetchAllPages } from '../api/paging'
import { SERVER_CLOCK_TOLERANCE_MS, type ServerClock } from '../api/server-clock'
import type { RateBudget } from '../sync/rate-budget'
import { settleMsOf } from '../sync/window'

/** What the payslip operations need of a connection. */
export interface BulletinDeps {
  readonly client: Pick<ApiClient, 'call'>
  /** Rate budget of the connection: every request takes a permit when given. */
  readonly budget?: RateBudget
  /** The service's clock (the instant an action was sent, on the service's clock, #38). */
  readonly clock?: Pick<ServerClock, 'toServerMs'>
  /** Request timeout of the connection in ms (settle time of a lost answer). */
  readonly timeoutMs: number
  /** Local clock (tests). */
  readonly now?: () => Date
}

/** Runs one request with a permit of the budget. */
async function permitted<T>(deps: BulletinDeps, request: () => Promise<T>): Promise<T> {
  const release = deps.budget === undefined ? null : await deps.budget.acquire()
  try {
    return await request()
  } finally {
    release?.()
  }
}

function nowOf(deps: BulletinDeps): Date {
  return (deps.now ?? (() => new Date()))()
}

/**
 * Every payslip of `input.siren` in `input.periode` (all pages of 500).
 * @throws ApiError any failure of the list (nothing partial)
 */
export async function listBulletins(deps: BulletinDeps, input: BulletinsListInput): Promise<BulletinsListResult> {
  const fetchedAt = nowOf(deps).toISOString()
  const query = { siren: [input.siren], periode: input.periode, taille: MAX_PAGE_SIZE }
  const bulletins = await fetchAllPages('listerBulletins', (page) =>
    permitted(deps, () => deps.client.call('listerBulletins', { query: { ...query, page } })),
  )
  return { siren: input.siren, periode: input.periode, fetchedAt, bulletins }
}

/**
 * One payslip with its rubriques, and the notes of its employee (refusals of this payslip, employee comments).
 * The notes are null when the credentials lack the `notes` right.
 * @throws ApiError a failure of the payslip's read, or of the notes' other than a missing right
 */
export async function readBulletin(deps: BulletinDeps, input: BulletinReadInput): Promise<BulletinReadResult> {
  const fetchedAt = nowOf(deps).toISOString()
  const bulletin = await permitted(deps, () => deps.client.call('lireBulletin', { params: { id: input.id } }))
  let notes: BulletinReadResult['notes']
  try {
    const all = await fetchAllPages('listerNotes', (page) =>
      permitted(deps, () =>
        deps.client.call('listerNotes', { query: { siren: bulletin.siren, matricule: bulletin.matricule, taille: MAX_PAGE_SIZE, page } }),
      ),
    )
    notes = all.filter((n) => n.bulletin_id === bulletin.id || n.type === 'commentaire_salarie')
  } catch (error) {
    if (!(error instanceof ApiError) || error.missingRight === undefined) throw error
    notes = null
  }
  return { fetchedAt, bulletin, notes }
}

/**
 * POST /api/bulletins/calculer for every payslip of the dossier's period. Computing twice gives the same payslips
 * (the computation depends on the data only), so a lost answer is read again by listing the period.
 * @throws ApiError any failure
 */
export async function computePeriod(deps: BulletinDeps, input: BulletinsComputeInput): Promise<BulletinsComputeResult> {
  return permitted(deps, () => deps.client.call('calculerBulletins', { body: { siren: input.siren, periode: input.periode } }))
}

/** The POST of one action. */
function post(deps: BulletinDeps, id: string, action: ActionBulletin, motif: string | undefined): Promise<Bulletin> {
  const params = { params: { id }, body: {} }
  return permitted(deps, () => {
    switch (action) {
      case 'calculer':
        return deps.client.call('calculerBulletin', params)
      case 'controler':
        return deps.client.call('controlerBulletin', params)
      case 'envoyer-employeur':
        return deps.client.call('envoyerBulletinEmployeur', params)
      case 'valider':
        return deps.client.call('validerBulletin', params)
      case 'refus':
        return deps.client.call('refuserBulletin', { ...params, body: { motif: motif ?? '' } })
      case 'envoi-coffre':
        return deps.client.call('envoyerBulletinCoffre', params)
      case 'envoyer-salarie':
        return deps.client.call('envoyerBulletinSalarie', params)
    }
  })
}

/** The payslip as the service holds it now, or null when it cannot be read. */
async function tryRead(deps: BulletinDeps, id: string): Promise<Bulletin | null> {
  try {
    return await permitted(deps, () => deps.client.call('lireBulletin', { params: { id } }))
  } catch {
    return null
  }
}

function errorOf(error: ApiError): NonNullable<BulletinActOutcome['error']> {
  return { code: error.code, message: error.message, params: error.params }
}

/**
 * Applies one workflow action to one payslip with the exactly-once rule of #50 (module comment).
 * @returns the outcome; never throws for an API failure (it is the outcome), only for a programming error
 */
export async function actOnBulletin(deps: BulletinDeps, input: ChannelInput<'bulletins:act'>): Promise<BulletinActOutcome> {
  const { id, action, motif } = input
  const base = { id, action, settleUntil: null }
  const sentAt = (): string => {
    const local = nowOf(deps).getTime()
    return new Date((deps.clock?.toServerMs(local) ?? local) - SERVER_CLOCK_TOLERANCE_MS).toISOString()
  }
  if (input.afterLostAnswer) {
    const before = await tryRead(deps, id)
    if (before === null) {
      return {
        ...base,
        result: 'not_sent',
        bulletin: null,
        error: { code: 'LECTURE_AVANT_RENVOI', message: 'payslip not readable before resend' },
      }
    }
    // A `calculer` whose answer was lost cannot be told from an earlier computation by a read; computing again gives
    // the same payslip, so it is sent again (the other actions refuse themselves once applied, #19).
    if (action !== 'calculer' && before.statut === BULLETIN_TRANSITIONS[action].to)
      return { ...base, result: 'already_applied', bulletin: before, error: null }
  }
  const startedAt = sentAt()
  try {
    const bulletin = await post(deps, id, action, motif)
    return { ...base, result: 'applied', bulletin, error: null }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.errorClass === 'unknown') {
      const after = await tryRead(deps, id)
      if (after !== null && showsApplied(action, after, startedAt)) return { ...base, result: 'applied', bulletin: after, error: null }
      const settleUntil = new Date(nowOf(deps).getTime() + settleMsOf(deps.timeoutMs)).toISOString()
      return { ...base, result: 'unknown', bulletin: after, error: errorOf(error), settleUntil }
    }
    if (error.errorClass === 'global') return { ...base, result: 'not_sent', bulletin: null, error: errorOf(error) }
    if (error.status === 409 && input.afterLostAnswer && action !== 'calculer') {
      const after = await tryRead(deps, id)
      if (after !== null && after.statut === BULLETIN_TRANSITIONS[action].to)
        return { ...base, result: 'already_applied', bulletin: after, error: null }
    }
    return { ...base, result: 'refused', bulletin: null, error: errorOf(error) }
  }
}

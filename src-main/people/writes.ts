/**
 * People writes through main's typed client (issue 16, points 2 and 5; docs/api-assumptions.md #63 and #64): the
 * writes of one dossier, one request per operation (`salarie` + `coffre` in one PATCH …/salaries, `coordonnees` in
 * one PATCH …/salaries/coordonnees-bancaires, one POST /api/notes per note, one POST …/contrats per contract), each
 * batch write's outcome from
 * `Salarie.PatchRetourDto` (its `erreurs` item by index → `rejected`, `modifies` → `synced`).
 *
 * Exactly once (#63), without idempotency key:
 * - a write sent again after a lost answer (`afterLostAnswer`) is read FIRST: the employee
 *   (GET /api/dossiers/{siren}/salaries/{matricule}) already holds its values → `synced`, nothing sent; a note: the
 *   employee's comments listed, one of the same text created since the first attempt (on the service's clock, − 2 s)
 *   → `synced` to it, several → `to_check`, none → sent; a contract: the employee's contracts listed, one of the same
 *   number with the same fields → `synced`, one of that number with other fields → `to_check` (never linked on a
 *   guess), none → sent; a read that fails → `not_sent` (nothing sent on a guess);
 * - a request whose answer is lost (`unknown`, #39) is followed at once by the same read: applied → `synced`, else
 *   `unknown` with `settleUntil` (request timeout + 30 s): the renderer resends it only after, with `afterLostAnswer`.
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { Contrat, SalarieDetail } from '../../src-shared/api/salaries'
import {
  compactIban,
  PEOPLE_WRITE_KINDS,
  type PeoplePushInput,
  type PeoplePushResult,
  type PeopleWriteItem,
  type PeopleWriteOutcome,
} from '../../src-shared/domain/people-writes'
import { ApiError } from '../api/errors'
import { fetchAllPages } from '../api/paging'
import { SERVER_CLOCK_TOLERANCE_MS } from '../api/server-clock'
import type { BulletinDeps } from '../bulletins/workflow'
import { settleMsOf } from '../sync/window'
import { isCabinetItem, readCabinetWrite, sendCabinetWrite } from './cabinet-writes'
import { withPermit } from './permit'

/** What the people writes need of a connection: the same as the payslip actions (client, budget, clock, timeout). */
export type PeopleWriteDeps = BulletinDeps

type Outcome = PeopleWriteOutcome
type ErrorBody = NonNullable<Outcome['error']>

/** Code of a write not sent because its read before a resend failed (nothing is sent on a guess). */
export const LECTURE_AVANT_RENVOI = 'LECTURE_AVANT_RENVOI'
/** Code of a write the batch answer names neither as changed nor as refused (treated as a lost answer). */
export const RETOUR_INCOMPLET = 'RETOUR_INCOMPLET'

function nowMs(deps: PeopleWriteDeps): number {
  return (deps.now ?? (() => new Date()))().getTime()
}

/**
 * `localMs` on the service's clock (ISO), local when no answer has told the offset yet. Called AFTER the request it
 * dates: its answer (or the reads after it) tells the offset (#38).
 */
function onServerClock(deps: PeopleWriteDeps, localMs: number): string {
  return new Date(deps.clock?.toServerMs(localMs) ?? localMs).toISOString()
}

function outcome(w: PeopleWriteItem, result: Outcome['result'], extra: Partial<Outcome> = {}): Outcome {
  return { clientId: w.clientId, result, error: null, serverId: null, sentAt: null, settleUntil: null, ...extra }
}

function errorOf(error: ApiError): ErrorBody {
  return { code: error.code, message: error.message }
}

/** True when the employee as read holds every value of the write (pure). Notes are not checked here. */
export function holdsWrite(detail: SalarieDetail, w: PeopleWriteItem): boolean {
  switch (w.kind) {
    case 'salarie': {
      const p = w.payload
      return (
        (p.nom_usage === undefined || (p.nom_usage ?? null) === detail.nom_usage) &&
        (p.email === undefined || p.email === detail.email) &&
        (p.prevoyance_individuelle === undefined || p.prevoyance_individuelle === detail.regime_social.prevoyance_individuelle) &&
        (p.prevoyance_etablissement === undefined || p.prevoyance_etablissement === detail.regime_social.prevoyance_etablissement)
      )
    }
    case 'coffre':
      return detail.coffre_active
    case 'coordonnees': {
      const b = detail.informations_paiement.coordonnees_bancaires
      return (
        b !== null &&
        compactIban(b.iban) === compactIban(w.payload.iban) &&
        b.bic === w.payload.bic &&
        b.titulaire.trim() === w.payload.titulaire.trim()
      )
    }
    case 'note':
    case 'contrat':
    case 'utilisateur':
    case 'affectation':
    case 'fin_affectation':
      return false
  }
}

/**
 * True when `c`, as the service lists it, is the contract of `w` (pure): same number, establishment, nature, job,
 * PCS-ESE and dates. The list does not carry the working time (#66).
 */
export function isContratOf(c: Contrat, w: PeopleWriteItem): boolean {
  if (w.kind !== 'contrat') return false
  const p = w.payload
  return (
    c.numero_contrat === p.numero_contrat &&
    c.nic === p.nic &&
    c.nature_contrat === p.nature_contrat &&
    c.libelle_emploi.trim() === p.libelle_emploi.trim() &&
    c.pcs_ese === p.pcs_ese &&
    c.date_debut === p.date_debut &&
    c.date_fin === (p.date_fin ?? null)
  )
}

/** What a read says of one write: applied (with the note's id), not applied, ambiguous, or unreadable. */
type ReadVerdict =
  { verdict: 'applied'; serverId: string | null } | { verdict: 'absent' | 'ambiguous' } | { verdict: 'unreadable'; error: ErrorBody }

/** The dossier of a write that is not the cabinet's own (a user's creation is the only one without). */
function dossierOf(siren: string | null): string {
  if (siren === null) throw new Error('this write belongs to a dossier')
  return siren
}

/**
 * Reads the service to tell whether `w` is already applied (module comment; a cabinet write: cabinet-writes.ts).
 * `startedLocal`: when the attempt left, local ms, used for a note's window when `w.windowStart` is null. Never throws
 * an ApiError.
 */
async function readVerdict(deps: PeopleWriteDeps, scope: string | null, w: PeopleWriteItem, startedLocal?: number): Promise<ReadVerdict> {
  try {
    if (isCabinetItem(w)) {
      const verdict = await readCabinetWrite(deps, scope, w)
      return verdict === 'applied' ? { verdict, serverId: null } : { verdict }
    }
    const siren = dossierOf(scope)
    if (w.kind === 'note') {
      const notes = await fetchAllPages('listerNotes', (page) =>
        withPermit(deps.budget, () =>
          deps.client.call('listerNotes', {
            query: { siren, matricule: w.matricule, type: 'commentaire_salarie', page, taille: MAX_PAGE_SIZE },
          }),
        ),
      )
      const windowStart = w.windowStart ?? (startedLocal === undefined ? null : onServerClock(deps, startedLocal))
      const from = windowStart === null ? Number.NEGATIVE_INFINITY : Date.parse(windowStart) - SERVER_CLOCK_TOLERANCE_MS
      const texte = w.payload.texte.trim()
      const mine = notes.filter((n) => n.texte.trim() === texte && Date.parse(n.date_creation) >= from)
      if (mine.length === 0) return { verdict: 'absent' }
      if (mine.length > 1) return { verdict: 'ambiguous' }
      return { verdict: 'applied', serverId: mine[0]?.id ?? null }
    }
    if (w.kind === 'contrat') {
      const contrats = await withPermit(deps.budget, () =>
        deps.client.call('listerContrats', { params: { siren, matricule: w.matricule } }),
      )
      const same = contrats.find((c) => c.numero_contrat === w.payload.numero_contrat)
      if (same === undefined) return { verdict: 'absent' }
      return isContratOf(same, w) ? { verdict: 'applied', serverId: null } : { verdict: 'ambiguous' }
    }
    const detail = await withPermit(deps.budget, () =>
      deps.client.call('lireSalarieDossier', { params: { siren, matricule: w.matricule } }),
    )
    return holdsWrite(detail, w) ? { verdict: 'applied', serverId: null } : { verdict: 'absent' }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { verdict: 'unreadable', error: { code: LECTURE_AVANT_RENVOI, message: error.message } }
  }
}

/** The outcome of writes whose request's answer was lost: read each one at once (module comment). */
async function afterLost(
  deps: PeopleWriteDeps,
  siren: string | null,
  writes: readonly PeopleWriteItem[],
  error: ErrorBody,
  started: number,
) {
  const settleUntil = new Date(nowMs(deps) + settleMsOf(deps.timeoutMs)).toISOString()
  const outcomes: Outcome[] = []
  for (const w of writes) {
    const read = await readVerdict(deps, siren, w, started)
    const sentAt = onServerClock(deps, started)
    outcomes.push(
      read.verdict === 'applied'
        ? outcome(w, 'synced', { serverId: read.serverId, sentAt })
        : outcome(w, 'unknown', { error, sentAt, settleUntil }),
    )
  }
  return outcomes
}

/** Builds the PATCH item of a `salarie` or `coffre` write. */
function patchItem(w: PeopleWriteItem) {
  if (w.kind === 'coffre') return { matricule: w.matricule, coffre_active: true }
  if (w.kind !== 'salarie') throw new Error(`${w.kind} write is not an employee change`)
  const { prevoyance_individuelle, prevoyance_etablissement, ...rest } = w.payload
  const regime =
    prevoyance_individuelle === undefined && prevoyance_etablissement === undefined
      ? {}
      : { regime_social: { prevoyance_individuelle, prevoyance_etablissement } }
  return { matricule: w.matricule, ...rest, ...regime }
}

function bankItem(w: PeopleWriteItem) {
  if (w.kind !== 'coordonnees') throw new Error(`${w.kind} write is not a bank-details change`)
  return { matricule: w.matricule, ...w.payload, iban: compactIban(w.payload.iban) }
}

/** Signals the road is broken: the writes not yet answered are `not_sent`. */
class RoadBroken extends Error {
  constructor(readonly error: ErrorBody) {
    super(error.message)
  }
}

/** Sends one batch PATCH and maps `Salarie.PatchRetourDto` to its writes by index (#64). */
async function sendPatch(deps: PeopleWriteDeps, siren: string, writes: readonly PeopleWriteItem[], bank: boolean): Promise<Outcome[]> {
  const started = nowMs(deps)
  try {
    const retour = await withPermit(deps.budget, () =>
      bank
        ? deps.client.call('modifierCoordonneesBancaires', { params: { siren }, body: { salaries: writes.map(bankItem) } })
        : deps.client.call('modifierSalaries', { params: { siren }, body: { salaries: writes.map(patchItem) } }),
    )
    const sentAt = onServerClock(deps, started)
    const refused = new Map(retour.erreurs.map((e) => [e.index, e]))
    const changed = new Set(retour.modifies)
    const missing: PeopleWriteItem[] = []
    const outcomes = writes.map((w, index) => {
      const e = refused.get(index)
      if (e !== undefined) return outcome(w, 'rejected', { error: { code: e.code, message: e.message, champ: e.champ ?? null }, sentAt })
      if (changed.has(w.matricule)) return outcome(w, 'synced', { sentAt })
      missing.push(w)
      return null
    })
    const lost = await afterLost(
      deps,
      siren,
      missing,
      { code: RETOUR_INCOMPLET, message: 'employee missing from the batch answer' },
      started,
    )
    const lostById = new Map(lost.map((l) => [l.clientId, l]))
    return writes.map((w, i) => outcomes[i] ?? lostById.get(w.clientId) ?? outcome(w, 'unknown'))
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.errorClass === 'global') throw new RoadBroken(errorOf(error))
    if (error.errorClass === 'unknown') return afterLost(deps, siren, writes, errorOf(error), started)
    return writes.map((w) => outcome(w, 'rejected', { error: errorOf(error), sentAt: onServerClock(deps, started) }))
  }
}

/**
 * Sends one write of its own request (a note: POST /api/notes; a contract: POST …/contrats; a cabinet write:
 * cabinet-writes.ts). A refusal keeps the service's field errors (`erreurs`) so the forms can place them.
 */
async function sendOne(deps: PeopleWriteDeps, scope: string | null, w: PeopleWriteItem): Promise<Outcome> {
  const started = nowMs(deps)
  try {
    let serverId: string | null = null
    if (isCabinetItem(w)) await sendCabinetWrite(deps, scope, w)
    else if (w.kind === 'note') {
      const body = { siren: dossierOf(scope), matricule: w.matricule, texte: w.payload.texte }
      serverId = (await withPermit(deps.budget, () => deps.client.call('creerNote', { body }))).id
    } else if (w.kind === 'contrat') {
      const params = { siren: dossierOf(scope), matricule: w.matricule }
      await withPermit(deps.budget, () => deps.client.call('creerContrat', { params, body: w.payload }))
    } else throw new Error(`${w.kind} write is not sent alone`)
    return outcome(w, 'synced', { serverId, sentAt: onServerClock(deps, started) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.errorClass === 'global') throw new RoadBroken(errorOf(error))
    if (error.errorClass === 'unknown') {
      const [read] = await afterLost(deps, scope, [w], errorOf(error), started)
      return read ?? outcome(w, 'unknown', { error: errorOf(error) })
    }
    const erreurs = (error.body?.erreurs ?? []).map((e) => ({ chemin: e.chemin, message: e.message }))
    const refused = erreurs.length === 0 ? errorOf(error) : { ...errorOf(error), erreurs }
    return outcome(w, 'rejected', { error: refused, sentAt: onServerClock(deps, started) })
  }
}

/**
 * Sends the writes of one dossier with the rule of the module comment.
 * @returns one outcome per write, in the input's order; never throws for an API failure (it is the outcome)
 */
export async function pushPeopleWrites(deps: PeopleWriteDeps, input: PeoplePushInput): Promise<PeoplePushResult> {
  const { siren } = input
  const dossier = siren ?? ''
  const done = new Map<string, Outcome>()
  const toSend: PeopleWriteItem[] = []
  try {
    for (const w of input.writes) {
      if (!w.afterLostAnswer) {
        toSend.push(w)
        continue
      }
      const read = await readVerdict(deps, siren, w)
      if (read.verdict === 'applied') done.set(w.clientId, outcome(w, 'synced', { serverId: read.serverId }))
      else if (read.verdict === 'ambiguous') done.set(w.clientId, outcome(w, 'to_check'))
      else if (read.verdict === 'unreadable') throw new RoadBroken(read.error)
      else toSend.push(w)
    }
    const byOperation = (op: string) => toSend.filter((w) => PEOPLE_WRITE_KINDS[w.kind].operation === op)
    const salaries = byOperation('modifierSalaries')
    const bank = byOperation('modifierCoordonneesBancaires')
    if (salaries.length > 0) for (const o of await sendPatch(deps, dossier, salaries, false)) done.set(o.clientId, o)
    if (bank.length > 0) for (const o of await sendPatch(deps, dossier, bank, true)) done.set(o.clientId, o)
    for (const w of byOperation('creerNote')) done.set(w.clientId, await sendOne(deps, siren, w))
    for (const w of byOperation('creerContrat')) done.set(w.clientId, await sendOne(deps, siren, w))
    // The cabinet's writes in the order the clerk made them (an end after the assignment it ends, #82).
    for (const w of toSend.filter(isCabinetItem)) done.set(w.clientId, await sendOne(deps, siren, w))
  } catch (error) {
    if (!(error instanceof RoadBroken)) throw error
    for (const w of input.writes) if (!done.has(w.clientId)) done.set(w.clientId, outcome(w, 'not_sent', { error: error.error }))
  }
  return { outcomes: input.writes.map((w) => done.get(w.clientId) ?? outcome(w, 'not_sent')) }
}

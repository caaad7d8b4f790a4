/**
 * Payslips through their workflow (issue 15, points 1 and 3): the IPC shapes of the `bulletins:*` channels and the
 * pure rules of the workflow screen: which action a payslip allows (with the reason when it does not), and what a
 * batch of actions made of each payslip.
 *
 * The transitions are BULLETIN_TRANSITIONS (decision #19 of docs/api-assumptions.md); the safe sending also needs
 * the employee's digital safe to be active (`coffre_active`, reference V1.5.0). What main does when the answer to an
 * action is lost (read the payslip before any resend, #50) is described on {@link BulletinActOutcome}.
 */
import { z } from 'zod'

import { ActionBulletin, Bulletin, BulletinDetail, BULLETIN_TRANSITIONS, RefusBulletinDto } from '../api/bulletins'
import type { Bulletin as BulletinT, BulletinDetail as BulletinDetailT, StatutBulletin } from '../api/bulletins'
import { Note } from '../api/cabinet'
import { IsoDateTime, Periode, RecordId, Siren } from '../api/common'
import { ReportParams } from './reports'

/** Input of `bulletins:list`: the payslips of one dossier and one period (`YYYY-MM`). */
export const BulletinsListInput = z.strictObject({ siren: Siren, periode: Periode })
export type BulletinsListInput = z.infer<typeof BulletinsListInput>

/** Answer of `bulletins:list`: every payslip (all pages); `fetchedAt` the instant the read started (ISO). */
export const BulletinsListResult = z.object({
  siren: Siren,
  periode: Periode,
  fetchedAt: IsoDateTime,
  bulletins: z.array(Bulletin),
})
export type BulletinsListResult = z.infer<typeof BulletinsListResult>

/** Input of `bulletins:read`: one payslip by id, and its dossier (the notes are listed per dossier). */
export const BulletinReadInput = z.strictObject({ id: RecordId, siren: Siren })
export type BulletinReadInput = z.infer<typeof BulletinReadInput>

/**
 * Answer of `bulletins:read`: the payslip with its rubriques, the notes about it (refusal notes with their motif)
 * and the employee's comments, and the instant the read started. `notes` is null when the credentials lack the
 * `notes` right (the payslip is still shown).
 */
export const BulletinReadResult = z.object({
  fetchedAt: IsoDateTime,
  bulletin: BulletinDetail,
  notes: z.array(Note).nullable(),
})
export type BulletinReadResult = z.infer<typeof BulletinReadResult>

/** Input of `bulletins:compute`: compute every payslip of a dossier's period (POST /api/bulletins/calculer). */
export const BulletinsComputeInput = z.strictObject({ siren: Siren, periode: Periode })
export type BulletinsComputeInput = z.infer<typeof BulletinsComputeInput>

/** Answer of `bulletins:compute`: ids computed and ids whose state forbids computing. */
export const BulletinsComputeResult = z.object({ calcules: z.array(RecordId), ignores: z.array(RecordId) })
export type BulletinsComputeResult = z.infer<typeof BulletinsComputeResult>

/**
 * Input of `bulletins:act`: one action on one payslip. `motif` is required for `refus` (3 to 2000 characters, kept
 * by the service as a `refus_bulletin` note) and refused for the other actions. `afterLostAnswer`: an earlier
 * attempt of this action on this payslip got no answer; main then reads the payslip BEFORE sending (#50).
 */
export const BulletinActInput = z
  .strictObject({
    id: RecordId,
    action: ActionBulletin,
    motif: RefusBulletinDto.shape.motif.optional(),
    afterLostAnswer: z.boolean().default(false),
  })
  .refine((v) => (v.action === 'refus') === (v.motif !== undefined), {
    message: 'motif: required for refus, refused otherwise',
    path: ['motif'],
  })
export type BulletinActInput = z.input<typeof BulletinActInput>

/**
 * What an action made of a payslip:
 * - `applied`: the service answered the action (or, its answer lost, the payslip read right after shows it applied);
 * - `already_applied`: read before a resend, the payslip already showed the action applied: nothing was sent again;
 * - `refused`: the service refused it (409 TRANSITION_IMPOSSIBLE, 409 CONFLIT safe not active, 404…): nothing applied;
 * - `not_sent`: the road is broken (offline, 429, 401, missing right): proven not applied, may be tried again;
 * - `unknown`: the request left and no answer came, and the payslip read after does not show it applied (it may still
 *   commit late): not to be resent before `settleUntil`, and then only after reading the payslip again.
 */
export const ActionResult = z.enum(['applied', 'already_applied', 'refused', 'not_sent', 'unknown'])
export type ActionResult = z.infer<typeof ActionResult>

/** Answer of `bulletins:act`. `bulletin` is the payslip as last known (null when it could not be read). */
export const BulletinActOutcome = z.object({
  id: RecordId,
  action: ActionBulletin,
  result: ActionResult,
  bulletin: Bulletin.nullable(),
  error: z.object({ code: z.string(), message: z.string(), params: ReportParams.optional() }).nullable(),
  settleUntil: IsoDateTime.nullable(),
})
export type BulletinActOutcome = z.infer<typeof BulletinActOutcome>

/** The list shape of a payslip read with its rubriques (the rubriques left out; the schema strips them). */
export function listedOf(detail: BulletinDetailT): BulletinT {
  return Bulletin.parse(detail)
}

/** Why an action is not offered on a payslip: its state, or the employee's safe. */
export type ActionDenial = { readonly reason: 'etat'; readonly statut: StatutBulletin } | { readonly reason: 'coffre_inactif' }

/** The actions of the workflow screen, in the workflow's order (the reference's operation list). */
export const ACTION_ORDER: readonly ActionBulletin[] = ActionBulletin.options

/**
 * Is `action` allowed on `bulletin`? Null when allowed, else why not: the payslip's state (BULLETIN_TRANSITIONS,
 * #19) or, for `envoi-coffre`, the employee's inactive safe (`coffreActive` false or unknown: the sandbox and the
 * service answer 409 CONFLIT).
 */
export function actionDenial(
  action: ActionBulletin,
  bulletin: Pick<BulletinT, 'statut'>,
  coffreActive: boolean | undefined,
): ActionDenial | null {
  if (!BULLETIN_TRANSITIONS[action].from.includes(bulletin.statut)) return { reason: 'etat', statut: bulletin.statut }
  if (action === 'envoi-coffre' && coffreActive !== true) return { reason: 'coffre_inactif' }
  return null
}

/**
 * True when the payslip read after (or before) an action shows that action applied (#50): its state is the action's
 * target; for `calculer` (whose target may be the state it started from) the last computation must also be at or
 * after `sentAt` (an ISO instant on the service's clock, tolerance already taken off by the caller).
 */
export function showsApplied(action: ActionBulletin, bulletin: Pick<BulletinT, 'statut' | 'date_dernier_calcul'>, sentAt: string): boolean {
  if (bulletin.statut !== BULLETIN_TRANSITIONS[action].to) return false
  if (action !== 'calculer') return true
  return bulletin.date_dernier_calcul !== null && Date.parse(bulletin.date_dernier_calcul) >= Date.parse(sentAt)
}

/**
 * What became of one payslip of a batch: an action's result, or `queued` (offline: kept on this workstation, sent
 * when the service answers again), or `ignored` (its state did not allow the action: not sent).
 */
export type BatchResult = ActionResult | 'queued' | 'ignored'

/** The part of an outcome a batch report reads (a queued action has no answer yet). */
export type BatchOutcome = Pick<BulletinActOutcome, 'bulletin' | 'error'> & { readonly result: ActionResult | 'queued' }

/** One line of a batch report: the payslip, the action, its state before, the result and its state after. */
export interface BatchLine {
  readonly id: string
  readonly action: ActionBulletin
  readonly matricule: string
  readonly numeroContrat: string
  readonly avant: StatutBulletin
  readonly result: BatchResult
  readonly apres: StatutBulletin
  readonly error: BulletinActOutcome['error']
}

/** Counts of a batch report per result. */
export type BatchCounts = Readonly<Record<BatchResult, number>>

/**
 * The report of a batch: one line per selected payslip, in the selection's order. A payslip that did not allow the
 * action was not sent (`ignored`, state unchanged); the others take their outcome's result and state (the state
 * before when the outcome carries no payslip).
 * @param selection the payslips selected, as they were before the batch, each with the action asked of it
 * @param outcomes the outcome of each payslip sent or queued, by id
 */
export function batchReport(
  selection: readonly (BulletinT & { readonly action: ActionBulletin })[],
  outcomes: ReadonlyMap<string, BatchOutcome>,
): { lines: BatchLine[]; counts: BatchCounts } {
  const counts: Record<BatchResult, number> = { applied: 0, already_applied: 0, refused: 0, not_sent: 0, unknown: 0, queued: 0, ignored: 0 }
  const lines = selection.map((b): BatchLine => {
    const outcome = outcomes.get(b.id)
    const result = outcome?.result ?? 'ignored'
    counts[result] += 1
    return {
      id: b.id,
      action: b.action,
      matricule: b.matricule,
      numeroContrat: b.numero_contrat,
      avant: b.statut,
      result,
      apres: outcome?.bulletin?.statut ?? b.statut,
      error: outcome?.error ?? null,
    }
  })
  return { lines, counts }
}

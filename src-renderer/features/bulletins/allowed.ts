/**
 * Which workflow action the screens offer on a payslip, and why not (issue 15, point 3): the state and the safe
 * (actionDenial, BULLETIN_TRANSITIONS #19), and, on this workstation, an earlier action on it whose answer was lost
 * and may still commit (#50: nothing is sent before its settle time).
 */
import type { ActionBulletin, Bulletin } from '../../../src-shared/api/bulletins'
import { actionDenial, type ActionDenial } from '../../../src-shared/domain/bulletins'
import type { BulletinActionRow } from '../../db/schema'

/**
 * Why an action is not offered: the shared reasons, an action already queued offline on the payslip (`en_file`), or
 * a lost answer not settled before `settleUntil`.
 */
export type Denial =
  | ActionDenial
  | { readonly reason: 'en_file'; readonly action: ActionBulletin }
  | { readonly reason: 'attente'; readonly settleUntil: string }

/** What the screens know beside the payslip: its employee's safe, and the actions not settled of the dossier. */
export interface DenialContext {
  readonly coffreOf: (matricule: string) => boolean | undefined
  /** Actions queued offline or whose answer was lost, by payslip id. */
  readonly lost: ReadonlyMap<string, BulletinActionRow>
  /** Now, ms since the epoch. */
  readonly nowMs: number
}

/**
 * Null when `action` is offered on `b`, else why not. A payslip with an action queued offline takes no other one
 * (its state after that one is not known yet); one whose answer was lost takes none before it settles.
 */
export function denialOf(action: ActionBulletin, b: Bulletin, ctx: DenialContext): Denial | null {
  const pending = ctx.lost.get(b.id)
  if (pending?.state === 'queued') return { reason: 'en_file', action: pending.action }
  if (pending?.settleUntil != null && Date.parse(pending.settleUntil) > ctx.nowMs)
    return { reason: 'attente', settleUntil: pending.settleUntil }
  return actionDenial(action, b, ctx.coffreOf(b.matricule))
}

/** The payslips of `selection` the action is offered on, and the number left out. */
export function splitSelection(
  action: ActionBulletin,
  selection: readonly Bulletin[],
  ctx: DenialContext,
): { targets: Bulletin[]; ignored: number } {
  const targets = selection.filter((b) => denialOf(action, b, ctx) === null)
  return { targets, ignored: selection.length - targets.length }
}

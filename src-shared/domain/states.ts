/**
 * Entry states and their transitions (ARCHITECTURE.md "Entry states"):
 *
 *   draft -> queued -> sending -> synced
 *                             \-> rejected  (edited: back to queued as a new revision, history kept)
 *                             \-> unknown   (no answer: settled, then reconciled -> synced | queued | to_check)
 *                             \-> to_check  ("à vérifier": the service holds a record this entry may or may not be)
 *   to_check -> synced (the clerk: "c'est le même") | queued ("envoyer quand même") | cancelled ("annuler ma saisie")
 *   draft | queued | rejected | to_check -> cancelled (by the clerk)
 *
 * Also: `sending -> queued` when the road is broken (global failure: the entry was not sent, or is to be sent
 * again later), and `sending -> unknown` on start-up for entries left `sending` by a crash (we cannot know whether
 * main sent them). Nothing else: a synced entry is never edited in place; a new entry (update/delete) changes it.
 */
import { z } from 'zod'

export const ENTRY_STATES = ['draft', 'queued', 'sending', 'synced', 'rejected', 'unknown', 'to_check', 'cancelled'] as const
export const EntryState = z.enum(ENTRY_STATES)
export type EntryState = z.infer<typeof EntryState>

/** Allowed transitions, from -> to. */
export const ENTRY_TRANSITIONS: Readonly<Record<EntryState, readonly EntryState[]>> = {
  draft: ['queued', 'cancelled'],
  queued: ['sending', 'cancelled'],
  sending: ['synced', 'rejected', 'unknown', 'queued', 'to_check'],
  rejected: ['queued', 'cancelled'],
  unknown: ['sending', 'synced', 'queued'],
  to_check: ['synced', 'queued', 'cancelled'],
  synced: [],
  cancelled: [],
}

/** True when `from -> to` is allowed. */
export function canTransition(from: EntryState, to: EntryState): boolean {
  return ENTRY_TRANSITIONS[from].includes(to)
}

/** Error raised on a forbidden transition; the message is French for the clerk. */
export class TransitionError extends Error {
  constructor(
    readonly from: EntryState,
    readonly to: EntryState,
  ) {
    super(`Changement d’état impossible : « ${STATE_LABELS[from]} » vers « ${STATE_LABELS[to]} ».`)
    this.name = 'TransitionError'
  }
}

/** @throws TransitionError when `from -> to` is not allowed. */
export function assertTransition(from: EntryState, to: EntryState): void {
  if (!canTransition(from, to)) throw new TransitionError(from, to)
}

/** True while the clerk may edit the entry (never while `sending`, never once synced or cancelled). */
export function isEditable(state: EntryState): boolean {
  return state === 'draft' || state === 'queued' || state === 'rejected'
}

/** True while the clerk may cancel the entry. */
export function isCancellable(state: EntryState): boolean {
  return canTransition(state, 'cancelled')
}

/** French labels of the states. */
export const STATE_LABELS: Readonly<Record<EntryState, string>> = {
  draft: 'brouillon',
  queued: 'en attente',
  sending: 'en cours d’envoi',
  synced: 'synchronisé',
  rejected: 'refusé',
  unknown: 'sans réponse',
  to_check: 'à vérifier',
  cancelled: 'annulé',
}

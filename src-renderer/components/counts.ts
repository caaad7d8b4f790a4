/**
 * Counting helpers over per-state entry counts (outbox store `countsByState`, `countsBySiren`).
 */
import type { EntryState } from '../../src-shared/domain/states'

/**
 * States that still have to reach the server without the clerk: queued, being sent, or sent without an answer
 * ("sans réponse"). Entries "à vérifier" wait for the clerk's decision and are counted on their own.
 */
export const PENDING_STATES = ['queued', 'sending', 'unknown'] as const satisfies readonly EntryState[]

/** Pending entries (queued + sending + unknown) in `counts`; missing states count 0. */
export function pendingCount(counts: Partial<Record<EntryState, number>> | undefined): number {
  if (counts === undefined) return 0
  return PENDING_STATES.reduce((n, s) => n + (counts[s] ?? 0), 0)
}

/** Sum of every state in `counts`. */
export function totalCount(counts: Partial<Record<EntryState, number>> | undefined): number {
  if (counts === undefined) return 0
  return Object.values(counts).reduce((n, v) => n + v, 0)
}

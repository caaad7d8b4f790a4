/**
 * Probe before claiming (issue 12, point 9): when the last push ended because the payroll service could not be
 * reached, the coordinator asks whether it answers now (`connection:probe`, GET /api/health through main) BEFORE
 * it claims a batch. While the service stays unreachable nothing is claimed: no entry goes queued → sending →
 * queued, no audit row is written at each backoff tick; only the failure is counted again (longer backoff).
 *
 * Pure decision: the stored pause and the probe come in, the decision goes out; the coordinator applies it.
 */
import type { StoredPause } from '../db/meta'

/**
 * Pause codes that mean "the service could not be reached" (no HTTP answer, or nothing to send through):
 * main's transport failures (src-main/api/errors.ts TRANSPORT_CODES: RESEAU_INJOIGNABLE, CONNEXION_INTERROMPUE,
 * DELAI_DEPASSE), no connection configured (CONNEXION_ABSENTE, src-main/ipc/handlers/shared.ts), and the
 * coordinator's own IPC_INDISPONIBLE (the `sync:push` call itself broke).
 * A pause the service answered for (429, 5xx, 401) is not one of them: a probe would say "online" anyway.
 */
export const UNREACHABLE_PAUSE_CODES: ReadonlySet<string> = new Set([
  'RESEAU_INJOIGNABLE',
  'CONNEXION_INTERROMPUE',
  'DELAI_DEPASSE',
  'CONNEXION_ABSENTE',
  'IPC_INDISPONIBLE',
])

/** Asks whether the payroll service answers now. Resolves true when it does; false (or a rejection) when not. */
export type ServiceProbe = () => Promise<boolean>

/** What the coordinator does before claiming: claim, or count one more failure with this reason and stop. */
export type GateDecision =
  { readonly claim: true } | { readonly claim: false; readonly failure: { readonly code: string; readonly message: string } }

/**
 * True when `pause` (the last global pause stored, expired or not) says the service could not be reached.
 * @param pause the `sync.pause` meta value (null or undefined when none)
 */
export function isUnreachablePause(pause: Pick<StoredPause, 'code'> | null | undefined): boolean {
  return pause != null && UNREACHABLE_PAUSE_CODES.has(pause.code)
}

/**
 * Decides whether the coordinator may claim a batch now.
 * - No probe given, or the last pause is not a network one: claim (as before this gate existed), without probing.
 * - Otherwise probe once: the service answers → claim; it does not (false, or the probe itself failed) → do not
 *   claim, and count a failure with the stored pause's code and message (the banner keeps saying why).
 * @param lastPause the stored `sync.pause` (an expired pause is kept until a batch goes through)
 * @param probe the health probe, or undefined to keep the behaviour without a gate
 */
export async function beforeClaim(lastPause: StoredPause | null | undefined, probe: ServiceProbe | undefined): Promise<GateDecision> {
  if (probe === undefined || lastPause == null || !isUnreachablePause(lastPause)) return { claim: true }
  let online: boolean
  try {
    online = await probe()
  } catch {
    online = false
  }
  return online ? { claim: true } : { claim: false, failure: { code: lastPause.code, message: lastPause.message } }
}

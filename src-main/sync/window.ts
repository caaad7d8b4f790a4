/**
 * Time rules of exactly-once (ARCHITECTURE.md "Exactly once"): how long a write may still be in flight (settle),
 * and the window on the service's clock inside which a record can have been created by an entry's writes.
 */
import { widenSendWindow, type SendWindow } from '../../src-shared/domain/sync-protocol'
import type { ServerWindow } from './matching'

/**
 * Margin added to the client's request timeout to get the settle time (assumption, not shown in reference): a
 * write the client gave up on may still be held by a proxy queue or a slow service and commit later. 30 s covers
 * the usual reverse-proxy queue timeouts (nginx `proxy_read_timeout` defaults to 60 s from the REQUEST start, of
 * which the client already waited its own timeout). An `unknown` entry is reconciled only once this has passed.
 */
export const SETTLE_MARGIN_MS = 30_000

/**
 * Uncertainty of the service's clock as read from `Date` (whole seconds, RFC 9110 §6.6.1) plus the time the answer
 * travelled: a record created up to this long before the first write (or after the last write + settle) still counts
 * as inside the window.
 */
export const CLOCK_TOLERANCE_MS = 2_000

/** Settle time of a connection: its request timeout plus {@link SETTLE_MARGIN_MS} (or the given margin). */
export function settleMsOf(timeoutMs: number, marginMs: number = SETTLE_MARGIN_MS): number {
  return Math.max(0, timeoutMs) + Math.max(0, marginMs)
}

/**
 * The window on the service's clock where an entry's writes could have created its record: from its first write
 * minus the tolerance, to its last write plus the settle time plus the tolerance.
 * @param window first and last write starts, this workstation's clock (ISO 8601); null: unknown
 * @param offsetMs service clock minus this workstation's clock (from `Date` headers); null: never measured
 * @returns null when either is unknown (nothing can then be proved about a record's creation time)
 */
export function serverWindowOf(
  window: SendWindow | null,
  offsetMs: number | null,
  settleMs: number,
  toleranceMs: number = CLOCK_TOLERANCE_MS,
): ServerWindow | null {
  if (window === null || offsetMs === null) return null
  const from = Date.parse(window.from)
  const to = Date.parse(window.to)
  if (Number.isNaN(from) || Number.isNaN(to)) return null
  return { fromMs: Math.min(from, to) + offsetMs - toleranceMs, toMs: Math.max(from, to) + offsetMs + settleMs + toleranceMs }
}

/** Smallest window holding both (either may be null): the shared rule. */
export const widenWindow = widenSendWindow

/** Window of write starts, ms of this workstation's clock, as ISO instants (null when there was no write). */
export function windowOfStarts(starts: readonly number[]): SendWindow | null {
  if (starts.length === 0) return null
  return { from: new Date(Math.min(...starts)).toISOString(), to: new Date(Math.max(...starts)).toISOString() }
}

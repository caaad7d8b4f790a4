/**
 * Estimate of the payroll service's clock from the `Date` header of its answers (RFC 9110 §6.6.1), so that the
 * sync can compare a record's `date_creation` (service clock) with its own send window (local clock).
 *
 * The offset is `Date.parse(header) − receivedAtMs`, kept from the most recent answer (assumption: not shown in
 * reference; docs/api-assumptions.md #38). `Date` has a resolution of one second and is stamped somewhere between
 * the request's arrival and the answer's departure, so the estimate is good to about ±1 s plus the answer's
 * transit: compare instants with {@link SERVER_CLOCK_TOLERANCE_MS} of slack.
 */

/** Slack to allow when comparing a local instant turned into service time with a service instant, in ms. */
export const SERVER_CLOCK_TOLERANCE_MS = 2000

/** The service's clock as seen through its answers. */
export interface ServerClock {
  /**
   * Takes one answer's `Date` header into account.
   * @param dateHeader the header's value (IMF-fixdate), or null when absent; an unreadable value is ignored.
   * @param receivedAtMs local `Date.now()` when the answer arrived, in ms.
   */
  observe(dateHeader: string | null, receivedAtMs: number): void
  /** Service time minus local time, in ms (positive: the service is ahead), or null before any readable `Date`. */
  offsetMs(): number | null
  /** Local instant `localMs` (epoch ms) on the service's clock (epoch ms), or null before any readable `Date`. */
  toServerMs(localMs: number): number | null
}

/** Creates a clock estimate with no sample yet. */
export function createServerClock(): ServerClock {
  let offset: number | null = null
  return {
    observe(dateHeader, receivedAtMs) {
      if (dateHeader === null) return
      const serverMs = Date.parse(dateHeader)
      if (Number.isNaN(serverMs) || !Number.isFinite(receivedAtMs)) return
      offset = serverMs - receivedAtMs
    },
    offsetMs: () => offset,
    toServerMs: (localMs) => (offset === null ? null : localMs + offset),
  }
}

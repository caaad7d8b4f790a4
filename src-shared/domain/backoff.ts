/**
 * Retry delays after a global failure (ARCHITECTURE.md): `Retry-After` when the server gives it; otherwise
 * exponential backoff, base 1 s, doubling per consecutive failure, capped at 5 minutes, with full jitter
 * (AWS Architecture Blog, "Exponential Backoff And Jitter": delay = random(0, min(cap, base * 2^attempt))).
 */

export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_CAP_MS = 5 * 60_000

/**
 * Delay before the next attempt, in ms.
 * @param failures consecutive global failures so far (1 for the first)
 * @param retryAfterMs the server's Retry-After in ms, or null
 * @param random a number in [0, 1) (injected so tests are deterministic; clamped into it)
 * @returns an integer in [0, ceiling) where ceiling = min(5 min, 1 s × 2^(failures − 1)), or the Retry-After capped
 *   at 5 min; a NaN Retry-After is ignored (exponential delay instead).
 */
export function backoffDelay(failures: number, retryAfterMs: number | null, random: number): number {
  // A NaN (an unreadable Retry-After, a bad count) must not become setTimeout(NaN), which fires at once.
  if (retryAfterMs !== null && !Number.isNaN(retryAfterMs)) return Math.min(Math.max(0, retryAfterMs), BACKOFF_CAP_MS)
  const exponent = Number.isNaN(failures) ? 0 : Math.max(0, failures - 1)
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30))
  const r = Number.isNaN(random) ? 0 : Math.min(Math.max(random, 0), 1)
  return Math.min(Math.floor(r * ceiling), ceiling - 1)
}

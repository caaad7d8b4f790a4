/**
 * Pacing of the sync executor: how many requests to keep in flight (sized by the rate budget), which failures get one
 * quick retry inside a push, and an abortable wait. Pure functions, no state.
 */
import { ApiError } from '../api/errors'
import type { RateBudgetState } from './rate-budget'

/** Requests in flight at once while the server's rate is unknown (no RateLimit-Policy seen). */
export const DEFAULT_SYNC_CONCURRENCY = 16
/** Bounds of the concurrency sized by the rate budget. */
export const MIN_SYNC_CONCURRENCY = 2
export const MAX_SYNC_CONCURRENCY = 32

/**
 * Requests to keep in flight so that the server's rate is used without queueing at it (Little's law: in flight =
 * rate × time per request), with 50 % headroom for jitter: `ceil(limit / window × latency × 1.5)` within
 * [MIN_SYNC_CONCURRENCY, MAX_SYNC_CONCURRENCY]. The budget still decides WHEN each request may start, so more in
 * flight never means more than the limit. Without a known rate (no policy header, or no limit at all):
 * DEFAULT_SYNC_CONCURRENCY.
 * @param state the budget's state (limit, window ms); @param latencyMs mean time of a request, ms (null: unknown)
 */
export function sizeConcurrency(state: Pick<RateBudgetState, 'limit' | 'windowMs'>, latencyMs: number | null): number {
  if (state.limit === null || state.windowMs === null || state.windowMs <= 0 || latencyMs === null) return DEFAULT_SYNC_CONCURRENCY
  const wanted = Math.ceil((state.limit / state.windowMs) * latencyMs * 1.5)
  return Math.min(MAX_SYNC_CONCURRENCY, Math.max(MIN_SYNC_CONCURRENCY, wanted))
}

/** Longest wait before the one retry of a transient 5xx, ms (a longer Retry-After makes it a pause instead). */
export const MAX_TRANSIENT_RETRY_MS = 1_000

/**
 * Wait before retrying `error` once inside the push, or null when it is not transient: a 500, a 503 whose
 * Retry-After (if any) is at most {@link MAX_TRANSIENT_RETRY_MS}, or a 502/504 on a read (on a write those are
 * `unknown`, never retried: errors.ts). 200 ms without Retry-After (assumption: a short hiccup; a second failure
 * pauses the queue with the usual backoff).
 */
export function transientRetryDelayMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.errorClass !== 'global' || error.missingRight !== undefined) return null
  if (error.status === null || ![500, 502, 503, 504].includes(error.status)) return null
  const wait = error.retryAfterMs ?? 200
  return wait <= MAX_TRANSIENT_RETRY_MS ? wait : null
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pauseFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve()
      return
    }
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done)
  })
}

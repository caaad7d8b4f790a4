/**
 * Fixed-window rate limiter of the sandbox (assumption: the reference says rate limits are "not shown").
 * One window per key (the client_id of a valid token, else the remote address), opened by its first request and
 * lasting `windowMs`. Headers follow draft-ietf-httpapi-ratelimit-headers-07: `RateLimit-Limit`,
 * `RateLimit-Remaining`, `RateLimit-Reset` (whole seconds, at least 1) and `RateLimit-Policy: <limit>;w=<seconds>`.
 */

/** Limit of requests per window. */
export interface RateLimitSettings {
  /** Requests allowed per window and key. */
  readonly limit: number
  /** Window length in milliseconds. */
  readonly windowMs: number
}

/** Default: 100 requests per second and client (assumption). */
export const DEFAULT_RATE_LIMIT: RateLimitSettings = { limit: 100, windowMs: 1000 }

/** Verdict for one request. */
export interface RateDecision {
  readonly allowed: boolean
  /** Headers to put on the answer (every /api answer carries them). */
  readonly headers: Readonly<Record<string, string>>
  /** Whole seconds until the window resets (≥ 1); the `Retry-After` of a 429. */
  readonly resetSeconds: number
}

/** Counts requests per key. */
export interface RateLimiter {
  /** Counts one request for `key` and says whether it may go on. */
  hit(key: string): RateDecision
  /** Forgets every window (sandbox reset). */
  clear(): void
}

/**
 * Creates a fixed-window limiter.
 * @param clock real time in ms, default `Date.now` (injectable for unit tests).
 */
export function createRateLimiter(settings: RateLimitSettings, clock: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  const policySeconds = Math.max(1, Math.ceil(settings.windowMs / 1000))

  return {
    hit(key) {
      const now = clock()
      let win = windows.get(key)
      if (win === undefined || now >= win.start + settings.windowMs) {
        if (windows.size > 10_000) windows.clear()
        win = { start: now, count: 0 }
        windows.set(key, win)
      }
      win.count += 1
      const allowed = win.count <= settings.limit
      const resetSeconds = Math.max(1, Math.ceil((win.start + settings.windowMs - now) / 1000))
      return {
        allowed,
        resetSeconds,
        headers: {
          'RateLimit-Limit': String(settings.limit),
          'RateLimit-Remaining': String(Math.max(0, settings.limit - win.count)),
          'RateLimit-Reset': String(resetSeconds),
          'RateLimit-Policy': `${settings.limit};w=${policySeconds}`,
        },
      }
    },
    clear() {
      windows.clear()
    },
  }
}

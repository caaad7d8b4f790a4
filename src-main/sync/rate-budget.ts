/**
 * Client-side rate budget: lets requests go only while the server's rate-limit window has room, so a big queue
 * drains fast without tripping the limit.
 *
 * Sources: the server's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers
 * (draft-ietf-httpapi-ratelimit-headers-07, as the sandbox sends them: reset in whole seconds) and `Retry-After`
 * on a 429 (RFC 9110 §10.2.3). The reference leaves rate limits "not shown"; the window model (fixed window per
 * client) is an assumption shared with the sandbox (src-sandbox/http/rate-limit.ts).
 *
 * Model (all times in ms since the epoch, from the injected clock):
 * - `left`: requests this client may still start in the current window (decremented by {@link RateBudget.acquire});
 * - every answer with headers sets `left` to at most `remaining - (other requests in flight)` (those may not be
 *   counted yet by the server), and `resetAt` to `receivedAt + reset * 1000` (an upper bound of the window end);
 * - a header of a request that started after the answer with the highest used count (`limit - remaining`) of the
 *   window was received, and that reports a used count no higher, proves the server opened a new window (in the
 *   same window its count would be higher): `left` and `resetAt` are then replaced, not lowered / raised;
 * - `RateLimit-Reset` is rounded UP to whole seconds (at least 1), so later answers of a window would keep pushing
 *   `resetAt` up to a second past the real end. When the server states its window length (`RateLimit-Policy:
 *   <limit>;w=<seconds>`), the end is capped at `first answer of the window + w`: the window started before that
 *   request was answered, so it ends by then (a bound that never lets a request go early), and a client that used
 *   its window in 300 ms waits ~700 ms, not up to 1 300 ms;
 * - when `left` is 0, `acquire()` waits until `resetAt`, then a new window is assumed with `limit` requests;
 * - a 429 sets `left` to 0 and `resetAt` to at least now + `Retry-After` (or the reset header, or 1 s);
 * - before any header is seen, an initial burst (default 4) may go; the rest wait for the first answer;
 * - answers with no rate-limit header at all mean the server enforces none: the budget then lets every request go
 *   (concurrency stays bounded by the caller's queue).
 */

/** What the budget reads of one HTTP answer. */
export interface RateObservation {
  readonly status: number
  readonly headers: Headers
  /** How long the request took, in ms (tells when it started); unknown when absent. */
  readonly durationMs?: number
}

/** Releases a permit once its request has finished (answer, error or abort). Calling it twice is harmless. */
export type RateRelease = () => void

/** Read-only view of the budget, for logs and tests. */
export interface RateBudgetState {
  /** Requests per window announced by the server; null before the first header. */
  readonly limit: number | null
  /** Requests this client may still start in the current window (`Infinity` when the server sets no limit). */
  readonly left: number
  /** Instant (ms) the current window is known to end by; null when unknown. */
  readonly resetAt: number | null
  /** Requests started and not yet released. */
  readonly inFlight: number
  /** Window length in ms announced by `RateLimit-Policy`; null when not announced. */
  readonly windowMs: number | null
}

/** A rate budget shared by every request of one connection. */
export interface RateBudget {
  /**
   * Waits until a request may start, then takes a permit.
   * @param signal aborting it stops the wait; the promise then resolves `null` (no permit taken).
   * @returns the release function of the permit, or null when aborted.
   */
  acquire(signal?: AbortSignal): Promise<RateRelease | null>
  /** Feeds one HTTP answer (its status and headers). Never throws. */
  observe(answer: RateObservation): void
  /** Current state (a copy). */
  state(): RateBudgetState
}

/** Options of {@link createRateBudget}. */
export interface RateBudgetOptions {
  /** Requests allowed before the first rate-limit header is seen (default 4). */
  readonly initialBurst?: number
  /** Longest single wait, in ms (default 5 minutes, the backoff cap of ARCHITECTURE.md). */
  readonly maxWaitMs?: number
  /** Clock in ms (default `Date.now`). */
  readonly now?: () => number
}

const DEFAULT_INITIAL_BURST = 4
const DEFAULT_MAX_WAIT_MS = 5 * 60_000
/** Wait after a 429 that names no delay (assumption: one second, the sandbox's shortest window). */
const DEFAULT_429_WAIT_MS = 1_000

/** Reads a non-negative integer header; null when absent or unreadable. */
function intHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name)
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null
  return Number(raw.trim())
}

/** Window length in ms from `RateLimit-Policy: <limit>;w=<seconds>` (draft-07 §5); null when absent or unreadable. */
function policyWindowMs(headers: Headers): number | null {
  const raw = headers.get('ratelimit-policy')
  const match = raw === null ? null : /(?:^|;)\s*w\s*=\s*(\d+)\s*(?:;|,|$)/.exec(raw)
  return match?.[1] === undefined ? null : Number(match[1]) * 1000
}

/** Reads `Retry-After` (seconds or HTTP date, RFC 9110 §10.2.3) as ms from `now`; null when absent. */
function retryAfterMs(headers: Headers, now: number): number | null {
  const raw = headers.get('retry-after')
  if (raw === null || raw.trim() === '') return null
  const trimmed = raw.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/**
 * Creates a rate budget (see the module comment for the model).
 * @throws nothing.
 */
export function createRateBudget(options: RateBudgetOptions = {}): RateBudget {
  const now = options.now ?? Date.now
  const initialBurst = Math.max(1, options.initialBurst ?? DEFAULT_INITIAL_BURST)
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS

  let limit: number | null = null
  let left = initialBurst
  let resetAt: number | null = null
  let inFlight = 0
  /** True once an answer with headers was seen in the current window. */
  let seenInWindow = false
  /** Highest `limit - remaining` seen in the current window, and when (ms) its answer was received. */
  let maxUsed = 0
  let maxUsedAt = 0
  /** Window length announced by the policy header, ms. */
  let announcedWindowMs: number | null = null
  /** Proven latest end of the current window: its first answer's instant + the policy's window length. */
  let windowCap = Infinity
  /** The server announced no limit on its last answer. */
  let unlimited = false
  /** Everything known was learnt from at least one answer (headers or not). */
  let informed = false
  let waiters: (() => void)[] = []

  function wake(): void {
    const current = waiters
    waiters = []
    for (const resolve of current) resolve()
  }

  /** Starts a new window when the known one is over. */
  function rollIfOver(t: number): void {
    if (resetAt !== null && t >= resetAt) {
      left = limit ?? initialBurst
      resetAt = null
      seenInWindow = false
      maxUsed = 0
      maxUsedAt = 0
      windowCap = Infinity
    }
  }

  function release(): RateRelease {
    let done = false
    return () => {
      if (done) return
      done = true
      inFlight = Math.max(0, inFlight - 1)
      // No answer ever told us anything (e.g. every request failed before an answer): allow another small burst.
      if (!informed && inFlight === 0 && left <= 0) left = initialBurst
      wake()
    }
  }

  /** Waits for an answer, a release, `ms` or the abort, whichever comes first. */
  function pause(ms: number | null, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | null = null
      const finish = (): void => {
        if (timer !== null) clearTimeout(timer)
        signal?.removeEventListener('abort', finish)
        waiters = waiters.filter((w) => w !== finish)
        resolve()
      }
      waiters.push(finish)
      if (ms !== null) timer = setTimeout(finish, Math.min(Math.max(1, ms), maxWaitMs))
      signal?.addEventListener('abort', finish, { once: true })
    })
  }

  return {
    async acquire(signal) {
      for (;;) {
        if (signal?.aborted === true) return null
        const t = now()
        rollIfOver(t)
        if (unlimited || left > 0) {
          if (!unlimited) left -= 1
          inFlight += 1
          return release()
        }
        await pause(resetAt === null ? null : resetAt - t, signal)
      }
    },

    observe(answer) {
      const t = now()
      informed = true
      const headerLimit = intHeader(answer.headers, 'ratelimit-limit')
      const remaining = intHeader(answer.headers, 'ratelimit-remaining')
      const reset = intHeader(answer.headers, 'ratelimit-reset')
      if (answer.status === 429) {
        unlimited = false
        if (headerLimit !== null) limit = headerLimit
        const wait = retryAfterMs(answer.headers, t) ?? (reset !== null ? reset * 1000 : DEFAULT_429_WAIT_MS)
        left = 0
        resetAt = Math.max(resetAt ?? 0, t + wait)
        seenInWindow = true
        wake()
        return
      }
      if (headerLimit === null || remaining === null) {
        // No rate-limit headers: the server enforces no limit (assumption; the sandbox with rateLimit false).
        if (limit === null) unlimited = true
        wake()
        return
      }
      unlimited = false
      limit = headerLimit
      const others = Math.max(0, inFlight - 1)
      const used = Math.max(0, headerLimit - remaining)
      const room = Math.max(0, remaining - others)
      const windowEnd = reset === null ? null : t + reset * 1000
      const policyMs = policyWindowMs(answer.headers)
      if (policyMs !== null) announcedWindowMs = policyMs
      const startedAt = answer.durationMs === undefined ? -Infinity : t - answer.durationMs
      if (!seenInWindow || (startedAt > maxUsedAt && used <= maxUsed)) {
        // First answer of a window, or proof that the server opened a new one.
        left = room
        maxUsed = used
        maxUsedAt = t
        seenInWindow = true
        resetAt = windowEnd ?? resetAt
        windowCap = policyMs === null ? Infinity : t + policyMs
        if (resetAt !== null) resetAt = Math.min(resetAt, windowCap)
      } else {
        // Same window (or a late answer of an older one): only ever lower the room and push the end later.
        left = Math.min(left, room)
        if (used > maxUsed) {
          maxUsed = used
          maxUsedAt = t
        }
        if (windowEnd !== null) resetAt = Math.min(Math.max(resetAt ?? 0, windowEnd), windowCap)
      }
      wake()
    },

    state() {
      return { limit, left: unlimited ? Infinity : left, resetAt, inFlight, windowMs: announcedWindowMs }
    },
  }
}

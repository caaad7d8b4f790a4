/**
 * Fault switches of the sandbox: the failures a payroll clerk meets on a train or a hotel Wi-Fi, on demand.
 * Set at start (`startSandbox({ faults })`), changed at run time through the {@link FaultController} or the
 * loopback-only admin route `PUT /__sandbox/faults`. Every random draw comes from one seeded PRNG, so a run with
 * the same seed and the same request sequence fails the same way.
 */
import { z } from 'zod'
import { mulberry32 } from '../src-shared/random'

/** Fault switches; all off by default. */
export interface FaultSettings {
  /** Delay added before every /api answer, in ms. */
  latencyMs: number
  /** Extra random delay, uniform in [0, latencyJitterMs) ms. */
  latencyJitterMs: number
  /** Probability (0..1) that a request is answered 500, 502 or 503 before its handler runs (nothing committed). */
  errorRate: number
  /** The next N requests are answered 429 TROP_DE_REQUETES (decremented by each). */
  burst429: number
  /** `Retry-After` (whole seconds) of the burst 429 answers. */
  burstRetryAfterSeconds: number
  /** Probability (0..1) that a successful write (not the token request) commits, then loses its connection. */
  dropAfterCommitRate: number
  /**
   * Probability (0..1) that a successful authenticated write (POST/PATCH/PUT/DELETE, not the token request)
   * commits, then is answered 500 ERREUR_SERVEUR (source `Serveur`): a 500 proves nothing about the commit.
   */
  commitThen500Rate: number
  /**
   * Probability (0..1) that an authenticated write is held `commitLateMs` before its handler runs: the client may
   * time out and leave; the write still commits, and is answered if the socket is still open.
   */
  commitLateRate: number
  /** How long a late write is held before it commits, in ms. */
  commitLateMs: number
  /** Delay between PDF chunks in ms; 0 sends the PDF at once. */
  pdfSlowChunkDelayMs: number
  /** Size of the PDF chunks in bytes when streaming slowly. */
  pdfChunkBytes: number
  /** Probability (0..1) that a PDF download sends the full Content-Length, half the bytes, then cuts the socket. */
  pdfTruncateRate: number
  /** Answer the DSN summary with a 200 text/html error page instead of a PDF (a misconfigured proxy). */
  pdfServeHtml: boolean
  /**
   * How a successful JSON answer is spoiled (after the handler ran: a write is committed): `wrong-type` (every
   * field of another JSON type), `truncated-json` (the text cut in half), `oversized` (a valid JSON body of
   * `malformedOversizeBytes`), `html` (a 200 text/html page, as a captive portal or a proxy sends); `off` by default.
   */
  malformedResponses: MalformedMode
  /** Probability (0..1) that a JSON answer is spoiled as `malformedResponses` says. */
  malformedRate: number
  /** Spoil only the answers to writes (a committed write answered garbage); reads answer normally. */
  malformedWritesOnly: boolean
  /** Size of an `oversized` answer, in bytes (default 17 MiB: more than the client accepts). */
  malformedOversizeBytes: number
}

/** Ways of spoiling a JSON answer (see FaultSettings.malformedResponses). */
export const MALFORMED_MODES = ['off', 'wrong-type', 'truncated-json', 'oversized', 'html'] as const
export type MalformedMode = (typeof MALFORMED_MODES)[number]

/** All switches off. */
export const NO_FAULTS: Readonly<FaultSettings> = {
  latencyMs: 0,
  latencyJitterMs: 0,
  errorRate: 0,
  burst429: 0,
  burstRetryAfterSeconds: 2,
  dropAfterCommitRate: 0,
  commitThen500Rate: 0,
  commitLateRate: 0,
  commitLateMs: 0,
  pdfSlowChunkDelayMs: 0,
  pdfChunkBytes: 4096,
  pdfTruncateRate: 0,
  pdfServeHtml: false,
  malformedResponses: 'off',
  malformedRate: 0,
  malformedWritesOnly: false,
  malformedOversizeBytes: 17 * 1024 * 1024,
}

const Rate = z.number().min(0).max(1)
const Ms = z.number().int().min(0).max(600_000)

/** Schema of a change of switches (body of `PUT /__sandbox/faults`): some or all switches, unknown keys refused. */
export const FaultSettingsPatch = z
  .object({
    latencyMs: Ms,
    latencyJitterMs: Ms,
    errorRate: Rate,
    burst429: z.number().int().min(0).max(1_000_000),
    burstRetryAfterSeconds: z.number().int().min(1).max(86_400),
    dropAfterCommitRate: Rate,
    commitThen500Rate: Rate,
    commitLateRate: Rate,
    commitLateMs: Ms,
    pdfSlowChunkDelayMs: Ms,
    pdfChunkBytes: z.number().int().min(1).max(10_000_000),
    pdfTruncateRate: Rate,
    pdfServeHtml: z.boolean(),
    malformedResponses: z.enum(MALFORMED_MODES),
    malformedRate: Rate,
    malformedWritesOnly: z.boolean(),
    malformedOversizeBytes: z
      .number()
      .int()
      .min(1)
      .max(256 * 1024 * 1024),
  })
  .partial()
  .strict()

/**
 * Faults injected since start, by kind (`error500`/`error502`/`error503`, `burst429`, `dropAfterCommit`,
 * `commitThen500`, `commitLate`, `latencyMs` in ms…).
 */
export type FaultCounts = Record<string, number>

/** Runtime control of the fault switches. */
export interface FaultController {
  /** Current switches (a copy). */
  get(): FaultSettings
  /** Changes some switches; returns the new settings. Values are checked ({@link FaultSettingsPatch}). */
  set(patch: Partial<FaultSettings>): FaultSettings
  /** Back to the settings given at start. */
  reset(): FaultSettings
  /** Every token issued so far becomes expired (401 JETON_EXPIRE); a new token works. */
  expireTokens(): void
  /** Next number in [0, 1) of the seeded PRNG. */
  random(): number
  /** True (and one fewer left) when a burst 429 is pending. */
  takeBurst(): boolean
  /** Delay to apply before an answer now, in ms (latency plus jitter). */
  nextLatencyMs(): number
  /** True with probability `rate` (false for 0 without drawing, true for 1). */
  chance(rate: number): boolean
  /** Notes one injected fault of `kind` (`by` for amounts such as delays). */
  count(kind: string, by?: number): void
  /** Faults injected since start (a copy), for reports such as the chaos suite's figures. */
  counts(): FaultCounts
}

/**
 * Creates the controller.
 * @param initial switches at start (merged over {@link NO_FAULTS}); @param seed PRNG seed;
 * @param onExpireTokens what expiring tokens means (the app passes its token registry's `expireAll`).
 * @throws ZodError when `initial` holds an out-of-range value.
 */
export function createFaultController(initial: Partial<FaultSettings>, seed: number, onExpireTokens: () => void): FaultController {
  const start: FaultSettings = { ...NO_FAULTS, ...FaultSettingsPatch.parse(initial) }
  let current: FaultSettings = { ...start }
  const random = mulberry32(seed)
  const injected: FaultCounts = {}

  function chance(rate: number): boolean {
    if (rate <= 0) return false
    if (rate >= 1) return true
    return random() < rate
  }

  return {
    get: () => ({ ...current }),
    set(patch) {
      current = { ...current, ...FaultSettingsPatch.parse(patch) }
      return { ...current }
    },
    reset() {
      current = { ...start }
      return { ...current }
    },
    expireTokens: onExpireTokens,
    random,
    takeBurst() {
      if (current.burst429 <= 0) return false
      current.burst429 -= 1
      return true
    },
    nextLatencyMs() {
      const jitter = current.latencyJitterMs > 0 ? Math.floor(random() * current.latencyJitterMs) : 0
      return current.latencyMs + jitter
    },
    chance,
    count(kind, by = 1) {
      injected[kind] = (injected[kind] ?? 0) + by
    },
    counts: () => ({ ...injected }),
  }
}

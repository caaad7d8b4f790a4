/**
 * The active payroll connection: one typed API client, its base URL and the rate budget its answers feed.
 * The profile service (src-main/profiles/service.ts) makes it from the active profile: the demo service (the
 * embedded sandbox) or a stored profile whose secret it reads from the OS keychain. Credentials stay inside the client: never exposed, never logged.
 */
import type { ConnectionStatus } from '../../src-shared/domain/reference'
import type { OperationId } from '../../src-shared/api/endpoints'
import { DEFAULT_TIMEOUT_MS, createApiClient, type ApiClient, type ResponseInfo } from '../api/client'
import { ApiError } from '../api/errors'
import { createServerClock, type ServerClock } from '../api/server-clock'
import { createRateBudget, type RateBudget, type RateBudgetOptions } from '../sync/rate-budget'

/** The connection every main-process service uses to talk to the payroll API. */
export interface PayrollConnection {
  /** Typed client (bearer token in memory, refreshed once on a 401). */
  readonly client: ApiClient
  /** Service address without `/api`, e.g. `http://127.0.0.1:8787`. */
  readonly baseUrl: string
  /** Rate budget fed by every answer of `client` (RateLimit-* headers, 429 with Retry-After). */
  readonly budget: RateBudget
  /** The service's clock, estimated from the `Date` header of every answer of `client` (api/server-clock.ts). */
  readonly clock: ServerClock
  /** Per-request timeout of `client`, in ms (a write may still be in flight this long after it was sent). */
  readonly timeoutMs: number
  /** API client id of the credentials (compared with a record's `cree_par`). Never the secret. */
  readonly clientId: string
  /** Profile this connection belongs to (src-main/profiles/service.ts): the owner of its sync lane. */
  readonly profileId?: string
}

/** Options of {@link createPayrollConnection}. */
export interface PayrollConnectionOptions {
  readonly baseUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /** Per-request timeout in ms (default the client's DEFAULT_TIMEOUT_MS, 15 000). */
  readonly timeoutMs?: number
  /** Replaces the global fetch (tests). */
  readonly fetch?: typeof globalThis.fetch
  /** Options of the rate budget. */
  readonly budget?: RateBudgetOptions
  /** Also told of every answer (tests count requests with it). */
  readonly onResponse?: (info: ResponseInfo) => void
}

/**
 * Operations whose RateLimit-* headers do not feed the budget: the token and health requests are not authenticated,
 * so the server counts them in another window (the sandbox keys those by remote address, not by client; assumption).
 * A 429 on them still does: the server asked this client to wait.
 */
const OUTSIDE_BUDGET: ReadonlySet<OperationId> = new Set<OperationId>(['obtenirJeton', 'sante'])

/**
 * Creates the connection: a client whose `onResponse` feeds a new rate budget and a new server clock estimate
 * (every answer, the token and health requests included: their `Date` is the same service's clock).
 * @throws nothing (the client fails per call with ApiError).
 */
export function createPayrollConnection(options: PayrollConnectionOptions): PayrollConnection {
  const budget = createRateBudget(options.budget)
  const clock = createServerClock()
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const client = createApiClient({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    timeoutMs,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    onResponse(info) {
      clock.observe(info.headers.get('date'), info.receivedAtMs)
      if (!OUTSIDE_BUDGET.has(info.operation) || info.status === 429)
        budget.observe({ status: info.status, headers: info.headers, durationMs: info.durationMs })
      options.onResponse?.(info)
    },
  })
  return { client, baseUrl: options.baseUrl.replace(/\/+$/, ''), budget, clock, timeoutMs, clientId: options.clientId }
}

/** Default timeout of the health probe, in ms (assumption: short, the probe runs on "back online"). */
export const PROBE_TIMEOUT_MS = 3_000

/** Options of {@link probeConnection}. */
export interface ProbeOptions {
  /** Timeout of the health request in ms (default {@link PROBE_TIMEOUT_MS}). */
  readonly timeoutMs?: number
  /** Clock for `checkedAt` (default real time). */
  readonly now?: () => Date
}

/**
 * GET /api/health on the connection. Never throws: every failure is `online: false` with a technical message (for
 * the log; the renderer says online or offline in its own words).
 * @param connection null when no payroll service is configured.
 */
export async function probeConnection(connection: PayrollConnection | null, options: ProbeOptions = {}): Promise<ConnectionStatus> {
  const checkedAt = (options.now ?? (() => new Date()))().toISOString()
  if (connection === null) {
    return { online: false, version: null, checkedAt, message: 'no payroll service configured' }
  }
  try {
    const health = await connection.client.call('sante', {}, { timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS })
    return { online: true, version: health.version, checkedAt, message: `payroll service reachable (version ${health.version})` }
  } catch (error) {
    return { online: false, version: null, checkedAt, message: probeFailureMessage(error) }
  }
}

/** Technical description of a failed probe: the client's code for transport failures, the status otherwise. */
function probeFailureMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === null ? `${error.code}: ${error.message}` : `payroll service answered HTTP ${String(error.status)}`
  return 'payroll service unreachable'
}

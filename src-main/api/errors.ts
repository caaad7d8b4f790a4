/**
 * One error type for every failed API call, and the classification ARCHITECTURE.md defines:
 * - `record`: the API refused this record (a 4xx with a BridgeError body: 400, 404, 409, 422, and 403
 *   DOSSIER_NON_AFFECTE); the rest goes on;
 * - `global`: the road is broken and nothing was committed (offline, DNS, connection refused, 401 after one token
 *   refresh, 403 missing right, 429, a 503 with Retry-After, a failed token request); the queue pauses (a 403
 *   DROIT_MANQUANT pauses only `missingRight`'s category). On reads, every 5xx is `global` too;
 * - `unknown`: a write may have been committed, its outcome is unknown (timeout, reset, dropped connection, every
 *   5xx but a 503 with Retry-After, an error body that is not a BridgeError, a 2xx whose body cannot be read); it
 *   must be reconciled, never resent blindly (docs/api-assumptions.md #8 and #39).
 */
import type { BridgeError } from '../../src-shared/api/common'
import { ERROR_CODES } from '../../src-shared/api/common'
import { Categorie } from '../../src-shared/api/categories'
import type { HttpMethod } from '../../src-shared/api/endpoint-def'
import { TOKEN_FAILURE, type ReportParams } from '../../src-shared/domain/reports'

export type ErrorClass = 'record' | 'global' | 'unknown'

export interface ApiErrorInit {
  operation: string
  method: HttpMethod
  /** HTTP status, or null when no answer was received. */
  status: number | null
  /** Parsed BridgeError.Dto when the server sent one. */
  body: BridgeError | null
  /** Delay asked by `Retry-After`, in milliseconds (null when absent). */
  retryAfterMs: number | null
  errorClass: ErrorClass
  /** Machine code: the BridgeError code, or ours for transport failures (RESEAU_INJOIGNABLE, DELAI_DEPASSE…). */
  code: string
  /**
   * The BridgeError's message (the service's own words) when it sent one, else a technical English description for
   * the log. The renderer words our codes with {@link ApiErrorInit.params} (src-shared/domain/reports.ts).
   */
  message: string
  /** Parameters of the wording (`status`, `mio`, `motif`, `jeton`…). */
  params?: ReportParams
  /** Category whose right is missing (403 DROIT_MANQUANT only). */
  missingRight?: Categorie | undefined
  /**
   * False when the request certainly never left this machine (connection refused, DNS failure, TLS refused
   * before sending, or no access token could be obtained); default true (it may have reached the service).
   */
  sent?: boolean
  cause?: unknown
}

/** Error raised by every operation of the typed API client. */
export class ApiError extends Error {
  readonly operation: string
  readonly method: HttpMethod
  readonly status: number | null
  readonly body: BridgeError | null
  readonly retryAfterMs: number | null
  readonly errorClass: ErrorClass
  readonly code: string
  /** Parameters of the wording of {@link code} (src-shared/domain/reports.ts); `{}` when none. */
  readonly params: ReportParams
  readonly missingRight: Categorie | undefined
  /** False when the request certainly never left (see {@link ApiErrorInit.sent}). */
  readonly sent: boolean

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'ApiError'
    this.operation = init.operation
    this.method = init.method
    this.status = init.status
    this.body = init.body
    this.retryAfterMs = init.retryAfterMs
    this.errorClass = init.errorClass
    this.code = init.code
    this.params = init.params ?? {}
    this.missingRight = init.missingRight
    this.sent = init.sent ?? true
  }
}

/** Transport failure codes of our own (no HTTP answer). */
export const TRANSPORT_CODES = {
  injoignable: 'RESEAU_INJOIGNABLE',
  coupure: 'CONNEXION_INTERROMPUE',
  delai: 'DELAI_DEPASSE',
  reponseInvalide: 'REPONSE_INVALIDE',
  reponseTropVolumineuse: 'REPONSE_TROP_VOLUMINEUSE',
  /** The access token could not be obtained for a reason other than an ApiError (should not happen). */
  jetonIndisponible: 'JETON_INDISPONIBLE',
} as const

/** Result of {@link classifyHttpFailure}. */
export interface HttpFailureClass {
  errorClass: ErrorClass
  /** Category whose right is missing (403 DROIT_MANQUANT naming a known category). */
  missingRight?: Categorie
}

/** A 403 other than DOSSIER_NON_AFFECTE: the right is missing (global, by category when named). */
function forbidden(body: BridgeError | null): HttpFailureClass {
  if (body?.code === ERROR_CODES.dossierNonAffecte) return { errorClass: 'record' }
  const right = Categorie.safeParse(body?.droit_requis)
  return right.success ? { errorClass: 'global', missingRight: right.data } : { errorClass: 'global' }
}

/**
 * Classifies an HTTP error answer (status >= 400) of `method`.
 *
 * Reads (GET): 403 DOSSIER_NON_AFFECTE and the other 4xx are `record`; 401, 403 (missing right), 408, 410, 429
 * and every 5xx are `global`.
 *
 * Writes (every other method; docs/api-assumptions.md #39): only an answer that proves nothing was committed is
 * `global` or `record`, every other one is `unknown`:
 * - 401 and 429 (whatever the body): `global`, the request was refused before it was processed;
 * - a body that is not a BridgeError (a proxy's HTML page…): `unknown`;
 * - 503 with a `Retry-After` header: `global` (the service declined the request);
 * - 403: DOSSIER_NON_AFFECTE `record`, otherwise `global` (DROIT_MANQUANT with its category);
 * - 408 and 410: `global`; any other 4xx: `record`;
 * - every other 5xx (500, 502, 504, 503 without Retry-After…): `unknown`, even with a BridgeError body.
 * @param hasRetryAfter true when the answer carries a `Retry-After` header (readable or not).
 * @returns the class, and the missing category for a 403 DROIT_MANQUANT.
 */
export function classifyHttpFailure(
  status: number,
  method: HttpMethod,
  body: BridgeError | null,
  hasRetryAfter: boolean,
): HttpFailureClass {
  if (method === 'GET') return classifyReadFailure(status, body)
  if (status === 401 || status === 429) return { errorClass: 'global' }
  if (body === null) return { errorClass: 'unknown' }
  if (status === 503 && hasRetryAfter) return { errorClass: 'global' }
  if (status === 403) return forbidden(body)
  if (status === 408 || status === 410) return { errorClass: 'global' }
  if (status >= 400 && status < 500) return { errorClass: 'record' }
  return { errorClass: 'unknown' }
}

/** Classes of a failed read (unchanged since the first contract; see {@link classifyHttpFailure}). */
function classifyReadFailure(status: number, body: BridgeError | null): HttpFailureClass {
  if (status === 403) return forbidden(body)
  if (status === 401 || status === 408 || status === 429 || status === 410 || status >= 500) return { errorClass: 'global' }
  return { errorClass: 'record' }
}

/** Error codes (Node / undici) meaning the request never left (nothing was written to a connection). */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
])

/** Names and codes found along an error's `cause` chain. */
export function causeChain(error: unknown): { codes: string[]; names: string[] } {
  const codes: string[] = []
  const names: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const rec = current as { code?: unknown; name?: unknown; cause?: unknown }
    if (typeof rec.code === 'string') codes.push(rec.code)
    if (typeof rec.name === 'string') names.push(rec.name)
    current = rec.cause
  }
  return { codes, names }
}

/**
 * Classifies a failure with no HTTP answer. A write whose request may have left is `unknown`; a read is `global`.
 * @returns class, code, technical message, and `sent` false when the request certainly never left (connection
 *   refused, DNS, unreachable network, TLS refused: the {@link NOT_SENT} codes).
 */
export function classifyTransportFailure(
  error: unknown,
  method: HttpMethod,
): { errorClass: ErrorClass; code: string; message: string; sent: boolean } {
  const { codes, names } = causeChain(error)
  if (codes.some((c) => NOT_SENT.has(c))) {
    return {
      errorClass: 'global',
      code: TRANSPORT_CODES.injoignable,
      message: 'payroll service unreachable (request not sent)',
      sent: false,
    }
  }
  const timedOut = names.includes('TimeoutError') || codes.includes('UND_ERR_HEADERS_TIMEOUT') || codes.includes('UND_ERR_BODY_TIMEOUT')
  const code = timedOut ? TRANSPORT_CODES.delai : TRANSPORT_CODES.coupure
  if (method === 'GET') {
    return { errorClass: 'global', code, message: timedOut ? 'read timed out' : 'connection cut during a read', sent: true }
  }
  return {
    errorClass: 'unknown',
    code,
    message: timedOut ? 'write timed out: outcome unknown' : 'connection cut during a write: outcome unknown',
    sent: true,
  }
}

/**
 * Parses a `Retry-After` header (RFC 9110 §10.2.3): delay in seconds or an HTTP date.
 * @returns milliseconds (>= 0), or null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/**
 * The error of an operation whose access token could not be obtained: the operation's own request never left, so
 * it is `global` with `sent: false`, never `unknown`, even when the token request (itself a POST) timed out
 * (docs/api-assumptions.md #41). Status, body, Retry-After and code are the token failure's (a 401
 * CLIENT_INVALIDE keeps its code); `params.jeton` says how the token failed (TOKEN_FAILURE, src-shared/domain/reports.ts),
 * with the token answer's `status` and the service's own `service` message when there was one: no request was sent.
 * @param operation, method: the original operation; @param error what the token request threw.
 */
export function tokenFailure(operation: string, method: HttpMethod, error: unknown): ApiError {
  const cause = error instanceof ApiError ? error : null
  let jeton: string
  if (cause === null) jeton = TOKEN_FAILURE.indisponible
  else if (cause.body !== null) jeton = TOKEN_FAILURE.refuse
  else if (cause.status !== null) jeton = TOKEN_FAILURE.echec
  else if (cause.code === TRANSPORT_CODES.injoignable) jeton = TOKEN_FAILURE.injoignable
  else if (cause.code === TRANSPORT_CODES.delai) jeton = TOKEN_FAILURE.delai
  else if (cause.code === TRANSPORT_CODES.coupure) jeton = TOKEN_FAILURE.coupure
  else jeton = TOKEN_FAILURE.indisponible
  const params: ReportParams = {
    jeton,
    ...(cause?.status == null ? {} : { status: cause.status }),
    ...(cause?.body == null ? {} : { service: cause.body.message }),
  }
  const message = `access token not obtained (${cause === null ? 'no answer' : cause.message}): request not sent`
  return new ApiError({
    operation,
    method,
    status: cause?.status ?? null,
    body: cause?.body ?? null,
    retryAfterMs: cause?.retryAfterMs ?? null,
    errorClass: 'global',
    code: cause?.code ?? TRANSPORT_CODES.jetonIndisponible,
    message,
    params,
    sent: false,
    cause: error,
  })
}

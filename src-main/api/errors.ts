/**
 * One error type for every failed API call, and the classification ARCHITECTURE.md defines:
 * - `record`: the API refused this record (400, 404, 409, 422, and 403 DOSSIER_NON_AFFECTE); the rest goes on;
 * - `global`: the road is broken (offline, DNS, connection refused, 401 after one token refresh, 403 missing
 *   right, 429, 5xx); the queue pauses (a 403 DROIT_MANQUANT pauses only `missingRight`'s category);
 * - `unknown`: a write left but no answer came (timeout, reset, dropped connection, 502/504 from a gateway, or a
 *   2xx whose body cannot be read); it must be reconciled, never resent blindly.
 */
import type { BridgeError } from '../../src-shared/api/common'
import { ERROR_CODES } from '../../src-shared/api/common'
import { Categorie } from '../../src-shared/api/categories'
import type { HttpMethod } from '../../src-shared/api/endpoint-def'

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
  /** French message for the clerk. */
  message: string
  /** Category whose right is missing (403 DROIT_MANQUANT only). */
  missingRight?: Categorie | undefined
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
  readonly missingRight: Categorie | undefined

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
    this.missingRight = init.missingRight
  }
}

/** Transport failure codes of our own (no HTTP answer). */
export const TRANSPORT_CODES = {
  injoignable: 'RESEAU_INJOIGNABLE',
  coupure: 'CONNEXION_INTERROMPUE',
  delai: 'DELAI_DEPASSE',
  reponseInvalide: 'REPONSE_INVALIDE',
  reponseTropVolumineuse: 'REPONSE_TROP_VOLUMINEUSE',
} as const

/**
 * Classifies an HTTP error answer (status >= 400) of `method`.
 * @returns the class, and the missing category for a 403 DROIT_MANQUANT.
 */
export function classifyHttpFailure(status: number, method: HttpMethod, body: BridgeError | null): { errorClass: ErrorClass; missingRight?: Categorie } {
  if (status === 403) {
    if (body?.code === ERROR_CODES.dossierNonAffecte) return { errorClass: 'record' }
    const right = Categorie.safeParse(body?.droit_requis)
    return right.success ? { errorClass: 'global', missingRight: right.data } : { errorClass: 'global' }
  }
  if (status === 401 || status === 408 || status === 429) return { errorClass: 'global' }
  if (status === 502 || status === 504) return { errorClass: method === 'GET' ? 'global' : 'unknown' }
  if (status >= 500) return { errorClass: 'global' }
  if (status === 410) return { errorClass: 'global' }
  return { errorClass: 'record' }
}

/** Error codes (Node / undici) meaning the request never reached the server. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'])

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
 * @returns class, code and French message.
 */
export function classifyTransportFailure(error: unknown, method: HttpMethod): { errorClass: ErrorClass; code: string; message: string } {
  const { codes, names } = causeChain(error)
  if (codes.some((c) => NOT_SENT.has(c))) {
    return { errorClass: 'global', code: TRANSPORT_CODES.injoignable, message: 'Service de paie injoignable : vérifiez la connexion réseau.' }
  }
  const timedOut = names.includes('TimeoutError') || codes.includes('UND_ERR_HEADERS_TIMEOUT') || codes.includes('UND_ERR_BODY_TIMEOUT')
  const code = timedOut ? TRANSPORT_CODES.delai : TRANSPORT_CODES.coupure
  if (method === 'GET') {
    return { errorClass: 'global', code, message: timedOut ? 'Le service de paie ne répond pas (délai dépassé).' : 'La connexion au service de paie a été interrompue.' }
  }
  return {
    errorClass: 'unknown',
    code,
    message: 'Envoi sans réponse : l’élément sera vérifié auprès du service avant tout nouvel envoi.',
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

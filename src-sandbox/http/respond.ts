/**
 * Building answers: BridgeError.Dto error answers with their headers.
 */
import { ERROR_CODES } from '../../src-shared/api/common'
import { SandboxRefusal, bridgeErrorBody } from './errors'

/** JSON answer of an error, with its own headers (`Retry-After`, `WWW-Authenticate`) and `extra` ones. */
export function errorResponse(error: SandboxRefusal, extra: Readonly<Record<string, string>> = {}): Response {
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', ...error.options.headers, ...extra })
  return new Response(JSON.stringify(bridgeErrorBody(error)), { status: error.statut, headers })
}

/** 429 TROP_DE_REQUETES with `Retry-After` in whole seconds (RFC 9110 §10.2.3). */
export function tooManyRequests(retryAfterSeconds: number): SandboxRefusal {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return new SandboxRefusal(429, ERROR_CODES.tropDeRequetes, `Trop de requêtes : réessayez dans ${seconds} s.`, {
    headers: { 'Retry-After': String(seconds) },
  })
}

/** 500 ERREUR_SERVEUR for an unexpected failure inside the sandbox. */
export function internalError(message = 'Erreur interne du service de paie : réessayez plus tard.'): SandboxRefusal {
  return new SandboxRefusal(500, ERROR_CODES.erreurServeur, message, { source: 'Serveur' })
}

/**
 * The failure the `errorRate` switch plays, picked with `draw` in [0, 1): 500 from the API server, 502 from the
 * proxy (bad gateway), or 503 from the proxy (service unavailable, `Retry-After: 1`). All recoverable.
 */
export function injectedFailure(draw: number): SandboxRefusal {
  if (draw < 1 / 3) return internalError()
  if (draw < 2 / 3) {
    return new SandboxRefusal(502, ERROR_CODES.indisponible, 'Passerelle en erreur : le service de paie n’a pas répondu correctement.', {
      source: 'Proxy',
    })
  }
  return new SandboxRefusal(503, ERROR_CODES.indisponible, 'Service de paie momentanément indisponible : réessayez dans un instant.', {
    source: 'Proxy',
    headers: { 'Retry-After': '1' },
  })
}

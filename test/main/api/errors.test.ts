import { describe, expect, it } from 'vitest'
import {
  ApiError,
  classifyHttpFailure,
  classifyTransportFailure,
  parseRetryAfter,
  tokenFailure,
  type ErrorClass,
} from '../../../src-main/api/errors'
import type { BridgeError } from '../../../src-shared/api/common'

function bridge(code: string, extra: Partial<BridgeError> = {}): BridgeError {
  return { statut: 403, code, message: 'm', erreurs: [], recuperable: false, source: 'Api', id_trace: 't', ...extra }
}

type Row = readonly [status: number, body: BridgeError | null, retryAfter: boolean, expected: ErrorClass, why: string]

const html = null
const b = (status: number, code: string, extra: Partial<BridgeError> = {}): BridgeError => bridge(code, { statut: status, ...extra })

/** Writes (docs/api-assumptions.md #39): every row of the table, for each write method. */
const WRITE_ROWS: readonly Row[] = [
  [429, b(429, 'TROP_DE_REQUETES'), true, 'global', '429: refused before processing'],
  [429, html, false, 'global', '429 from a proxy page: still refused before processing'],
  [401, b(401, 'JETON_EXPIRE'), false, 'global', '401 after the refresh'],
  [401, html, false, 'global', '401 from a proxy page'],
  [503, b(503, 'SERVICE_INDISPONIBLE', { source: 'Proxy' }), true, 'global', '503 with Retry-After: declined'],
  [503, b(503, 'SERVICE_INDISPONIBLE', { source: 'Proxy' }), false, 'unknown', '503 without Retry-After'],
  [503, html, true, 'unknown', '503 page that is not a BridgeError'],
  [403, b(403, 'DROIT_MANQUANT', { droit_requis: 'frais_professionnels' }), false, 'global', '403 missing right'],
  [403, b(403, 'DOSSIER_NON_AFFECTE'), false, 'record', '403 unassigned dossier'],
  [403, html, false, 'unknown', '403 proxy page'],
  [400, b(400, 'REQUETE_INVALIDE'), false, 'record', '400 BridgeError'],
  [404, b(404, 'ELEMENT_INTROUVABLE'), false, 'record', '404 BridgeError'],
  [404, b(404, 'INTROUVABLE'), false, 'record', '404 BridgeError (generic)'],
  [404, html, false, 'unknown', '404 proxy page'],
  [409, b(409, 'CONFLIT'), false, 'record', '409 BridgeError'],
  [422, b(422, 'REGLE_METIER'), false, 'record', '422 BridgeError'],
  [410, b(410, 'CHEMIN_SUPPRIME'), false, 'global', '410 removed path'],
  [410, html, false, 'unknown', '410 proxy page'],
  [408, b(408, 'DELAI'), false, 'global', '408 BridgeError'],
  [408, html, false, 'unknown', '408 proxy page'],
  [413, html, false, 'unknown', '413 proxy page'],
  [500, b(500, 'ERREUR_SERVEUR', { source: 'Serveur' }), false, 'unknown', '500 BridgeError (commit then 500)'],
  [500, html, false, 'unknown', '500 page'],
  [500, b(500, 'ERREUR_SERVEUR', { source: 'Serveur' }), true, 'unknown', '500 even with Retry-After'],
  [502, b(502, 'SERVICE_INDISPONIBLE', { source: 'Proxy' }), false, 'unknown', '502 gateway'],
  [504, html, false, 'unknown', '504 gateway timeout'],
  [507, b(507, 'ERREUR_SERVEUR'), false, 'unknown', 'another 5xx'],
]

/** Reads: unchanged (every 5xx global, 4xx record but 401/403 right/408/410/429). */
const READ_ROWS: readonly Row[] = [
  [400, b(400, 'REQUETE_INVALIDE'), false, 'record', '400'],
  [404, html, false, 'record', '404 whatever the body'],
  [403, b(403, 'DOSSIER_NON_AFFECTE'), false, 'record', '403 unassigned dossier'],
  [403, b(403, 'DROIT_MANQUANT', { droit_requis: 'absences' }), false, 'global', '403 missing right'],
  [401, html, false, 'global', '401'],
  [408, html, false, 'global', '408'],
  [410, b(410, 'CHEMIN_SUPPRIME'), false, 'global', '410'],
  [429, html, true, 'global', '429'],
  [500, html, false, 'global', '500'],
  [502, html, false, 'global', '502'],
  [503, b(503, 'SERVICE_INDISPONIBLE'), false, 'global', '503 without Retry-After'],
  [504, html, false, 'global', '504'],
]

const named = (rows: readonly Row[]) =>
  rows.map(([status, body, retryAfter, expected, why]) => ({ status, body, retryAfter, expected, why }))

describe('classifyHttpFailure', () => {
  describe.each(['POST', 'PATCH', 'PUT', 'DELETE'] as const)('write %s', (method) => {
    it.each(named(WRITE_ROWS))('$status, Retry-After $retryAfter → $expected ($why)', ({ status, body, retryAfter, expected }) => {
      expect(classifyHttpFailure(status, method, body, retryAfter).errorClass).toBe(expected)
    })
  })

  describe('read GET', () => {
    it.each(named(READ_ROWS))('$status, Retry-After $retryAfter → $expected ($why)', ({ status, body, retryAfter, expected }) => {
      expect(classifyHttpFailure(status, 'GET', body, retryAfter).errorClass).toBe(expected)
    })
  })

  it('pauses only the missing category on a 403 DROIT_MANQUANT, read or write', () => {
    for (const method of ['GET', 'POST'] as const) {
      const r = classifyHttpFailure(403, method, bridge('DROIT_MANQUANT', { droit_requis: 'frais_professionnels' }), false)
      expect(r).toEqual({ errorClass: 'global', missingRight: 'frais_professionnels' })
    }
  })
})

describe('tokenFailure', () => {
  const tokenError = (init: Partial<ConstructorParameters<typeof ApiError>[0]>): ApiError =>
    new ApiError({
      operation: 'obtenirJeton',
      method: 'POST',
      status: null,
      body: null,
      retryAfterMs: null,
      errorClass: 'unknown',
      code: 'DELAI_DEPASSE',
      message: 'm',
      ...init,
    })

  it('makes a timed-out token request a global, unsent failure of the original write', () => {
    const e = tokenFailure('creerEvp', 'POST', tokenError({}))
    expect(e).toMatchObject({
      operation: 'creerEvp',
      method: 'POST',
      errorClass: 'global',
      sent: false,
      code: 'DELAI_DEPASSE',
      status: null,
    })
    expect(e.params).toEqual({ jeton: 'DELAI' })
  })

  it('keeps a refused client recognisable (401 CLIENT_INVALIDE), with its body and Retry-After', () => {
    const body = b(401, 'CLIENT_INVALIDE', { message: 'Identifiants du client API invalides.' })
    const e = tokenFailure(
      'supprimerAbsence',
      'DELETE',
      tokenError({ status: 401, body, errorClass: 'global', code: 'CLIENT_INVALIDE', retryAfterMs: 2000 }),
    )
    expect(e).toMatchObject({ errorClass: 'global', sent: false, code: 'CLIENT_INVALIDE', status: 401, body, retryAfterMs: 2000 })
    expect(e.params).toEqual({ jeton: 'REFUSE', status: 401, service: 'Identifiants du client API invalides.' })
  })

  it('handles a failure that is not an ApiError', () => {
    expect(tokenFailure('listerEvp', 'GET', new Error('boum'))).toMatchObject({
      errorClass: 'global',
      sent: false,
      code: 'JETON_INDISPONIBLE',
    })
  })
})

describe('ApiError.sent', () => {
  it('defaults to true (the request may have reached the service)', () => {
    expect(
      new ApiError({
        operation: 'x',
        method: 'POST',
        status: 500,
        body: null,
        retryAfterMs: null,
        errorClass: 'unknown',
        code: 'HTTP_500',
        message: 'm',
      }).sent,
    ).toBe(true)
  })
})

describe('classifyTransportFailure', () => {
  const fetchFailed = (code: string) => Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error(code), { code }) })

  it('knows a refused connection never reached the server, even for a write', () => {
    expect(classifyTransportFailure(fetchFailed('ECONNREFUSED'), 'POST')).toMatchObject({
      errorClass: 'global',
      code: 'RESEAU_INJOIGNABLE',
      sent: false,
    })
    expect(classifyTransportFailure(fetchFailed('ENOTFOUND'), 'DELETE')).toMatchObject({ errorClass: 'global', sent: false })
  })

  it('makes a cut connection on a write an unknown outcome', () => {
    expect(classifyTransportFailure(fetchFailed('UND_ERR_SOCKET'), 'POST')).toMatchObject({
      errorClass: 'unknown',
      code: 'CONNEXION_INTERROMPUE',
      sent: true,
    })
    expect(classifyTransportFailure(fetchFailed('ECONNRESET'), 'GET')).toMatchObject({ errorClass: 'global', sent: true })
  })

  it('makes a timeout on a write an unknown outcome', () => {
    const timeout = Object.assign(new Error('aborted'), { name: 'TimeoutError' })
    expect(classifyTransportFailure({ cause: timeout }, 'PATCH')).toMatchObject({ errorClass: 'unknown', code: 'DELAI_DEPASSE' })
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    expect(parseRetryAfter('3')).toBe(3000)
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('bientôt')).toBeNull()
    expect(parseRetryAfter(null)).toBeNull()
  })
})

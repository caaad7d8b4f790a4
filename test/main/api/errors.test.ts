import { describe, expect, it } from 'vitest'
import { classifyHttpFailure, classifyTransportFailure, parseRetryAfter } from '../../../src-main/api/errors'
import type { BridgeError } from '../../../src-shared/api/common'

function bridge(code: string, extra: Partial<BridgeError> = {}): BridgeError {
  return { statut: 403, code, message: 'm', erreurs: [], recuperable: false, source: 'Api', id_trace: 't', ...extra }
}

describe('classifyHttpFailure', () => {
  it.each([400, 404, 409, 422])('makes %i a record-level failure', (status) => {
    expect(classifyHttpFailure(status, 'POST', null).errorClass).toBe('record')
  })

  it.each([401, 429, 500, 503])('makes %i a global failure', (status) => {
    expect(classifyHttpFailure(status, 'POST', null).errorClass).toBe('global')
  })

  it('pauses only the missing category on a 403 DROIT_MANQUANT', () => {
    const r = classifyHttpFailure(403, 'POST', bridge('DROIT_MANQUANT', { droit_requis: 'frais_professionnels' }))
    expect(r).toEqual({ errorClass: 'global', missingRight: 'frais_professionnels' })
  })

  it('treats an unassigned dossier as a problem of that record', () => {
    expect(classifyHttpFailure(403, 'POST', bridge('DOSSIER_NON_AFFECTE')).errorClass).toBe('record')
  })

  it('treats a gateway error on a write as unknown outcome, on a read as global', () => {
    expect(classifyHttpFailure(502, 'POST', null).errorClass).toBe('unknown')
    expect(classifyHttpFailure(504, 'PATCH', null).errorClass).toBe('unknown')
    expect(classifyHttpFailure(502, 'GET', null).errorClass).toBe('global')
  })
})

describe('classifyTransportFailure', () => {
  const fetchFailed = (code: string) => Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error(code), { code }) })

  it('knows a refused connection never reached the server, even for a write', () => {
    expect(classifyTransportFailure(fetchFailed('ECONNREFUSED'), 'POST')).toMatchObject({ errorClass: 'global', code: 'RESEAU_INJOIGNABLE' })
    expect(classifyTransportFailure(fetchFailed('ENOTFOUND'), 'DELETE').errorClass).toBe('global')
  })

  it('makes a cut connection on a write an unknown outcome', () => {
    expect(classifyTransportFailure(fetchFailed('UND_ERR_SOCKET'), 'POST')).toMatchObject({ errorClass: 'unknown', code: 'CONNEXION_INTERROMPUE' })
    expect(classifyTransportFailure(fetchFailed('ECONNRESET'), 'GET').errorClass).toBe('global')
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

/**
 * Authentication and rights of the sandbox over real HTTP: token endpoint, missing/expired/unknown tokens,
 * rights per category, scope narrowing, public routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import { call, qs, requestToken, secretOf, sirenOf, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(async () => {
  await sandbox.close()
})

describe('token endpoint', () => {
  it('issues a bearer token for the demo client with every granted category in scope', async () => {
    const res = await requestToken(sandbox.url, 'demo-gestionnaire', secretOf('demo-gestionnaire'))
    expect(res.status).toBe(200)
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string }
    expect(body.token_type).toBe('Bearer')
    expect(body.expires_in).toBe(3600)
    expect(body.scope.split(' ')).toContain('frais_professionnels')
    const moi = await call<{ utilisateur: { matricule: string } }>(sandbox.url, '/api/moi', { token: body.access_token })
    expect(moi.status).toBe(200)
    expect(moi.body.utilisateur.matricule).toBe('GP001')
  })

  it('answers 401 CLIENT_INVALIDE for a wrong secret or an unknown client', async () => {
    for (const [id, secret] of [
      ['demo-gestionnaire', 'mauvais-secret'],
      ['client-inconnu', 'x'],
    ] as const) {
      const res = await requestToken(sandbox.url, id, secret)
      expect(res.status).toBe(401)
      const body = (await res.json()) as ErrorBody
      expect(body.code).toBe('CLIENT_INVALIDE')
      expect(body.recuperable).toBe(false)
    }
  })

  it('narrows the rights to the requested scope', async () => {
    const res = await requestToken(sandbox.url, 'demo-gestionnaire', secretOf('demo-gestionnaire'), 'absences dossiers inconnue')
    const body = (await res.json()) as { access_token: string; scope: string }
    expect(body.scope).toBe('dossiers absences')
    const salaries = await call<ErrorBody>(sandbox.url, '/api/salaries', { token: body.access_token })
    expect(salaries.status).toBe(403)
    expect(salaries.body.droit_requis).toBe('salaries')
    expect((await call(sandbox.url, '/api/dossiers', { token: body.access_token })).status).toBe(200)
  })

  it('lists every access token it issued, for the log scan of the end-to-end runs', async () => {
    const before = sandbox.issuedTokens().length
    const first = (await (await requestToken(sandbox.url, 'demo-gestionnaire', secretOf('demo-gestionnaire'))).json()) as {
      access_token: string
    }
    const second = (await (await requestToken(sandbox.url, 'demo-gestionnaire', secretOf('demo-gestionnaire'))).json()) as {
      access_token: string
    }
    await requestToken(sandbox.url, 'demo-gestionnaire', 'mauvais-secret')
    expect(sandbox.issuedTokens().slice(before)).toEqual([first.access_token, second.access_token])
  })

  it('accepts a JSON token request too', async () => {
    const res = await call<{ token_type: string }>(sandbox.url, '/api/auth/token', {
      method: 'POST',
      body: { grant_type: 'client_credentials', client_id: 'demo-gestionnaire', client_secret: secretOf('demo-gestionnaire') },
    })
    expect(res.status).toBe(200)
    expect(res.body.token_type).toBe('Bearer')
  })
})

describe('bearer token checks', () => {
  it('answers 401 NON_AUTHENTIFIE without a token, with a malformed one or an unknown one', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer', 'Bearer jeton-jamais-emis']) {
      const res = await fetch(`${sandbox.url}/api/dossiers`, { headers: authorization === undefined ? {} : { authorization } })
      expect(res.status).toBe(401)
      const body = (await res.json()) as ErrorBody
      expect(body.code).toBe('NON_AUTHENTIFIE')
      expect(body.message).toMatch(/jeton/)
      expect(typeof body.id_trace).toBe('string')
    }
  })

  it('answers 401 JETON_EXPIRE after expireTokens, and a new token works', async () => {
    const token = await tokenFor(sandbox.url)
    expect((await call(sandbox.url, '/api/dossiers', { token })).status).toBe(200)
    sandbox.faults.expireTokens()
    const expired = await call<ErrorBody>(sandbox.url, '/api/dossiers', { token })
    expect(expired.status).toBe(401)
    expect(expired.body.code).toBe('JETON_EXPIRE')
    expect(expired.body.recuperable).toBe(true)
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"')
    const fresh = await tokenFor(sandbox.url)
    expect((await call(sandbox.url, '/api/dossiers', { token: fresh })).status).toBe(200)
  })

  it('expires tokens through the loopback admin route too', async () => {
    const token = await tokenFor(sandbox.url)
    const admin = await fetch(`${sandbox.url}/__sandbox/expire-tokens`, { method: 'POST' })
    expect(admin.status).toBe(204)
    expect((await call<ErrorBody>(sandbox.url, '/api/moi', { token })).body.code).toBe('JETON_EXPIRE')
  })

  it('expires a token after its lifetime', async () => {
    const short = await startTestSandbox({ tokenTtlSeconds: 1 })
    try {
      const token = await tokenFor(short.url)
      expect((await call(short.url, '/api/moi', { token })).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 1300))
      expect((await call<ErrorBody>(short.url, '/api/moi', { token })).body.code).toBe('JETON_EXPIRE')
    } finally {
      await short.close()
    }
  })
})

describe('rights per category', () => {
  it('answers 403 DROIT_MANQUANT naming frais_professionnels to the restricted client', async () => {
    const token = await tokenFor(sandbox.url, 'gestionnaire-restreint')
    const res = await call<ErrorBody>(sandbox.url, `/api/frais-professionnels${qs({ siren: sirenOf('A') })}`, { token })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('DROIT_MANQUANT')
    expect(res.body.droit_requis).toBe('frais_professionnels')
    expect(res.body.message).toContain('Frais professionnels')
    expect(res.body.recuperable).toBe(false)
    // The same client may use the categories it holds.
    expect((await call(sandbox.url, `/api/absences${qs({ siren: sirenOf('A') })}`, { token })).status).toBe(200)
    const cabinet = await call<ErrorBody>(sandbox.url, '/api/cabinet/utilisateurs', { token })
    expect(cabinet.body.droit_requis).toBe('cabinet')
  })

  it('checks the token before the input (401 wins over 400)', async () => {
    const res = await call<ErrorBody>(sandbox.url, '/api/absences?siren=abc')
    expect(res.status).toBe(401)
  })
})

describe('public routes', () => {
  it('serves the health check without a token', async () => {
    const res = await call<{ statut: string; version: string; date: string }>(sandbox.url, '/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ statut: 'ok', version: '1.13.0' })
    expect(res.body.date.startsWith('2026-11-16')).toBe(true)
  })
})

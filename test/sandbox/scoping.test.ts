/**
 * Assignment scoping by date over real HTTP: user GP002 (client gestionnaire-2) had dossier A until yesterday,
 * gets B from tomorrow, has C, never D. The sandbox clock is moved to check each side of those dates.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import { TODAY, addDays, call, qs, sirenOf, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

let sandbox: RunningSandbox
let token: string
let day = TODAY

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => new Date(`${day}T10:00:00Z`) })
  token = await tokenFor(sandbox.url, 'gestionnaire-2')
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => {
  day = TODAY
})

async function listedSirens(): Promise<string[]> {
  const res = await call<{ elements: { siren: string }[] }>(sandbox.url, '/api/dossiers', { token })
  expect(res.status).toBe(200)
  return res.body.elements.map((d) => d.siren)
}

async function dossierStatus(cle: 'A' | 'B' | 'C' | 'D'): Promise<{ status: number; code: string | undefined }> {
  const res = await call<ErrorBody>(sandbox.url, `/api/dossiers/${sirenOf(cle)}`, { token })
  return { status: res.status, code: res.status === 200 ? undefined : res.body.code }
}

describe('assignment scoping by date', () => {
  it('today: only C is visible; A (ended yesterday), B (from tomorrow) and D (never) answer 403', async () => {
    expect(await listedSirens()).toEqual([sirenOf('C')])
    expect(await dossierStatus('C')).toEqual({ status: 200, code: undefined })
    for (const cle of ['A', 'B', 'D'] as const) {
      expect(await dossierStatus(cle)).toEqual({ status: 403, code: 'DOSSIER_NON_AFFECTE' })
    }
    const body = (await call<ErrorBody>(sandbox.url, `/api/dossiers/${sirenOf('A')}`, { token })).body
    expect(body.message).toContain(sirenOf('A'))
    expect(body.message).toMatch(/affecté/)
  })

  it('yesterday (last day of the assignment, inclusive): A is visible, B not yet', async () => {
    day = addDays(TODAY, -1)
    expect((await listedSirens()).sort()).toEqual([sirenOf('A'), sirenOf('C')].sort())
    expect((await dossierStatus('B')).status).toBe(403)
  })

  it('tomorrow (first day of the assignment, inclusive): B is visible, A is not', async () => {
    day = addDays(TODAY, 1)
    expect((await listedSirens()).sort()).toEqual([sirenOf('B'), sirenOf('C')].sort())
    expect((await dossierStatus('A')).status).toBe(403)
  })

  it('filters lists silently and refuses a query naming a dossier not assigned', async () => {
    const all = await call<{ elements: { siren: string }[]; total: number }>(sandbox.url, `/api/salaries${qs({ taille: 500 })}`, { token })
    expect(all.status).toBe(200)
    expect(all.body.total).toBeGreaterThan(0)
    expect(new Set(all.body.elements.map((s) => s.siren))).toEqual(new Set([sirenOf('C')]))
    const named = await call<ErrorBody>(sandbox.url, `/api/salaries${qs({ siren: [sirenOf('C'), sirenOf('A')] })}`, { token })
    expect(named.status).toBe(403)
    expect(named.body.code).toBe('DOSSIER_NON_AFFECTE')
    const entries = await call<ErrorBody>(sandbox.url, `/api/absences${qs({ siren: sirenOf('D') })}`, { token })
    expect(entries.status).toBe(403)
  })

  it('answers 404 for an unknown SIREN and for records of a dossier not assigned', async () => {
    // 123456782: a valid SIREN (Luhn) that no dossier has.
    const unknown = await call<ErrorBody>(sandbox.url, '/api/dossiers/123456782', { token })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('INTROUVABLE')
    const bulletinA = sandbox.store.bulletins.find((b) => b.siren === sirenOf('A'))
    const bulletinC = sandbox.store.bulletins.find((b) => b.siren === sirenOf('C'))
    expect(bulletinA).toBeDefined()
    expect(bulletinC).toBeDefined()
    expect((await call(sandbox.url, `/api/bulletins/${bulletinA?.id ?? ''}`, { token })).status).toBe(404)
    expect((await call(sandbox.url, `/api/bulletins/${bulletinC?.id ?? ''}`, { token })).status).toBe(200)
    // The demo user, assigned to A, reads it.
    const demo = await tokenFor(sandbox.url)
    expect((await call(sandbox.url, `/api/bulletins/${bulletinA?.id ?? ''}`, { token: demo })).status).toBe(200)
  })

  it('answers 404 for an unknown matricule in a path', async () => {
    const res = await call<ErrorBody>(sandbox.url, `/api/dossiers/${sirenOf('C')}/salaries/INCONNU99`, { token })
    expect(res.status).toBe(404)
    expect(res.body.message).toContain('INCONNU99')
  })
})

/**
 * Record creation metadata and the "this record does not exist" 404 over real HTTP: `cree_par` is the creating
 * API client's id (null on seed records), kept by a PATCH; `date_creation` / `date_modification` come from the
 * sandbox clock; a PATCH or DELETE naming an id no record holds answers 404 ELEMENT_INTROUVABLE, while a record of
 * a dossier the caller is not assigned to stays a plain 404 INTROUVABLE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { Absence, AvantageNature, Evp, FraisProfessionnel, PrimeIndemnite } from '../../src-shared/api/entries'
import { TODAY, call, quietEmployee, sirenOf, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

let sandbox: RunningSandbox
let clockMs = Date.parse(`${TODAY}T09:00:00.000Z`)
let demo: string
let restreint: string
let gestionnaire2: string
const siren = sirenOf('C')
let periode = ''
const day = (d: number): string => `${periode}-${String(d).padStart(2, '0')}`
const NEVER = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => new Date(clockMs) })
  demo = await tokenFor(sandbox.url, 'demo-gestionnaire')
  restreint = await tokenFor(sandbox.url, 'gestionnaire-restreint')
  gestionnaire2 = await tokenFor(sandbox.url, 'gestionnaire-2')
  periode = sandbox.store.dossiers.find((d) => d.siren === siren)?.periode_paie_en_cours ?? ''
})
afterAll(async () => {
  await sandbox.close()
})

function evpBody(n: number, quantite: string) {
  const code = (sandbox.store.codesEvp[siren] ?? []).find((c) => c.format === 'quantite')?.code ?? ''
  return { siren, matricule: quietEmployee(sandbox.store, siren, day(1), day(28), n).matricule, periode, code_evp: code, quantite }
}

function absenceBody(n: number, d: number) {
  const available = sandbox.store.codesAbsencesParDossier[siren] ?? []
  const code = sandbox.store.codesAbsences.find((c) => available.includes(c.code))?.code ?? ''
  const { matricule } = quietEmployee(sandbox.store, siren, day(1), day(28), n)
  return { siren, matricule, code_absence: code, date_debut: day(d), date_fin: day(d), demi_journee_debut: false, demi_journee_fin: false }
}

describe('record creation metadata', () => {
  it('stamps cree_par with the creating API client, and the instants with the sandbox clock', async () => {
    clockMs = Date.parse(`${TODAY}T09:15:00.000Z`)
    const mine = await call<Evp>(sandbox.url, '/api/evp', { token: demo, method: 'POST', body: evpBody(0, '1.5') })
    expect(mine.status).toBe(201)
    expect(mine.body).toMatchObject({
      cree_par: 'demo-gestionnaire',
      date_creation: '2026-11-16T09:15:00.000Z',
      date_modification: '2026-11-16T09:15:00.000Z',
    })

    const theirs = await call<Evp>(sandbox.url, '/api/evp', { token: restreint, method: 'POST', body: evpBody(1, '2') })
    expect(theirs.status).toBe(201)
    expect(theirs.body.cree_par).toBe('gestionnaire-restreint')

    const absence = await call<Absence>(sandbox.url, '/api/absences', { token: restreint, method: 'POST', body: absenceBody(2, 3) })
    expect(absence.status).toBe(201)
    expect(absence.body.cree_par).toBe('gestionnaire-restreint')

    // Both are listed with their creator, to any client that sees the dossier.
    const listed = await call<{ elements: Evp[] }>(sandbox.url, `/api/evp?siren=${siren}&periode=${periode}&taille=500`, {
      token: restreint,
    })
    const byId = new Map(listed.body.elements.map((e) => [e.id, e.cree_par]))
    expect(byId.get(mine.body.id)).toBe('demo-gestionnaire')
    expect(byId.get(theirs.body.id)).toBe('gestionnaire-restreint')
  })

  it('stamps every kind of entry record (primes, avantages, frais)', async () => {
    const { matricule } = quietEmployee(sandbox.store, siren, day(1), day(28), 3)
    const prime = (sandbox.store.codesPrimesIndemnites[siren] ?? [])[0]?.code ?? ''
    const p = await call<PrimeIndemnite>(sandbox.url, '/api/primes-indemnites', {
      token: demo,
      method: 'POST',
      body: { siren, matricule, periode, code_prime: prime, montant: '50.00' },
    })
    const a = await call<AvantageNature>(sandbox.url, '/api/avantages-nature', {
      token: demo,
      method: 'POST',
      body: { siren, matricule, periode, type_avantage: 'nourriture', mode_evaluation: 'forfait', montant: '5.35' },
    })
    const f = await call<FraisProfessionnel>(sandbox.url, '/api/frais-professionnels', {
      token: demo,
      method: 'POST',
      body: { siren, matricule, periode, date: day(4), type_frais: 'repas', montant: '7.30' },
    })
    expect([p.status, a.status, f.status]).toEqual([201, 201, 201])
    expect([p.body.cree_par, a.body.cree_par, f.body.cree_par]).toEqual(['demo-gestionnaire', 'demo-gestionnaire', 'demo-gestionnaire'])
  })

  it('keeps cree_par on a PATCH by another client, which moves date_modification only', async () => {
    clockMs = Date.parse(`${TODAY}T10:00:00.000Z`)
    const created = await call<Evp>(sandbox.url, '/api/evp', { token: demo, method: 'POST', body: evpBody(4, '3') })
    expect(created.status).toBe(201)
    clockMs = Date.parse(`${TODAY}T10:05:00.000Z`)
    const patched = await call<Evp>(sandbox.url, `/api/evp/${created.body.id}`, {
      token: restreint,
      method: 'PATCH',
      body: { quantite: '4' },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      cree_par: 'demo-gestionnaire',
      quantite: '4',
      date_creation: '2026-11-16T10:00:00.000Z',
      date_modification: '2026-11-16T10:05:00.000Z',
    })
  })

  it('leaves seed records without creator (cree_par null): entered elsewhere', () => {
    const records = [
      ...sandbox.store.absences,
      ...sandbox.store.evp,
      ...sandbox.store.primesIndemnites,
      ...sandbox.store.avantagesNature,
      ...sandbox.store.fraisProfessionnels,
    ]
    const seeded = records.filter((r) => r.cree_par === null)
    expect(seeded.length).toBeGreaterThan(10)
    expect(records.every((r) => r.cree_par === null || typeof r.cree_par === 'string')).toBe(true)
  })
})

describe('404 on an entry id', () => {
  it.each([
    ['/api/evp', 'params.id'],
    ['/api/primes-indemnites', 'params.id'],
    ['/api/avantages-nature', 'params.id'],
    ['/api/frais-professionnels', 'params.id'],
    ['/api/absences', 'params.absenceId'],
  ])('%s: PATCH and DELETE of an id no record holds answer 404 ELEMENT_INTROUVABLE at %s', async (base, chemin) => {
    for (const method of ['PATCH', 'DELETE']) {
      const res = await call<ErrorBody>(sandbox.url, `${base}/${NEVER}`, {
        token: demo,
        method,
        ...(method === 'PATCH' ? { body: {} } : {}),
      })
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('ELEMENT_INTROUVABLE')
      expect(res.body.erreurs).toEqual([expect.objectContaining({ chemin, code: 'ELEMENT_INTROUVABLE' })])
    }
  })

  it('answers ELEMENT_INTROUVABLE to a second DELETE of the same record (already gone)', async () => {
    const created = await call<Absence>(sandbox.url, '/api/absences', { token: demo, method: 'POST', body: absenceBody(5, 6) })
    expect(created.status).toBe(201)
    expect((await call(sandbox.url, `/api/absences/${created.body.id}`, { token: demo, method: 'DELETE' })).status).toBe(204)
    const again = await call<ErrorBody>(sandbox.url, `/api/absences/${created.body.id}`, { token: demo, method: 'DELETE' })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('ELEMENT_INTROUVABLE')
  })

  it('keeps the plain 404 INTROUVABLE for an existing record of a dossier the caller is not assigned to', async () => {
    // gestionnaire-2 (GP002) left dossier A yesterday: its records exist but are not disclosed.
    const record = sandbox.store.evp.find((e) => e.siren === sirenOf('A'))
    const absence = sandbox.store.absences.find((a) => a.siren === sirenOf('A'))
    if (record === undefined || absence === undefined) throw new Error('seed sans EVP ni absence dans le dossier A')
    const patch = await call<ErrorBody>(sandbox.url, `/api/evp/${record.id}`, {
      token: gestionnaire2,
      method: 'PATCH',
      body: { quantite: '1' },
    })
    expect(patch.status).toBe(404)
    expect(patch.body.code).toBe('INTROUVABLE')
    const del = await call<ErrorBody>(sandbox.url, `/api/absences/${absence.id}`, { token: gestionnaire2, method: 'DELETE' })
    expect(del.status).toBe(404)
    expect(del.body.code).toBe('INTROUVABLE')
    expect(sandbox.store.absences.some((a) => a.id === absence.id)).toBe(true)
  })
})

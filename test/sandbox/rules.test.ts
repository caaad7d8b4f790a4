/**
 * Validation (400 with chemin), business rules (422), entry CRUD, removed paths (410) and unknown routes over
 * real HTTP, on employees of dossier A picked from the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { Absence, Evp } from '../../src-shared/api/entries'
import { call, qs, quietEmployee, sirenOf, startTestSandbox, tokenFor, type ErrorBody } from './helpers'
import { dureeTempsPlein } from '../../src-shared/domain/contrat-create'

let sandbox: RunningSandbox
let token: string
const siren = sirenOf('A')
let periode = ''
const day = (d: number): string => `${periode}-${String(d).padStart(2, '0')}`

beforeAll(async () => {
  sandbox = await startTestSandbox()
  token = await tokenFor(sandbox.url)
  periode = sandbox.store.dossiers.find((d) => d.siren === siren)?.periode_paie_en_cours ?? ''
})
afterAll(async () => {
  await sandbox.close()
})

/** The n-th employee of A with one open-ended contract over the current period and no absence in it. */
function pick(n: number): { matricule: string; numero: string; nic: string } {
  // Day 31 as an upper bound works for string comparisons whatever the month's length.
  return quietEmployee(sandbox.store, siren, day(1), day(31), n)
}

function absenceCode(halfDays: boolean): string {
  const available = sandbox.store.codesAbsencesParDossier[siren] ?? []
  const code = sandbox.store.codesAbsences.find((c) => available.includes(c.code) && c.demi_journee_autorisee === halfDays)
  if (code === undefined) throw new Error('code d’absence introuvable')
  return code.code
}

function evpCode(format: string): string {
  const code = (sandbox.store.codesEvp[siren] ?? []).find((c) => c.format === format)
  if (code === undefined) throw new Error(`code EVP ${format} introuvable`)
  return code.code
}

function post<T>(path: string, body: unknown) {
  return call<T>(sandbox.url, path, { token, method: 'POST', body })
}

function absence(matricule: string, date_debut: string, date_fin: string, halves: [boolean, boolean] = [false, false]) {
  return {
    siren,
    matricule,
    code_absence: absenceCode(true),
    date_debut,
    date_fin,
    demi_journee_debut: halves[0],
    demi_journee_fin: halves[1],
  }
}

describe('request validation (400 REQUETE_INVALIDE)', () => {
  it('names the invalid item of an array body', async () => {
    const m = pick(0).matricule
    const item = (iban: string) => ({ matricule: m, iban, bic: 'AGRIFRPP', titulaire: 'Titulaire' })
    const res = await call<ErrorBody>(sandbox.url, `/api/dossiers/${siren}/salaries/coordonnees-bancaires`, {
      token,
      method: 'PATCH',
      body: { salaries: [item('FR7630006000011234567890189'), item('FR7630006000011234567890189'), item('FR7630006000011234567890188')] },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('REQUETE_INVALIDE')
    expect(res.body.erreurs.map((e) => e.chemin)).toEqual(['body.salaries[2].iban'])
    expect(res.body.erreurs[0]?.message).toMatch(/IBAN/)
  })

  it('names query and path fields, with French messages', async () => {
    const q = await call<ErrorBody>(sandbox.url, `/api/salaries${qs({ du: '2026-13-01' })}`, { token })
    expect(q.body.erreurs[0]).toMatchObject({ chemin: 'query.du' })
    const p = await call<ErrorBody>(sandbox.url, '/api/dossiers/123', { token })
    expect(p.status).toBe(400)
    expect(p.body.erreurs[0]).toMatchObject({ chemin: 'params.siren', message: 'SIREN : 9 chiffres attendus' })
    const missing = await post<ErrorBody>('/api/absences', { siren })
    expect(missing.status).toBe(400)
    expect(missing.body.erreurs.map((e) => e.chemin)).toContain('body.matricule')
    expect(missing.body.erreurs.find((e) => e.chemin === 'body.matricule')?.message).toBe('Champ obligatoire')
  })

  it('refuses an unreadable JSON body', async () => {
    const res = await fetch(`${sandbox.url}/api/absences`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{pas du json',
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).erreurs[0]?.chemin).toBe('body')
  })
})

describe('absences: rules and CRUD', () => {
  it('creates, merges a PATCH, refuses an overlap naming the other absence, accepts half-day adjacency, deletes', async () => {
    const { matricule, numero } = pick(0)
    const created = await post<Absence>('/api/absences', absence(matricule, day(2), day(4), [false, true]))
    expect(created.status).toBe(201)
    expect(created.body.numero_contrat).toBe(numero)
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/)

    const overlap = await post<ErrorBody>('/api/absences', absence(matricule, day(4), day(6)))
    expect(overlap.status).toBe(422)
    expect(overlap.body.code).toBe('REGLE_METIER')
    expect(overlap.body.erreurs[0]).toMatchObject({ code: 'CHEVAUCHEMENT' })
    expect(overlap.body.message).toContain(day(2))
    expect(overlap.body.message).toContain(day(4))

    const adjacent = await post<Absence>('/api/absences', absence(matricule, day(4), day(6), [true, false]))
    expect(adjacent.status).toBe(201)

    const patched = await call<Absence>(sandbox.url, `/api/absences/${created.body.id}`, {
      token,
      method: 'PATCH',
      body: { commentaire: 'Certificat reçu' },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ date_debut: day(2), date_fin: day(4), commentaire: 'Certificat reçu', demi_journee_fin: true })
    const clash = await call<ErrorBody>(sandbox.url, `/api/absences/${created.body.id}`, {
      token,
      method: 'PATCH',
      body: { demi_journee_fin: false },
    })
    expect(clash.status).toBe(422)
    expect(clash.body.erreurs[0]?.code).toBe('CHEVAUCHEMENT')

    const removed = await call(sandbox.url, `/api/absences/${adjacent.body.id}`, { token, method: 'DELETE' })
    expect(removed.status).toBe(204)
    const list = await call<{ elements: Absence[] }>(sandbox.url, `/api/absences${qs({ siren, matricule })}`, { token })
    expect(list.body.elements.map((a) => a.id)).toEqual([created.body.id])
    expect((await call(sandbox.url, `/api/absences/${adjacent.body.id}`, { token, method: 'DELETE' })).status).toBe(404)
  })

  it('refuses an unknown employee and a code the dossier does not offer', async () => {
    const unknown = await post<ErrorBody>('/api/absences', absence('INCONNU1', day(2), day(2)))
    expect(unknown.status).toBe(422)
    expect(unknown.body.erreurs[0]).toMatchObject({ chemin: 'body.matricule', code: 'SALARIE_INCONNU' })
    const { matricule } = pick(1)
    const code = await post<ErrorBody>('/api/absences', { ...absence(matricule, day(2), day(2)), code_absence: 'ZZ9' })
    expect(code.status).toBe(422)
    expect(code.body.erreurs[0]?.chemin).toBe('body.code_absence')
  })
})

describe('EVP: rules', () => {
  it('fills the contract number, refuses an unknown code, a wrong format and a closed period', async () => {
    const { matricule, numero } = pick(2)
    const ok = await post<Evp>('/api/evp', { siren, matricule, periode, code_evp: evpCode('quantite'), quantite: '3.5' })
    expect(ok.status).toBe(201)
    expect(ok.body.numero_contrat).toBe(numero)

    const unknown = await post<ErrorBody>('/api/evp', { siren, matricule, periode, code_evp: 'NOPE', quantite: '1' })
    expect(unknown.status).toBe(422)
    expect(unknown.body.erreurs[0]).toMatchObject({ chemin: 'body.code_evp', code: 'CODE_INCONNU' })

    const format = await post<ErrorBody>('/api/evp', { siren, matricule, periode, code_evp: evpCode('quantite'), montant: '10.00' })
    expect(format.status).toBe(422)
    expect(format.body.erreurs[0]?.code).toBe('FORMAT_VALEUR')

    const [y, m] = periode.split('-').map(Number)
    const previous = m === 1 ? `${(y ?? 0) - 1}-12` : `${y ?? 0}-${String((m ?? 1) - 1).padStart(2, '0')}`
    const closed = await post<ErrorBody>('/api/evp', { siren, matricule, periode: previous, code_evp: evpCode('quantite'), quantite: '1' })
    expect(closed.status).toBe(422)
    expect(closed.body.erreurs[0]).toMatchObject({ chemin: 'body.periode', code: 'PERIODE_CLOTUREE' })
  })

  it('asks for the contract number when several contracts run in the period', async () => {
    const { matricule, nic } = pick(3)
    const contrat = await call(sandbox.url, `/api/dossiers/${siren}/salaries/${matricule}/contrats`, {
      token,
      method: 'POST',
      body: {
        numero_contrat: 'RENFORT1',
        nic,
        nature_contrat: '02',
        libelle_emploi: 'Renfort',
        dispositif_politique_publique: '99',
        duree_travail: dureeTempsPlein(),
        pcs_ese: '543a',
        date_debut: day(10),
        date_fin: day(20),
      },
    })
    expect(contrat.status).toBe(201)
    const evp = { siren, matricule, periode, code_evp: evpCode('quantite'), quantite: '2' }
    const ambiguous = await post<ErrorBody>('/api/evp', evp)
    expect(ambiguous.status).toBe(422)
    expect(ambiguous.body.erreurs[0]).toMatchObject({ chemin: 'body.numero_contrat', code: 'CONTRAT_REQUIS' })
    expect(ambiguous.body.message).toContain('RENFORT1')
    const chosen = await post<Evp>('/api/evp', { ...evp, numero_contrat: 'RENFORT1' })
    expect(chosen.status).toBe(201)
    expect(chosen.body.numero_contrat).toBe('RENFORT1')
  })
})

describe('removed paths, unknown routes and lists', () => {
  it('answers 410 CHEMIN_SUPPRIME naming the replacement', async () => {
    const salarie = await call<ErrorBody>(sandbox.url, '/api/salarie/10001', { token })
    expect(salarie.status).toBe(410)
    expect(salarie.body.code).toBe('CHEMIN_SUPPRIME')
    expect(salarie.body.message).toContain('/api/salaries/{matricule}')
    const facturation = await call<ErrorBody>(sandbox.url, '/api/facturation', { token })
    expect(facturation.status).toBe(410)
    expect(facturation.body.message).toContain('/api/facturations')
  })

  it('answers 404 INTROUVABLE for an unknown route and an unknown code list', async () => {
    const route = await call<ErrorBody>(sandbox.url, '/api/inconnu', { token })
    expect(route.status).toBe(404)
    expect(route.body.code).toBe('INTROUVABLE')
    expect((await call(sandbox.url, '/api/codes/inconnue', { token })).status).toBe(404)
    expect((await call(sandbox.url, '/api/codes/pcs_ese', { token })).status).toBe(200)
  })

  it('reports an unknown matricule per item in a PATCH of employees', async () => {
    const { matricule } = pick(0)
    const res = await call<{ modifies: string[]; erreurs: { index: number; matricule: string; code: string }[] }>(
      sandbox.url,
      `/api/dossiers/${siren}/salaries`,
      {
        token,
        method: 'PATCH',
        body: {
          salaries: [
            { matricule: 'INCONNU7', email: 'a@b.fr' },
            { matricule, email: 'nouvelle@exemple.fr' },
          ],
        },
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.modifies).toEqual([matricule])
    expect(res.body.erreurs).toEqual([expect.objectContaining({ index: 0, matricule: 'INCONNU7', code: 'INTROUVABLE' })])
    const read = await call<{ email: string }>(sandbox.url, `/api/dossiers/${siren}/salaries/${matricule}`, { token })
    expect(read.body.email).toBe('nouvelle@exemple.fr')
  })
})

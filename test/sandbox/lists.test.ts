/**
 * Paged lists and their filters over real HTTP: employees of the big dossier (paging, du/au, multi nic, search),
 * payslips, entries, declarations across dossiers; stable order; paging limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { Salarie } from '../../src-shared/api/salaries'
import { call, qs, sirenOf, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

interface PageBody<T> {
  elements: T[]
  page: number
  taille: number
  total: number
}

let sandbox: RunningSandbox
let token: string

beforeAll(async () => {
  sandbox = await startTestSandbox()
  token = await tokenFor(sandbox.url)
})
afterAll(async () => {
  await sandbox.close()
})

function salaries(query: Parameters<typeof qs>[0]) {
  return call<PageBody<Salarie>>(sandbox.url, `/api/salaries${qs(query)}`, { token })
}

describe('paging', () => {
  it('pages the big dossier’s employees, 1-based, with the total of all matches', async () => {
    const siren = sirenOf('A')
    const expected = sandbox.store.salaries
      .filter((s) => s.siren === siren)
      .map((s) => s.matricule)
      .sort()
    expect(expected.length).toBeGreaterThan(200)
    const page2 = await salaries({ siren, taille: 100, page: 2 })
    expect(page2.status).toBe(200)
    expect(page2.body).toMatchObject({ page: 2, taille: 100, total: expected.length })
    expect(page2.body.elements.map((s) => s.matricule)).toEqual(expected.slice(100, 200))
    // The list shape leaves the personal detail out.
    expect(page2.body.elements[0]).not.toHaveProperty('nir')
    expect(page2.body.elements[0]).not.toHaveProperty('informations_paiement')
    const first = await salaries({ siren })
    expect(first.body.taille).toBe(50)
    expect(first.body.elements).toHaveLength(50)
    const past = await salaries({ siren, taille: 500, page: 9 })
    expect(past.body.elements).toEqual([])
    expect(past.body.total).toBe(expected.length)
  })

  it('refuses a page size over 500 and page 0 with the field named', async () => {
    const res = await call<ErrorBody>(sandbox.url, `/api/salaries${qs({ taille: 501, page: 0 })}`, { token })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('REQUETE_INVALIDE')
    expect(res.body.erreurs.map((e) => e.chemin).sort()).toEqual(['query.page', 'query.taille'])
  })

  it('answers the same order for the same request', async () => {
    const a = await call<PageBody<{ id: string }>>(sandbox.url, `/api/bulletins${qs({ taille: 200 })}`, { token })
    const b = await call<PageBody<{ id: string }>>(sandbox.url, `/api/bulletins${qs({ taille: 200 })}`, { token })
    expect(a.body.elements.map((x) => x.id)).toEqual(b.body.elements.map((x) => x.id))
  })
})

describe('employee filters', () => {
  it('du/au keeps the employees present over the range and leaves out those gone before or hired after', async () => {
    const siren = sirenOf('A')
    const all = sandbox.store.salaries.filter((s) => s.siren === siren)
    const gone = all.find((s) => s.date_sortie !== null && s.date_sortie < '2026-10-01')
    const hired = all.filter((s) => s.date_entree > '2026-10-31')
    expect(gone).toBeDefined()
    const res = await salaries({ siren, du: '2026-10-01', au: '2026-10-31', taille: 500 })
    expect(res.status).toBe(200)
    const listed = new Set(res.body.elements.map((s) => s.matricule))
    expect(listed.has(gone?.matricule ?? '')).toBe(false)
    for (const h of hired) expect(listed.has(h.matricule)).toBe(false)
    for (const s of res.body.elements) {
      const overlaps = s.date_entree <= '2026-10-31' && (s.date_sortie === null || s.date_sortie >= '2026-10-01')
      const contract = s.contrats.some((c) => c.date_debut <= '2026-10-31' && (c.date_fin === null || c.date_fin >= '2026-10-01'))
      expect(overlaps || contract).toBe(true)
    }
    expect(res.body.total).toBeLessThan(all.length)
    expect(res.body.total).toBeGreaterThan(0)
  })

  it('multi nic keeps the employees of the listed establishments only', async () => {
    const siren = sirenOf('A')
    const dossier = sandbox.store.dossiers.find((d) => d.siren === siren)
    const nics = (dossier?.etablissements ?? []).map((e) => e.nic)
    expect(nics.length).toBeGreaterThanOrEqual(3)
    const chosen = nics.slice(0, 2)
    const res = await salaries({ siren, nic: chosen, taille: 500 })
    const expected = sandbox.store.salaries.filter((s) => s.siren === siren && chosen.includes(s.nic)).length
    expect(res.body.total).toBe(expected)
    expect(res.body.elements.every((s) => chosen.includes(s.nic))).toBe(true)
    const one = await salaries({ siren, nic: chosen[0], taille: 500 })
    expect(one.body.total).toBeLessThan(expected)
  })

  it('recherche finds a name without case or accents, and a matricule', async () => {
    const target = sandbox.store.salaries.find((s) => /[éèêëàâîïôöûüç]/i.test(s.nom + s.prenom)) ?? sandbox.store.salaries[0]
    expect(target).toBeDefined()
    const folded = (target?.prenom ?? '').normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()
    const res = await salaries({ recherche: folded, taille: 500 })
    expect(res.body.elements.map((s) => s.matricule)).toContain(target?.matricule)
    const byMatricule = await salaries({ recherche: target?.matricule ?? '', siren: target?.siren ?? '' })
    expect(byMatricule.body.elements.map((s) => s.matricule)).toContain(target?.matricule)
    const none = await salaries({ recherche: 'zzzz-personne' })
    expect(none.body.total).toBe(0)
  })
})

describe('other lists', () => {
  it('filters payslips by period and several states', async () => {
    const periode = sandbox.store.dossiers[0]?.periode_paie_en_cours ?? ''
    const res = await call<PageBody<{ periode: string; statut: string }>>(
      sandbox.url,
      `/api/bulletins${qs({ periode, statut: ['calcule', 'a_calculer'], taille: 500 })}`,
      { token },
    )
    expect(res.status).toBe(200)
    const expected = sandbox.store.bulletins.filter((b) => b.periode === periode && ['calcule', 'a_calculer'].includes(b.statut)).length
    expect(res.body.total).toBe(expected)
    expect(res.body.elements.every((b) => b.periode === periode && ['calcule', 'a_calculer'].includes(b.statut))).toBe(true)
  })

  it('requires the dossier on entry lists', async () => {
    const res = await call<ErrorBody>(sandbox.url, '/api/absences', { token })
    expect(res.status).toBe(400)
    expect(res.body.erreurs.map((e) => e.chemin)).toContain('query.siren')
  })

  it('searches declarations across several dossiers by state', async () => {
    const sirens = [sirenOf('A'), sirenOf('B')]
    const res = await call<PageBody<{ siren: string; statut: string }>>(
      sandbox.url,
      `/api/declarations${qs({ siren: sirens, statut: 'acceptee', taille: 500 })}`,
      { token },
    )
    expect(res.status).toBe(200)
    const expected = sandbox.store.declarations.filter((d) => sirens.includes(d.siren) && d.statut === 'acceptee').length
    expect(expected).toBeGreaterThan(0)
    expect(res.body.total).toBe(expected)
    expect(new Set(res.body.elements.map((d) => d.siren))).toEqual(new Set(sirens))
  })

  it('filters cumuls by category and year', async () => {
    const siren = sirenOf('B')
    const sample = sandbox.store.cumuls.find((c) => c.siren === siren)
    expect(sample).toBeDefined()
    const res = await call<PageBody<{ categorie: string; annee: number }>>(
      sandbox.url,
      `/api/cumuls${qs({ siren, categorie: sample?.categorie ?? '', annee: sample?.annee ?? 0, taille: 500 })}`,
      { token },
    )
    const expected = sandbox.store.cumuls.filter(
      (c) => c.siren === siren && c.categorie === sample?.categorie && c.annee === sample.annee,
    ).length
    expect(res.body.total).toBe(expected)
  })
})

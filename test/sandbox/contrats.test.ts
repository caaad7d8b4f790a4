/**
 * Contract creation in the sandbox (issue 16 point 3, docs/api-assumptions.md #66–#67): the request schema (400), the
 * shared rules (422, the same the form applies offline), the duplicate number (409), and what is stored and read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RunningSandbox } from '../../src-sandbox/server'
import type { Contrat, ContratCreate } from '../../src-shared/api/salaries'
import { dureeTempsPlein } from '../../src-shared/domain/contrat-create'
import { call, quietEmployee, sirenOf, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

let sandbox: RunningSandbox
let token: string
const siren = sirenOf('A')
let who: { matricule: string; nic: string }

beforeAll(async () => {
  sandbox = await startTestSandbox()
  token = await tokenFor(sandbox.url)
  who = quietEmployee(sandbox.store, siren, '2026-11-01', '2026-11-30', 4)
})
afterAll(async () => {
  await sandbox.close()
})

function codeOf(nom: string, n = 0): string {
  const code = sandbox.store.listesCodes.find((l) => l.nom === nom)?.elements[n]?.code
  if (code === undefined) throw new Error(`liste ${nom} vide`)
  return code
}

function body(patch: Partial<ContratCreate> = {}): ContratCreate {
  return {
    numero_contrat: 'NEW01',
    nic: who.nic,
    nature_contrat: '02',
    libelle_emploi: 'Comptable',
    pcs_ese: codeOf('pcs_ese', 3),
    code_profession: codeOf('professions'),
    dispositif_politique_publique: codeOf('dispositifs_politique_publique', 4),
    idcc: codeOf('conventions_collectives', 2),
    date_debut: '2026-12-01',
    date_fin: '2027-05-31',
    duree_travail: {
      modalite_temps: '20',
      unite_mesure: '10',
      quotite: '104',
      quotite_reference: '151.67',
      tableau_horaire: [
        { jour: 1, heures: '8' },
        { jour: 2, heures: '8' },
        { jour: 4, heures: '8' },
      ],
    },
    ...patch,
  }
}

function post<T>(b: unknown) {
  return call<T>(sandbox.url, `/api/dossiers/${siren}/salaries/${who.matricule}/contrats`, { token, method: 'POST', body: b })
}

describe('POST …/contrats', () => {
  it('refuses a body without the V1.7.0 mandatory parameters (400)', async () => {
    const rest: Record<string, unknown> = { ...body() }
    delete rest['dispositif_politique_publique']
    delete rest['duree_travail']
    const res = await post<ErrorBody>(rest)
    expect(res.status).toBe(400)
    expect(res.body.erreurs.map((e) => e.chemin).sort()).toEqual(['body.dispositif_politique_publique', 'body.duree_travail'])
  })

  it('refuses with the shared rules (422) and stores nothing', async () => {
    const before = sandbox.store.contrats.length
    const cases: [Partial<ContratCreate>, string, string][] = [
      [{ pcs_ese: '999z' }, 'body.pcs_ese', 'CODE_INCONNU'],
      [{ code_profession: 'PILOTE' }, 'body.code_profession', 'CODE_INCONNU'],
      [{ dispositif_politique_publique: '98' }, 'body.dispositif_politique_publique', 'CODE_INCONNU'],
      [{ idcc: '9999' }, 'body.idcc', 'CODE_INCONNU'],
      [{ date_fin: '2026-11-30' }, 'body.date_fin', 'DATES_INCOHERENTES'],
      [{ date_fin: null }, 'body.date_fin', 'DATE_FIN_REQUISE'],
      [{ duree_travail: { ...body().duree_travail, quotite: '151.67' } }, 'body.duree_travail.quotite', 'DUREE_INCOHERENTE'],
      [{ duree_travail: { ...dureeTempsPlein(), modalite_temps: '20' } }, 'body.duree_travail.tableau_horaire', 'DUREE_INCOHERENTE'],
    ]
    for (const [patch, chemin, code] of cases) {
      const res = await post<ErrorBody>(body(patch))
      expect(res.status, chemin).toBe(422)
      expect(res.body.erreurs[0]).toMatchObject({ chemin, code })
    }
    expect(sandbox.store.contrats.length).toBe(before)
  })

  it('creates the contract with its working time, answers it, and refuses the same number again (409)', async () => {
    const sent = body()
    const res = await post<Contrat>(sent)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      numero_contrat: 'NEW01',
      siren,
      matricule: who.matricule,
      pcs_ese: sent.pcs_ese,
      date_fin: '2027-05-31',
    })
    const stored = sandbox.store.contrats.find((c) => c.matricule === who.matricule && c.numero_contrat === 'NEW01')
    expect(stored).toMatchObject({
      dispositif_politique_publique: sent.dispositif_politique_publique,
      code_profession: sent.code_profession,
      idcc: sent.idcc,
      duree_travail: { numero_contrat: 'NEW01', ...sent.duree_travail },
    })
    const base = `/api/dossiers/${siren}/salaries/${who.matricule}/contrats/NEW01`
    const duree = await call<{ tableau_horaire: unknown }>(sandbox.url, `${base}/duree-travail`, { token })
    expect(duree.body.tableau_horaire).toEqual(sent.duree_travail.tableau_horaire)
    const definition = await call<Record<string, unknown>>(sandbox.url, `${base}/definition`, { token })
    expect(definition.body['dispositif_politique_publique']).toBe(sent.dispositif_politique_publique)
    expect((await post<ErrorBody>(sent)).status).toBe(409)
  })
})

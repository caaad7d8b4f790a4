/**
 * submitContratCreation (contrat-creation.ts): online the contract is created and the employee's draft dropped; a
 * refusal answers its field errors and keeps no draft; offline nothing is tried and the input is kept; a broken road
 * and a lost answer keep it too, each with its reason; a draft this version cannot read is ignored.
 */
import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import type { PaieDb } from '../../../src-renderer/db/schema'
import {
  formFieldOf,
  loadContratDraft,
  saveContratDraft,
  submitContratCreation,
  type ContratCreationDeps,
} from '../../../src-renderer/services/contrat-creation'
import type { ContratCreationFailure } from '../../../src-shared/domain/contrat-create'
import { dureeTempsPlein } from '../../../src-shared/domain/contrat-create'
import { emptyContratForm } from '../../../src-shared/domain/contrat-form'
import { SIREN } from '../support/fixtures'
import { dbWithReference } from '../support/db'
import { fakeApi, type FakeApi } from '../support/fakes'

let db: PaieDb
let api: FakeApi

beforeEach(async () => {
  db = await dbWithReference()
  api = fakeApi()
})
afterEach(async () => {
  await db.delete()
})

const NOW = Date.parse('2026-11-20T10:00:00.000Z')
const input = {
  siren: SIREN,
  matricule: 'M001',
  contrat: {
    numero_contrat: 'C2',
    nic: '00017',
    nature_contrat: '01' as const,
    libelle_emploi: 'Cuisinier',
    pcs_ese: '636d',
    dispositif_politique_publique: '99',
    date_debut: '2026-12-01',
    duree_travail: dureeTempsPlein(),
  },
}
const values = { ...emptyContratForm('00017'), numero_contrat: 'C2', pcs_ese: '636d' }
const deps = (online = true): ContratCreationDeps => ({ db, api, online, now: () => NOW })

function failing(details: ContratCreationFailure, code = 'ERREUR'): void {
  api.createContrat = () => ({ ok: false, error: { code, message: 'échec', details } })
}

describe('submitContratCreation', () => {
  it('creates the contract online and drops the employee’s draft', async () => {
    await saveContratDraft(db, SIREN, 'M001', { values, savedAt: '2026-11-19T10:00:00.000Z', raison: 'hors_ligne' })
    const outcome = await submitContratCreation(input, values, deps())
    expect(outcome).toMatchObject({ status: 'cree', contrat: { numero_contrat: 'C2', matricule: 'M001' } })
    expect(api.contratsCreated).toEqual([input])
    expect(await loadContratDraft(db, SIREN, 'M001')).toBeNull()
  })

  it('answers a refusal with its field errors and keeps no draft', async () => {
    failing({
      status: 422,
      errorClass: 'record',
      sent: true,
      erreurs: [{ chemin: 'body.duree_travail.quotite', message: 'Quotité fausse' }],
    })
    const outcome = await submitContratCreation(input, values, deps())
    expect(outcome).toMatchObject({ status: 'refuse', issues: [{ champ: 'semaine', message: 'Quotité fausse' }] })
    expect(await loadContratDraft(db, SIREN, 'M001')).toBeNull()
  })

  it('offline, tries nothing and keeps the input as a draft', async () => {
    const outcome = await submitContratCreation(input, values, deps(false))
    expect(outcome).toEqual({ status: 'brouillon', raison: 'hors_ligne', error: null })
    expect(api.contratsCreated).toEqual([])
    expect(await loadContratDraft(db, SIREN, 'M001')).toEqual({ values, savedAt: '2026-11-20T10:00:00.000Z', raison: 'hors_ligne' })
  })

  it('keeps the draft when the road is broken or the answer lost, each said apart', async () => {
    failing({ status: null, errorClass: 'global', sent: false, erreurs: [] }, 'HORS_LIGNE')
    expect(await submitContratCreation(input, values, deps())).toMatchObject({ status: 'brouillon', raison: 'injoignable' })
    failing({ status: null, errorClass: 'unknown', sent: true, erreurs: [] }, 'DELAI_DEPASSE')
    expect(await submitContratCreation(input, values, deps())).toMatchObject({ status: 'brouillon', raison: 'reponse_perdue' })
    expect((await loadContratDraft(db, SIREN, 'M001'))?.raison).toBe('reponse_perdue')
    api.createContrat = () => ({ ok: false, error: { code: 'CONNEXION_ABSENTE', message: 'no connection' } })
    expect(await submitContratCreation(input, values, deps())).toMatchObject({ status: 'brouillon', raison: 'injoignable' })
  })

  it('ignores a stored draft it cannot read, and places service paths on form fields', async () => {
    await db.meta.put({ key: `contrat.brouillon|${SIREN}|M001`, value: { values: { numero_contrat: 1 } } })
    expect(await loadContratDraft(db, SIREN, 'M001')).toBeNull()
    expect(formFieldOf('body.pcs_ese')).toBe('pcs_ese')
    expect(formFieldOf('body.duree_travail.tableau_horaire')).toBe('semaine')
    expect(formFieldOf('params.matricule')).toBe('params')
  })
})

// @vitest-environment happy-dom
/**
 * A new contract from the employee sheet (ContratCreateView.vue, issue 16 point 3): coded fields chosen in searchable
 * selects fed by the code lists (read through main online, from Dexie offline with their age), the week typed day by
 * day; French messages per field before anything is sent; the contract is queued as a `contrat` people write (#63)
 * and sent at once online, its state shown, a link to its screen once synced; a refusal shows the service's message
 * and « Corriger » reopens the form as sent with the field errors on their fields; offline the write stays queued
 * in Dexie and is shown again when the form reopens.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import ContratCreateView from '../../../src-renderer/features/people/ContratCreateView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { CodesListResult } from '../../../src-shared/domain/people'
import type { PeopleWriteOutcome } from '../../../src-shared/domain/people-writes'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, until, type TestApp } from '../support/mount'
import { sheetOfM001 } from '../support/people'

const LISTS: Record<CodesListResult['nom'], { code: string; libelle: string }[]> = {
  natures_contrat: [
    { code: '01', libelle: 'Contrat de travail à durée indéterminée de droit privé' },
    { code: '02', libelle: 'Contrat de travail à durée déterminée de droit privé' },
  ],
  pcs_ese: [
    { code: '543a', libelle: 'Employés des services comptables ou financiers' },
    { code: '636d', libelle: 'Cuisiniers et commis de cuisine' },
  ],
  professions: [{ code: 'CUIS', libelle: 'Cuisinier' }],
  dispositifs_politique_publique: [
    { code: '61', libelle: 'Contrat de professionnalisation' },
    { code: '99', libelle: 'Non concerné' },
  ],
  conventions_collectives: [{ code: '1979', libelle: 'Hôtels, cafés, restaurants (HCR)' }],
  motifs_fin_contrat: [],
}

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
  await app.db.salarieSheets.put(sheetOfM001())
  app.api.codes = (nom) => ({ ok: true, value: { nom, elements: LISTS[nom], fetchedAt: '2026-11-20T08:00:00.000Z' } })
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

async function open(online: boolean): Promise<VueWrapper> {
  useSyncStore(app.pinia).online = online
  const router = createAppRouter()
  await router.push(`/dossiers/${SIREN}/salaries/M001/nouveau-contrat`)
  await router.isReady()
  const w = mountIn(app, ContratCreateView, { siren: SIREN, matricule: 'M001' }, router)
  wrapper = w
  await until('formulaire prêt', () => w.find('[data-ready="true"]').exists())
  return w
}

async function choose(w: VueWrapper, name: string, query: string, code: string): Promise<void> {
  const input = w.get(`[data-testid="field-${name}"]`)
  await input.setValue(query)
  await w.get(`[data-testid="combobox-option-${name}-${code}"]`).trigger('mousedown')
}

async function fill(w: VueWrapper): Promise<void> {
  await w.get('[data-testid="field-numero_contrat"]').setValue('C2')
  await choose(w, 'nature_contrat', 'déterminée', '02')
  await choose(w, 'code_profession', 'cuisin', 'CUIS')
  await choose(w, 'pcs_ese', 'cuisine', '636d')
  await choose(w, 'dispositif_politique_publique', 'profession', '61')
  await choose(w, 'idcc', 'hcr', '1979')
  await w.get('[data-testid="field-date_debut"]').setValue('01/12/2026')
  await w.get('[data-testid="field-date_fin"]').setValue('31/05/2027')
  await w.get('[data-testid="field-modalite_temps"]').setValue('20')
  for (const [day, hours] of [
    ['1', '8'],
    ['2', '8'],
    ['3', '0'],
    ['4', '8'],
    ['5', '0'],
  ]) {
    await w.get(`[data-testid="week-input-${day ?? ''}"]`).setValue(hours)
  }
}

async function submit(w: VueWrapper): Promise<void> {
  await w.get('form').trigger('submit')
  await flushPromises()
}

const error = (w: VueWrapper, name: string): string => w.get(`[data-testid="field-error-${name}"]`).text()
const writeState = async (w: VueWrapper, state: string): Promise<void> =>
  until(`écriture ${state}`, () => w.find(`[data-testid="contrat-write"][data-state="${state}"]`).exists())

const C2 = {
  numero_contrat: 'C2',
  nic: '00017',
  nature_contrat: '02',
  libelle_emploi: 'Cuisinier',
  pcs_ese: '636d',
  code_profession: 'CUIS',
  dispositif_politique_publique: '61',
  date_debut: '2026-12-01',
  date_fin: '2027-05-31',
  idcc: '1979',
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
}

describe('ContratCreateView', () => {
  it('online: coded fields chosen from the code lists, the week typed, the contract queued, sent at once, synced', async () => {
    const view = await open(true)
    expect(view.get('[data-testid="codes-age"]').attributes('data-fetched-at')).toBe('2026-11-20T08:00:00.000Z')
    await fill(view)
    expect((view.get('[data-testid="field-libelle_emploi"]').element as HTMLInputElement).value).toBe('Cuisinier')
    expect(view.get('[data-testid="week-input-total"]').attributes('data-heures')).toBe('24')
    expect(view.get('[data-testid="week-input-quotite"]').attributes('data-quotite')).toBe('104')
    expect(view.get('[data-testid="contrat-create-submit"]').text()).toBe('Créer le contrat')
    await submit(view)
    await writeState(view, 'synced')
    expect(app.api.peoplePushes).toHaveLength(1)
    expect(app.api.peoplePushes[0]).toMatchObject({ siren: SIREN, writes: [{ kind: 'contrat', matricule: 'M001', payload: C2 }] })
    expect(view.get('[data-testid="contrat-write-open"]').attributes('href')).toContain(`/dossiers/${SIREN}/salaries/M001/contrats/C2`)
    expect(view.get('[data-testid="contrat-create-submit"]').attributes('disabled')).toBeUndefined()
    await view.get('[data-testid="contrat-write-new"]').trigger('click')
    expect(view.find('[data-testid="contrat-write"]').exists()).toBe(false)
    expect((view.get('[data-testid="field-numero_contrat"]').element as HTMLInputElement).value).toBe('')
  })

  it('says in French what is wrong, field by field, and queues nothing', async () => {
    const view = await open(true)
    await view.get('[data-testid="field-numero_contrat"]').setValue('C1')
    await choose(view, 'nature_contrat', '02', '02')
    await view.get('[data-testid="week-input-1"]').setValue('13')
    await submit(view)
    expect(await app.db.peopleWrites.count()).toBe(0)
    expect(error(view, 'libelle_emploi')).toBe('Champ obligatoire')
    expect(error(view, 'pcs_ese')).toMatch(/PCS-ESE/)
    expect(error(view, 'date_debut')).toMatch(/Date/)
    expect(view.find('[data-testid="form-issues"]').exists()).toBe(true)
    await view.get('[data-testid="field-libelle_emploi"]').setValue('Cuisinier')
    await choose(view, 'pcs_ese', '636', '636d')
    await view.get('[data-testid="field-date_debut"]').setValue('01/12/2026')
    await submit(view)
    expect(error(view, 'numero_contrat')).toBe('Le contrat C1 existe déjà pour ce salarié.')
    expect(error(view, 'date_fin')).toMatch(/Date de fin prévisionnelle obligatoire/)
    expect(error(view, 'semaine')).toMatch(/13 h le lundi : 12 h par jour au plus/)
    expect(view.get('[data-testid="week-input-1"]').attributes('aria-invalid')).toBe('true')
    expect(app.api.peoplePushes).toEqual([])
  })

  it('a refusal: the service’s message on the write; « Corriger » reopens the form as sent, errors on their fields', async () => {
    app.api.people = (input) => ({
      ok: true,
      value: {
        outcomes: input.writes.map((w): PeopleWriteOutcome => ({
          clientId: w.clientId,
          result: 'rejected',
          error: {
            code: 'REGLE_METIER',
            message: 'Code 636d absent de la liste des PCS-ESE.',
            erreurs: [{ chemin: 'body.pcs_ese', message: 'Code 636d refusé.' }],
          },
          serverId: null,
          sentAt: '2026-11-20T09:00:00.000Z',
          settleUntil: null,
        })),
      },
    })
    const view = await open(true)
    await fill(view)
    await submit(view)
    await writeState(view, 'rejected')
    expect(view.get('[data-testid="contrat-write"]').text()).toContain('Refusé par le service : Code 636d absent de la liste des PCS-ESE.')
    expect(view.get('[data-testid="contrat-create-submit"]').attributes('disabled')).toBeDefined()
    await view.get('[data-testid="field-numero_contrat"]').setValue('')
    await view.get('[data-testid="contrat-write-fix"]').trigger('click')
    await until('corrigé', () => !view.find('[data-testid="contrat-write"]').exists())
    expect(error(view, 'pcs_ese')).toBe('Code 636d refusé.')
    expect((view.get('[data-testid="field-numero_contrat"]').element as HTMLInputElement).value).toBe('C2')
    expect(view.get('[data-testid="week-input-total"]').attributes('data-heures')).toBe('24')
    expect((await app.db.peopleWrites.toArray()).map((r) => r.state)).toEqual(['cancelled'])
    expect(view.get('[data-testid="contrat-create-submit"]').attributes('disabled')).toBeUndefined()
  })

  it('offline: lists from the cache, the contract queued on this workstation, still shown when the form reopens', async () => {
    await open(true) // lists read once online
    wrapper?.unmount()
    const view = await open(false)
    expect(view.get('[data-testid="codes-age"]').text()).toMatch(/^Listes de codes lues sur le service le /)
    await fill(view)
    expect(view.get('[data-testid="contrat-create-submit"]').text()).toBe('Mettre le contrat en attente (hors connexion)')
    await submit(view)
    await writeState(view, 'queued')
    expect(app.api.peoplePushes).toEqual([])
    expect(await app.db.peopleWrites.toArray()).toMatchObject([{ kind: 'contrat', state: 'queued', matricule: 'M001', payload: C2 }])
    expect(view.get('[data-testid="contrat-create-submit"]').attributes('disabled')).toBeDefined()

    wrapper?.unmount()
    const again = await open(false)
    await writeState(again, 'queued')
    expect(again.get('[data-testid="contrat-write"]').text()).toMatch(/Création du contrat C2.*En attente d’envoi/s)
    const row = (await app.db.peopleWrites.toArray())[0]!
    await again.get(`[data-testid="people-write-cancel-${row.clientId}"]`).trigger('click')
    await until('annulée', () => !again.find('[data-testid="contrat-write"]').exists())
    expect(again.get('[data-testid="contrat-create-submit"]').attributes('disabled')).toBeUndefined()
  })
})

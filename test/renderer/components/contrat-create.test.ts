// @vitest-environment happy-dom
/**
 * A new contract from the employee sheet (ContratCreateView.vue, issue 16 point 3): coded fields chosen in searchable
 * selects fed by the code lists (read through main online, from Dexie offline with their age), the week typed day by
 * day; French messages per field before anything is sent; online the contract is created through
 * submitContratCreation and the contract's screen opens; a refusal lands on its field; offline the input is kept as a
 * draft in Dexie and comes back when the form is opened again.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import ContratCreateView from '../../../src-renderer/features/people/ContratCreateView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { loadContratDraft } from '../../../src-renderer/services/contrat-creation'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { CodesListResult } from '../../../src-shared/domain/people'
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
let path = ''

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
  router.afterEach((to) => (path = to.fullPath))
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
  await until(
    'envoi fini',
    () => w.get('[data-testid="contrat-create-submit"]').attributes('disabled') === undefined || path.includes('/contrats/'),
  )
}

const error = (w: VueWrapper, name: string): string => w.get(`[data-testid="field-error-${name}"]`).text()

describe('ContratCreateView', () => {
  it('online: coded fields chosen from the code lists, the week typed, the contract created and its screen opened', async () => {
    const view = await open(true)
    expect(view.get('[data-testid="codes-age"]').attributes('data-fetched-at')).toBe('2026-11-20T08:00:00.000Z')
    await fill(view)
    expect((view.get('[data-testid="field-libelle_emploi"]').element as HTMLInputElement).value).toBe('Cuisinier')
    expect(view.get('[data-testid="week-input-total"]').attributes('data-heures')).toBe('24')
    expect(view.get('[data-testid="week-input-quotite"]').attributes('data-quotite')).toBe('104')
    await submit(view)
    expect(app.api.contratsCreated).toEqual([
      {
        siren: SIREN,
        matricule: 'M001',
        contrat: {
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
        },
      },
    ])
    expect(path).toBe(`/dossiers/${SIREN}/salaries/M001/contrats/C2`)
  })

  it('says in French what is wrong, field by field, and sends nothing', async () => {
    const view = await open(true)
    await view.get('[data-testid="field-numero_contrat"]').setValue('C1')
    await choose(view, 'nature_contrat', '02', '02')
    await view.get('[data-testid="week-input-1"]').setValue('13')
    await submit(view)
    expect(app.api.contratsCreated).toEqual([])
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
  })

  it('shows the service’s refusal on its field', async () => {
    app.api.createContrat = () => ({
      ok: false,
      error: {
        code: 'REGLE_METIER',
        message: 'Code 636d absent de la liste des PCS-ESE.',
        params: { contexte: 'CONTRAT', status: 422 },
        details: { status: 422, errorClass: 'record', sent: true, erreurs: [{ chemin: 'body.pcs_ese', message: 'Code 636d refusé.' }] },
      },
    })
    const view = await open(true)
    await fill(view)
    await submit(view)
    expect(error(view, 'pcs_ese')).toBe('Code 636d refusé.')
    expect(view.get('[data-testid="contrat-create-status"]').text()).toMatch(/^Contrat non créé/)
    expect(await loadContratDraft(app.db, SIREN, 'M001')).toBeNull()
  })

  it('offline: lists from the cache, the input kept as a draft in Dexie, said so, and back when the form reopens', async () => {
    await open(true) // lists read once online
    wrapper?.unmount()
    const view = await open(false)
    expect(view.get('[data-testid="codes-age"]').text()).toMatch(/^Listes de codes lues sur le service le /)
    await fill(view)
    expect(view.get('[data-testid="contrat-create-submit"]').text()).toBe('Garder en brouillon (hors connexion)')
    await submit(view)
    expect(app.api.contratsCreated).toEqual([])
    expect(view.get('[data-testid="contrat-draft"]').text()).toMatch(/^Hors connexion : votre saisie est gardée en brouillon/)
    const draft = await loadContratDraft(app.db, SIREN, 'M001')
    expect(draft).toMatchObject({
      raison: 'hors_ligne',
      values: { numero_contrat: 'C2', pcs_ese: '636d', semaine: ['8', '8', '0', '8', '0', '0', '0'] },
    })

    wrapper?.unmount()
    const again = await open(false)
    expect((again.get('[data-testid="field-numero_contrat"]').element as HTMLInputElement).value).toBe('C2')
    expect((again.get('[data-testid="field-pcs_ese"]').element as HTMLInputElement).value).toBe('636d — Cuisiniers et commis de cuisine')
    expect(again.get('[data-testid="week-input-total"]').attributes('data-heures')).toBe('24')

    await again.get('[data-testid="contrat-draft-discard"]').trigger('click')
    await until('brouillon abandonné', async () => (await loadContratDraft(app.db, SIREN, 'M001')) === null)
    expect(again.find('[data-testid="contrat-draft"]').exists()).toBe(false)
    expect((again.get('[data-testid="field-numero_contrat"]').element as HTMLInputElement).value).toBe('')
    expect(again.get('[data-testid="field-nic"]').element).toHaveProperty('value', '00017')
  })
})

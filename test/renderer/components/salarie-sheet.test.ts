// @vitest-environment happy-dom
/**
 * The employee sheet (SalarieSheetView.vue, issue 16 point 1): online it reads the sheet through main and shows the
 * IBAN masked, BIC, holder, safe, prevoyance, permit type, contracts with their nature's label and a link, the notes
 * with the refusal motif, and the month's elements; offline it shows the cached sheet with its age and asks nothing;
 * never read, it shows the employee list's fields; the dossier screen links each employee to his sheet.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import DossierView from '../../../src-renderer/features/dossier/DossierView.vue'
import SalarieSheetView from '../../../src-renderer/features/people/SalarieSheetView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { SalarieSheetInput } from '../../../src-shared/domain/people'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { sheetOfM001 } from '../support/people'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** Serves the sheet of M001 and the nature list; keeps each sheet asked. */
function serve(): SalarieSheetInput[] {
  const calls: SalarieSheetInput[] = []
  app.api.sheet = (input) => {
    calls.push(input)
    return { ok: true, value: sheetOfM001() }
  }
  app.api.codes = (nom) => ({
    ok: true,
    value: {
      nom,
      elements: nom === 'natures_contrat' ? [{ code: '01', libelle: 'CDI de droit privé' }] : [],
      fetchedAt: '2026-11-20T08:00:00.000Z',
    },
  })
  return calls
}

async function open(matricule = 'M001'): Promise<VueWrapper> {
  const router = createAppRouter()
  await router.push(`/dossiers/${SIREN}/salaries/${matricule}`)
  await router.isReady()
  wrapper = mountIn(app, SalarieSheetView, { siren: SIREN, matricule }, router)
  await flushPromises()
  return wrapper
}

const text = (w: VueWrapper, id: string): string => w.get(`[data-testid="${id}"]`).text()

describe('SalarieSheetView', () => {
  it('online: the sheet read through main, the IBAN masked, contracts, notes and the month’s elements', async () => {
    const calls = serve()
    const view = await open()
    await vi.waitFor(() => {
      expect(text(view, 'sheet-iban')).toBe('•••• •••• •••• •••• •••• ••• 0189')
    })
    expect(calls).toEqual([{ siren: SIREN, matricule: 'M001' }])
    expect(text(view, 'sheet-bic')).toBe('AGRIFRPPXXX')
    expect(text(view, 'sheet-titulaire')).toBe('Jeanne Durand')
    expect(text(view, 'sheet-payment')).toContain('seuls les 4 derniers caractères')
    expect(text(view, 'sheet-nic')).toBe('00017 Lyon')
    expect(text(view, 'sheet-coffre')).toBe('Activé')
    expect(text(view, 'sheet-coffre-ouverture')).toBe('01/03/2025')
    expect(text(view, 'sheet-prevoyance-individuelle')).toBe('Oui')
    expect(text(view, 'sheet-prevoyance-etablissement')).toBe('Non')
    expect(text(view, 'sheet-titre-sejour')).toBe('Carte de résident')
    expect(text(view, 'sheet-contract-C1')).toContain('01 — CDI de droit privé')
    expect(view.get('[data-testid="sheet-contract-link-C1"]').attributes('href')).toBe(`#/dossiers/${SIREN}/salaries/M001/contrats/C1`)
    expect(text(view, 'sheet-note-22222222-2222-4222-8222-222222222222')).toContain('Motif : Heures supplémentaires manquantes')
    expect(view.find('[data-testid="period-records"]').exists()).toBe(true)
    expect(text(view, 'sheet-age')).toContain('il y a 1 h')
    expect(await app.db.salarieSheets.count()).toBe(1)
  })

  it('offline: the cached sheet with its age, and no request', async () => {
    serve()
    await app.db.salarieSheets.put(sheetOfM001())
    useSyncStore(app.pinia).online = false
    const calls = serve()
    const view = await open()
    await vi.waitFor(() => {
      expect(text(view, 'sheet-iban')).toContain('0189')
    })
    expect(view.get('[data-testid="sheet-age"]').attributes('data-fetched-at')).toBe('2026-11-20T08:00:00.000Z')
    expect(text(view, 'sheet-age')).toMatch(/^Fiche lue sur le service le 20\/11\/2026 .+ \(il y a 1 h\)$/)
    expect(calls).toEqual([])
  })

  it('never read and offline: the employee list’s fields, and says the sheet was never read', async () => {
    useSyncStore(app.pinia).online = false
    const view = await open()
    expect(text(view, 'sheet-matricule')).toBe('M001')
    expect(text(view, 'sheet-entree')).toBe('01/01/2020')
    expect(text(view, 'sheet-age')).toContain('jamais lue')
    expect(view.find('[data-testid="sheet-payment"]').exists()).toBe(false)
    expect(text(view, 'sheet-contract-C1')).toContain('01')
    expect(view.find('[data-testid="sheet-contract-link-C1"]').exists()).toBe(false)
  })

  it('a refused read is said in French, the cache kept', async () => {
    await app.db.salarieSheets.put(sheetOfM001())
    app.api.sheet = () => ({
      ok: false,
      error: { code: 'INTROUVABLE', message: 'Salarié M001 introuvable.', params: { contexte: 'SALARIE' } },
    })
    const view = await open()
    await vi.waitFor(() => {
      expect(text(view, 'sheet-error')).toContain('Fiche salarié non mise à jour')
    })
    expect(text(view, 'sheet-iban')).toContain('0189')
  })

  it('the dossier screen links each employee to his sheet', async () => {
    const router = createAppRouter()
    await router.push(`/dossiers/${SIREN}`)
    await router.isReady()
    wrapper = mountIn(app, DossierView, { siren: SIREN }, router)
    await flushPromises()
    const link = wrapper.get('[data-testid="sheet-link-M001"]')
    expect(link.attributes('href')).toBe(`#/dossiers/${SIREN}/salaries/M001`)
    expect(link.attributes('aria-label')).toBe('Ouvrir la fiche de DURAND Jeanne')
    expect(wrapper.get('[data-testid="link-extractions"]').attributes('href')).toBe(`#/dossiers/${SIREN}/extractions`)
  })
})

// @vitest-environment happy-dom
/**
 * A contract (ContratView.vue, issue 16 point 3): read from the cached sheet, its coded fields with the labels of
 * the cached code lists (the code alone, said so, when a list was never read), the definition, and the working time
 * with its table shown as a week Monday to Sunday and its total; a contract not in the cache says how to read it.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import ContratView from '../../../src-renderer/features/people/ContratView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { sheetOfM001 } from '../support/people'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
  await app.db.salarieSheets.put(sheetOfM001())
  useSyncStore(app.pinia).online = false
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

async function open(contrat: string): Promise<VueWrapper> {
  const router = createAppRouter()
  await router.push(`/dossiers/${SIREN}/salaries/M001/contrats/${contrat}`)
  await router.isReady()
  wrapper = mountIn(app, ContratView, { siren: SIREN, matricule: 'M001', contrat }, router)
  await flushPromises()
  return wrapper
}

const text = (w: VueWrapper, id: string): string => w.get(`[data-testid="${id}"]`).text()

describe('ContratView', () => {
  it('shows the working time as a week, Monday to Sunday, with its total', async () => {
    const view = await open('C1')
    const days = [1, 2, 3, 4, 5, 6, 7].map((d) => view.get(`[data-testid="work-day-${d}"]`).attributes('data-heures'))
    expect(days).toEqual(['7', '7', '7', '7', '7', '0', '0'])
    expect(view.get('[data-testid="work-week-total"]').attributes('data-heures')).toBe('35')
    expect(text(view, 'work-week')).toContain('Lundi')
    expect(text(view, 'work-week')).toContain('Dimanche')
    expect(text(view, 'contrat-quotite')).toBe('151,67')
    expect(text(view, 'contrat-debut')).toBe('01/01/2020')
    expect(text(view, 'contrat-fin')).toBe('en cours')
    expect(text(view, 'contrat-salaire')).toContain('2\u202f100,00')
  })

  it('labels the coded fields from the cached code lists, the code alone when a list is missing', async () => {
    await app.db.codeLists.bulkPut([
      { nom: 'natures_contrat', elements: [{ code: '01', libelle: 'CDI de droit privé' }], fetchedAt: '2026-11-20T08:00:00.000Z' },
      {
        nom: 'conventions_collectives',
        elements: [{ code: '0843', libelle: 'Boulangerie-pâtisserie artisanale' }],
        fetchedAt: '2026-11-20T08:00:00.000Z',
      },
    ])
    const view = await open('C1')
    expect(text(view, 'contrat-nature')).toBe('01 — CDI de droit privé')
    expect(text(view, 'contrat-idcc')).toBe('0843 — Boulangerie-pâtisserie artisanale')
    expect(text(view, 'contrat-pcs')).toBe('636d (libellé non disponible hors ligne)')
  })

  it('a contract without a table says so', async () => {
    const sheet = sheetOfM001()
    await app.db.salarieSheets.put({
      ...sheet,
      contrats: sheet.contrats.map((c) => ({ ...c, dureeTravail: { ...c.dureeTravail, tableau_horaire: null } })),
    })
    const view = await open('C1')
    expect(view.find('[data-testid="work-week"]').exists()).toBe(false)
    expect(text(view, 'work-week-none')).toContain('Pas de tableau horaire')
  })

  it('online, reads the sheet only when it is not cached', async () => {
    useSyncStore(app.pinia).online = true
    let asked = 0
    app.api.sheet = () => {
      asked += 1
      return { ok: true, value: sheetOfM001() }
    }
    await open('C1')
    expect(asked).toBe(0)
    wrapper?.unmount()
    await app.db.salarieSheets.clear()
    const view = await open('C1')
    await vi.waitFor(() => {
      expect(view.find('[data-testid="work-week"]').exists()).toBe(true)
    })
    expect(asked).toBe(1)
  })

  it('a contract not in the cached sheet says how to read it', async () => {
    const view = await open('C9')
    expect(text(view, 'contrat-missing')).toContain('ouvrez la fiche en ligne')
  })
})

// @vitest-environment happy-dom
/**
 * The cumuls screen (CumulsView.vue + CumulsGrid.vue, issue 16 point 4): online it reads the year through main and
 * caches it; offline it shows the cache with its age and says sending needs the connection; typed and pasted cells go
 * to the draft in IndexedDB (kept across a remount); « Envoyer » makes ONE `cumuls:put` of the draft, the service's
 * refusals land on their cells in red with their message, the applied ones leave the draft; a lost answer leaves the
 * cells unconfirmed and the next send asks main to read back first.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import CumulsView from '../../../src-renderer/features/cumuls/CumulsView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useCumulsStore } from '../../../src-renderer/stores/cumuls'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { Cumul } from '../../../src-shared/api/bulletins'
import { CumulsFilter, type CumulsListInput, type CumulsPutInput, type CumulsPutOutcome } from '../../../src-shared/domain/cumuls'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
})
afterEach(async () => {
  // A send reads the year again after its answer: let it end before the database goes.
  const store = useCumulsStore(app.pinia)
  await vi.waitFor(() => {
    expect(store.refreshing || store.sending).toBe(false)
  })
  await flushPromises()
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

function cumul(matricule: string, code: string, valeur: string, categorie = 'remuneration'): Cumul {
  return { siren: SIREN, matricule, annee: 2026, categorie, code_cumul: code, code_moteur: `C_${code}`, libelle: `Libellé ${code}`, valeur }
}

const SERVICE = [cumul('M001', 'BRUT', '21000.00'), cumul('M001', 'HEURES', '1400.00', 'heures'), cumul('M002', 'BRUT', '18000.50')]

/** Serves SERVICE through the filters; records every list and PUT; PUTs answer `answer`. */
function serve(answer: (input: CumulsPutInput) => CumulsPutOutcome) {
  const lists: CumulsListInput[] = []
  const puts: CumulsPutInput[] = []
  app.api.cumuls['cumuls:list'] = (input) => {
    lists.push(input)
    const filtre = CumulsFilter.parse(input.filtre)
    const cumuls = SERVICE.filter((c) => filtre.categories.length === 0 || filtre.categories.includes(c.categorie))
    return Promise.resolve({
      ok: true,
      value: { siren: input.siren, annee: input.annee, filtre, fetchedAt: '2026-11-20T08:00:00.000Z', cumuls },
    })
  }
  app.api.cumuls['cumuls:put'] = (input) => {
    puts.push(input)
    return Promise.resolve({ ok: true, value: answer(input) })
  }
  return { lists, puts }
}

const applied = (input: CumulsPutInput): CumulsPutOutcome => ({
  result: 'applied',
  retour: { crees: 0, mis_a_jour: input.elements.length, erreurs: [] },
  unconfirmed: [],
  error: null,
  settleUntil: null,
})

async function open(): Promise<VueWrapper> {
  const router = createAppRouter()
  await router.push(`/dossiers/${SIREN}/cumuls`)
  await router.isReady()
  wrapper = mountIn(app, CumulsView, { siren: SIREN }, router)
  await flushPromises()
  return wrapper
}

const text = (w: VueWrapper, id: string): string => w.get(`[data-testid="${id}"]`).text()
const cellOf = (w: VueWrapper, m: string, code: string) => w.get(`[data-testid="ccell-${m}-${code}"]`)

async function typeIn(w: VueWrapper, m: string, code: string, value: string): Promise<void> {
  await cellOf(w, m, code).trigger('mousedown')
  await cellOf(w, m, code).trigger('keydown', { key: 'F2' })
  const editor = w.get('[data-testid="ccell-editor"]')
  await editor.setValue(value)
  await editor.trigger('keydown', { key: 'Enter' })
  await vi.waitFor(() => {
    expect(cellOf(w, m, code).text()).toBe(value)
  })
}

function pasteEvent(data: string): Event {
  const event = new Event('paste', { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => data, setData: () => undefined } })
  return event
}

describe('CumulsView', () => {
  it('online: reads the year, shows the service’s values in French, and filters by category through main', async () => {
    const { lists } = serve(applied)
    const w = await open()
    await vi.waitFor(() => {
      expect(cellOf(w, 'M001', 'BRUT').text()).toMatch(/^21\s000,00$/)
    })
    expect(lists[0]).toMatchObject({ siren: SIREN, annee: 2026 })
    expect(cellOf(w, 'M001', 'BRUT').attributes('data-state')).toBe('service')
    expect(text(w, 'cumuls-age')).toContain('il y a')
    await w.get('[data-testid="cumuls-categorie-heures"]').setValue(true)
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(lists.at(-1)?.filtre).toEqual({ categories: ['heures'], cumuls: [], codeMoteur: null })
    expect(w.find('[data-testid="ccell-M001-BRUT"]').exists()).toBe(false)
    expect(w.find('[data-testid="ccell-M001-HEURES"]').exists()).toBe(true)
  })

  it('typed and pasted cells go to the draft, kept across a remount; ONE PUT sends them and the refusals land on their cells', async () => {
    const { puts } = serve((input) => ({
      ...applied(input),
      retour: {
        crees: 0,
        mis_a_jour: input.elements.length - 1,
        erreurs: [{ index: 1, code: 'VALEUR_NEGATIVE', message: 'Le cumul HEURES ne peut pas être négatif.' }],
      },
    }))
    let w = await open()
    await vi.waitFor(() => {
      expect(cellOf(w, 'M001', 'BRUT').attributes('data-state')).toBe('service')
    })
    await typeIn(w, 'M001', 'BRUT', '22 000,5')
    expect(cellOf(w, 'M001', 'BRUT').attributes('data-state')).toBe('draft')
    // Paste from M001 × HEURES: one column (HEURES), two rows; a third cell with 3 decimals is refused on its cell.
    await cellOf(w, 'M001', 'HEURES').trigger('mousedown')
    w.get('[data-testid="cumuls-grid"]').element.dispatchEvent(pasteEvent('-4\r\n12,345\r\n'))
    await vi.waitFor(() => {
      expect(text(w, 'cumuls-paste-message')).toContain('en erreur')
    })
    expect(text(w, 'cumuls-paste-message')).toContain('1 en erreur')
    expect(cellOf(w, 'M002', 'HEURES').attributes('data-state')).toBe('invalid')
    expect(cellOf(w, 'M002', 'HEURES').attributes('title')).toContain('2 décimales au plus')
    expect(w.get('[data-testid="cumuls-draft-count"]').attributes('data-count')).toBe('2')
    // Remounted (a reload): the draft is still there, from IndexedDB.
    w.unmount()
    w = await open()
    await vi.waitFor(() => {
      expect(cellOf(w, 'M001', 'BRUT').text()).toBe('22 000,5')
    })
    await w.get('[data-testid="cumuls-send"]').trigger('click')
    await vi.waitFor(() => {
      expect(w.find('[data-testid="cumuls-send-result"]').exists()).toBe(true)
    })
    expect(puts).toHaveLength(1)
    expect(puts[0]?.elements).toEqual([
      { matricule: 'M001', code_cumul: 'BRUT', valeur: '22000.5' },
      { matricule: 'M001', code_cumul: 'HEURES', valeur: '-4' },
    ])
    expect(cellOf(w, 'M001', 'HEURES').attributes('data-state')).toBe('rejected')
    expect(cellOf(w, 'M001', 'HEURES').attributes('title')).toBe('Le cumul HEURES ne peut pas être négatif.')
    expect(cellOf(w, 'M001', 'BRUT').attributes('data-state')).toBe('service')
    expect(text(w, 'cumuls-rejected')).toContain('ne peut pas être négatif')
    expect(text(w, 'cumuls-send-result')).toContain('1 appliqué(s), 1 refusé(s)')
  })

  it('offline: the cache with its age, and sending says it needs the connection (nothing sent, draft kept)', async () => {
    const { puts } = serve(applied)
    await app.db.cumulReads.put({ siren: SIREN, annee: 2026, fetchedAt: '2026-11-20T08:00:00.000Z', cumuls: SERVICE })
    useSyncStore(app.pinia).online = false
    const w = await open()
    expect(text(w, 'cumuls-offline')).toContain('Hors ligne')
    expect(text(w, 'cumuls-age')).toMatch(/^Cumuls lus sur le service le 20\/11\/2026/)
    await typeIn(w, 'M002', 'BRUT', '19000')
    await w.get('[data-testid="cumuls-send"]').trigger('click')
    await vi.waitFor(() => {
      expect(w.find('[data-testid="cumuls-blocked"]').exists()).toBe(true)
    })
    expect(text(w, 'cumuls-blocked')).toContain('qu’avec la connexion')
    expect(puts).toHaveLength(0)
    expect(Object.keys((await app.db.cumulDrafts.get([SIREN, 2026]))?.cells ?? {})).toEqual(['M002|BRUT'])
  })

  it('a lost answer leaves the cells unconfirmed; the next send, after the settle time, asks main to read back first', async () => {
    let lose = true
    const { puts } = serve((input) =>
      lose
        ? {
            result: 'unknown',
            retour: null,
            unconfirmed: [0],
            error: { code: 'CONNEXION_INTERROMPUE', message: 'cut' },
            settleUntil: '2026-11-20T08:00:00.000Z',
          }
        : applied(input),
    )
    const w = await open()
    await vi.waitFor(() => {
      expect(cellOf(w, 'M001', 'BRUT').attributes('data-state')).toBe('service')
    })
    await typeIn(w, 'M001', 'BRUT', '1')
    await w.get('[data-testid="cumuls-send"]').trigger('click')
    await vi.waitFor(() => {
      expect(cellOf(w, 'M001', 'BRUT').attributes('data-state')).toBe('unconfirmed')
    })
    expect(text(w, 'cumuls-send-result')).toContain('rien ne sera envoyé deux fois')
    lose = false
    // The first send ends (it reads the year again after its answer) before the clerk sends again.
    await vi.waitFor(() => {
      expect(useCumulsStore(app.pinia).sending).toBe(false)
    })
    await w.get('[data-testid="cumuls-send"]').trigger('click')
    await vi.waitFor(() => {
      expect(cellOf(w, 'M001', 'BRUT').attributes('data-state')).toBe('service')
    })
    expect(puts.map((p) => p.afterLostAnswer)).toEqual([false, true])
  })
})

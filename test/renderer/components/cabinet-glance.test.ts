// @vitest-environment happy-dom
/**
 * The month at a glance (CabinetView and DossierTable, issue 15 point 5, #60), mounted with the app's real stores
 * over fake-indexeddb: the payslips of the current period per state from the cache with the read's age, « jamais
 * lus » for a dossier never read, the next action as a link to where the work is, the next-action filter, sorting
 * by a column, and « Lire les bulletins du mois » (online only) filling the cache.
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'

import CabinetView from '../../../src-renderer/features/cabinet/CabinetView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { listedOf } from '../../../src-shared/domain/bulletins'
import { payslip, servePayslips } from '../support/bulletins'
import { SIREN, SIREN_2 } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { byTestId, settled, withRights } from '../support/screens'

let app: TestApp | null = null
let wrapper: VueWrapper | null = null
afterEach(async () => {
  wrapper?.unmount()
  wrapper = null
  await app?.dispose()
  app = null
})

/** SIREN's November read two hours before the test clock: two computed payslips and one controlled. */
async function cacheMartin(t: TestApp): Promise<void> {
  const rows = [payslip(1, { statut: 'calcule' }), payslip(2, { matricule: 'M002', statut: 'calcule' }), payslip(3, { statut: 'controle' })]
  await t.db.bulletins.bulkPut(rows.map(listedOf))
  await t.db.bulletinReads.put({ siren: SIREN, periode: '2026-11', fetchedAt: '2026-11-20T07:00:00.000Z' })
}

/** The home screen offline over the cache of {@link cacheMartin}, once it has read it. */
async function mountOfflineWithMartin(): Promise<VueWrapper> {
  const t = await testApp()
  app = t
  await cacheMartin(t)
  await withRights(t, ['dossiers', 'bulletins'])
  useSyncStore().online = false
  const w = mountIn(t, CabinetView, {}, createAppRouter())
  await settled(() => {
    expect(w.find(byTestId(`dossier-bulletins-${SIREN}`)).attributes('data-read')).toBe('true')
  })
  return w
}

function order(w: VueWrapper): string[] {
  return w.findAll('[data-testid^="dossier-row-"]').map((r) => (r.attributes('data-testid') ?? '').replace('dossier-row-', ''))
}

describe('the month at a glance', () => {
  it('shows the cached payslips per state, « jamais lus », and the next action linking to where the work is', async () => {
    wrapper = await mountOfflineWithMartin()
    const martin = wrapper.get(byTestId(`dossier-bulletins-${SIREN}`))
    expect(martin.attributes('data-restants')).toBe('3')
    expect(wrapper.get(byTestId(`bulletins-count-${SIREN}-calcule`)).attributes('data-count')).toBe('2')
    expect(wrapper.get(byTestId(`bulletins-count-${SIREN}-controle`)).attributes('data-count')).toBe('1')
    expect(martin.text()).toMatch(/lus il y a \d+ h/)
    const next = wrapper.get(byTestId(`dossier-next-${SIREN}`))
    expect(next.attributes('data-action')).toBe('controler')
    expect(next.attributes('href')).toBe(`#/dossiers/${SIREN}/bulletins?periode=2026-11&statut=calcule`)

    expect(wrapper.get(byTestId(`dossier-bulletins-${SIREN_2}`)).text()).toBe('Jamais lus sur ce poste')
    expect(wrapper.get(byTestId(`dossier-next-${SIREN_2}`)).attributes('data-action')).toBe('lire_bulletins')
    // Offline: the cache is all there is; the read button waits for the network.
    expect(wrapper.get(byTestId('read-bulletins')).attributes('disabled')).toBeDefined()
  })

  it('filters by next action and sorts by a column, both ways', async () => {
    wrapper = await mountOfflineWithMartin()
    // By company name: « Atelier Dupont » before « Boulangerie Martin ».
    expect(order(wrapper)).toEqual([SIREN_2, SIREN])
    await wrapper.get(byTestId('sort-prochaine')).trigger('click')
    expect(order(wrapper)).toEqual([SIREN_2, SIREN])
    await wrapper.get(byTestId('sort-prochaine')).trigger('click')
    expect(order(wrapper)).toEqual([SIREN, SIREN_2])
    expect(wrapper.get(byTestId('sort-prochaine')).element.closest('th')?.getAttribute('aria-sort')).toBe('descending')
    await wrapper.get(byTestId('sort-bulletins')).trigger('click')
    expect(order(wrapper)).toEqual([SIREN_2, SIREN])

    await wrapper.get(byTestId('filter-next')).setValue('controler')
    expect(order(wrapper)).toEqual([SIREN])
    await wrapper.get(byTestId('filter-next')).setValue('')
    expect(order(wrapper)).toHaveLength(2)
  })

  it('online, « Lire les bulletins du mois » reads each dossier shown and the next actions follow', async () => {
    app = await testApp()
    await withRights(app, ['dossiers', 'bulletins'])
    servePayslips(app.api, [payslip(1, { statut: 'envoye_salarie' }), payslip(2, { siren: SIREN_2, matricule: 'M101', statut: 'refuse' })])
    wrapper = mountIn(app, CabinetView, {}, createAppRouter())
    await settled(() => {
      expect(wrapper?.get(byTestId('read-bulletins')).attributes('disabled')).toBeUndefined()
    })
    await wrapper.get(byTestId('read-bulletins')).trigger('click')
    await settled(() => {
      expect(wrapper?.get(byTestId(`dossier-bulletins-${SIREN_2}`)).attributes('data-read')).toBe('true')
    })
    expect(wrapper.get(byTestId(`dossier-next-${SIREN_2}`)).attributes('data-action')).toBe('recalculer')
    expect(wrapper.get(byTestId(`dossier-bulletins-${SIREN}`)).attributes('data-restants')).toBe('0')
    // Every payslip sent to the employee: the DSN comes next (none in the cache).
    expect(wrapper.get(byTestId(`dossier-next-${SIREN}`)).attributes('data-action')).toBe('deposer_dsn')
  })
})

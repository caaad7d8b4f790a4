// @vitest-environment happy-dom
/**
 * The payslips of a dossier's period (BulletinsView.vue, issue 15 points 1 and 3), mounted with the app's real
 * stores over fake-indexeddb and a fake service behind `window.api`: one row per payslip with its age, the filters,
 * a batch with one confirmation and its report, the refusal's motif required, offline from the cache, and a payslip
 * whose answer was lost not sent again before its settle time.
 */
import '../support/db'

import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import BulletinsView from '../../../src-renderer/features/bulletins/BulletinsView.vue'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { payslip, payslipRouter, servePayslips } from '../support/bulletins'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'

let app: TestApp | null = null
let wrapper: VueWrapper | null = null
beforeEach(() => {
  // happy-dom lays nothing out: the list's scroller gets the height of a screen, so the virtualiser renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
})
afterEach(async () => {
  vi.restoreAllMocks()
  await flushPromises()
  wrapper?.unmount()
  wrapper = null
  await app?.dispose()
  app = null
})

async function mountView(t: TestApp): Promise<VueWrapper> {
  await useReferenceStore().load()
  const router = await payslipRouter(`/dossiers/${SIREN}/bulletins?periode=2026-11`)
  const w = mountIn(t, BulletinsView, { siren: SIREN }, router)
  await flushPromises()
  return w
}

function rows(w: VueWrapper): string[] {
  return w
    .findAll('[data-testid^="bulletin-row-"]')
    .map((r) => `${r.attributes('data-matricule') ?? ''}:${r.attributes('data-statut') ?? ''}`)
}

const FOUR = (): ReturnType<typeof payslip>[] => [
  payslip(1, { matricule: 'M001', statut: 'calcule' }),
  payslip(2, { matricule: 'M002', statut: 'calcule', numero_contrat: 'C1' }),
  payslip(3, { matricule: 'M002', statut: 'valide', numero_contrat: 'C2' }),
  payslip(4, { matricule: 'G001', statut: 'refuse', nic: '00099' }),
]

describe('BulletinsView', () => {
  it('lists one row per payslip with the read’s age, and filters by state, establishment, employee and contract', async () => {
    app = await testApp()
    servePayslips(app.api, FOUR())
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toEqual(['G001:refuse', 'M001:calcule', 'M002:calcule', 'M002:valide'])
    })
    expect(wrapper.get('[data-testid="bulletins-age"]').text()).toMatch(/^Lus sur le service le 20\/11\/2026 \d\d:00 \(il y a 3 h\)$/)
    expect(wrapper.get('[data-testid="bulletin-row-00000000-0000-4000-8000-000000000001"]').text()).toMatch(
      /2\u202f125,50\u00a0€.*1\u202f657,89\u00a0€.*GP01/,
    )

    await wrapper.get('[data-testid="filter-statut-calcule"]').setValue(true)
    expect(rows(wrapper)).toEqual(['M001:calcule', 'M002:calcule'])
    await wrapper.get('[data-testid="filter-statut-calcule"]').setValue(false)
    await wrapper.get('[data-testid="filter-nic-00017"]').setValue(true)
    expect(rows(wrapper)).toEqual(['M001:calcule', 'M002:calcule', 'M002:valide'])
    await wrapper.get('[data-testid="filter-salarie"]').setValue('bernard')
    expect(rows(wrapper)).toEqual(['M002:calcule', 'M002:valide'])
    await wrapper.get('[data-testid="filter-contrat"]').setValue('C2')
    expect(rows(wrapper)).toEqual(['M002:valide'])
    expect(wrapper.get('[data-testid="bulletins-count"]').text()).toContain('sur 4')
  })

  it('a batch: one confirmation naming the payslips sent and those left out, progress, then a report of each', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, FOUR())
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(4)
    })
    await wrapper.get('[data-testid="select-all"]').setValue(true)
    expect(wrapper.get('[data-testid="selection-count"]').text()).toBe('4 bulletins sélectionnés')
    const controler = wrapper.get('[data-testid="action-controler"]')
    expect(controler.attributes('data-targets')).toBe('2')
    await controler.trigger('click')
    expect(wrapper.get('[data-testid="confirm-message"]').text()).toBe(
      'L’action sera appliquée à 2 bulletins. 2 bulletins sélectionnés ne le permettent pas et seront ignorés.',
    )
    expect(fake.acts).toHaveLength(0)
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="batch-report"]').exists()).toBe(true)
    })
    expect(fake.acts.map((a) => [a.id.slice(-1), a.action])).toEqual([
      ['1', 'controler'],
      ['2', 'controler'],
    ])
    const lines = wrapper
      .findAll('[data-testid^="report-line-"]')
      .map((l) => `${l.attributes('data-result') ?? ''}>${l.attributes('data-apres') ?? ''}`)
    expect(lines).toEqual(['ignored>refuse', 'applied>controle', 'applied>controle', 'ignored>valide'])
    expect(wrapper.get('[data-testid="report-count-applied"]').attributes('data-count')).toBe('2')
    expect(rows(wrapper)).toEqual(['G001:refuse', 'M001:controle', 'M002:controle', 'M002:valide'])
  })

  it('a refusal needs its motif (3 characters or more), sent with the action', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, [payslip(1, { statut: 'envoye_employeur' })])
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(1)
    })
    await wrapper.get('[data-testid="bulletin-select-00000000-0000-4000-8000-000000000001"]').setValue(true)
    await wrapper.get('[data-testid="action-refus"]').trigger('click')
    await wrapper.get('[data-testid="refus-motif"]').setValue('ab')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    expect(wrapper.get('[data-testid="refus-motif-error"]').text()).toContain('3 caractères au moins')
    expect(fake.acts).toHaveLength(0)
    await wrapper.get('[data-testid="refus-motif"]').setValue('Prime oubliée')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="batch-report"]').exists()).toBe(true)
    })
    expect(fake.acts).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', action: 'refus', motif: 'Prime oubliée', afterLostAnswer: false },
    ])
    expect(fake.notes.map((n) => [n.type, n.texte])).toEqual([['refus_bulletin', 'Prime oubliée']])
  })

  it('offline: the cached list with its age, no request, the actions that need the service off', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, FOUR())
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(4)
    })
    wrapper.unmount()
    const calls = fake.lists.length
    useSyncStore().online = false
    wrapper = await mountView(app)
    expect(rows(wrapper)).toHaveLength(4)
    expect(fake.lists).toHaveLength(calls)
    expect(wrapper.get('[data-testid="bulletins-age"]').attributes('data-fetched-at')).toBe('2026-11-20T06:00:00.000Z')
    expect(wrapper.get('[data-testid="compute-period"]').attributes('disabled')).toBeDefined()
  })

  it('an action whose answer was lost: the payslip is not sent again before its settle time, with the reason', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, [payslip(1, { statut: 'calcule' })])
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(1)
    })
    fake.loseNext = { committed: true }
    await wrapper.get('[data-testid="bulletin-select-00000000-0000-4000-8000-000000000001"]').setValue(true)
    await wrapper.get('[data-testid="action-controler"]').trigger('click')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="report-count-unknown"]').exists()).toBe(true)
    })
    const calculer = wrapper.get('[data-testid="action-calculer"]')
    expect(calculer.attributes('disabled')).toBeDefined()
    expect(wrapper.get('[data-testid="action-reason-calculer"]').text()).toMatch(
      /^Réponse perdue : le bulletin sera relu avant tout nouvel envoi, à partir de \d\d:01\.$/,
    )
    expect(await app.db.bulletinActions.count()).toBe(1)
  })

  it('after its settle time, a payslip whose answer was lost is sent as « after a lost answer » (main reads it first)', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, [payslip(1, { statut: 'controle' })])
    const id = '00000000-0000-4000-8000-000000000001'
    await app.db.bulletinActions.put({
      id,
      siren: SIREN,
      action: 'controler',
      motif: null,
      state: 'lost',
      at: '2026-11-20T08:00:00.000Z',
      settleUntil: '2026-11-20T08:01:00.000Z',
    })
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(1)
    })
    await wrapper.get(`[data-testid="bulletin-select-${id}"]`).setValue(true)
    await wrapper.get('[data-testid="action-envoyer-employeur"]').trigger('click')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="batch-report"]').exists()).toBe(true)
    })
    expect(fake.acts).toEqual([{ id, action: 'envoyer-employeur', afterLostAnswer: true }])
    expect(await app.db.bulletinActions.count()).toBe(0)
  })

  it('offline: the batch is queued on this workstation, nothing sent; back online (no screen open), each is read then sent, once', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, [payslip(1, { statut: 'calcule' }), payslip(2, { matricule: 'M002', statut: 'envoye_employeur' })])
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(2)
    })
    const sync = useSyncStore()
    sync.online = false
    await flushPromises()
    const [first, second] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']
    await wrapper.get(`[data-testid="bulletin-select-${first}"]`).setValue(true)
    await wrapper.get('[data-testid="action-controler"]').trigger('click')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="report-count-queued"]').exists()).toBe(true)
    })
    await wrapper.get(`[data-testid="bulletin-select-${first}"]`).setValue(false)
    await wrapper.get(`[data-testid="bulletin-select-${second}"]`).setValue(true)
    await wrapper.get('[data-testid="action-refus"]').trigger('click')
    await wrapper.get('[data-testid="refus-motif"]').setValue('Prime oubliée')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find(`[data-testid="bulletin-pending-${second}"]`).exists()).toBe(true)
    })
    expect(fake.acts).toEqual([])
    expect(wrapper.get(`[data-testid="bulletin-pending-${first}"]`).text()).toBe('En attente d’envoi : Contrôler')
    // The queued payslip takes no other action until its own is sent.
    await wrapper.get(`[data-testid="bulletin-select-${second}"]`).setValue(false)
    await wrapper.get(`[data-testid="bulletin-select-${first}"]`).setValue(true)
    expect(wrapper.get('[data-testid="action-calculer"]').attributes('disabled')).toBeDefined()
    expect(wrapper.get('[data-testid="action-reason-calculer"]').text()).toContain('« Contrôler » en attente d’envoi')

    // Back online with no payslip screen open: the queue leaves all the same.
    wrapper.unmount()
    wrapper = null
    sync.online = true
    await vi.waitFor(() => {
      expect(fake.acts).toHaveLength(2)
    })
    await vi.waitFor(async () => {
      expect(await app?.db.bulletinActions.count()).toBe(0)
    })
    expect(fake.acts).toEqual([
      { id: first, action: 'controler', afterLostAnswer: true },
      { id: second, action: 'refus', motif: 'Prime oubliée', afterLostAnswer: true },
    ])
    expect(fake.store.map((b) => b.statut)).toEqual(['controle', 'refuse'])
    expect(fake.notes.map((n) => n.texte)).toEqual(['Prime oubliée'])
    wrapper = await mountView(app)
    expect(wrapper.get('[data-testid="batch-report"]').text()).toContain('actions envoyées au retour du réseau')
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toEqual(['M001:controle', 'M002:refuse'])
    })
  })
})

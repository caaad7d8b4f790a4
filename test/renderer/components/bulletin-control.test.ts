// @vitest-environment happy-dom
/**
 * The control before sending (ControlPanel in BulletinActionBar, issue 15 point 4, #59), mounted in BulletinsView
 * with the app's real stores over fake-indexeddb and a fake service: before `controler`, a 30 % jump of brut and net
 * against the previous month and an EVP on no payslip are listed; going on needs a comment, which the report shows
 * and `meta` keeps; the threshold is remembered; a control without finding goes on at once.
 */
import '../support/db'

import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { getMeta } from '../../../src-renderer/db/meta'
import BulletinsView from '../../../src-renderer/features/bulletins/BulletinsView.vue'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { payslip, payslipRouter, servePayslips } from '../support/bulletins'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { recordsAnswer, serviceEvp } from '../support/records'

let app: TestApp | null = null
let wrapper: VueWrapper | null = null
beforeEach(() => {
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

const [B1, B2] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']

async function mountView(t: TestApp): Promise<VueWrapper> {
  await useReferenceStore().load()
  const router = await payslipRouter(`/dossiers/${SIREN}/bulletins?periode=2026-11`)
  const w = mountIn(t, BulletinsView, { siren: SIREN }, router)
  await flushPromises()
  await vi.waitFor(() => {
    expect(w.findAll('[data-testid^="bulletin-row-"]')).toHaveLength(2)
  })
  return w
}

/** Two computed payslips of November, and October's: M001 jumps 30 %, M002 moves 5 %. */
function months(): ReturnType<typeof payslip>[] {
  return [
    payslip(1, { matricule: 'M001', brut: '2600.00', net_a_payer: '2028.00' }),
    payslip(2, { matricule: 'M002', brut: '2100.00', net_a_payer: '1638.00' }),
    payslip(11, { matricule: 'M001', periode: '2026-10', statut: 'envoye_salarie', brut: '2000.00', net_a_payer: '1560.00' }),
    payslip(12, { matricule: 'M002', periode: '2026-10', statut: 'envoye_salarie', brut: '2000.00', net_a_payer: '1560.00' }),
  ]
}

async function askControl(w: VueWrapper): Promise<void> {
  await w.get('[data-testid="select-all"]').setValue(true)
  await w.get('[data-testid="action-controler"]').trigger('click')
  await vi.waitFor(() => {
    expect(w.find('[data-testid="control-panel"]').exists()).toBe(true)
    expect(w.find('[data-testid="control-loading"]').exists()).toBe(false)
  })
}

describe('control before sending', () => {
  it('lists the 30 % jump and the EVP on no payslip; going on needs a comment, kept on the report and in meta', async () => {
    app = await testApp()
    // M002's HS50 of 80 € is on none of the payslips (the fake payslips hold 1000, HS25 125.50 and 7000).
    const absent = serviceEvp({ matricule: 'M002', code_evp: 'HS50', quantite: null, montant: '80.00' })
    const landed = serviceEvp({ matricule: 'M001', code_evp: 'HS25', quantite: null, montant: '125.50' })
    app.api.records = () => ({
      ok: true,
      value: recordsAnswer([
        { kind: 'evp', record: absent },
        { kind: 'evp', record: landed },
      ]),
    })
    const fake = servePayslips(app.api, months())
    wrapper = await mountView(app)
    await askControl(wrapper)

    expect(wrapper.get('[data-testid="control-ecarts"]').attributes('data-count')).toBe('1')
    expect(wrapper.get(`[data-testid="control-ecart-${B1}"]`).text()).toContain('+30,00 %')
    expect(wrapper.find(`[data-testid="control-ecart-${B2}"]`).exists()).toBe(false)
    expect(wrapper.get('[data-testid="control-absents"]').attributes('data-count')).toBe('1')
    expect(wrapper.get(`[data-testid="control-absent-${absent.id}"]`).attributes('data-raison')).toBe('missing')

    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    expect(wrapper.get('[data-testid="control-commentaire"]').attributes('aria-invalid')).toBe('true')
    expect(fake.acts).toHaveLength(0)

    await wrapper.get('[data-testid="control-commentaire"]').setValue('Prime de fin d’année versée en novembre')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="batch-report"]').exists()).toBe(true)
    })
    expect(fake.acts.map((a) => [a.id, a.action])).toEqual([
      [B1, 'controler'],
      [B2, 'controler'],
    ])
    const note = wrapper.get('[data-testid="report-control"]')
    expect([note.attributes('data-ecarts'), note.attributes('data-absents')]).toEqual(['1', '1'])
    expect(note.text()).toContain('Prime de fin d’année versée en novembre')
    expect(await getMeta(app.db, 'bulletins.controles')).toEqual({
      [`${SIREN}|2026-11|controler`]: {
        at: expect.any(String) as string,
        seuil: 10,
        ecarts: 1,
        absents: 1,
        commentaire: 'Prime de fin d’année versée en novembre',
      },
    })
  })

  it('remembers the threshold the clerk sets: at 40 % the jump is within it and the control goes on without comment', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, months())
    wrapper = await mountView(app)
    await askControl(wrapper)
    expect(wrapper.get('[data-testid="control-ecarts"]').attributes('data-count')).toBe('1')
    await wrapper.get('[data-testid="control-seuil"]').setValue('40')
    await vi.waitFor(async () => {
      if (app === null) throw new Error('app')
      expect(await getMeta(app.db, 'bulletins.seuilEcart')).toBe(40)
    })
    expect(wrapper.get('[data-testid="control-ecarts"]').attributes('data-count')).toBe('0')
    expect(wrapper.get('[data-testid="control-ok"]').text()).toBe('Contrôle sans remarque.')
    await wrapper.get('[data-testid="confirm-no"]').trigger('click')

    // Asked again: the threshold read back is 40.
    await wrapper.get('[data-testid="action-controler"]').trigger('click')
    await vi.waitFor(() => {
      expect((wrapper?.get('[data-testid="control-seuil"]').element as HTMLInputElement).value).toBe('40')
    })
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="batch-report"]').exists()).toBe(true)
    })
    expect(fake.acts).toHaveLength(2)
    expect(wrapper.find('[data-testid="report-control"]').exists()).toBe(false)
  })
})

// @vitest-environment happy-dom
/**
 * The billing screen (BillingView.vue, issue 18 point 3): with the `facturation` right it reads the twelve closed
 * months at once, shows the cabinet's sums in the table and the charts, one dossier when chosen; a failed read keeps
 * the cache with its age; without the right it says why and asks nothing. The charts are stubbed (no canvas in
 * happy-dom): the options they receive are checked.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'

import BillingView from '../../../src-renderer/features/billing/BillingView.vue'
import { useBillingApi } from '../../../src-renderer/stores/billing'
import type { Facturation } from '../../../src-shared/api/cabinet'
import type { FacturationsListInput, FacturationsListResult } from '../../../src-shared/domain/cabinet'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { SIREN, SIREN_2 } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { byTestId, settled, withRights } from '../support/screens'

vi.mock('vue-echarts', () => ({
  default: defineComponent({
    props: { option: { type: Object, required: true } },
    emits: ['finished'],
    mounted() {
      this.$emit('finished')
    },
    render() {
      return h('div', { class: 'chart-stub', 'data-option': JSON.stringify(this.option) })
    },
  }),
}))

let app: TestApp
let wrapper: VueWrapper | undefined
let calls: FacturationsListInput[]
let answer: (input: FacturationsListInput) => IpcResult<FacturationsListResult>

function row(siren: string, periode: string, n: number): Facturation {
  return {
    siren,
    periode,
    salaries_uniques: n,
    entrees: 1,
    sorties: 0,
    arrets_maladie: 1,
    bulletins: n,
    arrets_par_motif: { '01': 1 },
    nombre_contrats: n,
    contrats_par_type: { '01': n },
    fins_contrat_par_motif: {},
    taxe_salaires: 0,
    epargne_salariale: 0,
    activite_partielle: 0,
    complement_oeth: false,
  }
}

function served(input: FacturationsListInput): IpcResult<FacturationsListResult> {
  return {
    ok: true,
    value: {
      fetchedAt: '2026-11-20T08:55:00.000Z',
      periodes: input.periodes,
      facturations: input.periodes.flatMap((p, i) => [row(SIREN, p, 10 + i), row(SIREN_2, p, 3)]),
    },
  }
}

beforeEach(async () => {
  app = await testApp()
  calls = []
  answer = served
  useBillingApi({
    'facturations:list': (input) => {
      calls.push(input)
      return Promise.resolve(answer(input))
    },
  })
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  useBillingApi(null)
  await app.dispose()
})

const testId = byTestId

/** Waits until the screen shows counters read from the service. */
async function read(): Promise<void> {
  await settled(() => {
    expect(wrapper?.find(testId('billing-cache-age')).attributes('data-fetched-at')).not.toBe('')
  })
}

/** Waits until the element of test id `id` is in the page (Dexie answers on its own schedule). */
async function shown(id: string): Promise<void> {
  await settled(() => {
    expect(wrapper?.find(testId(id)).exists()).toBe(true)
  })
}

describe('BillingView', () => {
  it('reads the twelve closed months and shows the cabinet’s sums, then one dossier', async () => {
    await withRights(app, ['dossiers', 'facturation'])
    wrapper = mountIn(app, BillingView, {})
    await read()
    expect(calls).toHaveLength(1)
    expect(calls[0]?.periodes).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ])
    expect(wrapper.find(testId('billing-cache-age')).attributes('data-fetched-at')).toBe('2026-11-20T08:55:00.000Z')
    expect(wrapper.findAll('[data-testid^="billing-row-"]')).toHaveLength(12)
    expect(wrapper.find(testId('billing-cell-2025-11-salaries_uniques')).attributes('data-value')).toBe('13')
    expect(wrapper.find(testId('billing-cell-2026-10-salaries_uniques')).attributes('data-value')).toBe('24')
    expect(wrapper.find(testId('billing-row-2026-10')).attributes('data-dossiers')).toBe('2')
    expect(wrapper.find(testId('trend-chart')).attributes('data-values')?.split(',')[0]).toBe('13')
    expect(wrapper.find(testId('trend-chart')).attributes('data-rendered')).toBe('true')
    expect(wrapper.find(testId('breakdown-chart')).attributes('data-slices')).toBe('01:24')

    await wrapper.find(testId('billing-dossier')).setValue(SIREN_2)
    expect(wrapper.find(testId('billing-cell-2026-10-salaries_uniques')).attributes('data-value')).toBe('3')
    await wrapper.find(testId('trend-counter')).setValue('entrees')
    expect(wrapper.find(testId('trend-chart')).attributes('data-values')).toBe(Array(12).fill('1').join(','))
  })

  it('keeps the cached counters with their age when a read fails', async () => {
    await withRights(app, ['facturation'])
    wrapper = mountIn(app, BillingView, {})
    await read()
    answer = () => ({ ok: false, error: { code: 'RESEAU_INJOIGNABLE', message: 'offline' } })
    await wrapper.find(testId('billing-refresh')).trigger('click')
    await shown('billing-error')
    expect(wrapper.find(testId('billing-error')).text()).toMatch(/injoignable/)
    expect(wrapper.find(testId('billing-cell-2026-10-salaries_uniques')).attributes('data-value')).toBe('24')
    expect(wrapper.find(testId('billing-cache-age')).attributes('data-fetched-at')).toBe('2026-11-20T08:55:00.000Z')
  })

  it('says why without the facturation right and asks nothing', async () => {
    await withRights(app, ['dossiers', 'declarations'])
    wrapper = mountIn(app, BillingView, {})
    await shown('right-missing-facturation')
    await flushPromises()
    expect(calls).toHaveLength(0)
    expect(wrapper.find(testId('right-missing-facturation')).text()).toMatch(/Facturation/)
    expect(wrapper.find(testId('billing-table')).exists()).toBe(false)
    expect(wrapper.find(testId('billing-refresh')).attributes('disabled')).toBeDefined()
  })
})

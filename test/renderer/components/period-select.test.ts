// @vitest-environment happy-dom
/**
 * The period select (PeriodSelect.vue) and its choices (periodChoices.ts): twelve periods back (newest first) or
 * forward from the dossier's current one, the current one marked, the choice given back through v-model and kept in
 * the route's `?periode=` when offered.
 */
import { mount } from '@vue/test-utils'
import { computed, defineComponent, h } from 'vue'
import { createMemoryHistory, createRouter } from 'vue-router'
import { describe, expect, it } from 'vitest'

import PeriodSelect from '../../../src-renderer/components/PeriodSelect.vue'
import { periodChoices, useQueryPeriode } from '../../../src-renderer/components/periodChoices'
import { createAppI18n } from '../../../src-renderer/i18n'

describe('periodChoices', () => {
  it('gives the current period and the eleven before it, newest first, or the eleven after it', () => {
    const past = periodChoices('2026-02', 'past')
    expect(past).toHaveLength(12)
    expect(past.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12'])
    expect(past.at(-1)).toBe('2025-03')
    const future = periodChoices('2026-11', 'future')
    expect(future.slice(0, 3)).toEqual(['2026-11', '2026-12', '2027-01'])
    expect(future.at(-1)).toBe('2027-10')
    expect(periodChoices('', 'past')).toEqual([])
  })
})

describe('PeriodSelect', () => {
  it('labels its select, marks the current period and gives the choice back', async () => {
    const w = mount(PeriodSelect, {
      props: {
        periodes: ['2026-11', '2026-10'],
        current: '2026-11',
        id: 'p',
        label: 'Période',
        testId: 'periode',
        modelValue: '2026-11',
        'onUpdate:modelValue': (v: string) => w.setProps({ modelValue: v }),
      },
      global: { plugins: [createAppI18n('fr')] },
    })
    expect(w.find('label').attributes('for')).toBe('p')
    expect(w.find('label').text()).toBe('Période')
    const options = w.findAll('option').map((o) => o.text())
    expect(options[0]).toMatch(/novembre 2026.*en cours/i)
    expect(options[1]).toMatch(/^octobre 2026$/i)
    await w.find('[data-testid="periode"]').setValue('2026-10')
    expect(w.emitted('update:modelValue')?.at(-1)).toEqual(['2026-10'])
  })

  it('keeps the chosen period in the route when offered, else the current one', async () => {
    const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/', component: { render: () => null } }] })
    await router.push('/?periode=2020-01')
    await router.isReady()
    let periode: { value: string } = { value: '' }
    const Host = defineComponent({
      setup() {
        const current = computed(() => '2026-11')
        periode = useQueryPeriode(
          computed(() => periodChoices(current.value, 'past')),
          current,
        )
        return () => h('span', periode.value)
      },
    })
    const w = mount(Host, { global: { plugins: [router] } })
    expect(w.text()).toBe('2026-11')
    periode.value = '2026-09'
    await router.isReady()
    await new Promise((r) => setTimeout(r, 0))
    expect(router.currentRoute.value.query['periode']).toBe('2026-09')
    expect(w.text()).toBe('2026-09')
  })
})

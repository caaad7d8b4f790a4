// @vitest-environment happy-dom
/**
 * The searchable select of a code list (CodeCombobox.vue): filtering by code or label (accents and case ignored), the
 * keyboard (↓ ↑ Home End Enter Escape), the ARIA combobox attributes, the mouse, an optional field cleared, and the
 * filter itself (combobox.ts).
 */
import { mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'

import CodeCombobox from '../../../src-renderer/components/CodeCombobox.vue'
import { filterOptions, normalise, optionText } from '../../../src-renderer/components/combobox'
import { createAppI18n } from '../../../src-renderer/i18n'

const PCS = [
  { code: '543a', libelle: 'Employés des services comptables ou financiers' },
  { code: '561b', libelle: 'Serveurs, commis de restaurant, garçons qualifiés' },
  { code: '636d', libelle: 'Cuisiniers et commis de cuisine' },
  { code: '388a', libelle: 'Ingénieurs et cadres d’étude, recherche et développement en informatique' },
]

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

function mountBox(initial = '', extra: Record<string, unknown> = {}) {
  const value = ref(initial)
  const Host = defineComponent({
    setup: () => () =>
      h(CodeCombobox, {
        name: 'pcs_ese',
        label: 'PCS-ESE',
        options: PCS,
        modelValue: value.value,
        'onUpdate:modelValue': (v: string) => (value.value = v),
        ...extra,
      }),
  })
  wrapper = mount(Host, { global: { plugins: [createAppI18n()] }, attachTo: document.body })
  const input = wrapper.get('[data-testid="field-pcs_ese"]')
  return { wrapper, input, value }
}

const shownCodes = (w: VueWrapper): string[] =>
  w.findAll('[role="option"]').map((o) => (o.attributes('data-testid') ?? '').replace('combobox-option-pcs_ese-', ''))

describe('CodeCombobox', () => {
  it('is a labelled ARIA combobox whose list opens on typing, filtered by code or label without accents', async () => {
    const { wrapper: w, input } = mountBox()
    expect(input.attributes('role')).toBe('combobox')
    expect(input.attributes('aria-autocomplete')).toBe('list')
    expect(input.attributes('aria-expanded')).toBe('false')
    const label = w.get('label')
    expect(label.attributes('for')).toBe(input.attributes('id'))
    const listId = input.attributes('aria-controls')!
    expect(w.get(`#${listId}`).attributes('role')).toBe('listbox')

    await input.setValue('CUISINE')
    expect(input.attributes('aria-expanded')).toBe('true')
    expect(shownCodes(w)).toEqual(['636d'])
    await input.setValue('ingenieurs developpement')
    expect(shownCodes(w)).toEqual(['388a'])
    await input.setValue('56')
    expect(shownCodes(w)).toEqual(['561b'])
    await input.setValue('pilote')
    expect(shownCodes(w)).toEqual([])
    expect(w.text()).toContain('Aucun code ne correspond.')
  })

  it('is driven by the keyboard: ↓ ↑ move the active option, Enter chooses, Escape closes then restores', async () => {
    const { wrapper: w, input, value } = mountBox('543a')
    expect((input.element as HTMLInputElement).value).toBe('543a — Employés des services comptables ou financiers')
    await input.trigger('keydown', { key: 'ArrowDown' })
    expect(input.attributes('aria-expanded')).toBe('true')
    const active = () => w.get(`#${input.attributes('aria-activedescendant') ?? 'none'}`).attributes('data-testid')
    expect(active()).toBe('combobox-option-pcs_ese-543a')
    expect(w.get('[data-testid="combobox-option-pcs_ese-543a"]').attributes('aria-selected')).toBe('true')
    await input.trigger('keydown', { key: 'ArrowDown' })
    await input.trigger('keydown', { key: 'ArrowDown' })
    expect(active()).toBe('combobox-option-pcs_ese-636d')
    await input.trigger('keydown', { key: 'ArrowUp' })
    expect(active()).toBe('combobox-option-pcs_ese-561b')
    await input.trigger('keydown', { key: 'End' })
    expect(active()).toBe('combobox-option-pcs_ese-388a')
    await input.trigger('keydown', { key: 'Home' })
    expect(active()).toBe('combobox-option-pcs_ese-543a')
    await input.trigger('keydown', { key: 'ArrowDown' })
    await input.trigger('keydown', { key: 'Enter' })
    expect(value.value).toBe('561b')
    expect(input.attributes('aria-expanded')).toBe('false')
    expect(input.attributes('aria-activedescendant')).toBeUndefined()

    await input.setValue('cuis')
    await input.trigger('keydown', { key: 'Escape' })
    expect(input.attributes('aria-expanded')).toBe('false')
    expect((input.element as HTMLInputElement).value).toBe('cuis')
    await input.trigger('keydown', { key: 'Escape' })
    expect((input.element as HTMLInputElement).value).toMatch(/^561b — Serveurs/)
    expect(value.value).toBe('561b')
  })

  it('chooses with the mouse, keeps the value when text is left half typed, clears an optional field left empty', async () => {
    const { wrapper: w, input, value } = mountBox('', { optional: true })
    await input.setValue('comptables')
    await w.get('[data-testid="combobox-option-pcs_ese-543a"]').trigger('mousedown')
    expect(value.value).toBe('543a')
    await input.setValue('xyz')
    await input.trigger('blur')
    expect(value.value).toBe('543a')
    expect((input.element as HTMLInputElement).value).toMatch(/^543a — /)
    await input.setValue('')
    await input.trigger('blur')
    expect(value.value).toBe('')
  })

  it('announces its error with the field', () => {
    const { wrapper: w, input } = mountBox('', { error: 'Code 999z absent de la liste des PCS-ESE.' })
    expect(input.attributes('aria-invalid')).toBe('true')
    const described = input.attributes('aria-describedby')!
    expect(w.get(`#${described}`).text()).toBe('Code 999z absent de la liste des PCS-ESE.')
  })
})

describe('filterOptions', () => {
  it('puts codes starting with the query first, keeps list order otherwise, and counts what the limit hides', () => {
    const options = [
      { code: '9A', libelle: 'contient 56' },
      { code: '56X', libelle: 'autre' },
    ]
    expect(filterOptions(options, '56', 10).shown.map((o) => o.code)).toEqual(['56X', '9A'])
    expect(filterOptions(PCS, '', 2)).toEqual({ shown: PCS.slice(0, 2), more: 2 })
    expect(normalise('Élève’s')).toBe("eleve's")
    expect(optionText(PCS, '999z')).toBe('999z')
    expect(optionText(PCS, '')).toBe('')
  })
})

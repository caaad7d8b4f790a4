// @vitest-environment happy-dom
/**
 * The employee picker of every entry form (SalarieSelect.vue): its ARIA combobox attributes, the keyboard
 * (↓ ↑ Enter Escape, which keys it leaves to the input), typing to filter, the mouse, and the cap on listed options.
 */
import { mount, type DOMWrapper, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'

import { Salarie } from '../../../src-shared/api/salaries'
import SalarieSelect from '../../../src-renderer/features/entry-forms/SalarieSelect.vue'
import { createAppI18n } from '../../../src-renderer/i18n'
import { SIREN, salaries } from '../support/fixtures'

const MARTIN = salaries.filter((s) => s.siren === SIREN)

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

function mountSelect(initial: string, list: readonly Salarie[] = MARTIN, extra: Record<string, unknown> = {}) {
  const value = ref(initial)
  const Host = defineComponent({
    setup: () => () =>
      h(SalarieSelect, {
        id: 'f-matricule',
        salaries: list,
        modelValue: value.value,
        'onUpdate:modelValue': (v: string) => (value.value = v),
        'data-testid': 'field-matricule',
        ...extra,
      }),
  })
  wrapper = mount(Host, { global: { plugins: [createAppI18n()] }, attachTo: document.body })
  const input = wrapper.get<HTMLInputElement>('[data-testid="field-matricule"]')
  return { wrapper, input, value }
}

/** The picker's input, as `wrapper.get` finds it. */
type Field = Omit<DOMWrapper<HTMLInputElement>, 'exists'>

/** Presses `key` in the input; true when the picker took the key (default prevented). */
async function press(input: Field, key: string, init: KeyboardEventInit = {}): Promise<boolean> {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  input.element.dispatchEvent(event)
  await nextTick()
  return event.defaultPrevented
}

function activeMatricule(w: VueWrapper, input: Field): string | undefined {
  const id = input.attributes('aria-activedescendant')
  return id === undefined ? undefined : w.get(`#${id}`).attributes('data-testid')?.replace('option-', '')
}

describe('SalarieSelect', () => {
  it('is an ARIA combobox bound to its listbox, showing the chosen employee outside of typing', () => {
    const { wrapper: w, input } = mountSelect('M001', MARTIN, { invalid: true, describedby: 'f-matricule-error' })
    expect(input.attributes('id')).toBe('f-matricule')
    expect(input.attributes('role')).toBe('combobox')
    expect(input.attributes('aria-autocomplete')).toBe('list')
    expect(input.attributes('autocomplete')).toBe('off')
    expect(input.attributes('spellcheck')).toBe('false')
    expect(input.attributes('aria-expanded')).toBe('false')
    expect(input.attributes('aria-controls')).toBe('f-matricule-listbox')
    expect(input.attributes('aria-activedescendant')).toBeUndefined()
    expect(input.attributes('aria-invalid')).toBe('true')
    expect(input.attributes('aria-describedby')).toBe('f-matricule-error')
    expect(input.attributes('placeholder')).toBe('Nom ou matricule…')
    const list = w.get('#f-matricule-listbox')
    expect(list.attributes('role')).toBe('listbox')
    expect(list.attributes('aria-label')).toBe('Salarié')
    expect(input.element.value).toBe('DURAND Jeanne (M001)')
  })

  it('opens on ↓ at the chosen employee, moves with ↓ ↑ within the list, and chooses with Enter', async () => {
    const { wrapper: w, input, value } = mountSelect('M001')
    expect(await press(input, 'ArrowDown')).toBe(true)
    expect(input.attributes('aria-expanded')).toBe('true')
    expect(input.element.value).toBe('')
    // Sorted by name: BERNARD Paul (M002), DURAND Jeanne (M001), NOM0 Test (G000)…
    expect(activeMatricule(w, input)).toBe('M001')
    expect(w.get('[data-testid="option-M001"]').attributes('aria-selected')).toBe('true')
    expect(input.attributes('aria-activedescendant')).toBe('f-matricule-opt-1')
    await press(input, 'ArrowUp')
    expect(activeMatricule(w, input)).toBe('M002')
    expect(await press(input, 'ArrowUp')).toBe(true)
    expect(activeMatricule(w, input)).toBe('M002')
    await press(input, 'ArrowDown')
    await press(input, 'ArrowDown', { altKey: true })
    expect(activeMatricule(w, input)).toBe('G000')
    expect(await press(input, 'Enter')).toBe(true)
    expect(value.value).toBe('G000')
    expect(input.attributes('aria-expanded')).toBe('false')
    expect(input.attributes('aria-activedescendant')).toBeUndefined()
    expect(input.element.value).toBe('NOM0 Test (G000)')
  })

  it('stops at the last option and leaves Home, End, and Enter or Escape while closed to the input', async () => {
    const { wrapper: w, input } = mountSelect('')
    expect(await press(input, 'Enter')).toBe(false)
    expect(await press(input, 'Escape')).toBe(false)
    await press(input, 'ArrowDown')
    expect(activeMatricule(w, input)).toBe('M002')
    for (let i = 0; i < MARTIN.length + 2; i += 1) await press(input, 'ArrowDown')
    expect(activeMatricule(w, input)).toBe('G019')
    expect(await press(input, 'Home')).toBe(false)
    expect(await press(input, 'End')).toBe(false)
    expect(activeMatricule(w, input)).toBe('G019')
  })

  it('filters on typing (name or matricule, accents ignored); Escape closes and restores the chosen employee', async () => {
    const { wrapper: w, input, value } = mountSelect('M001')
    await input.setValue('bern')
    expect(input.attributes('aria-expanded')).toBe('true')
    expect(w.findAll('[role="option"]').map((o) => o.attributes('data-testid'))).toEqual(['option-M002'])
    expect(activeMatricule(w, input)).toBe('M002')
    expect(await press(input, 'Escape')).toBe(true)
    expect(input.attributes('aria-expanded')).toBe('false')
    expect(input.element.value).toBe('DURAND Jeanne (M001)')
    expect(value.value).toBe('M001')

    await input.setValue('zzz')
    expect(w.text()).toContain('Aucun salarié ne correspond.')
    expect(input.attributes('aria-activedescendant')).toBeUndefined()
    expect(await press(input, 'Enter')).toBe(true)
    expect(input.attributes('aria-expanded')).toBe('false')
    expect(input.element.value).toBe('zzz')
    expect(value.value).toBe('M001')
    await input.trigger('blur')
    expect(input.element.value).toBe('DURAND Jeanne (M001)')
  })

  it('chooses with the mouse, opens on click without closing on a second one, and lists 50 employees at most', async () => {
    const many = Array.from({ length: 60 }, (_, i) => Salarie.parse({ ...MARTIN[0], matricule: `X${String(i).padStart(3, '0')}` }))
    const { wrapper: w, input, value } = mountSelect('', [...MARTIN, ...many])
    await input.trigger('click')
    expect(input.attributes('aria-expanded')).toBe('true')
    await input.trigger('click')
    expect(input.attributes('aria-expanded')).toBe('true')
    expect(w.findAll('[role="option"]')).toHaveLength(50)
    await w.get('[data-testid="option-M001"]').trigger('mousedown')
    expect(value.value).toBe('M001')
    expect(input.attributes('aria-expanded')).toBe('false')
    expect(input.element.value).toBe('DURAND Jeanne (M001)')
  })
})

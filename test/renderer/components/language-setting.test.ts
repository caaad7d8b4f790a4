// @vitest-environment happy-dom
/** The interface language: chosen in the settings, applied at once, kept for the next start (issue 13, point 6). */
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'

import LanguageSetting from '../../../src-renderer/features/settings/LanguageSetting.vue'
import { createAppI18n } from '../../../src-renderer/i18n'
import { LOCALE_STORAGE_KEY, storedLocale, storeLocale } from '../../../src-renderer/i18n/preference'

afterEach(() => {
  localStorage.clear()
  document.documentElement.lang = 'fr'
})

function memoryStorage(initial: Record<string, string> = {}): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v)
    },
  }
}

describe('language preference', () => {
  it('is French unless English was stored; unknown values and broken storage give French', () => {
    expect(storedLocale(memoryStorage())).toBe('fr')
    expect(storedLocale(memoryStorage({ [LOCALE_STORAGE_KEY]: 'en' }))).toBe('en')
    expect(storedLocale(memoryStorage({ [LOCALE_STORAGE_KEY]: 'de' }))).toBe('fr')
    const broken = {
      getItem: () => {
        throw new Error('refusé')
      },
      setItem: () => {
        throw new Error('plein')
      },
    }
    expect(storedLocale(broken)).toBe('fr')
    expect(() => {
      storeLocale('en', broken)
    }).not.toThrow()
    const storage = memoryStorage()
    storeLocale('en', storage)
    expect(storage.data.get(LOCALE_STORAGE_KEY)).toBe('en')
  })

  it('the settings select switches the interface to English, says so to <html lang>, and keeps it', async () => {
    const i18n = createAppI18n('fr')
    const wrapper = mount(LanguageSetting, { global: { plugins: [i18n] } })
    expect(wrapper.find('label').text()).toBe('Langue de l’interface')
    const select = wrapper.get('[data-testid="language-select"]')
    expect(wrapper.get('label').attributes('for')).toBe(select.attributes('id'))

    await select.setValue('en')

    expect(i18n.global.locale.value).toBe('en')
    expect(wrapper.find('label').text()).toBe('Interface language')
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en')
    expect(storedLocale()).toBe('en')
    wrapper.unmount()
  })
})

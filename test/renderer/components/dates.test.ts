// @vitest-environment happy-dom
/**
 * Dates shown and typed jj/mm/aaaa whatever the language or the system's locale (issue 13, point 6): the shared
 * helpers (components/format.ts formatDate, parseDate, formatDateTime, formatInstantDate) and the DateInput field.
 */
import { mount } from '@vue/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'

import DateInput from '../../../src-renderer/components/DateInput.vue'
import {
  formatDate,
  formatDateTime,
  formatInstantDate,
  formatTime,
  intlLocale,
  isoDateOrEmpty,
  parseDate,
} from '../../../src-renderer/components/format'
import { createAppI18n } from '../../../src-renderer/i18n'

describe('formatDate / parseDate', () => {
  it('shows an ISO date jj/mm/aaaa', () => {
    expect(formatDate('2026-11-05')).toBe('05/11/2026')
    expect(formatDate('pas une date')).toBe('pas une date')
  })

  it('reads what a clerk types', () => {
    expect(parseDate('05/11/2026')).toBe('2026-11-05')
    expect(parseDate(' 5/1/2026 ')).toBe('2026-01-05')
    expect(parseDate('05.11.2026')).toBe('2026-11-05')
    expect(parseDate('05-11-2026')).toBe('2026-11-05')
    expect(parseDate('05 11 2026')).toBe('2026-11-05')
    expect(parseDate('05112026')).toBe('2026-11-05')
    expect(parseDate('05/11/26')).toBe('2026-11-05')
    expect(parseDate('2026-11-05')).toBe('2026-11-05')
  })

  it('refuses what is not a day of the calendar, and the American order', () => {
    expect(parseDate('31/02/2026')).toBeNull()
    expect(parseDate('29/02/2027')).toBeNull()
    expect(parseDate('29/02/2028')).toBe('2028-02-29')
    expect(parseDate('11/25/2026')).toBeNull()
    expect(parseDate('00/11/2026')).toBeNull()
    expect(parseDate('')).toBeNull()
    expect(parseDate('05/11')).toBeNull()
    expect(parseDate('2026-13-01')).toBeNull()
  })

  it('reads back every date it shows (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10)
        expect(parseDate(formatDate(iso))).toBe(iso)
      }),
    )
  })

  it('keeps only complete dates for filters', () => {
    expect(isoDateOrEmpty('2026-11-05')).toBe('2026-11-05')
    expect(isoDateOrEmpty('05/1')).toBe('')
  })

  it('writes instants jj/mm/aaaa and 24-hour times in both interface languages', () => {
    for (const locale of ['fr', 'en']) {
      const intl = intlLocale(locale)
      expect(formatDateTime('2026-11-22T13:30:00.000Z', intl, { timeZone: 'Europe/Paris' })).toMatch(/^22\/11\/2026,? 14:30$/)
      expect(formatTime('2026-11-22T13:30:00.000Z', intl, 'Europe/Paris')).toBe('14:30')
    }
    expect(formatInstantDate('2026-11-22T23:30:00.000Z', 'Europe/Paris')).toBe('23/11/2026')
  })
})

describe('DateInput', () => {
  function mountField(initial: string) {
    const value = ref(initial)
    const Host = defineComponent({
      setup: () => () =>
        h(DateInput, {
          modelValue: value.value,
          'onUpdate:modelValue': (v: string) => {
            value.value = v
          },
          'data-testid': 'champ',
        }),
    })
    const wrapper = mount(Host, { global: { plugins: [createAppI18n('en')] } })
    return { wrapper, value, input: () => wrapper.get('[data-testid="champ"]') }
  }

  it('shows the model jj/mm/aaaa, gives the model ISO, and rewrites what it read on leaving', async () => {
    const { input, value } = mountField('2026-11-05')
    expect((input().element as HTMLInputElement).value).toBe('05/11/2026')
    expect(input().attributes('type')).toBe('text')
    expect(input().attributes('placeholder')).toBe('dd/mm/yyyy')

    await input().setValue('7/1/27')
    expect(value.value).toBe('2027-01-07')
    expect((input().element as HTMLInputElement).value).toBe('7/1/27')
    await input().trigger('blur')
    expect((input().element as HTMLInputElement).value).toBe('07/01/2027')
  })

  it('passes unreadable text on (the form says what is wrong) without rewriting it, and empties to ""', async () => {
    const { input, value } = mountField('')
    await input().setValue('12/25/2026')
    expect(value.value).toBe('12/25/2026')
    expect((input().element as HTMLInputElement).value).toBe('12/25/2026')
    await input().setValue('')
    expect(value.value).toBe('')
  })

  it('follows a value set from outside', async () => {
    const { input, value, wrapper } = mountField('2026-11-05')
    value.value = '2026-12-24'
    await wrapper.vm.$nextTick()
    expect((input().element as HTMLInputElement).value).toBe('24/12/2026')
  })
})

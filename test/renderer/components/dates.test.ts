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
  formatPeriode,
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

describe("dates written without Intl (the home's first render)", () => {
  /** Runs `body` with the process's local time zone set to `zone` (Node reads `TZ` again when it is set). */
  function inZone(zone: string, body: () => void): void {
    const before = process.env.TZ
    process.env.TZ = zone
    try {
      body()
    } finally {
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
  }

  const instants = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true })

  it('writes the same instants, days and times as Intl, in both interface locales and four zones (property)', () => {
    for (const zone of ['Europe/Paris', 'Indian/Reunion', 'America/Cayenne', 'UTC'])
      inZone(zone, () => {
        expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(
          zone === 'Europe/Paris' ? -120 : zone === 'Indian/Reunion' ? -240 : zone === 'America/Cayenne' ? 180 : 0,
        )
        fc.assert(
          fc.property(instants, fc.constantFrom('fr-FR', 'en-GB'), fc.boolean(), (date, locale, seconds) => {
            const iso = date.toISOString()
            expect(formatDateTime(iso, locale, { seconds })).toBe(formatDateTime(iso, locale, { seconds, timeZone: zone }))
            expect(formatTime(iso, locale)).toBe(formatTime(iso, locale, zone))
            expect(formatInstantDate(iso)).toBe(formatInstantDate(iso, zone))
          }),
        )
      })
  })

  it('writes midnight 00:00 and the separator of each locale', () => {
    inZone('Europe/Paris', () => {
      expect(formatDateTime('2026-03-04T23:05:09.000Z', 'fr-FR')).toBe('05/03/2026 00:05')
      expect(formatDateTime('2026-03-04T23:05:09.000Z', 'en-GB', { seconds: true })).toBe('05/03/2026, 00:05:09')
      expect(formatTime('2026-03-04T23:05:09.000Z', 'en-GB')).toBe('00:05')
      expect(formatInstantDate('2026-03-04T23:05:09.000Z')).toBe('05/03/2026')
    })
  })

  it('names every month as Intl does, and leaves other locales and bad input to Intl or unchanged', () => {
    for (const locale of ['fr-FR', 'en-GB'])
      for (let month = 1; month <= 12; month += 1) {
        const periode = `2026-${String(month).padStart(2, '0')}`
        const intl = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2026, month - 1, 1)),
        )
        expect(formatPeriode(periode, locale)).toBe(intl)
      }
    expect(formatPeriode('2026-11')).toBe('novembre 2026')
    expect(formatPeriode('2026-11', 'de-DE')).toBe('November 2026')
    expect(formatPeriode('11/2026', 'fr-FR')).toBe('11/2026')
    expect(formatDateTime('2026-11-22T13:30:00.000Z', 'de-DE', { timeZone: 'Europe/Paris' })).toBe('22.11.2026, 14:30')
    expect(formatDateTime('hier', 'fr-FR')).toBe('hier')
    expect(formatTime('hier', 'fr-FR')).toBe('hier')
    expect(formatInstantDate('hier')).toBe('hier')
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

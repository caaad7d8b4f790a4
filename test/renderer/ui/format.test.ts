import { describe, expect, it } from 'vitest'

import {
  addMonths,
  formatDate,
  formatDateTime,
  formatEuros,
  formatPeriode,
  formatSiren,
  minutesBetween,
  periodBounds,
  searchKey,
} from '../../../src-renderer/components/format'

describe('formats', () => {
  it('formats a SIREN in groups of three', () => {
    expect(formatSiren('123456789')).toBe('123 456 789')
    expect(formatSiren('12345')).toBe('12345')
  })

  it('formats periods, dates and instants in French', () => {
    expect(formatPeriode('2026-11')).toBe('novembre 2026')
    expect(formatDate('2026-11-05')).toBe('05/11/2026')
    expect(formatDateTime('2026-11-22T07:30:00.000Z', 'fr-FR', { timeZone: 'Europe/Paris' })).toBe('22/11/2026 08:30')
  })

  it('formats euros from decimal strings without floats', () => {
    expect(formatEuros('1234.5')).toBe('1\u202f234,50\u00a0€')
    expect(formatEuros('-3')).toBe('-3,00\u00a0€')
    expect(formatEuros('0.05')).toBe('0,05\u00a0€')
    expect(formatEuros('abc')).toBe('abc')
  })

  it('computes periods and their bounds', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(periodBounds('2028-02')).toEqual({ du: '2028-02-01', au: '2028-02-29' })
  })

  it('makes accent-free search keys', () => {
    expect(searchKey('  Éloïse   LEFÈVRE ')).toBe('eloise lefevre')
    expect(searchKey('Œuvre')).toBe('oeuvre')
  })

  it('counts minutes of cache age', () => {
    expect(minutesBetween('2026-11-22T08:00:00Z', new Date('2026-11-22T08:42:30Z'))).toBe(42)
    expect(minutesBetween(null, new Date())).toBeNull()
  })
})

/**
 * Pure rules of the employee sheet (issue 16): the IBAN masked but its last 4 characters (#51), and the contract's
 * working-time table as a week with its total (#52).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MASK_CHAR, maskIban, semaineDeTravail, totalSemaine } from '../../../src-shared/domain/people'

describe('maskIban', () => {
  it('hides every character but the last 4, in groups of 4, the last 4 on their own', () => {
    expect(maskIban('FR7630006000011234567890189')).toBe('•••• •••• •••• •••• •••• ••• 0189')
    expect(maskIban('fr76 3000 6000 0112 3456 7890 189')).toBe('•••• •••• •••• •••• •••• ••• 0189')
    expect(maskIban('DE89370400440532013000')).toBe('•••• •••• •••• •••• •• 3000')
  })

  it('never shows more than the last 4 characters of any IBAN', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/), (iban) => {
        const masked = maskIban(iban)
        const shown = masked.replace(new RegExp(`[${MASK_CHAR} ]`, 'g'), '')
        expect(shown).toBe(iban.slice(-4))
        expect(masked.replace(/ /g, '').split(MASK_CHAR).length - 1).toBe(iban.length - 4)
      }),
    )
  })

  it('refuses a value too short to mask', () => {
    expect(() => maskIban('FR76')).toThrow(RangeError)
  })
})

describe('semaineDeTravail', () => {
  it('lays a Monday-to-Friday table out on seven days, the weekend at 0', () => {
    const week = semaineDeTravail([1, 2, 3, 4, 5].map((jour) => ({ jour, heures: '7' })))
    expect(week).toEqual([
      { jour: 1, heures: '7' },
      { jour: 2, heures: '7' },
      { jour: 3, heures: '7' },
      { jour: 4, heures: '7' },
      { jour: 5, heures: '7' },
      { jour: 6, heures: '0' },
      { jour: 7, heures: '0' },
    ])
    expect(totalSemaine(week ?? [])).toBe('35')
  })

  it('adds two lines of one day and keeps decimal hours exact', () => {
    const week = semaineDeTravail([
      { jour: 3, heures: '3.5' },
      { jour: 3, heures: '0.25' },
      { jour: 6, heures: '4.125' },
    ])
    expect(week?.find((d) => d.jour === 3)?.heures).toBe('3.75')
    expect(totalSemaine(week ?? [])).toBe('7.875')
  })

  it('answers null for a contract without a table', () => {
    expect(semaineDeTravail(null)).toBeNull()
  })

  it('always has seven days in order, and its total is the sum of the lines (in thousandths)', () => {
    const line = fc.record({ jour: fc.integer({ min: 1, max: 7 }), milliemes: fc.integer({ min: 0, max: 24_000 }) })
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), (lines) => {
        const tableau = lines.map((l) => ({ jour: l.jour, heures: (l.milliemes / 1000).toFixed(3) }))
        const week = semaineDeTravail(tableau) ?? []
        expect(week.map((d) => d.jour)).toEqual([1, 2, 3, 4, 5, 6, 7])
        const expected = lines.reduce((n, l) => n + l.milliemes, 0)
        expect(Math.round(Number(totalSemaine(week)) * 1000)).toBe(expected)
      }),
    )
  })
})

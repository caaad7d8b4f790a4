/**
 * The one presence rule (src-shared/domain/presence.ts, issue 14 point 7): boundary dates (entry on the last day of
 * the month, exit on the first day, no exit date, exit before entry refused), contracts cut at the exit date, gaps
 * between contracts, reversed and open ranges; and, as a property, presence over a range is presence on one of its days.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  InvalidEmploymentDatesError,
  contractsListedOver,
  contractsOver,
  listedOver,
  presentOver,
  type EmploymentDates,
} from '../../../src-shared/domain/presence'

const NOVEMBER = { du: '2026-11-01', au: '2026-11-30' }
const OCTOBER = { du: '2026-10-01', au: '2026-10-31' }
const DECEMBER = { du: '2026-12-01', au: '2026-12-31' }

/** A salarié with one contract over his whole employment (open when he has no exit date). */
function employed(date_entree: string, date_sortie: string | null): EmploymentDates {
  return { date_entree, date_sortie, contrats: [{ date_debut: date_entree, date_fin: date_sortie }] }
}

describe('presentOver: boundary dates', () => {
  it('an entry on the last day of the month is presence that month, not the month before', () => {
    const s = employed('2026-11-30', null)
    expect(presentOver(s, NOVEMBER)).toBe(true)
    expect(presentOver(s, OCTOBER)).toBe(false)
    expect(presentOver({ ...s, contrats: [] }, NOVEMBER)).toBe(true)
  })

  it('an exit on the first day of the month is presence that month, not the month after', () => {
    const s = employed('2020-01-01', '2026-11-01')
    expect(presentOver(s, NOVEMBER)).toBe(true)
    expect(presentOver(s, DECEMBER)).toBe(false)
    expect(presentOver({ ...s, contrats: [] }, NOVEMBER)).toBe(true)
    expect(presentOver({ ...s, contrats: [] }, DECEMBER)).toBe(false)
  })

  it('no exit date: present every month from the entry on, with an open contract or without any contract listed', () => {
    const s = employed('2020-01-01', null)
    expect(presentOver(s, DECEMBER)).toBe(true)
    expect(presentOver(s, { du: '2099-01-01', au: '2099-01-31' })).toBe(true)
    expect(presentOver({ ...s, contrats: [] }, { du: '2099-01-01', au: null })).toBe(true)
    expect(presentOver(s, { du: '2019-01-01', au: '2019-12-31' })).toBe(false)
  })

  it('an exit before the entry is refused (InvalidEmploymentDatesError); an employee list still shows him', () => {
    const s = employed('2026-11-15', '2026-11-14')
    expect(() => presentOver(s, NOVEMBER)).toThrow(InvalidEmploymentDatesError)
    expect(() => contractsOver(s, NOVEMBER)).toThrow(/antérieure à la date d’entrée/)
    expect(listedOver(s, NOVEMBER)).toBe(true)
    expect(listedOver(s, { du: '1990-01-01', au: '1990-01-31' })).toBe(true)
    // His contracts as listed, not cut at an exit date that cannot be trusted.
    expect(contractsListedOver({ ...s, contrats: [{ date_debut: '2026-11-15', date_fin: null }] }, DECEMBER)).toHaveLength(1)
    // The exit ON the entry day is one day of presence, not a refusal.
    expect(presentOver(employed('2026-11-15', '2026-11-15'), NOVEMBER)).toBe(true)
  })
})

describe('presentOver: contracts', () => {
  it('a fixed-term contract ended without an exit date: absent after its end (the sandbox used to list him for ever)', () => {
    const s: EmploymentDates = {
      date_entree: '2026-07-07',
      date_sortie: null,
      contrats: [{ date_debut: '2026-07-07', date_fin: '2027-02-28' }],
    }
    expect(presentOver(s, { du: '2027-02-01', au: '2027-02-28' })).toBe(true)
    expect(presentOver(s, { du: '2027-03-01', au: '2027-03-31' })).toBe(false)
  })

  it('an open contract is cut at the exit date (the sandbox used to list him after he left)', () => {
    const s: EmploymentDates = {
      date_entree: '2020-01-01',
      date_sortie: '2026-10-15',
      contrats: [{ date_debut: '2020-01-01', date_fin: null }],
    }
    expect(presentOver(s, OCTOBER)).toBe(true)
    expect(presentOver(s, NOVEMBER)).toBe(false)
    expect(contractsOver(s, NOVEMBER)).toEqual([])
  })

  it('a gap between two contracts is absence; a contract ending before it starts runs no day', () => {
    const s: EmploymentDates = {
      date_entree: '2026-01-01',
      date_sortie: null,
      contrats: [
        { date_debut: '2026-01-01', date_fin: '2026-03-31' },
        { date_debut: '2026-06-01', date_fin: null },
        { date_debut: '2026-04-10', date_fin: '2026-04-01' },
      ],
    }
    expect(presentOver(s, { du: '2026-04-01', au: '2026-05-31' })).toBe(false)
    expect(contractsOver(s, { du: '2026-03-01', au: '2026-06-30' })).toHaveLength(2)
  })

  it('ranges: a reversed range holds no day; missing bounds are open', () => {
    const s = employed('2020-01-01', null)
    expect(presentOver(s, { du: '2026-11-30', au: '2026-11-01' })).toBe(false)
    expect(presentOver(s, {})).toBe(true)
    expect(presentOver(employed('2030-01-01', null), { au: '2029-12-31' })).toBe(false)
    expect(presentOver(employed('2000-01-01', '2000-12-31'), { du: '2001-01-01' })).toBe(false)
  })
})

/** `YYYY-MM-DD` of day `n` after 2026-01-01. */
function day(n: number): string {
  return new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)
}

describe('presentOver: property', () => {
  it('present over [du, au] exactly when present on one of its days', () => {
    const span = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }))
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
        fc.array(span, { maxLength: 3 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (entree, sortie, contrats, du, au) => {
          const s: EmploymentDates = {
            date_entree: day(entree),
            date_sortie: sortie === null ? null : day(entree + sortie),
            contrats: contrats.map(([start, length]) => ({
              date_debut: day(start),
              date_fin: length === null ? null : day(start + length),
            })),
          }
          const days = Array.from({ length: Math.max(0, au - du + 1) }, (_, i) => day(du + i))
          expect(presentOver(s, { du: day(du), au: day(au) })).toBe(days.some((d) => presentOver(s, { du: d, au: d })))
        },
      ),
    )
  })
})

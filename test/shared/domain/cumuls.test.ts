/**
 * Pure rules of the cumuls (issue 16, point 4): the two filters of GET /api/cumuls applied to the cache, the merge of
 * a filtered read into it, and the read-back of a lost PUT (#69) compared exactly (decimals, never floats).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Cumul } from '../../../src-shared/api/bulletins'
import { CumulsFilter, filterOfItems, matchesCumulsFilter, mergeFilteredRead, readBackIndexes } from '../../../src-shared/domain/cumuls'

function cumul(matricule: string, code: string, valeur: string, categorie = 'remuneration', moteur = `M_${code}`): Cumul {
  return { siren: '123456782', matricule, annee: 2026, categorie, code_cumul: code, code_moteur: moteur, libelle: code, valeur }
}

const NONE = CumulsFilter.parse({})

describe('matchesCumulsFilter', () => {
  it('passes everything without a filter, and any listed value of each filter', () => {
    const c = cumul('A1', 'HEURES', '10', 'heures', 'C0400')
    expect(matchesCumulsFilter(c, NONE)).toBe(true)
    expect(matchesCumulsFilter(c, { ...NONE, categories: ['conges', 'heures'] })).toBe(true)
    expect(matchesCumulsFilter(c, { ...NONE, categories: ['conges'] })).toBe(false)
    expect(matchesCumulsFilter(c, { ...NONE, cumuls: ['BRUT'] })).toBe(false)
    expect(matchesCumulsFilter(c, { ...NONE, codeMoteur: 'C0400' })).toBe(true)
    expect(matchesCumulsFilter(c, { ...NONE, categories: ['heures'], codeMoteur: 'C0401' })).toBe(false)
  })
})

describe('mergeFilteredRead', () => {
  it('replaces what the filter covers (a cumul gone goes) and keeps the rest', () => {
    const cached = [cumul('A1', 'BRUT', '1'), cumul('A1', 'HEURES', '2', 'heures'), cumul('A2', 'HEURES', '3', 'heures')]
    const read = [cumul('A1', 'HEURES', '5', 'heures')]
    const merged = mergeFilteredRead(cached, read, { ...NONE, categories: ['heures'] })
    expect(merged.map((c) => `${c.matricule}:${c.code_cumul}:${c.valeur}`).sort()).toEqual(['A1:BRUT:1', 'A1:HEURES:5'])
  })
})

describe('readBackIndexes', () => {
  it('shows an item applied only when the same cell holds the same decimal', () => {
    const elements = [
      { matricule: 'A1', code_cumul: 'BRUT', valeur: '12.50' },
      { matricule: 'A1', code_cumul: 'PAS', valeur: '3.00' },
      { matricule: 'A2', code_cumul: 'BRUT', valeur: '7' },
    ]
    const read = [cumul('A1', 'BRUT', '12.5'), cumul('A1', 'PAS', '3.01'), cumul('A3', 'BRUT', '7')]
    expect(readBackIndexes(elements, read)).toEqual({ applied: [0], notShown: [1, 2] })
  })

  it('splits every item into exactly one side (property)', () => {
    const item = fc.record({
      matricule: fc.constantFrom('A1', 'A2', 'A3'),
      code_cumul: fc.constantFrom('BRUT', 'PAS'),
      valeur: fc.integer({ min: -500, max: 500 }).map((n) => (n / 100).toFixed(2)),
    })
    fc.assert(
      fc.property(fc.array(item, { maxLength: 12 }), fc.array(item, { maxLength: 12 }), (elements, held) => {
        const { applied, notShown } = readBackIndexes(
          elements,
          held.map((h) => cumul(h.matricule, h.code_cumul, h.valeur)),
        )
        expect([...applied, ...notShown].sort((x, y) => x - y)).toEqual(elements.map((_e, i) => i))
        // An item sent and read with the same value is never left to resend when it is the only one of its cell.
        const reread = readBackIndexes(
          elements,
          elements.map((e) => cumul(e.matricule, e.code_cumul, e.valeur)),
        )
        const unique = elements.filter(
          (e) => elements.filter((x) => x.matricule === e.matricule && x.code_cumul === e.code_cumul).length === 1,
        )
        expect(reread.applied.length).toBeGreaterThanOrEqual(unique.length)
      }),
    )
  })
})

describe('filterOfItems', () => {
  it('covers the items’ codes, sorted and once each', () => {
    expect(
      filterOfItems([
        { matricule: 'A1', code_cumul: 'PAS', valeur: '1' },
        { matricule: 'A2', code_cumul: 'BRUT', valeur: '1' },
        { matricule: 'A3', code_cumul: 'PAS', valeur: '1' },
      ]),
    ).toEqual({ categories: [], cumuls: ['BRUT', 'PAS'], codeMoteur: null })
  })
})

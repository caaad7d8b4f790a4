/**
 * Assignments at a date (features/users/assignments.ts): both days included, an open end, « mes dossiers » of a user
 * on a day, the overlap the service refuses, a user's and a dossier's lists in order.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  assignedSirensAt,
  assigneesOfDossier,
  assignmentState,
  endable,
  endClash,
  assignmentsOfUser,
  localDay,
  overlapping,
} from '../../../src-renderer/services/assignments'
import type { AffectationDossier } from '../../../src-shared/api/dossiers'

const A = '732829320'
const B = '552100554'
const C = '832147607'

function aff(siren: string, matricule: string, date_debut: string, date_fin: string | null): AffectationDossier {
  return { siren, matricule_utilisateur: matricule, date_debut, date_fin }
}

describe('assignmentState', () => {
  it('includes both days, and an open end never ends', () => {
    const a = aff(A, 'GP010', '2026-01-01', '2026-06-30')
    expect(assignmentState(a, '2025-12-31')).toBe('a_venir')
    expect(assignmentState(a, '2026-01-01')).toBe('en_cours')
    expect(assignmentState(a, '2026-06-30')).toBe('en_cours')
    expect(assignmentState(a, '2026-07-01')).toBe('terminee')
    expect(assignmentState(aff(A, 'GP010', '2026-01-01', null), '2099-12-31')).toBe('en_cours')
  })
})

describe('assignedSirensAt (« mes dossiers »)', () => {
  const list = [
    aff(A, 'GP010', '2026-01-01', '2026-11-15'),
    aff(B, 'GP010', '2026-11-17', null),
    aff(C, 'GP010', '2025-01-01', null),
    aff(A, 'GP001', '2020-01-01', null),
  ]

  it('keeps the dossiers whose assignment runs that day, for that user only', () => {
    expect(assignedSirensAt(list, 'GP010', '2026-11-16')).toEqual(new Set([C]))
    expect(assignedSirensAt(list, 'GP010', '2026-11-17')).toEqual(new Set([B, C]))
    expect(assignedSirensAt(list, 'GP010', '2026-11-15')).toEqual(new Set([A, C]))
    expect(assignedSirensAt(list, 'GP001', '2026-11-16')).toEqual(new Set([A]))
    expect(assignedSirensAt(list, 'GP999', '2026-11-16').size).toBe(0)
  })

  it('agrees with assignmentState on any day (property)', () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => localDay(Date.UTC(2024, 0, 1, 12) + n * 86_400_000))
    fc.assert(
      fc.property(day, day, fc.option(day, { nil: null }), (d, debut, fin) => {
        const a = aff(A, 'GP010', debut, fin)
        expect(assignedSirensAt([a], 'GP010', d).has(A)).toBe(assignmentState(a, d) === 'en_cours')
      }),
    )
  })
})

describe('overlapping', () => {
  const list = [aff(A, 'GP010', '2026-01-01', '2026-06-30')]

  it('finds an assignment of the same user and dossier covering part of the dates', () => {
    const base = { siren: A, matricule_utilisateur: 'GP010' }
    expect(overlapping(list, { ...base, date_debut: '2026-06-30', date_fin: null })).toBe(list[0])
    expect(overlapping(list, { ...base, date_debut: '2025-01-01', date_fin: '2026-01-01' })).toBe(list[0])
    expect(overlapping(list, { ...base, date_debut: '2026-07-01', date_fin: null })).toBeUndefined()
    expect(overlapping(list, { ...base, date_debut: '2025-01-01', date_fin: '2025-12-31' })).toBeUndefined()
    expect(overlapping(list, { siren: B, matricule_utilisateur: 'GP010', date_debut: '2026-03-01', date_fin: null })).toBeUndefined()
    expect(overlapping(list, { siren: A, matricule_utilisateur: 'GP002', date_debut: '2026-03-01', date_fin: null })).toBeUndefined()
  })
})

describe('ending an assignment', () => {
  const first = aff(A, 'GP010', '2026-01-01', '2026-08-31')
  const later = aff(A, 'GP010', '2026-09-01', '2026-12-31')
  const other = aff(A, 'GP002', '2026-02-01', null)
  const list = [first, later, other]

  it('finds the later assignment of the same user and dossier an end would reach into, never the one ended', () => {
    expect(endClash(list, first, '2026-08-31')).toBeUndefined()
    expect(endClash(list, first, '2026-09-01')).toBe(later)
    expect(endClash(list, later, '2027-06-30')).toBeUndefined()
  })

  it('offers the end while the assignment has no end or ends after the day', () => {
    expect(endable(other, '2026-11-20')).toBe(true)
    expect(endable(later, '2026-12-30')).toBe(true)
    expect(endable(later, '2026-12-31')).toBe(false)
    expect(endable(later, '2027-01-01')).toBe(false)
  })
})

describe('lists', () => {
  const list = [aff(B, 'GP010', '2026-01-01', null), aff(A, 'GP010', '2026-03-01', null), aff(A, 'GP002', '2025-01-01', '2025-12-31')]

  it('gives a user’s assignments latest first, and a dossier’s by user', () => {
    expect(assignmentsOfUser(list, 'GP010').map((a) => a.siren)).toEqual([A, B])
    expect(assigneesOfDossier(list, A).map((a) => a.matricule_utilisateur)).toEqual(['GP002', 'GP010'])
  })

  it('names today by the workstation’s local day', () => {
    expect(localDay(new Date(2026, 10, 16, 23, 30).getTime())).toBe('2026-11-16')
  })
})

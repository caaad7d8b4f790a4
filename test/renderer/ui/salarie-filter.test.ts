import { describe, expect, it } from 'vitest'

import type { Salarie } from '../../../src-shared/api/salaries'
import {
  activeContracts,
  displayName,
  filterFromQuery,
  filterSalaries,
  filterToQuery,
  isPresent,
} from '../../../src-renderer/features/dossier/salarieFilter'

function salarie(over: Partial<Salarie>): Salarie {
  return {
    matricule: 'M001',
    siren: '732829320',
    nic: '00011',
    nom: 'Dupont',
    prenom: 'Jean',
    nom_usage: null,
    date_naissance: '1980-01-01',
    date_entree: '2020-01-01',
    date_sortie: null,
    email: null,
    coffre_active: false,
    contrats: [{ numero_contrat: 'C1', nature_contrat: '01', date_debut: '2020-01-01', date_fin: null }],
    ...over,
  }
}

const eloise = salarie({ matricule: 'A12', nom: 'Lefèvre', prenom: 'Éloïse', nic: '00020' })
const jean = salarie({ matricule: 'B7', nom: 'Dupont', prenom: 'Jean' })
const gone = salarie({
  matricule: 'C3',
  nom: 'Martin',
  prenom: 'Zoé',
  date_sortie: '2026-09-30',
  contrats: [{ numero_contrat: 'C1', nature_contrat: '02', date_debut: '2026-01-01', date_fin: '2026-09-30' }],
})
const married = salarie({ matricule: 'D4', nom: 'Durand', nom_usage: 'Moreau', prenom: 'Anne' })
const all = [eloise, jean, gone, married]

describe('employee filter', () => {
  it('searches names without accents or case, and matricules', () => {
    expect(filterSalaries(all, { search: 'eloise lefevre', nic: '', du: '', au: '' })).toEqual([eloise])
    expect(filterSalaries(all, { search: 'LEFÈVRE', nic: '', du: '', au: '' })).toEqual([eloise])
    expect(filterSalaries(all, { search: 'b7', nic: '', du: '', au: '' })).toEqual([jean])
    expect(filterSalaries(all, { search: 'moreau', nic: '', du: '', au: '' })).toEqual([married])
    expect(filterSalaries(all, { search: 'durand', nic: '', du: '', au: '' })).toEqual([married])
  })

  it('filters by establishment', () => {
    expect(filterSalaries(all, { search: '', nic: '00020', du: '', au: '' })).toEqual([eloise])
  })

  it('keeps employees present some time in the range', () => {
    const nov = { search: '', nic: '', du: '2026-11-01', au: '2026-11-30' }
    expect(filterSalaries(all, nov).map((s) => s.matricule)).toEqual(['B7', 'A12', 'D4'])
    expect(isPresent(gone, '2026-09-01', '2026-09-30')).toBe(true)
    expect(isPresent(gone, '2026-10-01', '')).toBe(false)
    const hired = salarie({
      date_entree: '2026-12-01',
      contrats: [{ numero_contrat: 'C1', nature_contrat: '01', date_debut: '2026-12-01', date_fin: null }],
    })
    expect(isPresent(hired, '2026-11-01', '2026-11-30')).toBe(false)
    // The one presence rule (src-shared/domain/presence.ts): contracts decide, cut at the exit date only, so a
    // contract listed from before the entry date (a rehire) is presence.
    expect(isPresent({ ...hired, contrats: [{ ...jean.contrats[0]!, date_debut: '2020-01-01' }] }, '2026-11-01', '2026-11-30')).toBe(true)
  })

  it('uses contract dates', () => {
    const between = salarie({
      contrats: [
        { numero_contrat: 'C1', nature_contrat: '02', date_debut: '2026-01-01', date_fin: '2026-03-31' },
        { numero_contrat: 'C2', nature_contrat: '02', date_debut: '2026-06-01', date_fin: null },
      ],
    })
    expect(isPresent(between, '2026-04-01', '2026-05-31')).toBe(false)
    expect(activeContracts(between, '2026-03-01', '2026-06-30').map((c) => c.numero_contrat)).toEqual(['C1', 'C2'])
  })

  it('sorts by display name, usage name first', () => {
    expect(filterSalaries(all, { search: '', nic: '', du: '', au: '' }).map(displayName)).toEqual([
      'DUPONT Jean',
      'LEFÈVRE Éloïse',
      'MARTIN Zoé',
      'MOREAU Anne',
    ])
  })

  it('round-trips through the route query and ignores bad values', () => {
    const f = { search: 'dup', nic: '00011', du: '2026-11-01', au: '' }
    expect(filterFromQuery(filterToQuery(f))).toEqual(f)
    expect(filterFromQuery({ nic: 'x', du: '1/11/2026', q: ['a'] })).toEqual({ search: '', nic: '', du: '', au: '' })
  })
})

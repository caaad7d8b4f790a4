/**
 * How the payslip screens read a payslip (issue 15, points 1 and 2): filters (#48), sections and subtotals of the
 * rubriques, elements found in the rubriques or not (#49).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { StatutBulletin, type Bulletin, type BulletinDetail } from '../../../src-shared/api/bulletins'
import {
  centsToDecimal,
  filterBulletins,
  groupOf,
  groupRubriques,
  matchElements,
  NO_BULLETIN_FILTER,
  RUBRIQUE_CODES,
  type MonthElement,
} from '../../../src-shared/domain/bulletin-view'
import { decimalToCents } from '../../../src-shared/domain/decimal'

type Ligne = BulletinDetail['rubriques']['lignes'][number]

function bulletin(id: string, matricule: string, over: Partial<Bulletin> = {}): Bulletin {
  return {
    id,
    siren: '732829320',
    nic: '00012',
    matricule,
    numero_contrat: 'C001',
    periode: '2026-11',
    statut: 'calcule',
    brut: null,
    net_a_payer: null,
    dernier_calcul_par: null,
    date_dernier_calcul: null,
    date_envoi_coffre: null,
    dates_envoi: { employeur: null, salarie: null },
    ...over,
  }
}

function ligne(code: string, salarial: string | null, patronal: string | null = null): Ligne {
  return {
    code,
    libelle: code,
    base: null,
    taux_salarial: null,
    montant_salarial: salarial,
    taux_patronal: null,
    montant_patronal: patronal,
  }
}

describe('filterBulletins', () => {
  const names: Record<string, string> = { M001: 'Élodie Durand', M002: 'Marc Petit', M003: 'Anne Roux' }
  const nameOf = (m: string): string => names[m] ?? ''
  const rows = [
    bulletin('c', 'M003', { nic: '00020', statut: 'valide' }),
    bulletin('b2', 'M002', { numero_contrat: 'C002', statut: 'refuse' }),
    bulletin('a', 'M001', { statut: 'calcule' }),
    bulletin('b1', 'M002', { numero_contrat: 'C001', nic: '00020', statut: 'calcule' }),
  ]

  it('keeps one row per payslip (two for an employee with two contracts), by matricule then contract', () => {
    expect(filterBulletins(rows, NO_BULLETIN_FILTER, nameOf).map((b) => b.id)).toEqual(['a', 'b1', 'b2', 'c'])
  })

  it('filters by several establishments, several states, a part of the name without accents, and a contract', () => {
    expect(filterBulletins(rows, { ...NO_BULLETIN_FILTER, nics: ['00020'] }, nameOf).map((b) => b.id)).toEqual(['b1', 'c'])
    expect(filterBulletins(rows, { ...NO_BULLETIN_FILTER, statuts: ['refuse', 'valide'] }, nameOf).map((b) => b.id)).toEqual(['b2', 'c'])
    expect(filterBulletins(rows, { ...NO_BULLETIN_FILTER, salarie: 'elodie' }, nameOf).map((b) => b.id)).toEqual(['a'])
    expect(filterBulletins(rows, { ...NO_BULLETIN_FILTER, salarie: 'm002' }, nameOf).map((b) => b.id)).toEqual(['b1', 'b2'])
    expect(filterBulletins(rows, { ...NO_BULLETIN_FILTER, contrat: ' C002 ' }, nameOf).map((b) => b.id)).toEqual(['b2'])
    expect(filterBulletins(rows, { ...NO_BULLETIN_FILTER, nics: ['00020'], statuts: ['calcule'] }, nameOf).map((b) => b.id)).toEqual(['b1'])
  })

  it('every row kept matches every filter, and no row left out matches them all (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ nic: fc.constantFrom('00012', '00020'), statut: fc.constantFrom(...StatutBulletin.options) }), {
          maxLength: 20,
        }),
        fc.subarray(['00012', '00020']),
        fc.subarray([...StatutBulletin.options]),
        (specs, nics, statuts) => {
          const all = specs.map((s, i) => bulletin(`id${String(i).padStart(2, '0')}`, `M${i}`, s))
          const kept = new Set(filterBulletins(all, { ...NO_BULLETIN_FILTER, nics, statuts }, nameOf).map((b) => b.id))
          for (const b of all) {
            const matches = (nics.length === 0 || nics.includes(b.nic)) && (statuts.length === 0 || statuts.includes(b.statut))
            expect(kept.has(b.id)).toBe(matches)
          }
        },
      ),
    )
  })
})

describe('groupRubriques', () => {
  it('reads as a payslip: gross, contributions, income tax, after the net; element codes count in the gross', () => {
    expect(['1000', 'HS25', RUBRIQUE_CODES.avantage, '2010', '3000', '7000', '4000', '8100'].map(groupOf)).toEqual([
      'brut',
      'brut',
      'brut',
      'cotisations',
      'cotisations',
      'cotisations',
      'impot',
      'net',
    ])
    const sections = groupRubriques([
      ligne('1000', '2000.00'),
      ligne('2010', '-138.00', '171.00'),
      ligne('HS25', '125.50'),
      ligne('4000', '-50.00'),
    ])
    expect(sections.map((s) => [s.group, s.lignes.map((l) => l.code), s.totalSalarial, s.totalPatronal])).toEqual([
      ['brut', ['1000', 'HS25'], '2125.50', '0.00'],
      ['cotisations', ['2010'], '-138.00', '171.00'],
      ['impot', ['4000'], '-50.00', '0.00'],
    ])
  })

  it('keeps every line once, and the subtotals add up to the sum of every line (property, in cents)', () => {
    const code = fc.oneof(fc.integer({ min: 1000, max: 8999 }).map(String), fc.constantFrom('HS25', 'PRIME', 'ABC'))
    const cents = fc.integer({ min: -500_000, max: 500_000 }).map((n) => centsToDecimal(BigInt(n)))
    fc.assert(
      fc.property(fc.array(fc.tuple(code, cents, fc.option(cents)), { maxLength: 30 }), (specs) => {
        const lignes = specs.map(([c, s, p]) => ligne(c, s, p))
        const sections = groupRubriques(lignes)
        expect(sections.flatMap((s) => s.lignes).length).toBe(lignes.length)
        const total = (values: (string | null)[]): bigint => values.reduce((acc, v) => acc + (v === null ? 0n : decimalToCents(v)), 0n)
        expect(total(sections.map((s) => s.totalSalarial))).toBe(total(lignes.map((l) => l.montant_salarial)))
        expect(total(sections.map((s) => s.totalPatronal))).toBe(total(lignes.map((l) => l.montant_patronal)))
      }),
    )
  })

  it('writes cents back as decimal euros', () => {
    expect([0n, 5n, -5n, 123450n, -100n].map(centsToDecimal)).toEqual(['0.00', '0.05', '-0.05', '1234.50', '-1.00'])
  })
})

describe('matchElements', () => {
  const detail = {
    numero_contrat: 'C001',
    rubriques: {
      heures_travaillees: null,
      lignes: [ligne('1000', '2000.00'), ligne('HS25', '125.50'), ligne('PRIME', '300.00'), ligne(RUBRIQUE_CODES.frais, '40.00')],
    },
  }
  function el(id: string, over: Partial<MonthElement>): MonthElement {
    return { source: 'service', kind: 'evp', id, code: null, montant: null, numeroContrat: 'C001', ...over }
  }

  it('an EVP or a prime is found by its code (and its amount when it has one); frais by the frais line', () => {
    const result = matchElements(detail, [
      el('evp-ok', { code: 'HS25', montant: '125.5' }),
      el('evp-autre-montant', { code: 'HS25', montant: '99.00' }),
      el('evp-quantite', { code: 'HS25' }),
      el('evp-absent', { code: 'HS50', montant: '10.00' }),
      el('prime', { kind: 'prime', code: 'PRIME', montant: '300.00' }),
      el('frais', { kind: 'frais', code: 'repas', montant: '40.00', numeroContrat: null }),
      el('avantage', { kind: 'avantage', code: 'logement', montant: '100.00', numeroContrat: null }),
    ])
    expect(result.map((r) => [r.element.id, r.match])).toEqual([
      ['evp-ok', 'found'],
      ['evp-autre-montant', 'missing'],
      ['evp-quantite', 'found'],
      ['evp-absent', 'missing'],
      ['prime', 'found'],
      ['frais', 'found'],
      ['avantage', 'missing'],
    ])
  })

  it('an element of another contract is not shown; a local entry is not sent; an absence has no rubrique of its own', () => {
    const result = matchElements(detail, [
      el('autre-contrat', { code: 'HS25', montant: '125.50', numeroContrat: 'C002' }),
      el('local', { source: 'local', code: 'HS25', montant: '125.50' }),
      el('absence', { kind: 'absence', code: 'MAL', numeroContrat: null }),
    ])
    expect(result.map((r) => [r.element.id, r.match])).toEqual([
      ['local', 'not_sent'],
      ['absence', 'no_rubrique'],
    ])
  })
})

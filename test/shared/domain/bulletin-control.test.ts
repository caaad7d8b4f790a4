/**
 * The control before sending (issue 15, point 4, #59): variances of brut and net against the previous period, and
 * the month's elements found on none of the employee's payslips.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { BulletinDetail } from '../../../src-shared/api/bulletins'
import {
  ecartsBulletins,
  ecartsDepasses,
  elementsAbsents,
  SEUIL_ECART_DEFAUT,
  type ElementDuMois,
} from '../../../src-shared/domain/bulletin-control'
import { centsToDecimal } from '../../../src-shared/domain/bulletin-view'

type Row = { id: string; matricule: string; numero_contrat: string; brut: string | null; net_a_payer: string | null }

function row(id: string, matricule: string, brut: string | null, net: string | null, contrat = 'C001'): Row {
  return { id, matricule, numero_contrat: contrat, brut, net_a_payer: net }
}

function detail(id: string, matricule: string, lignes: [code: string, montant: string][], contrat = 'C001'): BulletinDetail {
  return {
    id,
    siren: '732829320',
    nic: '00012',
    matricule,
    numero_contrat: contrat,
    periode: '2026-11',
    statut: 'calcule',
    brut: null,
    net_a_payer: null,
    dernier_calcul_par: null,
    date_dernier_calcul: null,
    date_envoi_coffre: null,
    dates_envoi: { employeur: null, salarie: null },
    rubriques: {
      heures_travaillees: null,
      lignes: lignes.map(([code, montant]) => ({
        code,
        libelle: code,
        base: null,
        taux_salarial: null,
        montant_salarial: montant,
        taux_patronal: null,
        montant_patronal: null,
      })),
    },
  }
}

function el(matricule: string, over: Partial<ElementDuMois> = {}): ElementDuMois {
  return { source: 'service', kind: 'evp', id: `e-${matricule}`, code: 'HS25', montant: '120.00', numeroContrat: null, matricule, ...over }
}

describe('ecartsBulletins', () => {
  it('flags a 30 % jump of the gross pay and not a 5 % one, with the change in basis points', () => {
    const courants = [row('b1', 'M1', '2600.00', '2028.00'), row('b2', 'M2', '2100.00', '1638.00')]
    const precedents = [row('p1', 'M1', '2000.00', '1560.00'), row('p2', 'M2', '2000.00', '1560.00')]
    const ecarts = ecartsBulletins(courants, precedents, SEUIL_ECART_DEFAUT)
    expect(ecarts.map((e) => [e.id, e.brut.pointsBase, e.brut.depasse, e.net.pointsBase, e.net.depasse])).toEqual([
      ['b1', 3000, true, 3000, true],
      ['b2', 500, false, 500, false],
    ])
    expect(ecartsDepasses(ecarts).map((e) => e.id)).toEqual(['b1'])
  })

  it('takes exactly the threshold as within it and one cent more as above, falls included', () => {
    const ecarts = ecartsBulletins(
      [row('b1', 'M1', '1100.00', '900.00'), row('b2', 'M2', '1100.01', '899.99')],
      [row('p1', 'M1', '1000.00', '1000.00'), row('p2', 'M2', '1000.00', '1000.00')],
      10,
    )
    expect(ecarts.map((e) => [e.brut.depasse, e.net.depasse, e.net.pointsBase])).toEqual([
      [false, false, -1000],
      [true, true, -1000],
    ])
  })

  it('matches on employee and contract, and says when there is nothing to compare', () => {
    const ecarts = ecartsBulletins(
      [row('b1', 'M1', '3000.00', '2000.00', 'C002'), row('b2', 'M2', null, null), row('b3', 'M3', '100.00', '80.00')],
      [row('p1', 'M1', '1000.00', '800.00', 'C001'), row('p2', 'M2', '1000.00', '800.00'), row('p3', 'M3', '0.00', '0.00')],
      10,
    )
    expect(ecarts.map((e) => [e.sansPrecedent, e.brut.pointsBase, e.brut.depasse])).toEqual([
      [true, null, false],
      [false, null, false],
      [false, null, false],
    ])
  })

  it('refuses a threshold out of bounds', () => {
    expect(() => ecartsBulletins([], [], 0)).toThrow(RangeError)
    expect(() => ecartsBulletins([], [], 10.5)).toThrow(RangeError)
    expect(() => ecartsBulletins([], [], 101)).toThrow(RangeError)
  })

  it('flags exactly when |change| × 100 exceeds threshold × previous, for any amounts in cents', () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 10_000_000n), fc.bigInt(0n, 20_000_000n), fc.integer({ min: 1, max: 100 }), (avant, apres, seuil) => {
        const [e] = ecartsBulletins([row('b', 'M', centsToDecimal(apres), null)], [row('p', 'M', centsToDecimal(avant), null)], seuil)
        const diff = apres > avant ? apres - avant : avant - apres
        expect(e?.brut.depasse).toBe(diff * 100n > BigInt(seuil) * avant)
      }),
    )
  })
})

describe('elementsAbsents', () => {
  const listes = [row('b1', 'M1', null, null), row('b2', 'M2', null, null), row('b3', 'M3', null, null)]

  it('lists an EVP on none of the payslips, and not one that landed', () => {
    const details = [detail('b1', 'M1', [['HS25', '120.00']]), detail('b2', 'M2', [['1000', '2000.00']])]
    const absents = elementsAbsents(listes, details, [el('M1'), el('M2')])
    expect(absents.map((a) => [a.element.matricule, a.raison])).toEqual([['M2', 'missing']])
  })

  it('tells an employee without payslip, a payslip never read and an entry not yet sent', () => {
    const absents = elementsAbsents(listes, [], [el('M9'), el('M3'), el('M1', { source: 'local', id: 'local-1' })])
    expect(absents.map((a) => [a.element.matricule, a.raison])).toEqual([
      ['M9', 'sans_bulletin'],
      ['M3', 'non_lu'],
      ['M1', 'not_sent'],
    ])
  })

  it('never lists an absence, and finds an element without contract on any of the two contracts', () => {
    const two = [row('b1', 'M1', null, null, 'C001'), row('b4', 'M1', null, null, 'C002')]
    const details = [detail('b1', 'M1', []), detail('b4', 'M1', [['HS25', '120.00']], 'C002')]
    const absents = elementsAbsents(two, details, [el('M1'), el('M1', { kind: 'absence', code: 'MAL' })])
    expect(absents).toEqual([])
    const onlyFirst = elementsAbsents(two, details, [el('M1', { numeroContrat: 'C001' })])
    expect(onlyFirst.map((a) => a.raison)).toEqual(['missing'])
  })
})

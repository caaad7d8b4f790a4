/**
 * The EVP grid's rows (src-renderer/features/evp/grid/gridRows.ts): one per employee, one per contract for an
 * employee with several contracts running in the period, in the employees' order, with unique keys.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { gridRows, hasContractRows, rowKey } from '../../../src-renderer/features/evp/grid/gridRows'
import { Salarie } from '../../../src-shared/api/salaries'

function salarie(matricule: string, contrats: { numero_contrat: string; date_debut: string; date_fin: string | null }[]): Salarie {
  return Salarie.parse({
    matricule,
    siren: '732829320',
    nic: '00017',
    nom: `Nom ${matricule}`,
    prenom: 'Test',
    nom_usage: null,
    date_naissance: '1990-04-12',
    date_entree: '2020-01-01',
    date_sortie: null,
    email: null,
    coffre_active: false,
    contrats: contrats.map((c) => ({ ...c, nature_contrat: '01' })),
  })
}

describe('rows of the EVP grid', () => {
  it('gives an employee with two contracts in the period one row per contract (by start date), the others one row', () => {
    const seul = salarie('M001', [{ numero_contrat: 'C1', date_debut: '2020-01-01', date_fin: null }])
    const double = salarie('M002', [
      { numero_contrat: 'C9', date_debut: '2026-11-10', date_fin: null },
      { numero_contrat: 'C1', date_debut: '2025-01-01', date_fin: '2026-11-15' },
      { numero_contrat: 'C0', date_debut: '2024-01-01', date_fin: '2026-10-31' },
    ])
    const rows = gridRows([double, seul], '2026-11')
    expect(rows.map((r) => [r.key, r.salarie.matricule, r.contrat?.numero_contrat ?? null, r.shownContract?.numero_contrat])).toEqual([
      ['M002-C1', 'M002', 'C1', 'C1'],
      ['M002-C9', 'M002', 'C9', 'C9'],
      // One contract: shown in the contract column, not sent.
      ['M001', 'M001', null, 'C1'],
    ])
    expect(hasContractRows(rows)).toBe(true)
    // In October only C0 and C1 run: two rows; in December only C9: one row without contract.
    expect(gridRows([double], '2026-10').map((r) => r.key)).toEqual(['M002-C0', 'M002-C1'])
    expect(gridRows([double], '2026-12').map((r) => r.key)).toEqual(['M002'])
    expect(hasContractRows(gridRows([seul], '2026-11'))).toBe(false)
    expect(rowKey('M002', null)).toBe('M002')
  })

  it('keeps every employee in order, one row per running contract when several run, with unique keys', () => {
    const contrat = fc.record({
      debut: fc.integer({ min: 0, max: 23 }),
      duree: fc.option(fc.integer({ min: 0, max: 23 }), { nil: null }),
    })
    const month = (n: number): string => `${String(2025 + Math.floor(n / 12))}-${String((n % 12) + 1).padStart(2, '0')}`
    fc.assert(
      fc.property(
        fc.array(fc.array(contrat, { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 23 }),
        (plans, p) => {
          const salaries = plans.map((cs, i) =>
            salarie(
              `M${String(i)}`,
              cs.map((c, j) => ({
                numero_contrat: `C${String(j)}`,
                date_debut: `${month(c.debut)}-01`,
                date_fin: c.duree === null ? null : `${month(Math.min(23, c.debut + c.duree))}-28`,
              })),
            ),
          )
          const periode = month(p)
          const rows = gridRows(salaries, periode)
          expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length)
          expect([...new Set(rows.map((r) => r.salarie.matricule))]).toEqual(salaries.map((s) => s.matricule))
          for (const s of salaries) {
            const running = s.contrats.filter(
              (c) => c.date_debut <= `${periode}-31` && (c.date_fin === null || c.date_fin >= `${periode}-01`),
            )
            const own = rows.filter((r) => r.salarie.matricule === s.matricule)
            if (running.length < 2) expect(own.map((r) => r.contrat)).toEqual([null])
            else expect(own.map((r) => r.contrat?.numero_contrat).sort()).toEqual(running.map((c) => c.numero_contrat).sort())
          }
        },
      ),
    )
  })
})

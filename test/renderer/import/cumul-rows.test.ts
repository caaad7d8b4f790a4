/**
 * The cumuls kind of the import (issue 17 point 4, #70): the mapping proposed from an employer's headers (long and
 * wide layouts), the preview's checks (employee, cumul, amount, year, duplicates, the service's value), the kept rows
 * by year, and their write into the cumuls drafts in ONE transaction (never the outbox).
 */
import '../support/db'

import { describe, expect, it } from 'vitest'
import {
  cumulMappingProblem,
  keptCumulEdits,
  knownCumuls,
  looksLikeCumuls,
  previewCumulRows,
  proposeCumulMapping,
} from '../../../src-renderer/features/import/cumulRows'
import { PaieDb } from '../../../src-renderer/db/schema'
import { saveImported } from '../../../src-renderer/services/cumuls-cache'
import { salaries, SIREN } from '../support/fixtures'

const columns = [
  { code: 'BRUT', libelle: 'Salaire brut', categorie: 'remuneration', codeMoteur: 'C0100' },
  { code: 'HEURES', libelle: 'Heures rémunérées', categorie: 'heures', codeMoteur: 'C0400' },
]
const known = knownCumuls(columns)
const ctx = { salaries: salaries.filter((s) => s.siren === SIREN), known, annee: 2026, held: new Map([['M002|BRUT', '18000.50']]) }

describe('proposeCumulMapping', () => {
  it('reads a long layout (matricule, cumul by label, montant, année) and a wide one (a column per cumul)', () => {
    expect(proposeCumulMapping(['Matricule', 'Cumul', 'Montant (€)', 'Exercice', 'Remarque'], known).map((m) => m.role)).toEqual([
      'matricule',
      'code',
      'valeur',
      'annee',
      'ignorer',
    ])
    expect(proposeCumulMapping(['Nom prénom', 'Salaire brut', 'HEURES', 'Caché'], known, [3])).toEqual([
      { role: 'nomPrenom' },
      { role: 'element', code: 'BRUT' },
      { role: 'element', code: 'HEURES' },
      { role: 'ignorer' },
    ])
  })
})

describe('previewCumulRows', () => {
  const mapping = proposeCumulMapping(['Matricule', 'Cumul', 'Montant', 'Année'], known)
  const rows = [
    { line: 2, cells: ['M001', 'Salaire brut', '21 000,50', ''] },
    { line: 3, cells: ['M999', 'BRUT', '1', ''] },
    { line: 4, cells: ['M001', 'PRIME_LUNE', '1', ''] },
    { line: 5, cells: ['M001', 'HEURES', '12,345', ''] },
    { line: 6, cells: ['M001', 'BRUT', '21000.5', ''] },
    { line: 7, cells: ['M002', 'BRUT', '18 000,50', ''] },
    { line: 8, cells: ['M002', 'HEURES', '10', '2025'] },
    { line: 9, cells: ['M002', 'HEURES', '10', '20x5'] },
  ]
  const preview = previewCumulRows(rows, mapping, ctx)

  it('checks each row as the cumuls screen would, the reason on its cell', () => {
    expect(preview.map((r) => r.status)).toEqual(['pret', 'erreur', 'erreur', 'erreur', 'avertissement', 'avertissement', 'pret', 'erreur'])
    expect(preview[1]?.issues[0]).toMatchObject({ column: 0, key: 'matriculeInconnu' })
    expect(preview[2]?.issues[0]).toMatchObject({ column: 1, key: 'codeInconnu' })
    expect(preview[3]?.issues[0]).toMatchObject({ column: 2, key: 'montantCumul' })
    expect(preview[4]?.issues[0]).toMatchObject({ key: 'doublonFichier', level: 'avertissement' })
    expect(preview[5]?.issues[0]).toMatchObject({ key: 'identiqueService' })
    expect(preview[7]?.issues[0]).toMatchObject({ column: 3, key: 'anneeInvalide' })
  })

  it('keeps the ready rows by year (warnings only when asked) and writes them into the drafts in one transaction', async () => {
    const kept = keptCumulEdits(preview, false)
    expect([...kept.keys()].sort()).toEqual([2025, 2026])
    expect(kept.get(2026)?.map((e) => [e.matricule, e.code_cumul, e.valeur])).toEqual([['M001', 'BRUT', '21000.50']])
    expect(keptCumulEdits(preview, true).get(2026)).toHaveLength(3)
    const db = new PaieDb(`cumul-import-${String(Math.random())}`)
    try {
      expect(await saveImported(db, SIREN, kept, '2026-11-20T09:00:00.000Z')).toBe(2)
      expect(Object.keys((await db.cumulDrafts.get([SIREN, 2026]))?.cells ?? {})).toEqual(['M001|BRUT'])
      expect(Object.keys((await db.cumulDrafts.get([SIREN, 2025]))?.cells ?? {})).toEqual(['M002|HEURES'])
      expect(await db.outbox.count()).toBe(0)
    } finally {
      await db.delete()
    }
  })
})

describe('the cumuls kind beside the entry kinds', () => {
  it('reads a sheet as cumuls when a header says « cumul » or names a known cumul', () => {
    expect(looksLikeCumuls(['Matricule', 'Code cumul', 'Montant'], [])).toBe(true)
    expect(looksLikeCumuls(['Matricule', 'Salaire brut'], known)).toBe(true)
    expect(looksLikeCumuls(['Matricule', 'HS25', 'Quantité'], known)).toBe(false)
  })

  it('says what the mapping lacks', () => {
    expect(cumulMappingProblem([{ role: 'code' }, { role: 'valeur' }])).toBe('salarie')
    expect(cumulMappingProblem([{ role: 'matricule' }, { role: 'valeur' }])).toBe('code')
    expect(cumulMappingProblem([{ role: 'nomPrenom' }, { role: 'code' }])).toBe('valeur')
    expect(cumulMappingProblem([{ role: 'matricule' }, { role: 'element', code: 'BRUT' }])).toBeNull()
  })

  it('sets aside a totals row and a row the clerk dropped, and lists them left', () => {
    const mapping = proposeCumulMapping(['Matricule', 'Salaire brut'], known)
    const rows = previewCumulRows(
      [
        { line: 2, cells: ['M001', '100'] },
        { line: 3, cells: ['M002', '200'] },
        { line: 4, cells: ['Total', '300'], skipped: 'total' },
      ],
      mapping,
      ctx,
      new Set([3]),
    )
    expect(rows.map((r) => [r.status, r.skipped])).toEqual([
      ['pret', undefined],
      ['ignoree', 'retiree'],
      ['ignoree', 'total'],
    ])
    expect(rows[0]?.cells).toEqual(['M001', '100'])
    expect([...keptCumulEdits(rows, true).values()].flat()).toHaveLength(1)
  })
})

/**
 * Reading spreadsheets (features/import/sheet.ts, table.ts, cells.ts): xlsx, xls and ods written by the tests, a
 * Windows-1252 CSV with `;`, merged header cells, hidden columns, a totals row, a second sheet, and the bad files
 * (empty, not a spreadsheet, too big, password-protected).
 */
import { CFB } from '@e965/xlsx'
import { describe, expect, it } from 'vitest'

import { cellDate, cellDecimal, cellPeriode, displayCell, excelSerialDate } from '../../../src-renderer/features/import/cells'
import { MAX_FILE_BYTES, guessSeparator, readSpreadsheet } from '../../../src-renderer/features/import/sheet'
import type { ParsedSheet } from '../../../src-renderer/features/import/sheet'
import { tableOf } from '../../../src-renderer/features/import/table'
import { absenceSheets, csvNames, hiddenColumnSheet, mergedSheet, wideSheet, windows1252, workbook } from './workbooks'

function sheets(bytes: Uint8Array, name: string): readonly ParsedSheet[] {
  const result = readSpreadsheet(bytes, name)
  if (!result.ok) throw new Error(result.reason)
  return result.sheets
}

describe('lecture des classeurs', () => {
  it.each(['xlsx', 'xls', 'ods'] as const)(
    'reads a wide %s: numbers as wire decimals, the title lines above the header skipped',
    (type) => {
      const [sheet] = sheets(workbook([wideSheet()], type), `evp.${type}`)
      if (sheet === undefined) throw new Error('pas de feuille')
      const table = tableOf(sheet)
      expect(table.headers).toEqual(['Matricule', 'Nom', 'HS25', 'Observation'])
      expect(table.rows.map((r) => r.cells[2])).toEqual(['3.5', '2', '1', '6.5'])
      expect(table.rows.map((r) => r.skipped)).toEqual([undefined, undefined, undefined, 'total'])
      expect(table.rows[0]?.line).toBe(4)
    },
  )

  it('gives a merged header its group label, column by column', () => {
    const [sheet] = sheets(workbook([mergedSheet()]), 'evp.xlsx')
    if (sheet === undefined) throw new Error('pas de feuille')
    const table = tableOf(sheet)
    expect(table.headerRow).toBe(1)
    expect(table.headers).toEqual(['Salarié Matricule', 'Salarié Nom', 'Heures supplémentaires à 25 %', 'Divers Observation'])
    expect(table.ownHeaders).toEqual(['Matricule', 'Nom', 'à 25 %', 'Observation'])
  })

  it('takes the row under a merged group row as the header, even when the group labels are header words', () => {
    const [sheet] = sheets(
      workbook(
        [
          {
            name: 'EVP',
            rows: [
              ['Salarié', null, 'Heures', null],
              ['Matricule', 'Nom', 'HS25', 'HS50'],
              ['M001', 'Durand', 4, 1],
            ],
            merges: [
              { r: 0, c1: 0, c2: 1 },
              { r: 0, c1: 2, c2: 3 },
            ],
          },
        ],
        'xls',
      ),
      'groupes.xls',
    )
    if (sheet === undefined) throw new Error('pas de feuille')
    const table = tableOf(sheet)
    expect(table.headerRow).toBe(1)
    expect(table.ownHeaders).toEqual(['Matricule', 'Nom', 'HS25', 'HS50'])
    expect(table.headers).toEqual(['Salarié Matricule', 'Salarié Nom', 'Heures HS25', 'Heures HS50'])
  })

  it('reports hidden columns', () => {
    const [sheet] = sheets(workbook([hiddenColumnSheet()]), 'evp.xlsx')
    expect(sheet?.hiddenColumns).toEqual([1])
  })

  it('reads every sheet of the book, dates of date cells as ISO', () => {
    const all = sheets(workbook(absenceSheets()), 'absences.xlsx')
    expect(all.map((s) => s.name)).toEqual(['Notes', 'Absences'])
    expect(all[1]?.rows[1]).toEqual(['M001', 'Congés payés', '2026-11-09', '2026-11-10'])
    expect(all[1]?.rows[2]).toEqual(['M002', 'MAL', '16/11/2026', '18/11/2026'])
  })
})

describe('lecture des CSV', () => {
  it('decodes Windows-1252 and splits on `;`, keeping French decimals as written', () => {
    const result = readSpreadsheet(csvNames(), 'variables.csv')
    if (!result.ok) throw new Error(result.reason)
    expect(result.encoding).toBe('windows-1252')
    expect(result.separator).toBe(';')
    expect(result.sheets[0]?.rows).toEqual([
      ['Nom', 'Prénom', 'Élément', 'Quantité'],
      ['Durand', 'Jeanne', 'HS25', '3,5'],
      ['Bernard', 'Paul', 'Heures supplémentaires à 25 %', '1,25'],
      ['Lefèvre', 'Éloïse', 'HS25', '2'],
    ])
  })

  it('reads UTF-8 (with its BOM) as UTF-8, and guesses a comma separator', () => {
    const bytes = new TextEncoder().encode('\ufeffMatricule,Code,Quantité\nM001,HS25,"3,5"\n')
    const result = readSpreadsheet(bytes, 'a.csv')
    if (!result.ok) throw new Error(result.reason)
    expect(result.encoding).toBe('utf-8')
    expect(result.sheets[0]?.rows).toEqual([
      ['Matricule', 'Code', 'Quantité'],
      ['M001', 'HS25', '3,5'],
    ])
  })

  it('prefers `;` to `,` when both appear on every line (French decimals)', () => {
    expect(guessSeparator('a;b\n1,5;2,5\n')).toBe(';')
    expect(guessSeparator('a\tb\n1\t2\n')).toBe('\t')
  })
})

describe('fichiers refusés', () => {
  it('refuses an empty file, a too large one and a file that is no spreadsheet', () => {
    expect(readSpreadsheet(new Uint8Array(0), 'a.xlsx')).toEqual({ ok: false, reason: 'vide' })
    expect(readSpreadsheet(new Uint8Array(MAX_FILE_BYTES + 1), 'a.xlsx')).toEqual({ ok: false, reason: 'tropVolumineux' })
    expect(readSpreadsheet(new TextEncoder().encode('%PDF-1.7 bonjour'), 'facture.pdf')).toEqual({ ok: false, reason: 'pasUnTableur' })
    expect(readSpreadsheet(new TextEncoder().encode('pas un classeur'), 'faux.xlsx')).toEqual({ ok: false, reason: 'illisible' })
    expect(readSpreadsheet(windows1252('\r\n\r\n'), 'vide.csv')).toEqual({ ok: false, reason: 'vide' })
  })

  it('refuses a password-protected workbook (an encrypted OLE container)', () => {
    expect(readSpreadsheet(encryptedContainer(), 'protege.xlsx')).toEqual({ ok: false, reason: 'protege' })
  })
})

describe('cellules', () => {
  it('reads dates as jj/mm/aaaa, ISO or Excel serials, and periods as the clerk writes them', () => {
    expect(cellDate('05/11/2026')).toBe('2026-11-05')
    expect(cellDate('2026-11-05')).toBe('2026-11-05')
    expect(excelSerialDate('46331')).toBe('2026-11-05')
    expect(cellDate('46331')).toBe('2026-11-05')
    expect(cellDate('31/02/2026')).toBeNull()
    expect(cellPeriode('novembre 2026')).toBe('2026-11')
    expect(cellPeriode('11/2026')).toBe('2026-11')
    expect(cellPeriode('Déc. 2026')).toBe('2026-12')
    expect(cellPeriode('2026-11-01')).toBe('2026-11')
    expect(cellPeriode('bientôt')).toBeNull()
  })
})

/**
 * A minimal encrypted-workbook container: an OLE compound file holding an `EncryptionInfo` and an
 * `EncryptedPackage` stream, the shape Excel writes for a password-protected xlsx (MS-OFFCRYPTO).
 */
function encryptedContainer(): Uint8Array {
  // The package types its CFB library `any`: the three calls used here, typed.
  const cfbLib = CFB as {
    utils: { cfb_new(): object; cfb_add(container: object, path: string, content: Uint8Array): void }
    write(container: object, options: { type: 'array' }): ArrayBuffer
  }
  const container = cfbLib.utils.cfb_new()
  cfbLib.utils.cfb_add(container, '/EncryptionInfo', new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]))
  cfbLib.utils.cfb_add(container, '/EncryptedPackage', new Uint8Array(64))
  return new Uint8Array(cfbLib.write(container, { type: 'array' }))
}

describe('cells shown the French way', () => {
  it('shows a spreadsheet number with a decimal comma, other text as it is, and reads the comma back', () => {
    expect(['7.25', '-0.5', '21500.75', '12', 'M001', '2026-11-05', '2.5;10', '1.2.3', ''].map(displayCell)).toEqual([
      '7,25',
      '-0,5',
      '21500,75',
      '12',
      'M001',
      '2026-11-05',
      '2.5;10',
      '1.2.3',
      '',
    ])
    // What the clerk sees, typed back as it is, reads as the same wire decimal.
    for (const wire of ['7.25', '-0.5', '21500.75']) expect(cellDecimal(displayCell(wire))).toBe(wire)
  })
})

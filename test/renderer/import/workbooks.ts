/**
 * Spreadsheets written by the tests (issue 17): the real-world layouts employers send, made with the maintained
 * SheetJS build (`@e965/xlsx`) for xlsx/xls/ods and by hand for the CSV (Windows-1252 bytes, `;`). Employees, codes
 * and the period are the fixtures' (dossier Martin: M001 Durand Jeanne, M002 Bernard Paul; EVP HS25 (quantité) and
 * OBS (texte); absences CP, MAL; prime PREXC; period 2026-11).
 */
import { utils, write } from '@e965/xlsx'
import type { BookType, WorkSheet } from '@e965/xlsx'

import { readSpreadsheet } from '../../../src-renderer/features/import/sheet'
import { tableOf } from '../../../src-renderer/features/import/table'
import type { SheetTable } from '../../../src-renderer/features/import/table'

type Cell = string | number | Date | null

/** A sheet to write: its rows, and optionally merged ranges and hidden columns. */
export interface SheetSpec {
  readonly name: string
  readonly rows: readonly (readonly Cell[])[]
  readonly merges?: readonly { readonly r: number; readonly c1: number; readonly c2: number }[]
  readonly hiddenColumns?: readonly number[]
}

/** The bytes of a workbook holding `sheets`, as `bookType` writes it. */
export function workbook(sheets: readonly SheetSpec[], bookType: BookType = 'xlsx'): Uint8Array {
  const book = utils.book_new()
  for (const spec of sheets) {
    const ws: WorkSheet = utils.aoa_to_sheet(
      spec.rows.map((r) => [...r]),
      { cellDates: true, dateNF: 'dd/mm/yyyy' },
    )
    if (spec.merges) ws['!merges'] = spec.merges.map((m) => ({ s: { r: m.r, c: m.c1 }, e: { r: m.r, c: m.c2 } }))
    if (spec.hiddenColumns) {
      const width = Math.max(...spec.rows.map((r) => r.length))
      ws['!cols'] = Array.from({ length: width }, (_, i) => (spec.hiddenColumns?.includes(i) === true ? { hidden: true } : {}))
    }
    utils.book_append_sheet(book, ws, spec.name)
  }
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer)
}

/** Wide layout: a title line, a blank line, then one column per EVP code, a totals row at the bottom. */
export function wideSheet(periodeTitle = 'novembre 2026'): SheetSpec {
  return {
    name: 'Variables',
    rows: [
      [`Variables de paie ${periodeTitle}`],
      [],
      ['Matricule', 'Nom', 'HS25', 'Observation'],
      ['M001', 'Durand Jeanne', 3.5, null],
      ['M002', 'Bernard Paul', 2, 'Astreinte'],
      ['M999', 'Inconnu Jean', 1, null],
      ['Total', null, 6.5, null],
    ],
  }
}

/** Long layout: one row per element, a code column and a quantity column. */
export function longSheet(): SheetSpec {
  return {
    name: 'Saisie',
    rows: [
      ['Matricule', 'Code rubrique', 'Quantité', 'Commentaire'],
      ['M001', 'HS25', 4, 'Inventaire'],
      ['M002', 'HS25', '1,5', null],
      ['M002', 'PRIMEX', 1, null],
    ],
  }
}

/** Merged header cells: « Salarié » over matricule and name, « Heures supplémentaires » over « à 25 % ». */
export function mergedSheet(): SheetSpec {
  return {
    name: 'EVP',
    rows: [
      ['Salarié', null, 'Heures supplémentaires', 'Divers'],
      ['Matricule', 'Nom', 'à 25 %', 'Observation'],
      ['M001', 'Durand', 7, 'Salon'],
    ],
    merges: [{ r: 0, c1: 0, c2: 1 }],
  }
}

/** A hidden column (« Ancien code ») holding junk the import must not read. */
export function hiddenColumnSheet(): SheetSpec {
  return {
    name: 'EVP',
    rows: [
      ['Matricule', 'Ancien code', 'HS25'],
      ['M001', 'ZZZ', 2],
      ['M002', 'ZZZ', 1],
    ],
    hiddenColumns: [1],
  }
}

/** Absences on a second sheet (the first holds notes): dates as date cells and as jj/mm/aaaa text. */
export function absenceSheets(): SheetSpec[] {
  return [
    { name: 'Notes', rows: [['Envoyé par la comptable'], ['Merci']] },
    {
      name: 'Absences',
      rows: [
        ['Matricule', 'Motif', 'Du', 'Au'],
        ['M001', 'Congés payés', new Date(Date.UTC(2026, 10, 9)), new Date(Date.UTC(2026, 10, 10))],
        ['M002', 'MAL', '16/11/2026', '18/11/2026'],
      ],
    },
  ]
}

/** Windows-1252 bytes of `text` (Latin-1 letters only, as a French Excel writes them). */
export function windows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i)
    if (code > 0xff) throw new Error(`caractère hors Windows-1252 : ${text.charAt(i)}`)
    bytes[i] = code
  }
  return bytes
}

/** A French Excel CSV (Windows-1252, `;`, CRLF, decimal comma): names instead of matricules, codes by label. */
export function csvNames(): Uint8Array {
  return windows1252(
    [
      'Nom;Prénom;Élément;Quantité',
      'Durand;Jeanne;HS25;3,5',
      'Bernard;Paul;Heures supplémentaires à 25 %;1,25',
      'Lefèvre;Éloïse;HS25;2',
      '',
    ].join('\r\n'),
  )
}

/** Sheet `sheet` (from 0) of the file `bytes` named `name`, read as a table. */
export function tableFrom(bytes: Uint8Array, name: string, sheet = 0): SheetTable {
  const result = readSpreadsheet(bytes, name)
  if (!result.ok) throw new Error(result.reason)
  const found = result.sheets[sheet]
  if (found === undefined) throw new Error('pas de feuille')
  return tableOf(found)
}

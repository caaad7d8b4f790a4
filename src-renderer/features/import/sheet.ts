/**
 * Reading an employer's spreadsheet (issue 17, point 1): the file's bytes -> its sheets as rows of cell texts. Pure
 * (no DOM, no Vue): it runs in the import's Web Worker (sheet.worker.ts) and in node tests.
 *
 * - `.xlsx`, `.xls`, `.ods` are read with `@e965/xlsx` (the maintained SheetJS build; never the npm `xlsx` 0.18);
 *   the kind is told by the file's first bytes (a zip or an OLE container), not by its name.
 * - `.csv` (or `.txt`) is decoded as UTF-8 when it is valid UTF-8, else as Windows-1252 (the encoding of Excel's
 *   "CSV (séparateur : point-virgule)" on a French Windows), then split by papaparse, the separator guessed among
 *   `;`, `,`, tab and `|`.
 *
 * Cells become strings: a number is its wire decimal (`3.5`), a date-formatted number its ISO date (`2026-11-05`),
 * a text cell its text trimmed, a boolean `true`/`false`, an error cell empty. A merged range gives its value to
 * every cell it covers (so a merged header names each of its columns). Hidden columns and sheets are reported, not
 * dropped: the mapping leaves hidden columns out.
 */
import { read, SSF, utils } from '@e965/xlsx'
import type { Sheet, WorkBook, WorkSheet } from '@e965/xlsx'
import Papa from 'papaparse'

import { MAX_FILE_BYTES, MAX_ROWS } from './limits'

export { MAX_FILE_BYTES, MAX_ROWS } from './limits'

/** One sheet of the file. */
export interface ParsedSheet {
  readonly name: string
  /** Rows of cell texts (see the file comment), as many cells as the sheet's widest row. */
  readonly rows: readonly (readonly string[])[]
  /** Indexes (from 0) of the columns hidden in the spreadsheet. */
  readonly hiddenColumns: readonly number[]
  /** Indexes (from 0) of rows holding a merged range wider than one column (a grouped header). */
  readonly mergedRows: readonly number[]
  /** The sheet is hidden in the workbook. */
  readonly hidden: boolean
}

/** Why a file cannot be read (i18n key `import.fichier.<reason>`). */
export type ReadFailure = 'vide' | 'tropVolumineux' | 'protege' | 'illisible' | 'pasUnTableur' | 'tropDeLignes'

/** The file's sheets, or why it cannot be read. `encoding` and `separator` are set for a CSV. */
export type ReadResult =
  | {
      readonly ok: true
      readonly sheets: readonly ParsedSheet[]
      readonly encoding?: 'utf-8' | 'windows-1252'
      readonly separator?: string
    }
  | { readonly ok: false; readonly reason: ReadFailure }

/** The part of SheetJS's number-format library (typed `any` by the package) read here. */
interface NumberFormats {
  parse_date_code(serial: number): { readonly y: number; readonly m: number; readonly d: number }
  is_date(format: string): boolean
}
const ssf = SSF as NumberFormats

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b)
}

/** Wire decimal of a spreadsheet number (15 significant digits, as Excel shows them; never a float on the wire). */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return ''
  if (Number.isInteger(value)) return String(value)
  const text = String(Number(value.toPrecision(15)))
  return /e/i.test(text) ? value.toFixed(10).replace(/0+$/, '') : text
}

/** ISO date of an Excel date serial (1900 system, Lotus's 29 February included as SheetJS reads it), or null. */
export function serialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null
  const parts = ssf.parse_date_code(serial)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${String(parts.y)}-${pad(parts.m)}-${pad(parts.d)}`
}

function cellText(sheet: WorkSheet, address: string): string {
  const cell = sheet[address] as { t?: string; v?: unknown; z?: unknown } | undefined
  if (cell === undefined) return ''
  switch (cell.t) {
    case 'n': {
      const v = typeof cell.v === 'number' ? cell.v : Number.NaN
      if (typeof cell.z === 'string' && ssf.is_date(cell.z)) return serialToIsoDate(v) ?? ''
      return numberText(v)
    }
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : ''
    case 'b':
      return cell.v === true ? 'true' : 'false'
    case 's':
      return typeof cell.v === 'string' ? cell.v.trim() : ''
    default:
      return ''
  }
}

function readWorksheet(name: string, sheet: Sheet, hidden: boolean): ParsedSheet {
  const ws = sheet as WorkSheet
  const ref = ws['!ref']
  if (ref === undefined) return { name, rows: [], hiddenColumns: [], mergedRows: [], hidden }
  const range = utils.decode_range(ref)
  if (range.e.r - range.s.r + 1 > MAX_ROWS) throw new TooManyRows()
  const width = range.e.c + 1
  const rows: string[][] = []
  for (let r = 0; r <= range.e.r; r += 1) {
    const row: string[] = []
    for (let c = 0; c < width; c += 1) row.push(r < range.s.r || c < range.s.c ? '' : cellText(ws, utils.encode_cell({ r, c })))
    rows.push(row)
  }
  const mergedRows = new Set<number>()
  for (const merge of ws['!merges'] ?? []) {
    const value = rows[merge.s.r]?.[merge.s.c] ?? ''
    for (let r = merge.s.r; r <= merge.e.r; r += 1)
      for (let c = merge.s.c; c <= merge.e.c; c += 1) {
        const row = rows[r]
        if (row !== undefined && c < row.length) row[c] = value
      }
    if (merge.e.c > merge.s.c) mergedRows.add(merge.s.r)
  }
  const hiddenColumns = (ws['!cols'] ?? []).flatMap((col, i) => (col.hidden === true ? [i] : []))
  return { name, rows: trimRows(rows), hiddenColumns, mergedRows: [...mergedRows], hidden }
}

/** Drops trailing blank rows. */
function trimRows(rows: string[][]): string[][] {
  let end = rows.length
  while (end > 0 && (rows[end - 1] ?? []).every((c) => c === '')) end -= 1
  return rows.slice(0, end)
}

class TooManyRows extends Error {}

function readBook(bytes: Uint8Array): ReadResult {
  let book: WorkBook
  try {
    book = read(bytes, { type: 'array', cellStyles: true, cellNF: true, dense: false })
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown)
    return { ok: false, reason: /password|encrypt|protect/i.test(message) ? 'protege' : 'illisible' }
  }
  const sheetsMeta = book.Workbook?.Sheets ?? []
  try {
    const sheets = book.SheetNames.map((name, i) => {
      const sheet = book.Sheets[name]
      const hidden = (sheetsMeta[i]?.Hidden ?? 0) !== 0
      return sheet === undefined ? { name, rows: [], hiddenColumns: [], mergedRows: [], hidden } : readWorksheet(name, sheet, hidden)
    })
    return sheets.every((s) => s.rows.length === 0) ? { ok: false, reason: 'vide' } : { ok: true, sheets }
  } catch (thrown) {
    if (thrown instanceof TooManyRows) return { ok: false, reason: 'tropDeLignes' }
    throw thrown
  }
}

/** Text of CSV bytes: UTF-8 (its BOM dropped) when valid, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): { readonly text: string; readonly encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return { text: text.startsWith('\ufeff') ? text.slice(1) : text, encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}

const SEPARATORS = [';', '\t', ',', '|'] as const

/**
 * The CSV separator: among `;`, tab, `,` and `|`, the one found on every one of the first 20 non-empty lines the
 * most times at least (quoted text left out); `;` when none is (a one-column file). A French Excel writes `;`
 * because the comma is its decimal separator, so `;` wins a tie.
 */
export function guessSeparator(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20)
    .map((l) => l.replace(/"[^"]*"/g, ''))
  let best: string = ';'
  let bestCount = 0
  for (const separator of SEPARATORS) {
    const least = Math.min(...lines.map((l) => l.split(separator).length - 1))
    if (least > bestCount) {
      best = separator
      bestCount = least
    }
  }
  return best
}

function readCsv(bytes: Uint8Array, name: string): ReadResult {
  const { text, encoding } = decodeCsv(bytes)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096))) return { ok: false, reason: 'pasUnTableur' }
  const separator = guessSeparator(text)
  const parsed = Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: false, header: false })
  if (parsed.data.length > MAX_ROWS) return { ok: false, reason: 'tropDeLignes' }
  const width = parsed.data.reduce((max, row) => Math.max(max, row.length), 0)
  const rows = trimRows(parsed.data.map((row) => Array.from({ length: width }, (_, i) => (row[i] ?? '').trim())))
  if (rows.length === 0) return { ok: false, reason: 'vide' }
  const sheet: ParsedSheet = { name, rows, hiddenColumns: [], mergedRows: [], hidden: false }
  return { ok: true, sheets: [sheet], encoding, separator }
}

/**
 * Reads a spreadsheet file.
 * @param bytes the file's content
 * @param fileName its name (only its extension is read: `.csv`/`.txt` are text, anything else must be a zip or OLE
 *   spreadsheet)
 * @returns the sheets, or why the file cannot be read: empty, over {@link MAX_FILE_BYTES}, password-protected,
 *   unreadable, not a spreadsheet, over {@link MAX_ROWS} rows. Never throws for bad input.
 */
export function readSpreadsheet(bytes: Uint8Array, fileName: string): ReadResult {
  if (bytes.length === 0) return { ok: false, reason: 'vide' }
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, reason: 'tropVolumineux' }
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? ''
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) {
    if (!['xlsx', 'xlsm', 'xls', 'ods'].includes(extension)) return { ok: false, reason: 'pasUnTableur' }
    return readBook(bytes)
  }
  if (extension === 'csv' || extension === 'txt') return readCsv(bytes, fileName.replace(/\.[^.]+$/, ''))
  return { ok: false, reason: ['xlsx', 'xlsm', 'xls', 'ods'].includes(extension) ? 'illisible' : 'pasUnTableur' }
}

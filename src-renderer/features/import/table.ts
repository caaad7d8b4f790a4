/**
 * A sheet as a table (issue 17): where its header row is, what each column is called, and which rows hold data.
 * Pure.
 *
 * - The header row is, among the first {@link HEADER_SEARCH_ROWS} rows, the one whose cells name the most distinct
 *   known roles (headers.ts), then the one with the most distinct text cells (titles and blank lines above it are
 *   skipped); a row of merged group labels loses to the row under it.
 * - A grouped header (a merged cell above the header row, « Heures supplémentaires » over « 25 % » and « 50 % »)
 *   prefixes the columns it covers: « Heures supplémentaires 25 % ».
 * - Blank rows are left out; a totals row (a cell starting with « total », « sous-total », « totaux ») is set aside
 *   as `total` (reported, never imported).
 */
import { headerKey, roleOfHeader } from './headers'
import type { ParsedSheet } from './sheet'

/** Rows searched for the header row. */
export const HEADER_SEARCH_ROWS = 15

/** One data row of the file: its spreadsheet line number (from 1) and its cells. */
export interface SourceRow {
  readonly line: number
  readonly cells: readonly string[]
  /** Set aside, not imported: a totals row. */
  readonly skipped?: 'total'
}

/** A sheet read as a table. */
export interface SheetTable {
  readonly sheet: string
  /** Index (from 0) of the header row. */
  readonly headerRow: number
  /** One label per column (a grouped header's label before the column's own). */
  readonly headers: readonly string[]
  /** The header row's own text per column (without the grouped header above it). */
  readonly ownHeaders: readonly string[]
  readonly hiddenColumns: readonly number[]
  readonly rows: readonly SourceRow[]
}

const TOTAL = /^(sous )?(total|totaux)\b/

function isTotalRow(cells: readonly string[]): boolean {
  // The cheap test first: only a cell holding « tot » is normalised.
  return cells.some((c) => /tot/i.test(c) && TOTAL.test(headerKey(c)))
}

function isNumberLike(text: string): boolean {
  return /^[-+]?[\d\s.,]+$/.test(text) || /^\d{4}-\d{2}-\d{2}$/.test(text)
}

/** Distinct known roles, then distinct text cells (a merged cell repeated over its columns counts once). */
function headerScore(row: readonly string[]): number {
  const texts = new Set(row.filter((c) => c !== '' && !isNumberLike(c)))
  const known = new Set([...texts].map(roleOfHeader).filter((r) => r !== null))
  return known.size * 100 + texts.size
}

/**
 * The index of the header row of `rows` (0 for an empty sheet). A row holding a merged range (`mergedRows`) is a
 * group row: it loses to the row under it when both name as many roles.
 */
export function findHeaderRow(rows: readonly (readonly string[])[], mergedRows: readonly number[] = []): number {
  let best = 0
  let bestScore = -1
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, i) => {
    const score = headerScore(row) - (mergedRows.includes(i) ? 50 : 0)
    if (score > bestScore) {
      best = i
      bestScore = score
    }
  })
  return best
}

/** Reads `sheet` as a table (see the file comment). */
export function tableOf(sheet: ParsedSheet): SheetTable {
  const headerRow = findHeaderRow(sheet.rows, sheet.mergedRows)
  const own = sheet.rows[headerRow] ?? []
  const group = headerRow > 0 && sheet.mergedRows.includes(headerRow - 1) ? (sheet.rows[headerRow - 1] ?? []) : []
  const headers = own.map((text, c) => {
    const above = group[c] ?? ''
    return above !== '' && above !== text ? `${above} ${text}`.trim() : text
  })
  const rows: SourceRow[] = []
  sheet.rows.forEach((cells, r) => {
    if (r <= headerRow || cells.every((c) => c === '')) return
    rows.push(isTotalRow(cells) ? { line: r + 1, cells, skipped: 'total' } : { line: r + 1, cells })
  })
  return { sheet: sheet.name, headerRow, headers, ownHeaders: own, hiddenColumns: sheet.hiddenColumns, rows }
}

/**
 * Paste of a block copied from a spreadsheet into the EVP grid: TSV text -> matrix (papaparse, delimiter tab,
 * CRLF or LF, quoted cells as Excel and LibreOffice write them) -> cells anchored at the active cell.
 *
 * Rules (decided here, documented in the grid's help):
 * - the whole paste is refused when its text has more than {@link MAX_PASTE_CHARS} characters (before parsing), when
 *   it has more than {@link MAX_PASTE_CELLS} cells, or when it overflows the grid's
 *   visible rows or columns (nothing is saved: a block shifted by one row would put hours on the wrong employee);
 * - empty cells are skipped (they never erase an existing value);
 * - each non-empty cell is then checked on its own (length, formula, control character, number format) by evpValue.ts, and
 *   a bad cell is an error on that cell only.
 */
import Papa from 'papaparse'

/** Most cells one paste may hold (about 40 codes x 250 employees). */
export const MAX_PASTE_CELLS = 10_000

/**
 * Most characters of clipboard text looked at (5 million: 10,000 cells of 100 characters with room to spare);
 * more is refused before parsing, so that a runaway clipboard cannot freeze the window.
 */
export const MAX_PASTE_CHARS = 5_000_000

/**
 * Matrix of the clipboard text: one array per line, one string per tab-separated cell. The line break that
 * spreadsheets put after the last row does not make an extra empty row. Lines may have different lengths.
 */
export function parseTsv(text: string): string[][] {
  if (text === '') return []
  const result = Papa.parse<string[]>(text, { delimiter: '\t', quoteChar: '"', skipEmptyLines: false, header: false })
  const rows = result.data.slice()
  while (rows.length > 0 && isBlankRow(rows[rows.length - 1] ?? [])) rows.pop()
  return rows
}

function isBlankRow(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === '')
}

/** One pasted cell at its place in the grid (row and column indexes of the visible grid). */
export interface PastedCell {
  readonly row: number
  readonly col: number
  readonly raw: string
}

export type PastePlan =
  | { readonly ok: true; readonly cells: readonly PastedCell[] }
  | { readonly ok: false; readonly reason: 'tropVolumineux'; readonly chars: number; readonly max: number }
  | { readonly ok: false; readonly reason: 'vide' }
  | { readonly ok: false; readonly reason: 'tropDeCellules'; readonly cells: number; readonly max: number }
  | { readonly ok: false; readonly reason: 'lignesEnTrop'; readonly rows: number; readonly available: number }
  | { readonly ok: false; readonly reason: 'colonnesEnTrop'; readonly cols: number; readonly available: number }

/**
 * Places `matrix` with its top-left cell on `anchor` in a grid of `rowCount` x `colCount` visible cells.
 * @returns the non-empty cells to save, or why the paste is refused as a whole.
 */
export function planPaste(
  matrix: readonly (readonly string[])[],
  anchor: { readonly row: number; readonly col: number },
  rowCount: number,
  colCount: number,
  maxCells = MAX_PASTE_CELLS,
): PastePlan {
  const width = matrix.reduce((max, row) => Math.max(max, row.length), 0)
  const size = matrix.reduce((sum, row) => sum + row.length, 0)
  if (matrix.length === 0 || width === 0) return { ok: false, reason: 'vide' }
  if (size > maxCells) return { ok: false, reason: 'tropDeCellules', cells: size, max: maxCells }
  // Overflow is judged on cells that hold something: trailing empty columns copied by accident do not count.
  let lastRow = -1
  let lastCol = -1
  matrix.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (cell.trim() !== '') {
        lastRow = Math.max(lastRow, r)
        lastCol = Math.max(lastCol, c)
      }
    })
  })
  if (lastRow < 0) return { ok: false, reason: 'vide' }
  const rowsAvailable = Math.max(0, rowCount - anchor.row)
  const colsAvailable = Math.max(0, colCount - anchor.col)
  if (lastRow + 1 > rowsAvailable) return { ok: false, reason: 'lignesEnTrop', rows: lastRow + 1, available: rowsAvailable }
  if (lastCol + 1 > colsAvailable) return { ok: false, reason: 'colonnesEnTrop', cols: lastCol + 1, available: colsAvailable }
  const cells: PastedCell[] = []
  matrix.forEach((row, r) => {
    row.forEach((raw, c) => {
      if (raw.trim() !== '') cells.push({ row: anchor.row + r, col: anchor.col + c, raw })
    })
  })
  return { ok: true, cells }
}

/**
 * The plan of a paste of clipboard `text` (see the file comment): refused at once when the text is too big, else
 * parsed and placed by {@link planPaste}.
 */
export function planClipboardPaste(
  text: string,
  anchor: { readonly row: number; readonly col: number },
  rowCount: number,
  colCount: number,
): PastePlan {
  if (text.length > MAX_PASTE_CHARS) return { ok: false, reason: 'tropVolumineux', chars: text.length, max: MAX_PASTE_CHARS }
  return planPaste(parseTsv(text), anchor, rowCount, colCount)
}

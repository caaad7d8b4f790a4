/**
 * The import report as a spreadsheet for the employer (issue 17, point 5: « ce que nous n'avons pas pu reprendre »),
 * written with the maintained SheetJS build (`@e965/xlsx`). Loaded on demand (the screen imports it when the clerk
 * exports), so the writer stays out of the first page load.
 */
import { utils, write } from '@e965/xlsx'

/** One row of the report spreadsheet: the file's line, its cells, and its reasons already worded. */
export interface ReportLine {
  readonly line: number
  readonly cells: readonly string[]
  readonly reason: string
}

/**
 * The report as an `.xlsx` file: one sheet « Non repris », a header row (« Ligne », the file's headers, « Motif »)
 * then one row per line left. Cells are written as text (a cell reading `=…` stays text, never a formula).
 * @param titles the words of the « Ligne » and « Motif » columns and of the sheet, in the interface's language
 */
export function reportWorkbook(
  headers: readonly string[],
  lines: readonly ReportLine[],
  titles: { readonly ligne: string; readonly motif: string; readonly feuille: string },
): Uint8Array {
  const aoa: string[][] = [[titles.ligne, ...headers, titles.motif], ...lines.map((l) => [String(l.line), ...l.cells, l.reason])]
  // Every value is a string: SheetJS writes it as a text cell (`t: 's'`), never as a formula.
  const sheet = utils.aoa_to_sheet(aoa)
  const book = utils.book_new()
  utils.book_append_sheet(book, sheet, titles.feuille.slice(0, 31))
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

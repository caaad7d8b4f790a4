/**
 * Exports of the billing table: CSV for a French spreadsheet (services/csv-export.ts `toCsv`) or an .xlsx workbook
 * (@e965/xlsx, the maintained SheetJS build, loaded only when the clerk asks for it so the screen's bundle stays
 * small). Counts stay numbers in both.
 */
import { toCsv } from '../../services/csv-export'

/** A table: column titles and rows of cells. */
export interface ExportTable {
  readonly fields: readonly string[]
  readonly rows: readonly (readonly (string | number)[])[]
}

/** MIME type of an .xlsx workbook (ECMA-376). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The table as CSV text (BOM, `;`, CRLF). */
export function billingCsv(table: ExportTable): string {
  return toCsv(table.fields, table.rows)
}

/**
 * The table as an .xlsx workbook of one sheet named `sheet` (at most 31 characters, Excel's limit), as bytes.
 * Cells starting with a formula trigger stay text: SheetJS writes strings as strings, never as formulas.
 */
export async function billingXlsx(table: ExportTable, sheet: string): Promise<Uint8Array<ArrayBuffer>> {
  const { utils, write } = await import('@e965/xlsx')
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet([[...table.fields], ...table.rows.map((r) => [...r])]), sheet.slice(0, 31))
  const out: unknown = write(book, { type: 'array', bookType: 'xlsx', compression: true })
  if (out instanceof ArrayBuffer) return new Uint8Array(out)
  if (out instanceof Uint8Array) return new Uint8Array(out)
  throw new Error('xlsx: unexpected output')
}

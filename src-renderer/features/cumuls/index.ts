/** Public entry of the cumuls feature (issue 16, point 4): the reading of a cell, shared with the spreadsheet import. */
export { cumulColumns, readCumulCell } from './cumulCells'
export type { CumulColumn } from './cumulCells'

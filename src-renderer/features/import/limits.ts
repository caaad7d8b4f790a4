/** Limits of the spreadsheet import (issue 17), apart so the page checks them without loading the reader. */

/** Largest file read (bytes): 20 MiB. An employer's monthly file is a few hundred kilobytes; more is refused. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024

/** Most rows read from one sheet (beyond, the file is refused: it is no monthly variable-elements file). */
export const MAX_ROWS = 50_000

/** Public entry of the EVP grid feature: the display of an EVP value (queue summaries) and the reading of a typed cell (spreadsheet import). */
export { formatEvpCell, parseEvpCell } from './grid/evpValue'
/**
 * The grid's keyboard model, focus and clipboard handlers (keyboard model gridNav.ts, spreadsheet paste paste.ts),
 * reused by the cumuls grid (features/cumuls) without a fork.
 */
export type { PastePlan, PastedCell } from './grid/paste'
export { useGridKeyboard } from './grid/useGridKeyboard'
export type { GridKeyboardOptions } from './grid/useGridKeyboard'
export { keptCellText } from './grid/evpValue'

/** Public entry of the EVP grid feature: the display of an EVP value (queue summaries) and the reading of a typed cell (spreadsheet import). */
export { formatEvpCell, parseEvpCell } from './grid/evpValue'
/** The grid's keyboard model and spreadsheet paste, reused by the cumuls grid (features/cumuls) without a fork. */
export { gridReducer, initialGridState, keyToAction } from './grid/gridNav'
export type { GridAction, GridNavState } from './grid/gridNav'
export { planClipboardPaste } from './grid/paste'
export type { PastePlan, PastedCell } from './grid/paste'
export { keptCellText } from './grid/evpValue'

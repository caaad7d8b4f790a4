/** Public entry of the EVP grid feature: the display of an EVP value (queue summaries) and the reading of a typed cell (spreadsheet import). */
export { formatEvpCell, parseEvpCell } from './grid/evpValue'

/** Public entry of the EVP grid feature: the display of an EVP value, used by the entry summaries (queue feature). */
export { formatEvpCell } from './grid/evpValue'

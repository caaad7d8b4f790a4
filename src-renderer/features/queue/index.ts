/** Public entry of the queue feature: the one-line summary of an entry, used by the entry page. */
export { summarizeEntry } from './summary'

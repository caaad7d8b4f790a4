/**
 * Public entry of the declarations feature: what the cabinet screen uses (the status of each dossier's DSN of the
 * month). Everything else in this folder is internal to it.
 */
export { useDsnStatuses } from './useDsnStatuses'

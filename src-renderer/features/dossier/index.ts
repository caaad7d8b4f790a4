/**
 * Public entry of the dossier feature: what the other screens of a dossier (EVP grid, entry forms), the entry page and
 * the queue use. Everything else in this folder is internal to it (eslint.config.js forbids reaching past this file).
 */
export { default as DossierMissing } from './DossierMissing.vue'
export { default as DossierRightGate } from './DossierRightGate.vue'
export { default as SalarieFilters } from './SalarieFilters.vue'
export { activeContracts, displayName, filterSalaries } from './salarieFilter'
export { useRouteDossier } from './useRouteDossier'
export { useSalarieFilter } from './useSalarieFilter'

/**
 * The dossier a screen's route names (`/dossiers/:siren/...`), looked up in the reference cache, with its employees.
 * `dossier` is undefined when the cache does not hold it: the screen then shows `DossierMissing`.
 */
import { storeToRefs } from 'pinia'
import { computed, toValue } from 'vue'
import type { ComputedRef, MaybeRefOrGetter } from 'vue'

import type { Dossier } from '../../../src-shared/api/dossiers'
import type { Salarie } from '../../../src-shared/api/salaries'
import { useReferenceStore } from '../../stores/reference'

/** The cached dossier of SIREN `siren` (undefined when it is not cached) and its employees (empty then). */
export function useRouteDossier(siren: MaybeRefOrGetter<string>): {
  dossier: ComputedRef<Dossier | undefined>
  salaries: ComputedRef<readonly Salarie[]>
} {
  const { dossiers, salariesBySiren } = storeToRefs(useReferenceStore())
  const dossier = computed(() => dossiers.value.find((d) => d.siren === toValue(siren)))
  const salaries = computed<readonly Salarie[]>(() => salariesBySiren.value[toValue(siren)] ?? [])
  return { dossier, salaries }
}

/**
 * The periods a screen offers around a dossier's current payroll period (`periode_paie_en_cours`, a hint: reference
 * "not fully reliable"), and the chosen one kept in the route's `?periode=YYYY-MM` so a reload or a link keeps it.
 * Used by PeriodSelect's screens: acomptes and the EVP grid (both kept in the route), the extractions (the list only).
 */
import { computed, type ComputedRef, type WritableComputedRef } from 'vue'
import { useRoute, useRouter } from 'vue-router'

import { addMonths, periodsFrom } from './format'

/** Which way the twelve periods go from the current one: back (read screens, newest first) or forward (entry). */
export type PeriodDirection = 'past' | 'future'

/**
 * Twelve `YYYY-MM` periods from `current`: `past` gives the current one then the eleven before it (newest first),
 * `future` the current one then the eleven after it. `current` empty (no dossier yet): none.
 */
export function periodChoices(current: string, direction: PeriodDirection): string[] {
  if (current === '') return []
  return direction === 'past' ? periodsFrom(addMonths(current, -11), 12).reverse() : periodsFrom(current, 12)
}

/**
 * The period chosen among `periodes`, kept in the route's query (`?periode=`): the one asked when it is offered,
 * else `current`. Setting it replaces the route (no new history entry).
 */
export function useQueryPeriode(periodes: ComputedRef<readonly string[]>, current: ComputedRef<string>): WritableComputedRef<string> {
  const route = useRoute()
  const router = useRouter()
  return computed<string>({
    get() {
      const asked = route.query['periode']
      return typeof asked === 'string' && periodes.value.includes(asked) ? asked : current.value
    },
    set(value) {
      void router.replace({ query: { ...route.query, periode: value } })
    },
  })
}

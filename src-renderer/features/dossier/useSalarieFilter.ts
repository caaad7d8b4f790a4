/**
 * The employee filter of a screen, kept in the route query (`q`, `nic`, `du`, `au`) so that the dossier view and
 * the EVP grid share it through links, and back/forward restores it. Local state answers at once while typing;
 * the URL follows.
 */
import { ref, watch } from 'vue'
import type { Ref } from 'vue'
import { useRoute, useRouter } from 'vue-router'

import { filterFromQuery, filterToQuery } from './salarieFilter'
import type { SalarieFilter } from './salarieFilter'

const FILTER_KEYS = ['q', 'nic', 'du', 'au']

function sameFilter(a: SalarieFilter, b: SalarieFilter): boolean {
  return a.search === b.search && a.nic === b.nic && a.du === b.du && a.au === b.au
}

/** Reactive filter bound to the current route's query; other query parameters are kept. */
export function useSalarieFilter(): { filter: Ref<SalarieFilter>; query: () => Record<string, string> } {
  const route = useRoute()
  const router = useRouter()
  const filter = ref<SalarieFilter>(filterFromQuery(route.query))

  watch(
    () => route.query,
    (query) => {
      const fromRoute = filterFromQuery(query)
      if (!sameFilter(fromRoute, filter.value)) filter.value = fromRoute
    },
  )

  watch(filter, (next) => {
    if (sameFilter(next, filterFromQuery(route.query))) return
    const others = Object.fromEntries(Object.entries(route.query).filter(([key]) => !FILTER_KEYS.includes(key)))
    void router.replace({ query: { ...others, ...filterToQuery(next) } })
  })

  return { filter, query: () => filterToQuery(filter.value) }
}

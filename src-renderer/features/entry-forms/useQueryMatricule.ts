/**
 * The employee a form is opened for (`?matricule=`), kept in step with the URL: opening the same form for another
 * employee (only the query changes, Vue reuses the page) must select that employee, never keep the previous one.
 */
import { ref, watch, type Ref } from 'vue'
import { useRoute } from 'vue-router'

/** @returns the selected matricule ('' for none), reset whenever the route's `matricule` query changes. */
export function useQueryMatricule(): Ref<string> {
  const route = useRoute()
  const read = (): string => (typeof route.query['matricule'] === 'string' ? route.query['matricule'] : '')
  const matricule = ref(read())
  watch(
    () => route.query['matricule'],
    () => {
      matricule.value = read()
    },
  )
  return matricule
}

/**
 * The age line of a cached read ("Fiche lue sur le service le … (il y a …)"), or the never-read sentence.
 */
import { computed } from 'vue'
import type { ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'

import { ageParts, formatDateTime, intlLocale } from '../../components/format'

/**
 * Words of the age of `fetchedAt` (ISO instant or null), `minutes` old; `keys` the sentences (`{date}`, `{age}`) for a
 * read and for never (default the sheet's).
 */
export function useSheetAge(
  fetchedAt: () => string | null,
  minutes: () => number | null,
  keys: { readonly lue: string; readonly jamais: string } = { lue: 'fiche.lue', jamais: 'fiche.jamaisLue' },
): ComputedRef<string> {
  const { t, locale } = useI18n()
  return computed(() => {
    const at = fetchedAt()
    const age = minutes()
    if (at === null || age === null) return t(keys.jamais)
    const { unit, n } = ageParts(age)
    return t(keys.lue, { date: formatDateTime(at, intlLocale(locale.value)), age: t(`age.${unit}`, n) })
  })
}

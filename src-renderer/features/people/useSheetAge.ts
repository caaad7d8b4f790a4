/**
 * The age line of a cached read ("Fiche lue sur le service le … (il y a …)"), or the never-read sentence.
 */
import { computed } from 'vue'
import type { ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'

import { ageParts, formatDateTime, intlLocale } from '../../components/format'

/** Words of the age of `fetchedAt` (ISO instant or null), `minutes` old. */
export function useSheetAge(fetchedAt: () => string | null, minutes: () => number | null): ComputedRef<string> {
  const { t, locale } = useI18n()
  return computed(() => {
    const at = fetchedAt()
    const age = minutes()
    if (at === null || age === null) return t('fiche.jamaisLue')
    const { unit, n } = ageParts(age)
    return t('fiche.lue', { date: formatDateTime(at, intlLocale(locale.value)), age: t(`age.${unit}`, n) })
  })
}

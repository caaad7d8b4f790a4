/**
 * Words shared by the payslip screens: the age of a cached read, and the employee's displayed name and safe.
 */
import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'

import { ageParts, formatDateTime, intlLocale } from '../../components/format'
import { useReferenceStore } from '../../stores/reference'
import { displayName } from '../dossier'

/** Helpers of the payslip screens for dossier `siren`. */
export function useBulletinWords(siren: () => string): {
  intl: ComputedRef<string>
  ageText: (fetchedAt: string | null | undefined, minutes: number | null, key: string, never: string) => string
  nameOf: (matricule: string) => string
  coffreOf: (matricule: string) => boolean | undefined
} {
  const { t, locale } = useI18n()
  const reference = useReferenceStore()
  const intl = computed(() => intlLocale(locale.value))
  return {
    intl,
    /** « Lus le … (il y a …) » with the i18n key `key`, or the `never` key's sentence. */
    ageText(fetchedAt, minutes, key, never) {
      if (fetchedAt == null || minutes === null) return t(never)
      const { unit, n } = ageParts(minutes)
      return t(key, { date: formatDateTime(fetchedAt, intl.value), age: t(`age.${unit}`, n) })
    },
    nameOf(matricule) {
      const s = reference.salarie(siren(), matricule)
      return s === undefined ? '' : displayName(s)
    },
    coffreOf: (matricule) => reference.salarie(siren(), matricule)?.coffre_active,
  }
}

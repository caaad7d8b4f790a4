/**
 * Who decides, for the audit of a clerk's decision (ToCheckPanel, DuplicatePanel): the best identity the app has,
 * the active profile's name (« Démo », « Cabinet Lefèvre – Claire »); a neutral French label when no profile is set.
 */
import { computed } from 'vue'
import type { ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'

import { useProfileStore } from '../../stores/profile'

/** The name written as `utilisateur` in decision audit records. */
export function useDecisionAuthor(): ComputedRef<string> {
  const { t } = useI18n()
  const profile = useProfileStore()
  return computed(() => {
    const name = profile.active?.nom.trim() ?? ''
    return name === '' ? t('verification.auteurInconnu') : t('verification.profil', { nom: name })
  })
}

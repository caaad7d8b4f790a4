/**
 * Why a feature is disabled for missing rights, per API category (issue 4 "Rights"):
 * 1. `/api/moi` (cached by the last reference refresh) lists the categories granted: one missing → disabled, with
 *    the category's label;
 * 2. else, a category paused by the sync after a 403 DROIT_MANQUANT → disabled, saying which right is missing.
 * Entries already queued in such a category wait in the queue (the coordinator leaves them out), they never fail.
 */
import { storeToRefs } from 'pinia'
import { useI18n } from 'vue-i18n'

import type { Categorie } from '../../src-shared/api/categories'
import { useReferenceStore } from '../stores/reference'
import { useSyncStore } from '../stores/sync'

/** `refus(category)`: the explanation (interface language) when the credentials lack `category`, else null. */
export function useRights(): { refus: (category: Categorie) => string | null } {
  const { t } = useI18n()
  const { droits, fetchedAt } = storeToRefs(useReferenceStore())
  const { categoryPauses } = storeToRefs(useSyncStore())
  return {
    refus(category) {
      const libelle = t(`categories.${category}`)
      if (fetchedAt.value !== null && !droits.value.includes(category)) return t('droits.refuseMoi', { libelle })
      return categoryPauses.value.some((p) => p.category === category) ? t('erreurs.droitManquant', { libelle }) : null
    },
  }
}

/**
 * The status of each dossier's monthly DSN of a period, from the cached DSN list (readable offline): for the cabinet
 * screen's « DSN du mois » column. The list is read once when the screen opens (a search on the DSN screen refreshes it).
 */
import { onMounted, shallowRef } from 'vue'

import type { DeclarationRow } from '../../../src-shared/domain/declarations'
import { appServices } from '../../services/app-services'
import { dsnStatusOf, loadDeclarations, type DsnStatus } from '../../services/declarations-cache'

/** `statusOf(siren, periode)`: the cached status (`aucune` before the list is read or when it holds none). */
export function useDsnStatuses(): { statusOf: (siren: string, periode: string) => DsnStatus } {
  const rows = shallowRef<DeclarationRow[]>([])
  onMounted(async () => {
    rows.value = (await loadDeclarations(appServices().db)).rows
  })
  return { statusOf: (siren, periode) => dsnStatusOf(rows.value, siren, periode) }
}

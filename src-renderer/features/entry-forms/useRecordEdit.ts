/**
 * The service record a one-entry form changes (« Modifier » on the period's records, issue 14 point 3): named by the
 * route (`?record=<id>&periode=<YYYY-MM>`), read from the records cache (works offline). Leaving the change drops the
 * query (the form is a new entry form again).
 */
import { ref, shallowRef, watch, type Ref } from 'vue'
import { useRoute, useRouter } from 'vue-router'

import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import type { ServiceRecordRow } from '../../db/schema'
import { useServiceRecordsStore } from '../../stores/serviceRecords'

/** What {@link useRecordEdit} gives. */
export interface RecordEdit {
  /** The record being changed; null for a new entry. */
  readonly editing: Ref<ServiceRecordRow | null>
  /** True when the route names a record that is not cached on this workstation. */
  readonly missing: Ref<boolean>
  /** Back to a new entry (the route's `record` and `periode` dropped). */
  readonly leave: () => Promise<void>
}

/** The record of the route for the form of `kind` in dossier `siren` (read whenever the query changes). */
export function useRecordEdit(kind: EntryKind, siren: () => string): RecordEdit {
  const route = useRoute()
  const router = useRouter()
  const store = useServiceRecordsStore()
  const editing = shallowRef<ServiceRecordRow | null>(null)
  const missing = ref(false)
  watch(
    () => [route.query['record'], route.query['periode']] as const,
    async ([id, periode]) => {
      if (typeof id !== 'string' || typeof periode !== 'string') {
        editing.value = null
        missing.value = false
        return
      }
      const row = await store.cachedRecord(siren(), periode, kind, id)
      editing.value = row ?? null
      missing.value = row === undefined
    },
    { immediate: true },
  )
  async function leave(): Promise<void> {
    const query = { ...route.query }
    delete query['record']
    delete query['periode']
    await router.replace({ query })
  }
  return { editing, missing, leave }
}

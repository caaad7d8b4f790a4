/**
 * One payslip store (issue 15, point 2): the payslip the screen shows, with its rubriques and notes, read from the
 * Dexie cache (offline, with its age) and refreshed through main when online; beside it, the month's variable
 * elements of its employee (the service records store and the outbox), each marked found in the rubriques or not.
 */
import { defineStore, storeToRefs } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import { groupRubriques, matchElements } from '../../src-shared/domain/bulletin-view'
import type { BulletinDetailRow } from '../db/schema'
import { monthElements } from '../services/bulletin-elements'
import type { Reported } from '../i18n/reported'
import { appServices, maybeAppServices } from '../services/app-services'
import { loadBulletin, refreshBulletin } from '../services/bulletins-cache'
import { referenceAgeMinutes } from '../services/reference-cache'
import { localError, readThrough } from './read-through'
import { useServiceRecordsStore } from './serviceRecords'
import { useSyncStore } from './sync'

export const useBulletinStore = defineStore('bulletin', () => {
  const id = ref('')
  const siren = ref('')
  /** The cached read; null until read once. */
  const row = shallowRef<BulletinDetailRow | null>(null)
  const refreshing = ref(false)
  const error = ref<Reported | null>(null)

  const clock = (): number => maybeAppServices()?.now() ?? Date.now()
  const ageMinutes = computed(() => referenceAgeMinutes(row.value?.fetchedAt ?? null, clock()))
  /** The rubriques grouped as a payslip reads (#49). */
  const sections = computed(() => (row.value === null ? [] : groupRubriques(row.value.bulletin.rubriques.lignes)))
  /** The month's elements of the employee and contract, found in the rubriques or not (#49). */
  const elements = computed(() => {
    const b = row.value?.bulletin
    if (b === undefined) return []
    const records = storeToRefs(useServiceRecordsStore())
    if (records.siren.value !== b.siren || records.periode.value !== b.periode) return []
    return matchElements(b, monthElements(records.records.value, records.entries.value, b.matricule))
  })

  async function load(): Promise<void> {
    const wanted = id.value
    const cached = await loadBulletin(appServices().db, wanted)
    if (wanted === id.value) row.value = cached ?? null
  }

  /** Reads the payslip through main and caches it; on failure the cache is kept and `error` says why. */
  async function refresh(): Promise<boolean> {
    if (id.value === '') return false
    const [wanted, dossier] = [id.value, siren.value]
    return readThrough({ refreshing, error }, () => refreshBulletin(appServices().db, appServices().api, wanted, dossier), load)
  }

  /**
   * The screen shows payslip `bulletinId` of `dossier`: the cache at once, the service when online, then its
   * elements. Never rejects (screens call it without awaiting): a failure is kept in `error`.
   */
  async function open(bulletinId: string, dossier: string): Promise<void> {
    if (bulletinId !== id.value) {
      id.value = bulletinId
      siren.value = dossier
      row.value = null
      error.value = null
    }
    try {
      await load()
      if (useSyncStore().online) await refresh()
      const b = row.value?.bulletin
      if (b !== undefined) await useServiceRecordsStore().open(b.siren, b.periode)
    } catch (thrown) {
      error.value = localError(thrown)
    }
  }

  return { id, siren, row, refreshing, error, ageMinutes, sections, elements, load, refresh, open }
})

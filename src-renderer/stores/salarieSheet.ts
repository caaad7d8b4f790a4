/**
 * Employee sheet store (issue 16, points 1 and 3): the sheet of the salarié shown (identity, payment with the IBAN
 * masked, contracts with working time and definition, notes), read from the Dexie cache at once (works offline, with
 * its age) and refreshed from the service through main when online; plus the code lists that label the contracts'
 * coded fields, refreshed when missing or older than a day.
 */
import { useIntervalFn } from '@vueuse/core'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import type { CodesListResult, SalarieSheet } from '../../src-shared/domain/people'
import type { Reported } from '../i18n/reported'
import { appServices, maybeAppServices } from '../services/app-services'
import { CONTRACT_CODE_LISTS, loadCodeLists, loadSheet, refreshCodeLists, refreshSheet, type NomCode } from '../services/people-cache'
import { isReferenceStale, referenceAgeMinutes } from '../services/reference-cache'
import { useSyncStore } from './sync'

export const useSalarieSheetStore = defineStore('salarieSheet', () => {
  /** Dossier and employee shown; empty until a sheet is opened. */
  const siren = ref('')
  const matricule = ref('')
  /** The cached sheet of that employee; null when never read on this workstation. */
  const sheet = shallowRef<SalarieSheet | null>(null)
  /** Cached code lists by name. */
  const codeLists = shallowRef<Partial<Record<NomCode, CodesListResult>>>({})
  const refreshing = ref(false)
  /** Why the last refresh failed (main's code, worded by the view); null after a success. */
  const error = ref<Reported | null>(null)

  const clock = (): number => maybeAppServices()?.now() ?? Date.now()
  const now = shallowRef(clock())
  useIntervalFn(() => {
    now.value = clock()
  }, 60_000)
  /** Whole minutes since the sheet was read; null when never. */
  const ageMinutes = computed(() => referenceAgeMinutes(sheet.value?.fetchedAt ?? null, now.value))

  /** Reads the cached sheet of the employee shown and the cached code lists. */
  async function load(): Promise<void> {
    const { db } = appServices()
    const key = `${siren.value}|${matricule.value}`
    const [cached, lists] = await Promise.all([loadSheet(db, siren.value, matricule.value), loadCodeLists(db)])
    if (key !== `${siren.value}|${matricule.value}`) return
    sheet.value = cached
    codeLists.value = lists
    now.value = clock()
  }

  /**
   * Reads the sheet from the service and caches it, then the contract code lists that are missing or stale. On
   * failure the cache is kept and `error` holds main's code.
   * @returns true when the sheet was refreshed
   */
  async function refresh(): Promise<boolean> {
    if (refreshing.value || siren.value === '') return false
    const key = `${siren.value}|${matricule.value}`
    refreshing.value = true
    try {
      const { db, api } = appServices()
      const result = await refreshSheet(db, api, siren.value, matricule.value)
      if (!result.ok) {
        error.value = result.error
        return false
      }
      const stale = CONTRACT_CODE_LISTS.filter((nom) => isReferenceStale(codeLists.value[nom]?.fetchedAt ?? null, clock()))
      const lists = stale.length === 0 ? null : await refreshCodeLists(db, api, stale)
      error.value = lists !== null && !lists.ok ? lists.error : null
      if (key === `${siren.value}|${matricule.value}`) await load()
      return true
    } catch (thrown) {
      error.value = { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) }
      return false
    } finally {
      refreshing.value = false
    }
  }

  /**
   * A sheet is shown: reads the cache at once, then refreshes from the service when online; with `onlyIfMissing`
   * (a contract's screen, reached from the sheet just read) only when no sheet of that employee is cached.
   */
  async function open(dossier: string, employe: string, onlyIfMissing = false): Promise<void> {
    if (dossier !== siren.value || employe !== matricule.value) {
      siren.value = dossier
      matricule.value = employe
      sheet.value = null
      error.value = null
    }
    await load()
    if (useSyncStore().online && !(onlyIfMissing && sheet.value !== null)) await refresh()
  }

  /**
   * The code lists `noms` (the contract form's): cached ones read at once, then, online, those missing or older than a
   * day asked of main. A failure leaves the cached copies and sets `error`.
   */
  async function ensureCodeLists(noms: readonly NomCode[]): Promise<void> {
    const { db, api } = appServices()
    codeLists.value = await loadCodeLists(db)
    if (!useSyncStore().online) return
    const stale = noms.filter((nom) => isReferenceStale(codeLists.value[nom]?.fetchedAt ?? null, clock()))
    if (stale.length === 0) return
    const result = await refreshCodeLists(db, api, stale)
    if (!result.ok) error.value = result.error
    codeLists.value = await loadCodeLists(db)
  }

  return { siren, matricule, sheet, codeLists, refreshing, error, ageMinutes, load, refresh, open, ensureCodeLists }
})

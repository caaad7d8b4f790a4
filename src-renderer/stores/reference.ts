/**
 * Reference store: the cached dossiers, employees, code lists and rights the forms validate against offline,
 * with the age of the cache (ARCHITECTURE.md "Reference data").
 */
import { useIntervalFn } from '@vueuse/core'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import type { Categorie } from '../../src-shared/api/categories'
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { Dossier } from '../../src-shared/api/dossiers'
import type { Salarie } from '../../src-shared/api/salaries'
import type { Reported } from '../i18n/reported'
import { appServices, maybeAppServices } from '../services/app-services'
import { loadCodeLists, loadReferenceHead, loadSalaries, referenceAgeMinutes, refreshReference } from '../services/reference-cache'
import { useSyncStore } from './sync'

/*
 * The cached lists are shallow refs: they are replaced whole by `load()`, never changed in place, and a cabinet's
 * 20 000 employees made deeply reactive cost every reader a proxy per object and property (issue 19, point 3: the
 * period's records looked each employee's name up through them, 2 s of proxy `get` in a 2 000-cell paste).
 */
export const useReferenceStore = defineStore('reference', () => {
  /** Dossiers assigned to the user, by raison sociale. */
  const dossiers = shallowRef<Dossier[]>([])
  /** Employees per SIREN, by nom then prénom. */
  const salariesBySiren = shallowRef<Record<string, Salarie[]>>({})
  /** Code lists per SIREN. */
  const codesAbsences = shallowRef<Record<string, CodeAbsence[]>>({})
  const codesEvp = shallowRef<Record<string, CodeEvp[]>>({})
  const codesPrimes = shallowRef<Record<string, CodePrimeIndemnite[]>>({})
  /** Rights (API categories) of the user at the last refresh. */
  const droits = ref<Categorie[]>([])
  /** ISO instant of the oldest cached data; null when never fetched. */
  const fetchedAt = ref<string | null>(null)
  const refreshing = ref(false)
  /** Why the last refresh failed (main's code, worded by the view); null after a success. */
  const error = ref<Reported | null>(null)

  // Minutes tick so that `ageMinutes` moves while the page stays open.
  const clock = (): number => maybeAppServices()?.now() ?? Date.now()
  const now = shallowRef(clock())
  useIntervalFn(() => {
    now.value = clock()
  }, 60_000)

  /** Whole minutes since `fetchedAt`; null when never fetched. */
  const ageMinutes = computed(() => referenceAgeMinutes(fetchedAt.value, now.value))

  /** The dossier with this SIREN, or undefined. */
  function dossier(siren: string): Dossier | undefined {
    return dossiers.value.find((d) => d.siren === siren)
  }

  /** Employees of a dossier ([] when unknown). */
  function salaries(siren: string): Salarie[] {
    return salariesBySiren.value[siren] ?? []
  }

  /** Employees by matricule, per SIREN, built on first use after each load (a list's names are looked up per line). */
  const byMatricule = computed(() => {
    const lists = salariesBySiren.value
    const maps = new Map<string, Map<string, Salarie>>()
    return (siren: string): Map<string, Salarie> => {
      let map = maps.get(siren)
      if (map === undefined) {
        map = new Map((lists[siren] ?? []).map((s) => [s.matricule, s]))
        maps.set(siren, map)
      }
      return map
    }
  })

  /** One employee, or undefined (a map lookup: no scan of the dossier's employees). */
  function salarie(siren: string, matricule: string): Salarie | undefined {
    return byMatricule.value(siren).get(matricule)
  }

  /**
   * Reads the cache from the database (after a refresh; the start reads it in steps, main.ts): dossiers and rights
   * ({@link loadHead}), the code lists ({@link loadCodes}), then the employees ({@link loadPeople}).
   */
  async function load(): Promise<void> {
    await loadHead()
    await loadCodes()
    await loadPeople()
  }

  /** Reads the cache's dossiers, rights and date: what the home screen shows (no code list, no employee). */
  async function loadHead(): Promise<void> {
    const cached = await loadReferenceHead(appServices().db)
    dossiers.value = cached.dossiers
    droits.value = cached.droits
    fetchedAt.value = cached.fetchedAt
    now.value = clock()
  }

  /** Reads the cache's code lists (absences, EVP, primes) of every dossier. */
  async function loadCodes(): Promise<void> {
    const lists = await loadCodeLists(appServices().db)
    codesAbsences.value = lists.codesAbsences
    codesEvp.value = lists.codesEvp
    codesPrimes.value = lists.codesPrimes
  }

  /** Reads the cache's employees, every dossier's (20 000 in a big cabinet: the longest read of the start). */
  async function loadPeople(): Promise<void> {
    salariesBySiren.value = await loadSalaries(appServices().db)
  }

  /**
   * Fetches the reference from the payroll service (through main) and caches it; `sirens` limits it to some
   * dossiers. On failure the cache is kept and `error` holds main's code (worded by the view, place `demande`). Category pauses whose right
   * is back are lifted.
   * @returns true when the cache was refreshed
   */
  async function refresh(sirens?: readonly string[]): Promise<boolean> {
    if (refreshing.value) return false
    refreshing.value = true
    try {
      const { db, api } = appServices()
      const result = await refreshReference(db, api, sirens)
      if (!result.ok) {
        error.value = result.error
        return false
      }
      error.value = null
      await load()
      await useSyncStore().rightsRefreshed(result.value.droits)
      return true
    } catch (thrown) {
      error.value = { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) }
      return false
    } finally {
      refreshing.value = false
    }
  }

  return {
    dossiers,
    salariesBySiren,
    codesAbsences,
    codesEvp,
    codesPrimes,
    droits,
    fetchedAt,
    refreshing,
    error,
    ageMinutes,
    dossier,
    salaries,
    salarie,
    load,
    loadHead,
    loadCodes,
    loadPeople,
    refresh,
  }
})

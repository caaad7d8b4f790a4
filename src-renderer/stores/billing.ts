/**
 * Billing store (issue 18, point 3): the cached counters (Dexie, readable offline with their age), the months shown
 * (the twelve closed months before the cabinet's current payroll month), the dossier filter, and the cabinet's figures
 * per month computed from them (features/billing/billing.ts).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import type { Facturation } from '../../src-shared/api/cabinet'
import { monthlyTotals, monthsBefore } from '../services/billing-figures'
import type { Reported } from '../i18n/reported'
import { appServices } from '../services/app-services'
import { loadFacturations, refreshFacturations, type BillingApi } from '../services/billing-cache'
import { useReferenceStore } from './reference'

let injectedApi: BillingApi | null = null

/** Replaces `window.api` for this store (unit tests). */
export function useBillingApi(api: BillingApi | null): void {
  injectedApi = api
}

function api(): BillingApi {
  return injectedApi ?? window.api
}

/** `YYYY-MM` of an instant in local time. */
function monthOf(ms: number): string {
  const d = new Date(ms)
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

/**
 * The current month of the cabinet: the latest `periode_paie_en_cours` of the cached dossiers (the months before it
 * are closed and billed), else the workstation's month.
 */
function currentMonth(): string {
  const open = useReferenceStore()
    .dossiers.map((d) => d.periode_paie_en_cours)
    .sort()
  return open[open.length - 1] ?? monthOf(appServices().now())
}

export const useBillingStore = defineStore('billing', () => {
  /** Every cached row (all months read). */
  const rows = shallowRef<Facturation[]>([])
  /** ISO instant of the last read; null when never read. */
  const fetchedAt = ref<string | null>(null)
  const loading = ref(false)
  /** Why the last read failed (main's code, worded by the view; the cache stays shown). */
  const error = ref<Reported | null>(null)
  /** Dossier shown, '' for the whole cabinet. */
  const siren = ref('')
  /** The twelve months shown, oldest first (set by {@link load}). */
  const periodes = ref<string[]>([])
  /** The cabinet's (or the dossier's) figures of each month shown. */
  const months = computed(() => monthlyTotals(rows.value, periodes.value, siren.value === '' ? [] : [siren.value]))
  /** SIRENs present in the cached rows, for the dossier filter. */
  const sirens = computed(() => [...new Set(rows.value.map((r) => r.siren))].sort())

  async function reload(): Promise<void> {
    const cached = await loadFacturations(appServices().db)
    rows.value = cached.rows
    fetchedAt.value = cached.fetchedAt
  }

  /** Reads the cache; the months shown are the twelve before the cabinet's current month. */
  async function load(): Promise<void> {
    periodes.value = monthsBefore(currentMonth(), 12)
    await reload()
  }

  /** Reads the months shown through main and caches them; false (reason in `error`) when it failed. */
  async function refresh(): Promise<boolean> {
    if (loading.value) return false
    if (periodes.value.length === 0) periodes.value = monthsBefore(currentMonth(), 12)
    loading.value = true
    try {
      const result = await refreshFacturations(appServices().db, api(), periodes.value)
      error.value = result.ok ? null : result.error
      await reload()
      return result.ok
    } finally {
      loading.value = false
    }
  }

  return { rows, fetchedAt, loading, error, siren, periodes, months, sirens, load, refresh }
})

/**
 * Cumuls store (issue 16, point 4): the cumuls of a dossier's year read from the Dexie cache at once (offline, with
 * its age) and refreshed through the two filters when online; the grid's draft (typed, pasted or imported cells,
 * kept in Dexie: nothing lost on a reload); and ONE PUT of the draft, online only, with its outcome placed on the
 * cells (services/cumuls-cache.ts). The cells' text is read by the feature (features/cumuls) before it comes here.
 */
import { useIntervalFn } from '@vueuse/core'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import type { CumulDraftRow, CumulEdit, CumulReadRow } from '../../src-shared/domain/cumul-draft'
import { draftCounts } from '../../src-shared/domain/cumul-draft'
import { CumulsFilter, matchesCumulsFilter, type CumulsPutOutcome } from '../../src-shared/domain/cumuls'
import type { Reported } from '../i18n/reported'
import { appServices, maybeAppServices } from '../services/app-services'
import { discardDraft, loadCumuls, loadDraft, refreshCumuls, saveEdits, saveImported, sendDraft } from '../services/cumuls-cache'
import { referenceAgeMinutes } from '../services/reference-cache'
import { useSyncStore } from './sync'

/** Why the last send did not go, for the view: offline, waiting for a lost answer to settle, or main's code. */
export type SendBlock = { readonly reason: 'horsLigne' } | { readonly reason: 'attente'; readonly until: string }

export const useCumulsStore = defineStore('cumuls', () => {
  const siren = ref('')
  const annee = ref(0)
  const filtre = ref<CumulsFilter>(CumulsFilter.parse({}))
  /** The cached cumuls of the year (all filters merged); null when never read on this workstation. */
  const cache = shallowRef<CumulReadRow | null>(null)
  const draft = shallowRef<CumulDraftRow | null>(null)
  const refreshing = ref(false)
  const sending = ref(false)
  /** Why the last read failed (main's code, worded by the view); null after a success. */
  const error = ref<Reported | null>(null)
  /** Outcome of the last send (null before any), with the number of cells it carried. */
  const lastSend = shallowRef<{
    readonly sent: number
    readonly outcome: CumulsPutOutcome | null
    readonly failure: Reported | null
  } | null>(null)
  const blocked = shallowRef<SendBlock | null>(null)

  const clock = (): number => maybeAppServices()?.now() ?? Date.now()
  const now = shallowRef(clock())
  useIntervalFn(() => {
    now.value = clock()
  }, 60_000)
  const ageMinutes = computed(() => referenceAgeMinutes(cache.value?.fetchedAt ?? null, now.value))
  /** The cached cumuls passing the filters. */
  const cumuls = computed(() => (cache.value?.cumuls ?? []).filter((c) => matchesCumulsFilter(c, filtre.value)))
  const counts = computed(() => draftCounts(draft.value))

  const scope = (): string => `${siren.value}|${String(annee.value)}`

  /** Reads the cached year and its draft. */
  async function load(): Promise<void> {
    const { db } = appServices()
    const key = scope()
    const [cached, row] = await Promise.all([loadCumuls(db, siren.value, annee.value), loadDraft(db, siren.value, annee.value)])
    if (key !== scope()) return
    cache.value = cached
    draft.value = row
    now.value = clock()
  }

  /** Reads the year through the filters and merges it into the cache. @returns true when read */
  async function refresh(): Promise<boolean> {
    if (refreshing.value || siren.value === '') return false
    refreshing.value = true
    try {
      const result = await refreshCumuls(appServices().db, appServices().api, siren.value, annee.value, filtre.value)
      error.value = result.ok ? null : result.error
      await load()
      return result.ok
    } finally {
      refreshing.value = false
    }
  }

  /** Shows `dossier`'s year `year`: the cache at once, then a read when online. */
  async function open(dossier: string, year: number): Promise<void> {
    if (dossier !== siren.value || year !== annee.value) {
      siren.value = dossier
      annee.value = year
      cache.value = null
      draft.value = null
      error.value = null
      lastSend.value = null
      blocked.value = null
    }
    await load()
    if (useSyncStore().online) await refresh()
  }

  /** Changes the filters and reads again when online (offline, the cache is filtered as it is). */
  async function setFilter(next: CumulsFilter): Promise<void> {
    filtre.value = next
    if (useSyncStore().online) await refresh()
  }

  /** Saves cells in the draft (one transaction). */
  async function edit(edits: readonly CumulEdit[]): Promise<void> {
    if (edits.length === 0) return
    draft.value = await saveEdits(appServices().db, siren.value, annee.value, edits, new Date(clock()).toISOString())
  }

  /**
   * Writes the kept rows of an imported cumuls file into the drafts of their years, in one transaction (#70).
   * @returns the cells written
   */
  async function importEdits(byYear: ReadonlyMap<number, readonly CumulEdit[]>): Promise<number> {
    const written = await saveImported(appServices().db, siren.value, byYear, new Date(clock()).toISOString())
    await load()
    return written
  }

  /** Drops every unsent cell of the year. */
  async function discard(): Promise<void> {
    await discardDraft(appServices().db, siren.value, annee.value)
    draft.value = null
  }

  /**
   * Sends the draft as ONE PUT when online and no lost answer is still settling; the outcome lands on the cells, then
   * the year is read again. @returns true when a PUT was answered (whatever it said)
   */
  async function send(): Promise<boolean> {
    if (sending.value) return false
    if (!useSyncStore().online) {
      blocked.value = { reason: 'horsLigne' }
      return false
    }
    const until = draft.value?.settleUntil ?? null
    if (until !== null && Date.parse(until) > clock()) {
      blocked.value = { reason: 'attente', until }
      return false
    }
    blocked.value = null
    sending.value = true
    try {
      const result = await sendDraft(appServices().db, appServices().api, siren.value, annee.value, () => new Date(clock()).toISOString())
      if (result.sent === 0 || !('outcome' in result)) return false
      // The cells as the outcome left them, before the result is shown.
      await load()
      lastSend.value = result.outcome.ok
        ? { sent: result.sent, outcome: result.outcome.value, failure: null }
        : { sent: result.sent, outcome: null, failure: result.outcome.error }
      await refresh()
      return result.outcome.ok
    } finally {
      sending.value = false
    }
  }

  return {
    siren,
    annee,
    filtre,
    cache,
    draft,
    refreshing,
    sending,
    error,
    lastSend,
    blocked,
    ageMinutes,
    cumuls,
    counts,
    load,
    refresh,
    open,
    setFilter,
    edit,
    importEdits,
    discard,
    send,
  }
})

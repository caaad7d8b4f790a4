/**
 * Carry-over store (issue 14, point 6, « Reprendre le mois précédent »): reads the service's EVP of the period before
 * the one the EVP grid shows (refreshed from the service when online, else from the cache), proposes them again
 * (carryOver, src-shared/domain/carry-over.ts), and saves the proposals the clerk kept only once he confirms: as
 * drafts or queued, as he chooses, in ONE transaction (enqueueTogether). Nothing is written before that.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import { carryOver, previousPeriod, type CarryCode, type CarryProposal, type CarrySalarie } from '../../src-shared/domain/carry-over'
import { enqueueTogether } from '../db/outbox'
import { entriesOfPeriod } from '../db/outbox-query'
import type { Reported } from '../i18n/reported'
import { appServices } from '../services/app-services'
import { loadServiceRecords, refreshServiceRecords } from '../services/records-cache'
import { useServiceRecordsStore } from './serviceRecords'
import { useSyncStore } from './sync'

/** What the last confirmation did: proposals saved (as drafts or queued) and refused by the offline checks. */
export interface CarryOutcome {
  readonly saved: number
  readonly refused: number
  readonly asDraft: boolean
}

export const useCarryOverStore = defineStore('carryOver', () => {
  /** Dossier and period the proposals are for; empty when none. */
  const siren = ref('')
  const periode = ref('')
  /** The proposals, by matricule, contract and code; empty until {@link propose}. */
  const proposals = shallowRef<CarryProposal[]>([])
  /** Keys of the proposals the clerk keeps (all at first). */
  const kept = ref<string[]>([])
  /** True once {@link propose} ran for `siren`/`periode`, until confirmed or dismissed. */
  const open = ref(false)
  const busy = ref(false)
  /** When the previous period's records were fetched; null when never (nothing could be proposed). */
  const previousReadAt = ref<string | null>(null)
  /** When the period being entered was read; null when never (a cell the service holds may then be proposed). */
  const currentReadAt = ref<string | null>(null)
  /** Why the previous period could not be refreshed (the cache was used), or why saving failed. */
  const error = ref<Reported | null>(null)
  const outcome = shallowRef<CarryOutcome | null>(null)

  const keptProposals = computed(() => proposals.value.filter((p) => kept.value.includes(p.key)))

  /**
   * Proposes the previous period's EVP of dossier `dossier` for period `period` (`YYYY-MM`): refreshes the records of
   * both periods from the service when online (a failure keeps the cache and is kept in `error`), then applies carryOver
   * to the cached records, this workstation's entries of `period` and the service's records of `period`.
   */
  async function propose(dossier: string, period: string, salaries: readonly CarrySalarie[], codes: readonly CarryCode[]): Promise<void> {
    const { db, api } = appServices()
    siren.value = dossier
    periode.value = period
    busy.value = true
    error.value = null
    outcome.value = null
    try {
      const previous = previousPeriod(period)
      if (useSyncStore().online) {
        const refreshed = await Promise.all([previous, period].map((p) => refreshServiceRecords(db, api, dossier, p)))
        for (const r of refreshed) if (!r.ok) error.value = r.error
        const shown = useServiceRecordsStore()
        if (shown.siren === dossier && shown.periode === period) await shown.load()
      }
      const [before, now, local] = await Promise.all([
        loadServiceRecords(db, dossier, previous),
        loadServiceRecords(db, dossier, period),
        entriesOfPeriod(db, dossier, period).toArray(),
      ])
      const evpOf = (rows: typeof before.rows) => rows.flatMap((r) => (r.kind === 'evp' ? [r.record] : []))
      proposals.value = carryOver({
        periode: period,
        // The cache is keyed by record id: sorted by salarié, contract and code, so the list reads like the grid.
        previousRecords: evpOf(before.rows).sort(
          (a, b) =>
            a.matricule.localeCompare(b.matricule) ||
            a.numero_contrat.localeCompare(b.numero_contrat) ||
            a.code_evp.localeCompare(b.code_evp),
        ),
        currentRecords: evpOf(now.rows),
        localEntries: local,
        salaries,
        codes,
      })
      kept.value = proposals.value.map((p) => p.key)
      previousReadAt.value = before.read?.fetchedAt ?? null
      currentReadAt.value = now.read?.fetchedAt ?? null
      open.value = true
    } finally {
      busy.value = false
    }
  }

  /**
   * Saves the kept proposals as drafts (`asDraft`) or queued, in one transaction; proposals the offline checks refuse
   * are counted in `outcome.refused`, not saved. Closes the proposals.
   */
  async function confirm(asDraft: boolean): Promise<CarryOutcome> {
    const { db, outboxEnv } = appServices()
    busy.value = true
    try {
      const inputs = keptProposals.value.map((p) => ({ kind: 'evp' as const, payload: p.payload, asDraft }))
      const result = await enqueueTogether(db, inputs, outboxEnv)
      const done: CarryOutcome = { saved: result.saved, refused: inputs.length - result.saved, asDraft }
      outcome.value = done
      dismiss()
      return done
    } catch (thrown) {
      error.value = { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) }
      throw thrown
    } finally {
      busy.value = false
    }
  }

  /** Drops the proposals without writing anything. */
  function dismiss(): void {
    proposals.value = []
    kept.value = []
    open.value = false
  }

  return {
    siren,
    periode,
    proposals,
    kept,
    open,
    busy,
    previousReadAt,
    currentReadAt,
    error,
    outcome,
    keptProposals,
    propose,
    confirm,
    dismiss,
  }
})

/**
 * Payslips store (issue 15, points 1 and 3): the payslips of the dossier and period the list shows, read from the
 * Dexie cache (works offline, with its age) and refreshed through main when online; the period's computation; and
 * workflow actions on one payslip or a selection, one after the other with a progress count and a report of what
 * each payslip became (batchReport). A payslip whose last answer was lost is read before any action is sent again
 * (#50), and not before its settle time.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import type { ActionBulletin, Bulletin } from '../../src-shared/api/bulletins'
import { batchReport, type BatchCounts, type BatchLine, type BulletinActOutcome } from '../../src-shared/domain/bulletins'
import type { BulletinActionRow, BulletinReadRow } from '../db/schema'
import type { Reported } from '../i18n/reported'
import { appServices, maybeAppServices } from '../services/app-services'
import { loadBulletins, refreshBulletins, storeOutcome } from '../services/bulletins-cache'
import { referenceAgeMinutes } from '../services/reference-cache'
import { useSyncStore } from './sync'

/** The report of the last batch. */
export interface BatchReportState {
  readonly action: ActionBulletin
  readonly lines: readonly BatchLine[]
  readonly counts: BatchCounts
}

/** Code of the outcome made up for a payslip whose lost answer may still commit (not sent). */
export const REPONSE_EN_ATTENTE = 'REPONSE_EN_ATTENTE'

function localError(thrown: unknown): Reported {
  return { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) }
}

export const useBulletinsStore = defineStore('bulletins', () => {
  const siren = ref('')
  const periode = ref('')
  const rows = shallowRef<Bulletin[]>([])
  const read = shallowRef<BulletinReadRow | null>(null)
  /** Lost answers of the dossier, by payslip id. */
  const lost = shallowRef<ReadonlyMap<string, BulletinActionRow>>(new Map())
  const refreshing = ref(false)
  const error = ref<Reported | null>(null)
  /** Batch in progress: payslips done and total; null when none. */
  const progress = ref<{ done: number; total: number } | null>(null)
  const report = shallowRef<BatchReportState | null>(null)

  const clock = (): number => maybeAppServices()?.now() ?? Date.now()
  /** Whole minutes since the list was read; null when never. */
  const ageMinutes = computed(() => referenceAgeMinutes(read.value?.fetchedAt ?? null, clock()))

  /** Reads the cache of the dossier and period shown. */
  async function load(): Promise<void> {
    if (siren.value === '' || periode.value === '') return
    const key = `${siren.value}|${periode.value}`
    const cached = await loadBulletins(appServices().db, siren.value, periode.value)
    if (key !== `${siren.value}|${periode.value}`) return
    rows.value = cached.rows
    read.value = cached.read
    lost.value = cached.lost
  }

  /** Lists the period through main and caches it; on failure the cache is kept and `error` says why. */
  async function refresh(): Promise<boolean> {
    if (siren.value === '' || periode.value === '') return false
    refreshing.value = true
    try {
      const result = await refreshBulletins(appServices().db, appServices().api, siren.value, periode.value)
      if (!result.ok) {
        error.value = result.error
        return false
      }
      error.value = null
      await load()
      return true
    } catch (thrown) {
      error.value = localError(thrown)
      return false
    } finally {
      refreshing.value = false
    }
  }

  /**
   * The list shows `dossier` in `period`: the cache at once, then the service when online. Never rejects (screens
   * call it without awaiting): a failure is kept in `error`.
   */
  async function open(dossier: string, period: string): Promise<void> {
    if (dossier !== siren.value || period !== periode.value) {
      siren.value = dossier
      periode.value = period
      rows.value = []
      read.value = null
      lost.value = new Map()
      error.value = null
      report.value = null
    }
    try {
      await load()
      if (useSyncStore().online) await refresh()
    } catch (thrown) {
      error.value = localError(thrown)
    }
  }

  /** Computes every payslip of the period, then lists it again. @returns false when main refused (see `error`). */
  async function computePeriod(): Promise<boolean> {
    const result = await appServices().api['bulletins:compute']({ siren: siren.value, periode: periode.value })
    if (!result.ok) {
      error.value = result.error
      return false
    }
    return refresh()
  }

  /** One action on one payslip: read first after a lost answer, not before its settle time (#50). */
  async function actOne(b: Bulletin, action: ActionBulletin, motif: string | undefined): Promise<BulletinActOutcome> {
    const pending = lost.value.get(b.id)
    const nowIso = new Date(clock()).toISOString()
    if (pending !== undefined && Date.parse(pending.settleUntil) > clock()) {
      const message = 'lost answer not settled yet'
      return {
        id: b.id,
        action,
        result: 'not_sent',
        bulletin: null,
        settleUntil: pending.settleUntil,
        error: { code: REPONSE_EN_ATTENTE, message, params: { heure: pending.settleUntil } },
      }
    }
    const result = await appServices().api['bulletins:act']({
      id: b.id,
      action,
      ...(action === 'refus' ? { motif: motif ?? '' } : {}),
      afterLostAnswer: pending !== undefined,
    })
    const outcome: BulletinActOutcome = result.ok
      ? result.value
      : { id: b.id, action, result: 'not_sent', bulletin: null, settleUntil: null, error: result.error }
    await storeOutcome(appServices().db, b.siren, outcome, nowIso)
    return outcome
  }

  /**
   * Applies `action` to each payslip of `selection` that allows it (`allowed`), one after the other, with the
   * progress count; a payslip that does not is left out (`ignored` in the report). After a road failure (not sent)
   * the rest is not tried. Reloads the cache and keeps the report.
   * @param allowed true when the action is offered on that payslip (actionDenial === null)
   */
  async function runBatch(
    selection: readonly Bulletin[],
    action: ActionBulletin,
    allowed: (b: Bulletin) => boolean,
    motif?: string,
  ): Promise<BatchReportState> {
    const targets = selection.filter(allowed)
    const outcomes = new Map<string, BulletinActOutcome>()
    progress.value = { done: 0, total: targets.length }
    report.value = null
    let stop: BulletinActOutcome['error'] = null
    try {
      for (const b of targets) {
        const outcome: BulletinActOutcome =
          stop === null
            ? await actOne(b, action, motif)
            : { id: b.id, action, result: 'not_sent', bulletin: null, settleUntil: null, error: stop }
        if (outcome.result === 'not_sent' && outcome.error?.code !== REPONSE_EN_ATTENTE) stop = outcome.error
        outcomes.set(b.id, outcome)
        progress.value = { done: outcomes.size, total: targets.length }
      }
    } finally {
      progress.value = null
      await load()
    }
    const done = { action, ...batchReport(selection, outcomes) }
    report.value = done
    return done
  }

  return { siren, periode, rows, read, lost, refreshing, error, progress, report, ageMinutes, load, refresh, open, computePeriod, runBatch }
})

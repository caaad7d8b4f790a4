/**
 * Payslips store (issue 15, points 1 and 3): the payslips of the dossier and period the list shows, read from the
 * Dexie cache (works offline, with its age) and refreshed through main when online; the period's computation; and
 * workflow actions on one payslip or a selection, one after the other with a progress count and a report of what
 * each payslip became (batchReport). Offline, actions are queued on this workstation (Dexie `bulletinActions`) and
 * sent when the service answers again. A payslip whose last answer was lost, or whose action was queued, is read
 * before it is sent (#50), and a lost one not before its settle time.
 */
import { defineStore, storeToRefs } from 'pinia'
import { computed, effectScope, onScopeDispose, ref, shallowRef, type EffectScope } from 'vue'

import type { ActionBulletin, Bulletin } from '../../src-shared/api/bulletins'
import {
  batchReport,
  type BatchCounts,
  type BatchLine,
  type BatchOutcome,
  type BulletinActOutcome,
} from '../../src-shared/domain/bulletins'
import type { BulletinActionRow, BulletinReadRow } from '../db/schema'
import type { Reported } from '../i18n/reported'
import { appServices, maybeAppServices } from '../services/app-services'
import { rememberControl } from '../services/bulletin-control'
import { loadBulletins, queueAction, queuedActions, refreshBulletins, storeOutcome } from '../services/bulletins-cache'
import { refreshOnReconnect } from '../services/reconnect'
import { referenceAgeMinutes } from '../services/reference-cache'
import { localError, readThrough } from './read-through'
import { useSyncStore } from './sync'

/** What the control before sending found (#59): variances above the threshold, elements on no payslip. */
export interface ControlFindings {
  readonly ecarts: number
  readonly absents: number
  /** The threshold, whole percent. */
  readonly seuil: number
}

/** A control the clerk went past with findings, and the comment he gave (#59: kept with the batch's report). */
export interface ControlNote extends ControlFindings {
  readonly commentaire: string
}

/** The report of the last batch; `action` null for the actions queued offline and sent on reconnect. */
export interface BatchReportState {
  readonly action: ActionBulletin | null
  readonly lines: readonly BatchLine[]
  readonly counts: BatchCounts
  /** The control gone past before the batch, with the clerk's comment. */
  readonly control?: ControlNote
}

/** Code of the outcome made up for a payslip whose lost answer may still commit (not sent). */
export const REPONSE_EN_ATTENTE = 'REPONSE_EN_ATTENTE'

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
  let draining = false
  let following: EffectScope | null = null

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
    const [dossier, period] = [siren.value, periode.value]
    return readThrough({ refreshing, error }, () => refreshBulletins(appServices().db, appServices().api, dossier, period), load)
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
      follow()
      await load()
      if (useSyncStore().online) {
        await drain()
        await refresh()
      }
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

  /** One action on one payslip: read first after a lost answer or when it was queued, not before its settle time (#50). */
  async function actOne(b: Pick<Bulletin, 'id' | 'siren'>, action: ActionBulletin, motif: string | undefined): Promise<BulletinActOutcome> {
    const pending = lost.value.get(b.id)
    const nowIso = new Date(clock()).toISOString()
    if (pending?.settleUntil != null && Date.parse(pending.settleUntil) > clock()) {
      const message = 'lost answer not settled yet'
      const error = { code: REPONSE_EN_ATTENTE, message, params: { heure: pending.settleUntil } }
      return { id: b.id, action, result: 'not_sent', bulletin: null, settleUntil: pending.settleUntil, error }
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

  /** Sends one item after another; after a road failure (not sent) the rest is not tried. */
  async function sendAll(
    items: readonly { b: Pick<Bulletin, 'id' | 'siren'>; action: ActionBulletin; motif?: string }[],
  ): Promise<Map<string, BatchOutcome>> {
    const outcomes = new Map<string, BatchOutcome>()
    progress.value = { done: 0, total: items.length }
    let stop: BulletinActOutcome['error'] = null
    try {
      for (const { b, action, motif } of items) {
        const outcome: BatchOutcome = stop === null ? await actOne(b, action, motif) : { result: 'not_sent', bulletin: null, error: stop }
        if (outcome.result === 'not_sent' && outcome.error?.code !== REPONSE_EN_ATTENTE) stop = outcome.error
        outcomes.set(b.id, outcome)
        progress.value = { done: outcomes.size, total: items.length }
      }
    } finally {
      progress.value = null
      await load()
    }
    return outcomes
  }

  /**
   * Applies `action` to each payslip of `selection` that allows it (`allowed`), one after the other, with the
   * progress count; a payslip that does not is left out (`ignored` in the report). Offline, the actions are queued
   * on this workstation (`queued`) and sent when the service answers again ({@link drain}). Keeps the report, with
   * the control gone past (`control`, remembered in `meta` `bulletins.controles` under `siren|periode|action`).
   * @param allowed true when the action is offered on that payslip (denialOf === null)
   */
  async function runBatch(
    selection: readonly Bulletin[],
    action: ActionBulletin,
    allowed: (b: Bulletin) => boolean,
    motif?: string,
    control?: ControlNote,
  ): Promise<BatchReportState> {
    const targets = selection.filter(allowed)
    report.value = null
    if (control !== undefined)
      await rememberControl(appServices().db, `${siren.value}|${periode.value}|${action}`, control, new Date(clock()).toISOString())
    let outcomes: Map<string, BatchOutcome>
    if (useSyncStore().online) {
      outcomes = await sendAll(targets.map((b) => ({ b, action, ...(motif === undefined ? {} : { motif }) })))
    } else {
      const at = new Date(clock()).toISOString()
      outcomes = new Map()
      for (const b of targets) {
        await queueAction(appServices().db, { id: b.id, siren: b.siren, action, motif: motif ?? null, at })
        outcomes.set(b.id, { result: 'queued', bulletin: null, error: null })
      }
      await load()
    }
    const done: BatchReportState = {
      action,
      ...(control === undefined ? {} : { control }),
      ...batchReport(
        selection.map((b) => ({ ...b, action })),
        outcomes,
      ),
    }
    report.value = done
    return done
  }

  /**
   * Sends the actions queued offline (every dossier, oldest first), each read before it is sent (#50: a crash may
   * have let one leave before its answer was stored). Keeps a report (action null) when there was one to send.
   * @returns the number of queued actions tried
   */
  async function drain(): Promise<number> {
    if (draining || !useSyncStore().online) return 0
    draining = true
    try {
      const queued = await queuedActions(appServices().db)
      if (queued.length === 0) return 0
      const cached = new Map(
        (await appServices().db.bulletins.bulkGet(queued.map((q) => q.id))).flatMap((b) => (b === undefined ? [] : [[b.id, b]])),
      )
      const outcomes = await sendAll(queued.map((q) => ({ b: q, action: q.action, ...(q.motif === null ? {} : { motif: q.motif }) })))
      const selection = queued.flatMap((q) => {
        const b = cached.get(q.id)
        return b === undefined ? [] : [{ ...b, action: q.action }]
      })
      report.value = { action: null, ...batchReport(selection, outcomes) }
      if (siren.value !== '') await refresh()
      return queued.length
    } finally {
      draining = false
    }
  }

  /**
   * Sends the queued actions when the service answers again (once per store). The watch lives in a detached scope of
   * the store's own: called from a screen's setup, it would otherwise stop when that screen unmounts.
   */
  function follow(): void {
    if (following !== null) return
    following = effectScope(true)
    following.run(() => {
      const { online } = storeToRefs(useSyncStore())
      refreshOnReconnect(online, async () => {
        try {
          await drain()
        } catch (thrown) {
          error.value = localError(thrown)
        }
      })
    })
  }
  onScopeDispose(() => {
    following?.stop()
  })

  return {
    siren,
    periode,
    rows,
    read,
    lost,
    refreshing,
    error,
    progress,
    report,
    ageMinutes,
    load,
    refresh,
    open,
    computePeriod,
    runBatch,
    drain,
  }
})

/**
 * People writes store (issue 16, points 2 and 5): the writes of the employee shown (edits, bank details, safe
 * activation, notes) with their state (the cabinet's writes of the same queue are shown by the cabinet store, which
 * follows `lastDrain`, #80), queued on this workstation (db/people-writes.ts, #63) and sent when the
 * service answers: at start, after each new write, and each time the connection comes back. One drain at a time on
 * the workstation (a Web Lock across windows when the browser has them).
 */
import { defineStore, storeToRefs } from 'pinia'
import { effectScope, ref, shallowRef, type EffectScope } from 'vue'

import type { PeopleWriteKind, PeopleWritePayload } from '../../src-shared/domain/people-writes'
import {
  cancelPeopleWrite,
  drainPeopleWrites,
  enqueuePeopleWrite,
  peopleWritesOf,
  type PeopleDrainReport,
  type PeopleWriteRow,
} from '../db/people-writes'
import { appServices } from '../services/app-services'
import { refreshOnReconnect } from '../services/reconnect'
import { useReferenceStore } from './reference'
import { useSalarieSheetStore } from './salarieSheet'
import { useSyncStore } from './sync'

/** Name of the Web Lock that makes one drain across the windows of a profile. */
export const PEOPLE_WRITES_LOCK = 'paie-people-writes'

/** How long a drain waits for the sheet's read in flight before reading it again, in ms. */
const SHEET_WAIT_MS = 30_000

export const usePeopleWritesStore = defineStore('peopleWrites', () => {
  /** Dossier and employee whose writes are shown; empty until a sheet is opened. */
  const siren = ref('')
  const matricule = ref('')
  /** The shown employee's writes, newest first. */
  const rows = shallowRef<PeopleWriteRow[]>([])
  const draining = ref(false)
  /** What the last drain did; null before the first. */
  const lastDrain = shallowRef<PeopleDrainReport | null>(null)
  let following: EffectScope | null = null

  /** Reads the writes of the employee shown. */
  async function load(): Promise<void> {
    if (siren.value === '') return
    const key = `${siren.value}|${matricule.value}`
    const found = await peopleWritesOf(appServices().db, siren.value, matricule.value)
    if (key === `${siren.value}|${matricule.value}`) rows.value = found
  }

  /** Shows the writes of `matricule` in `dossier`. */
  async function show(dossier: string, employe: string): Promise<void> {
    if (dossier !== siren.value || employe !== matricule.value) {
      siren.value = dossier
      matricule.value = employe
      rows.value = []
    }
    await load()
  }

  /** Runs `work` under the drain lock when the browser has Web Locks (else as is). */
  async function locked<T>(work: () => Promise<T>): Promise<T> {
    const locks = (typeof navigator === 'undefined' ? null : navigator.locks) as LockManager | null | undefined
    if (locks === undefined || locks === null) return work()
    return locks.request(PEOPLE_WRITES_LOCK, { mode: 'exclusive' }, work)
  }

  /**
   * The sheet shown is read again when one of `employees` (`siren|matricule`) is its employee, after the read in
   * flight if any (it may have left before the writes were applied): it then shows the service's new values.
   */
  async function refreshSheetOf(employees: ReadonlySet<string>): Promise<void> {
    const sheet = useSalarieSheetStore()
    if (sheet.siren === '' || !employees.has(`${sheet.siren}|${sheet.matricule}`)) return
    for (let waited = 0; sheet.refreshing && waited < SHEET_WAIT_MS; waited += 100) await new Promise((ok) => setTimeout(ok, 100))
    await sheet.refresh()
  }

  /**
   * The cached reference of the dossiers of `employees` (`siren|matricule`) read again (GET /api/dossiers/{siren},
   * its employees and code lists): the screens reading an employee from the reference, such as the payslip's
   * « Envoyer au coffre-fort » (the safe's state), then see what the synced writes changed. A failed read keeps the
   * cache (the reference store holds the error).
   */
  async function refreshReferenceOf(employees: ReadonlySet<string>): Promise<void> {
    const sirens = [...new Set([...employees].map((key) => key.slice(0, key.indexOf('|'))))].filter((s) => s !== '')
    if (sirens.length > 0) await useReferenceStore().refresh(sirens)
  }

  /**
   * Sends the due writes of every dossier when online; then reads the shown employee's writes again, the sheet shown
   * when one of its employee's writes was synced, and the reference of the dossiers of the synced writes.
   * @returns the drain's report, or null when nothing was tried (offline, or a drain already running)
   */
  async function drain(): Promise<PeopleDrainReport | null> {
    if (draining.value || !useSyncStore().online) return null
    draining.value = true
    try {
      const { db, api, outboxEnv } = appServices()
      const report = await locked(() => drainPeopleWrites(db, outboxEnv, api))
      lastDrain.value = report
      await load()
      await Promise.all([refreshSheetOf(report.synced), refreshReferenceOf(report.synced)])
      return report
    } finally {
      draining.value = false
    }
  }

  /**
   * Queues one write of `kind` for the employee shown, then sends it at once when online.
   * @throws ZodError when the payload does not pass its kind's schema (the forms check it first)
   */
  async function enqueue<K extends PeopleWriteKind>(kind: K, payload: PeopleWritePayload<K>): Promise<PeopleWriteRow> {
    const { db, outboxEnv } = appServices()
    const row = await enqueuePeopleWrite(db, outboxEnv, kind, { siren: siren.value, matricule: matricule.value }, payload)
    await load()
    void drain().catch(() => undefined) // a failed drain leaves the write queued, shown as such
    return row
  }

  /** Cancels one write (queued, rejected or to_check). */
  async function cancel(clientId: string): Promise<boolean> {
    const { db, outboxEnv } = appServices()
    const done = await cancelPeopleWrite(db, outboxEnv, clientId)
    await load()
    return done
  }

  /** Sends the due writes now and each time the service answers again (once per store). */
  function start(): void {
    if (following !== null) return
    following = effectScope(true)
    following.run(() => {
      const { online } = storeToRefs(useSyncStore())
      refreshOnReconnect(online, () => drain().catch(() => undefined))
    })
    void drain().catch(() => undefined)
  }

  return { siren, matricule, rows, draining, lastDrain, load, show, drain, enqueue, cancel, start }
})

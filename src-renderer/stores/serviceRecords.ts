/**
 * Service records store (issue 14, point 1): the records the payroll service holds for the dossier and period an
 * entry screen shows, read from the Dexie cache (works offline, with its age) and this workstation's entries of that
 * dossier and period, for the period's list (PeriodRecords.vue) and the duplicate warnings.
 *
 * Refreshed from the service (through main, `records:refresh`) when an entry screen opens it while online, when the
 * service comes back (reconnect), and after each sync batch that moved an entry of that dossier (a state other than
 * queued or sending: synced, rejected, à vérifier, sans réponse).
 *
 * The local entries follow the outbox's writes row by row (issue 19, point 3): each committed write names the rows
 * it wrote (`onOutboxRowsWrite`), only those are read again and replaced in `entries`: the app's writes of up to 500
 * rows name them (a paste's chunks, a sync batch: db/write.ts `NAMED_PUT`). A write that cannot name its rows (Dexie
 * names none in one call of 50 rows or more: an import's one transaction, a `clear`) reads the rows of the dossier
 * changed since the latest change seen, less {@link SINCE_MARGIN_MS} (a transaction may commit after a later-stamped
 * one). Writes arriving while an update runs are gathered into the next one.
 *
 * Nothing here reads the whole dossier (schema v20, issue 19): the period's rows come through `[siren+periode]`, and a
 * sync batch is seen through the dossier's rows changed since the last one looked at (a dossier keeps every synced
 * entry of past months: a year of them took seconds to read, at each batch).
 */
import { useIntervalFn } from '@vueuse/core'
import { defineStore, storeToRefs } from 'pinia'
import { computed, onScopeDispose, ref, shallowRef } from 'vue'

import type { OutboxEntry } from '../../src-shared/domain/outbox'
import type { ServiceRecordKind } from '../../src-shared/domain/service-records'
import type { ServiceReadRow, ServiceRecordRow, StoredEntry } from '../db/schema'
import { onOutboxRowsWrite } from '../db/changes'
import { entriesOfDossier, entriesOfDossierSince, entriesOfPeriod } from '../db/outbox-query'
import type { Reported } from '../i18n/reported'
import { appServices, maybeAppServices } from '../services/app-services'
import { refreshOnReconnect } from '../services/reconnect'
import { loadServiceRecords, refreshServiceRecords } from '../services/records-cache'
import { referenceAgeMinutes } from '../services/reference-cache'
import { useSyncStore } from './sync'

/** `clientId|state|revision` of each entry of a dossier: a change out of queued/sending means a batch touched it. */
function settledSignature(entries: readonly OutboxEntry[]): Map<string, string> {
  return new Map(entries.filter((e) => e.state !== 'queued' && e.state !== 'sending').map((e) => [e.clientId, `${e.state}|${e.revision}`]))
}

/** True when `after` holds a settled entry (or a settled revision) that `before` did not. */
export function batchTouched(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): boolean {
  for (const [clientId, sig] of after) if (before.get(clientId) !== sig) return true
  return false
}

/** How far before the latest change seen a read of the changed rows starts, ms. */
const SINCE_MARGIN_MS = 2_000

/** The instant {@link SINCE_MARGIN_MS} before `seen` (ISO), or '' (every row) when nothing was seen. */
function sinceOf(seen: string): string {
  return seen === '' ? '' : new Date(Date.parse(seen) - SINCE_MARGIN_MS).toISOString()
}

/** The latest `updatedAt` of `rows`, or `after` when later. */
function latestChange(rows: readonly OutboxEntry[], after: string): string {
  let latest = after
  for (const row of rows) if (row.updatedAt > latest) latest = row.updatedAt
  return latest
}

export const useServiceRecordsStore = defineStore('serviceRecords', () => {
  /** Dossier and period shown; empty until an entry screen opens one. */
  const siren = ref('')
  const periode = ref('')
  /** The cached records of that dossier and period. */
  const records = shallowRef<ServiceRecordRow[]>([])
  /** This workstation's entries of that dossier and period. */
  const entries = shallowRef<StoredEntry[]>([])
  /** When that dossier and period was read, and the kinds refused; null when never read. */
  const read = shallowRef<ServiceReadRow | null>(null)
  const refreshing = ref(false)
  /** Why the last refresh failed (main's code, worded by the view); null after a success. */
  const error = ref<Reported | null>(null)

  const clock = (): number => maybeAppServices()?.now() ?? Date.now()
  const now = shallowRef(clock())
  useIntervalFn(() => {
    now.value = clock()
  }, 60_000)
  /** Whole minutes since the records were fetched; null when never. */
  const ageMinutes = computed(() => referenceAgeMinutes(read.value?.fetchedAt ?? null, now.value))

  /** Signature of each settled entry of the dossier seen since it was opened ({@link settledSignature}). */
  let settled = new Map<string, string>()
  /** Latest `updatedAt` among the dossier's rows read for {@link settled} ('' when none). */
  let batchSeen = ''
  /** Latest `updatedAt` among the dossier's rows read ('' before the first read). */
  let seen = ''
  let started = false
  /** `siren|periode` of the refresh in flight, and its work. */
  let inFlight: { readonly key: string; readonly work: Promise<boolean> } | null = null
  const cleanups: (() => void)[] = []

  /** The latest `updatedAt` among the dossier's rows ('' when it has none): one row read, the last of its index. */
  async function latestOfDossier(): Promise<string> {
    return siren.value === '' ? '' : ((await entriesOfDossier(appServices().db, siren.value).last())?.updatedAt ?? '')
  }

  /**
   * The dossier's rows changed since {@link batchSeen} (less the margin; every period: a batch may touch another
   * month), their settled signatures put into {@link settled}. @returns true when one of them settled since last seen
   */
  async function readSettled(): Promise<boolean> {
    if (siren.value === '') return false
    const rows = await entriesOfDossierSince(appServices().db, siren.value, sinceOf(batchSeen)).toArray()
    const after = settledSignature(rows)
    const touched = batchTouched(settled, after)
    for (const row of rows) {
      const signature = after.get(row.clientId)
      if (signature === undefined) settled.delete(row.clientId)
      else settled.set(row.clientId, signature)
    }
    batchSeen = latestChange(rows, batchSeen)
    return touched
  }

  /** Reads the cache and the local entries of the dossier and period shown. */
  async function load(): Promise<void> {
    if (siren.value === '' || periode.value === '') return
    const key = `${siren.value}|${periode.value}`
    const cached = await loadServiceRecords(appServices().db, siren.value, periode.value)
    const rows = await entriesOfPeriod(appServices().db, siren.value, periode.value).toArray()
    const latest = await latestOfDossier()
    if (key !== `${siren.value}|${periode.value}`) return
    records.value = cached.rows
    read.value = cached.read
    entries.value = rows
    seen = latest > seen ? latest : seen
    now.value = clock()
  }

  /**
   * Fetches the records of the dossier and period shown from the service and caches them. On failure the cache is
   * kept and `error` holds main's code.
   * @returns true when the cache was refreshed
   */
  function refresh(): Promise<boolean> {
    const key = `${siren.value}|${periode.value}`
    if (siren.value === '' || periode.value === '') return Promise.resolve(false)
    // A refresh of the same dossier and period under way is joined: its end is this one's (an open waiting for the
    // service's answer must not end on the cache alone, docs/api-assumptions.md #85).
    if (inFlight !== null && inFlight.key === key) return inFlight.work
    const work = refreshNow(key)
    inFlight = { key, work }
    return work
  }

  async function refreshNow(key: string): Promise<boolean> {
    refreshing.value = true
    try {
      const result = await refreshServiceRecords(appServices().db, appServices().api, siren.value, periode.value)
      if (key !== `${siren.value}|${periode.value}`) return false
      if (!result.ok) {
        error.value = result.error
        return false
      }
      error.value = null
      await load()
      return true
    } catch (thrown) {
      error.value = { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) }
      return false
    } finally {
      if (inFlight?.key === key) {
        inFlight = null
        refreshing.value = false
      }
    }
  }

  /** After a sync batch: refresh when an entry of the dossier shown settled (its record may be new on the service). */
  async function afterBatch(): Promise<void> {
    if (siren.value === '') return
    if (!(await readSettled())) return
    await load()
    if (useSyncStore().online) await refresh()
  }

  /**
   * Puts rows as the outbox now holds them into `entries`: `fresh` maps a client id to its row, or to null when it is
   * not (or no longer) of the dossier and period shown. A row whose state, revision and `updatedAt` did not move keeps
   * its object (nothing to render again); `entries` is left as is when nothing moved.
   */
  function merge(fresh: Map<string, StoredEntry | null>): void {
    let touched = false
    const next: StoredEntry[] = []
    for (const entry of entries.value) {
      const row = fresh.get(entry.clientId)
      if (row === undefined) next.push(entry)
      else {
        const same = row !== null && row.updatedAt === entry.updatedAt && row.revision === entry.revision && row.state === entry.state
        touched ||= !same
        if (row !== null) next.push(same ? entry : row)
        fresh.delete(entry.clientId)
      }
    }
    for (const row of fresh.values())
      if (row !== null) {
        touched = true
        next.push(row)
      }
    if (touched) entries.value = next
  }

  /** The row `row` of the outbox if it is of the dossier and period shown, else null. */
  function shownOrNull(row: StoredEntry | undefined): StoredEntry | null {
    return row !== undefined && row.siren === siren.value && row.periode === periode.value ? row : null
  }

  /** Reads the rows `clientIds` again and puts them into `entries`. */
  async function applyRows(clientIds: readonly string[]): Promise<void> {
    if (siren.value === '' || periode.value === '' || clientIds.length === 0) return
    const key = `${siren.value}|${periode.value}`
    const rows = await appServices().db.outbox.bulkGet([...clientIds])
    if (key !== `${siren.value}|${periode.value}`) return
    seen = latestChange(
      rows.flatMap((r) => (r !== undefined && r.siren === siren.value ? [r] : [])),
      seen,
    )
    merge(new Map(clientIds.map((id, i) => [id, shownOrNull(rows[i])])))
  }

  /** Reads the dossier's rows changed since the latest change seen (less the margin) and puts them into `entries`. */
  async function applySince(): Promise<void> {
    if (siren.value === '' || periode.value === '') return
    if (seen === '') return load()
    const key = `${siren.value}|${periode.value}`
    const rows = await entriesOfDossierSince(appServices().db, siren.value, sinceOf(seen)).toArray()
    if (key !== `${siren.value}|${periode.value}`) return
    seen = latestChange(rows, seen)
    merge(new Map(rows.map((row) => [row.clientId, shownOrNull(row)])))
  }

  /** Rows written since the last update (null: unnamed, read everything); undefined when nothing is pending. */
  let written: Set<string> | null | undefined
  let updating = false

  /** Notes an outbox write and updates `entries` (one update at a time; writes meanwhile join the next one). */
  function noteWrite(clientIds: readonly string[] | null): void {
    if (clientIds === null) written = null
    else if (written !== null) {
      written ??= new Set<string>()
      for (const id of clientIds) written.add(id)
    }
    if (updating) return
    updating = true
    background(async () => {
      try {
        while (written !== undefined) {
          const ids = written
          written = undefined
          await (ids === null ? applySince() : applyRows([...ids]))
        }
      } finally {
        updating = false
      }
    })
  }

  /** Runs work nobody awaits (a reload after a write, a batch): a failure is kept in `error`, never unhandled. */
  function background(work: () => Promise<unknown>): void {
    work().catch((thrown: unknown) => {
      error.value = { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) }
    })
  }

  /** Follows reconnects, sync batches and outbox writes (once). */
  function follow(): void {
    if (started) return
    started = true
    const { db, coordinator } = appServices()
    const { online } = storeToRefs(useSyncStore())
    cleanups.push(refreshOnReconnect(online, refresh))
    cleanups.push(
      coordinator.onBatch(() => {
        background(afterBatch)
      }),
    )
    cleanups.push(
      onOutboxRowsWrite(db, (clientIds) => {
        noteWrite(clientIds)
      }),
    )
  }

  /** `siren|periode` of the latest {@link open}, and its work. */
  let opened: { readonly key: string; readonly work: Promise<void> } | null = null
  /** True while {@link opened}'s work runs. */
  let opening = false

  /**
   * An entry screen shows `dossier` and `period`: reads the cache at once, then refreshes from the service when
   * online. Calling it again with the same dossier and period only refreshes; while an open of them is under way, it
   * is joined (the EVP grid and its period list open the same period as they mount: one read, one refresh).
   */
  function open(dossier: string, period: string): Promise<void> {
    const key = `${dossier}|${period}`
    if (opening && opened !== null && opened.key === key) return opened.work
    const work = openNow(dossier, period)
    opened = { key, work }
    opening = true
    const ended = (): void => {
      if (opened?.work === work) opening = false
    }
    work.then(ended, ended)
    return work
  }

  /**
   * Resolves when the open under way ends (at once when none is): a screen about to save waits for the records it
   * compares with (a form submitted before the period's records are read would not see an identical one). Never
   * rejects; asks nothing of the service by itself.
   */
  function whenOpened(): Promise<void> {
    if (!opening || opened === null) return Promise.resolve()
    return opened.work.then(
      () => undefined,
      () => undefined,
    )
  }

  async function openNow(dossier: string, period: string): Promise<void> {
    follow()
    if (dossier !== siren.value || period !== periode.value) {
      siren.value = dossier
      periode.value = period
      records.value = []
      entries.value = []
      read.value = null
      error.value = null
      seen = ''
      settled = new Map()
      batchSeen = await latestOfDossier()
      await readSettled()
    }
    // Another dossier or period opened meanwhile: that open reads and refreshes it (never this one's refresh of it).
    const key = `${dossier}|${period}`
    if (key !== `${siren.value}|${periode.value}`) return
    await load()
    if (key !== `${siren.value}|${periode.value}`) return
    if (useSyncStore().online) await refresh()
  }

  /**
   * One cached record (« Modifier » opens it in the kind's form, issue 14 point 3), read from Dexie whatever dossier
   * and period are shown; undefined when it is not cached.
   */
  async function cachedRecord(dossier: string, period: string, kind: ServiceRecordKind, id: string): Promise<ServiceRecordRow | undefined> {
    return appServices().db.serviceRecords.get([dossier, period, kind, id])
  }

  onScopeDispose(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  })

  return { siren, periode, records, entries, read, refreshing, error, ageMinutes, load, refresh, open, whenOpened, cachedRecord }
})

/**
 * Outbox store: the clerk's actions on entries (enqueue, grid paste, revise, cancel, submit drafts, decisions on entries
 * "à vérifier" and "doublon probable"), queue pages,
 * history, CSV exports, and the per-state counts shown in the header and per dossier.
 *
 * Counts come from the `counts` table (kept in the same transactions as the rows, never a scan). They are
 * refreshed two ways: explicitly after each action of this store (so `await store.enqueue(...)` returns with
 * exact counts), and by a Dexie `liveQuery` on that table, which fires after any committed write, including
 * the sync coordinator's batches and writes from other windows (Dexie relays them between windows).
 * `rowChanges` moves after every committed write to the outbox rows or the drain's claims (db/changes.ts): views
 * showing rows follow it, since a row can change without any count moving. Rows and counts are shown with the drain's
 * claims applied: an entry a claim holds is `sending` (db/claims.ts `asShown`, db/counts.ts `countsShown`).
 */
import { liveQuery } from 'dexie'
import { defineStore } from 'pinia'
import { onScopeDispose, ref } from 'vue'

import { onOutboxWrite } from '../db/changes'
import type { StateCounts, SirenCounts } from '../db/counts'
import { countsByState as readCountsByState, countsBySiren as readCountsBySiren, countsShown, emptyStateCounts } from '../db/counts'
import { asShown, heldEntries, shownCounts } from '../db/claims'
import type { EnqueueManyResult, EntryHistory, EntryResult, NewEntryInput, ToCheckDecision } from '../db/outbox'
import {
  cancelEntry,
  countEntries,
  decideToCheck,
  deleteDuplicate,
  enqueue as enqueueEntry,
  enqueueMany as enqueueEntries,
  entryHistory,
  getEntry,
  reviseEntry,
  submitDrafts,
} from '../db/outbox'
import type { EntryFilter, QueueCursor } from '../db/outbox-query'
import { entriesOfPeriod, queryAfter as queryRowsAfter, queryBefore as queryRowsBefore } from '../db/outbox-query'
import type { StoredEntry } from '../db/schema'
import { appServices, maybeAppServices } from '../services/app-services'
import type { CsvWords } from '../services/csv-export'
import { useSyncStore } from './sync'

export type { EnqueueManyResult, EntryFilter, EntryHistory, EntryResult, NewEntryInput, StoredEntry, ToCheckDecision }
export { OutboxError } from '../db/outbox'

/** The queue's order: `updatedAt`, then client id, descending (code-unit order, as IndexedDB compares strings). */
function newestFirst(a: StoredEntry, b: StoredEntry): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1
  return a.clientId < b.clientId ? 1 : a.clientId > b.clientId ? -1 : 0
}

export const useOutboxStore = defineStore('outbox', () => {
  /** Entries per state over every dossier (every state present, 0 when none). */
  const countsByState = ref<StateCounts>(emptyStateCounts())
  /** Entries per SIREN and state (states with no entry left out). */
  const countsBySiren = ref<SirenCounts>({})
  /** Number of committed writes to the outbox rows seen so far (any window): watch it to re-read rows. */
  const rowChanges = ref(0)

  /** Reads the counts table (a few rows per dossier). */
  async function refreshCounts(): Promise<void> {
    const { byState, bySiren } = await readCounts()
    countsByState.value = byState
    countsBySiren.value = bySiren
  }

  // Live counts (skipped when no services are wired, e.g. a component test with a testing Pinia).
  const services = maybeAppServices()
  if (services !== null) {
    const { db } = services
    const subscription = liveQuery(() => Promise.all([readCountsByState(db), readCountsBySiren(db), heldEntries(db)])).subscribe({
      next: ([stored, storedBySiren, held]) => {
        const { byState, bySiren } = countsShown(stored, storedBySiren, held.values())
        countsByState.value = byState
        countsBySiren.value = bySiren
      },
    })
    const stopRowChanges = onOutboxWrite(db, () => {
      rowChanges.value += 1
    })
    onScopeDispose(() => {
      subscription.unsubscribe()
      stopRowChanges()
    })
  }

  /** Asks for a drain soon when something was queued. */
  function queued(entries: readonly StoredEntry[]): void {
    if (entries.some((e) => e.state === 'queued')) useSyncStore().notifyNewEntries()
  }

  /**
   * Checks and stores one entry (`queued`, or `draft` with `asDraft`); no network needed.
   * @returns `{ ok: true, entry }` or `{ ok: false, issues }` (French, per wire field; nothing stored)
   */
  async function enqueue(input: NewEntryInput): Promise<EntryResult> {
    const { db: database, outboxEnv } = appServices()
    const result = await enqueueEntry(database, input, outboxEnv)
    if (result.ok) {
      await refreshCounts()
      queued([result.entry])
    }
    return result
  }

  /**
   * Grid paste or import: checks every row, stores the valid ones (transactions of 500 rows).
   * @returns one result per row, in order, and `saved`, the number of rows stored
   */
  async function enqueueMany(inputs: readonly NewEntryInput[]): Promise<EnqueueManyResult> {
    const { db: database, outboxEnv } = appServices()
    const result = await enqueueEntries(database, inputs, outboxEnv)
    if (result.saved > 0) {
      await refreshCounts()
      queued(result.results.flatMap((r) => (r.ok ? [r.entry] : [])))
    }
    return result
  }

  /**
   * Changes an entry's payload (draft, queued, or rejected: back to queued as a new revision, history kept).
   * @throws OutboxError `ETAT_INCOMPATIBLE` (French message) while sending or once synced, unknown or cancelled
   */
  async function revise(clientId: string, payload: Readonly<Record<string, unknown>> | null): Promise<EntryResult> {
    const { db: database, outboxEnv } = appServices()
    const result = await reviseEntry(database, clientId, payload, outboxEnv)
    if (result.ok) {
      await refreshCounts()
      queued([result.entry])
    }
    return result
  }

  /**
   * Cancels a draft, queued or rejected entry (kept, state `cancelled`).
   * @throws OutboxError `ETAT_INCOMPATIBLE` for other states, `INTROUVABLE`
   */
  async function cancel(clientId: string): Promise<StoredEntry> {
    const { db: database, outboxEnv } = appServices()
    const entry = await cancelEntry(database, clientId, outboxEnv)
    await refreshCounts()
    return entry
  }

  /**
   * The clerk's decision on an entry `to_check` ("c'est le même", "envoyer quand même", "annuler ma saisie"), with its
   * audit record, in one transaction (db/to-check.ts). Resolves once that transaction committed.
   * @param who the person deciding, for the audit (the active profile's name)
   * @returns the entry after the decision
   * @throws OutboxError `ETAT_INCOMPATIBLE` when the entry is no longer `to_check` or the record is not a candidate
   */
  async function decide(clientId: string, decision: ToCheckDecision, who: string): Promise<StoredEntry> {
    const { db: database, outboxEnv } = appServices()
    const entry = await decideToCheck(database, clientId, decision, who, outboxEnv)
    await refreshCounts()
    queued([entry])
    return entry
  }

  /**
   * Queues the DELETE of the extra record of a "doublon probable" and audits the decision (db/to-check.ts).
   * @param who the person deciding, for the audit (the active profile's name)
   * @returns the delete entry's result (`ok: false` with French issues when it cannot be queued)
   * @throws OutboxError `INTROUVABLE` when the entry or the duplicate is unknown
   */
  async function removeDuplicate(clientId: string, duplicateId: string, who: string): Promise<EntryResult> {
    const { db: database, outboxEnv } = appServices()
    const result = await deleteDuplicate(database, clientId, duplicateId, who, outboxEnv)
    if (result.ok) {
      await refreshCounts()
      queued([result.entry])
    }
    return result
  }

  /** Queues drafts (others are left as they are). @returns how many were queued */
  async function submit(clientIds: readonly string[]): Promise<number> {
    const { db: database, outboxEnv } = appServices()
    const n = await submitDrafts(database, clientIds, outboxEnv)
    if (n > 0) {
      await refreshCounts()
      useSyncStore().notifyNewEntries()
    }
    return n
  }

  /**
   * Every entry of dossier `siren` in period `periode` (`YYYY-MM`; an absence's is the month it starts in), most
   * recently changed first (the queue's order: `updatedAt`, then client id, descending), claims applied. ONE read of
   * the `[siren+periode]` index (schema v20): an entry screen reads its period only, however many months of synced
   * entries the dossier keeps (docs/performance.md, "The EVP grid's reloads").
   * @returns the rows, `[]` for a period with none.
   */
  async function listPeriod(siren: string, periode: string): Promise<StoredEntry[]> {
    const { db } = appServices()
    const rows = await entriesOfPeriod(db, siren, periode).toArray()
    rows.sort(newestFirst)
    return asShown(rows, await heldEntries(db))
  }

  /** Queue rows after `cursor` (older; from the top when null), `skip` rows further: keyset paging. */
  async function queryAfter(filter: EntryFilter, cursor: QueueCursor | null, limit: number, skip = 0): Promise<StoredEntry[]> {
    const { db } = appServices()
    return asShown(await queryRowsAfter(db, filter, cursor, limit, skip), await heldEntries(db))
  }

  /** Queue rows before `cursor` (newer; from the bottom when null), in queue order, `skip` rows further up. */
  async function queryBefore(filter: EntryFilter, cursor: QueueCursor | null, limit: number, skip = 0): Promise<StoredEntry[]> {
    const { db } = appServices()
    return asShown(await queryRowsBefore(db, filter, cursor, limit, skip), await heldEntries(db))
  }

  /**
   * Runs `read` in ONE read-only transaction over the outbox and its counts: every read it makes through this
   * store sees the same committed state (a screen whose rows and counts must agree). `read` must only await reads.
   */
  async function readTogether<T>(read: () => Promise<T>): Promise<T> {
    const { db } = appServices()
    return db.transaction('r', db.outbox, db.counts, db.claims, read)
  }

  /** Counts per state and per SIREN, read now (one read of the counts table). */
  async function readCounts(): Promise<{ byState: StateCounts; bySiren: SirenCounts }> {
    const { db } = appServices()
    return shownCounts(db)
  }

  /** Number of entries matching the filter (for the pager). */
  async function count(filter: EntryFilter): Promise<number> {
    return countEntries(appServices().db, filter)
  }

  /** One entry, or undefined. */
  async function get(clientId: string): Promise<StoredEntry | undefined> {
    const { db } = appServices()
    const entry = await getEntry(db, clientId)
    return entry === undefined ? undefined : asShown([entry], await heldEntries(db))[0]
  }

  /** The entry, its past revisions and its audit records (oldest first); undefined when unknown. */
  async function history(clientId: string): Promise<EntryHistory | undefined> {
    return entryHistory(appServices().db, clientId)
  }

  /** The queue matching `filter` as CSV for French Excel (`;`, BOM, decimal comma; no NIR, IBAN or comment), in `words`. */
  async function exportQueueCsv(words: CsvWords, filter: EntryFilter = {}): Promise<string> {
    // Loaded on first export: papaparse stays out of the start-up chunk (issue 19).
    const csv = await import('../services/csv-export')
    return csv.exportQueueCsv(appServices().db, words, filter)
  }

  /** The audit log as CSV for French Excel (no error body, payloads as hashes only), in `words`. */
  async function exportAuditCsv(words: CsvWords): Promise<string> {
    const csv = await import('../services/csv-export')
    return csv.exportAuditCsv(appServices().db, words)
  }

  return {
    countsByState,
    countsBySiren,
    rowChanges,
    enqueue,
    enqueueMany,
    revise,
    cancel,
    decide,
    removeDuplicate,
    submit,
    listPeriod,
    queryAfter,
    queryBefore,
    count,
    readTogether,
    readCounts,
    get,
    history,
    exportQueueCsv,
    exportAuditCsv,
    refreshCounts,
  }
})

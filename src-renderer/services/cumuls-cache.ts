/**
 * The cumuls' cache and the cumuls grid's draft in IndexedDB (issue 16, point 4; schema v15): main reads the cumuls of
 * a dossier's year through the two filters (`cumuls:list`); each read is merged into the cached year (`cumulReads`:
 * the cumuls the filter covers replaced, the others kept) with its instant, so the grid reads offline with its age.
 * The grid's unsent cells live in `cumulDrafts` (src-shared/domain/cumul-draft.ts); each change is one read-modify-write
 * transaction, so two windows or a reload never lose a cell. Sending is ONE `cumuls:put` (online only); its outcome is
 * applied to the draft as it is after the answer (cells edited meanwhile are kept).
 */
import {
  applyEdits,
  applyOutcome,
  cellsToSend,
  emptyDraft,
  type CumulDraftRow,
  type CumulEdit,
  type CumulReadRow,
} from '../../src-shared/domain/cumul-draft'
import { cumulKey, mergeFilteredRead, type CumulsFilter, type CumulsPutOutcome } from '../../src-shared/domain/cumuls'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb } from '../db/schema'

/** The part of `window.api` this module uses. */
export type CumulsApi = Pick<WindowApi, 'cumuls:list' | 'cumuls:put'>

/** The cached cumuls of `siren`'s year, or null when never read on this workstation. */
export async function loadCumuls(db: PaieDb, siren: string, annee: number): Promise<CumulReadRow | null> {
  return (await db.cumulReads.get([siren, annee])) ?? null
}

/**
 * Reads the cumuls of `siren`'s year through `filtre` and merges them into the cache.
 * @returns main's envelope; on `ok: false` (code worded by the view) the cache is left as it was.
 */
export async function refreshCumuls(
  db: PaieDb,
  api: CumulsApi,
  siren: string,
  annee: number,
  filtre: CumulsFilter,
): Promise<IpcResult<CumulReadRow>> {
  const result = await api['cumuls:list']({ siren, annee, filtre })
  if (!result.ok) return result
  const row = await db.transaction('rw', db.cumulReads, async () => {
    const cached = (await db.cumulReads.get([siren, annee]))?.cumuls ?? []
    const next: CumulReadRow = {
      siren,
      annee,
      fetchedAt: result.value.fetchedAt,
      cumuls: mergeFilteredRead(cached, result.value.cumuls, filtre),
    }
    await db.cumulReads.put(next)
    return next
  })
  return { ok: true, value: row }
}

/** The draft of `siren`'s year, or null when it holds nothing. */
export async function loadDraft(db: PaieDb, siren: string, annee: number): Promise<CumulDraftRow | null> {
  return (await db.cumulDrafts.get([siren, annee])) ?? null
}

/** Values the service holds for `siren`'s year, by cumul key (from the cache). */
async function heldValues(db: PaieDb, siren: string, annee: number): Promise<Map<string, string>> {
  const cached = await loadCumuls(db, siren, annee)
  return new Map((cached?.cumuls ?? []).map((c) => [cumulKey(c.matricule, c.code_cumul), c.valeur]))
}

/** Stores `row`, or removes it when it holds no cell. */
async function store(db: PaieDb, row: CumulDraftRow): Promise<CumulDraftRow | null> {
  if (Object.keys(row.cells).length === 0) {
    await db.cumulDrafts.delete([row.siren, row.annee])
    return null
  }
  await db.cumulDrafts.put(row)
  return row
}

/** Saves the clerk's `edits` (typed, pasted or imported cells) in the draft, in one transaction. @returns the draft */
export async function saveEdits(
  db: PaieDb,
  siren: string,
  annee: number,
  edits: readonly CumulEdit[],
  now: string,
): Promise<CumulDraftRow | null> {
  return db.transaction('rw', db.cumulDrafts, db.cumulReads, async () => {
    const row = (await loadDraft(db, siren, annee)) ?? emptyDraft(siren, annee, now)
    return store(db, applyEdits(row, edits, await heldValues(db, siren, annee), now))
  })
}

/** Empties the draft of `siren`'s year (the clerk drops every unsent cell). */
export async function discardDraft(db: PaieDb, siren: string, annee: number): Promise<void> {
  await db.cumulDrafts.delete([siren, annee])
}

/** What a send did: nothing to send, or main's envelope of the PUT's outcome. */
export type SendResult = { readonly sent: 0 } | { readonly sent: number; readonly outcome: IpcResult<CumulsPutOutcome> }

/**
 * Sends the draft's `draft` and `unconfirmed` cells as ONE `cumuls:put` and applies the outcome to the draft as it is
 * after the answer. The caller checks the connection and the settle time first.
 */
export async function sendDraft(db: PaieDb, api: CumulsApi, siren: string, annee: number, now: () => string): Promise<SendResult> {
  const row = await loadDraft(db, siren, annee)
  const sent = row === null ? null : cellsToSend(row)
  if (sent === null || sent.elements.length === 0) return { sent: 0 }
  const outcome = await api['cumuls:put']({ siren, annee, elements: [...sent.elements], afterLostAnswer: sent.afterLostAnswer })
  if (outcome.ok)
    await db.transaction('rw', db.cumulDrafts, async () => {
      const current = await loadDraft(db, siren, annee)
      if (current !== null) await store(db, applyOutcome(current, sent, outcome.value, now()))
    })
  return { sent: sent.elements.length, outcome }
}

/**
 * Writes the cells of an imported cumuls file into the drafts of their years, ALL in one transaction (a reload
 * mid-way leaves all of them or none): the import's "queue" for cumuls (#70). @returns the cells written
 */
export async function saveImported(
  db: PaieDb,
  siren: string,
  byYear: ReadonlyMap<number, readonly CumulEdit[]>,
  now: string,
): Promise<number> {
  return db.transaction('rw', db.cumulDrafts, db.cumulReads, async () => {
    let written = 0
    for (const [annee, edits] of byYear) {
      const row = (await loadDraft(db, siren, annee)) ?? emptyDraft(siren, annee, now)
      await store(db, applyEdits(row, edits, await heldValues(db, siren, annee), now))
      written += edits.length
    }
    return written
  })
}

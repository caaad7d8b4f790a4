/**
 * State of the EVP grid's cells as plain data, and its transitions, apart from the outbox and Vue (useEvpCells.ts
 * wires them): per cell, the outbox entry deciding it (`entries`, from evpCellModel.ts `latestByCell`) and a local
 * override while a value is being saved or after it was refused before reaching the outbox (`local`).
 * Pure; tested in node (test/renderer/ui/evp-cell-state.test.ts).
 */
import type { CodeEvp, FormatEvp } from '../../../../src-shared/api/codification'
import type { OutboxEntry } from '../../../../src-shared/domain/outbox'
import { payloadFields } from '../../../../src-shared/domain/entry'
import type { FieldIssue } from '../../../../src-shared/domain/validation/types'
import { cellFromEntry, cellKey, cellOfKey, EMPTY_CELL, planCellChange, SERVICE_CELL, sameEvpValue } from './evpCellModel'
import type { WordError } from './evpCellModel'
import type { CellPlace, CellView } from './evpCellModel'
import { keptCellText, parseEvpCell } from './evpValue'
import type { CellErrorCode, EvpValue } from './evpValue'

/** A cell to save: employee, code, the contract of a contract row (gridRows.ts), and the text typed or pasted. */
export interface CellInput {
  readonly matricule: string
  readonly code: CodeEvp
  readonly text: string
  /** The row's contract when the employee has several in the period; absent or null for his only row. */
  readonly numeroContrat?: string | null
}

/** Key of the cell of an input (evpCellModel.ts `cellKey`). */
export function inputKey(input: CellInput): string {
  return cellKey(input.matricule, input.code.code, input.numeroContrat ?? null)
}

/** Local overrides of the cells' views, by cell key (`matricule|code`, `matricule|code|numero_contrat`). */
export type CellOverrides = Readonly<Record<string, CellView>>

/** What the outbox answered for one cell's save: the entry written, or why it was refused. */
export type EntryResult =
  { readonly ok: true; readonly entry: OutboxEntry } | { readonly ok: false; readonly issues: readonly FieldIssue[] }

/** One cell's save result to apply: its key, the text saved, the outbox's answer. */
export interface CellResult {
  readonly key: string
  readonly text: string
  readonly result: EntryResult
}

/** A cell in error for the side panel: refused locally (`invalid`) or by the service (`rejected`). */
export interface CellError {
  readonly matricule: string
  readonly code: string
  /** The contract of a contract row's cell; null for an employee's only row. */
  readonly numeroContrat: string | null
  readonly message: string
  readonly status: 'invalid' | 'rejected'
}

/** French message of a text that cannot be read (the caller words the code, e.g. through vue-i18n). */
export type RefusalText = (error: CellErrorCode) => string

/** View of a cell whose save is under way. */
export function savingView(text: string): CellView {
  return { text, status: 'saving', message: null, clientId: null }
}

/** View of a cell refused before reaching the outbox (a huge text is shown cut: see `keptCellText`). */
export function invalidView(text: string, message: string): CellView {
  return { text, status: 'invalid', message, clientId: null }
}

/** `local` with the override of `key` set to `view`, or removed when `view` is null. */
export function withOverride(local: CellOverrides, key: string, view: CellView | null): Record<string, CellView> {
  if (view !== null) return { ...local, [key]: view }
  return withoutKeys(local, new Set([key]))
}

/**
 * A copy of `record` without `keys`. One object built, no array per entry (`Object.entries` made one per cell: a
 * paste's chunk copies its 5 000 overrides, and the garbage was the longest pause of the paste, issue 19 point 3).
 */
function withoutKeys<T>(record: Readonly<Record<string, T>>, keys: ReadonlySet<string>): Record<string, T> {
  const kept: Record<string, T> = {}
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (value !== undefined && !keys.has(key)) kept[key] = value
  }
  return kept
}

/** What the cell `matricule|code` shows: its override, else its entry (in the code's format), else empty. */
export function viewOf(
  matricule: string,
  code: string,
  local: CellOverrides,
  entries: ReadonlyMap<string, OutboxEntry>,
  formatOf: ReadonlyMap<string, FormatEvp>,
  wordError?: WordError,
): CellView {
  return viewAt(cellKey(matricule, code), code, local, entries, formatOf, wordError)
}

/** What the cell of key `key` (code `code`) shows: its override, else its entry (in the code's format), else empty. */
export function viewAt(
  key: string,
  code: string,
  local: CellOverrides,
  entries: ReadonlyMap<string, OutboxEntry>,
  formatOf: ReadonlyMap<string, FormatEvp>,
  wordError?: WordError,
): CellView {
  const override = local[key]
  if (override !== undefined) return override
  const entry = entries.get(key)
  const format = formatOf.get(code)
  return entry === undefined || format === undefined ? EMPTY_CELL : cellFromEntry(entry, format, wordError)
}

/**
 * Applies save results to many cells at once: a written entry replaces the cell's entry and clears its override;
 * a refusal becomes an `invalid` override with the issues' messages joined by « — ».
 * @returns the new entries map (the same map when nothing was written), the new overrides, and how many cells were saved.
 */
export function settleResults(
  entries: ReadonlyMap<string, OutboxEntry>,
  local: CellOverrides,
  results: readonly CellResult[],
): { entries: ReadonlyMap<string, OutboxEntry>; local: Record<string, CellView>; saved: number } {
  const next = new Map(entries)
  const failed: Record<string, CellView> = {}
  const done = new Set<string>()
  for (const { key, text, result } of results) {
    if (result.ok) {
      next.set(key, result.entry)
      done.add(key)
    } else {
      failed[key] = invalidView(text, result.issues.map((i) => i.message).join(' — '))
    }
  }
  return { entries: done.size > 0 ? next : entries, local: Object.assign(withoutKeys(local, done), failed), saved: done.size }
}

/** The text of a cell read by its code's format, or its `invalid` view (worded by `refusal`) when it cannot be read. */
export function readCell(input: CellInput, refusal: RefusalText): { ok: true; value: EvpValue | null } | { ok: false; view: CellView } {
  const parsed = parseEvpCell(input.text, input.code.format)
  return parsed.ok ? parsed : { ok: false, view: invalidView(keptCellText(input.text), refusal(parsed.error)) }
}

/**
 * What saving `value` (null: emptied) means in a cell that no entry decided when it was typed or pasted (`seen`
 * undefined), now that the service's records of the period are read (`now`: the cell's deciding entry at saving):
 * - `save`: the cell was decided when typed, or nothing of the service came since: planned as usual (planCellChange);
 * - `held`: a record of the service came with the same value, or the cell was emptied: nothing to write, the cell
 *   shows the record;
 * - `conflict`: a record of the service came with another value. The clerk typed over a value he did not see: nothing
 *   is written (neither a second EVP of the cell nor a change of the record on a guess); typing it again, now that
 *   the cell shows the record, changes the record.
 * Source: assumption, not shown in reference (docs/api-assumptions.md #85).
 */
export function afterServiceRead(
  seen: OutboxEntry | undefined,
  now: OutboxEntry | undefined,
  value: EvpValue | null,
): 'save' | 'held' | 'conflict' {
  if (seen !== undefined || now === undefined || !now.clientId.startsWith(SERVICE_CELL)) return 'save'
  return value === null || sameEvpValue(payloadFields(now), value) ? 'held' : 'conflict'
}

/** A pasted cell that is a new value: saved in bulk with the other new ones. */
export interface FreshCell {
  readonly key: string
  readonly text: string
  readonly payload: Record<string, unknown>
}

/** How a paste is saved: {@link sortPaste}'s answer. */
export interface PasteSort {
  /** Overrides after the paste: every readable cell `saving`, every unreadable one `invalid`. */
  readonly local: Record<string, CellView>
  /** New values of cells without an entry and without a save under way: one bulk write. */
  readonly fresh: readonly FreshCell[]
  /** Cells with an entry already (revise, update, delete) or a save under way: saved one by one. */
  readonly others: readonly CellInput[]
  /** How many cells could not be read. */
  readonly unreadable: number
  /** How many cells met a record of the service read after the paste, with another value (see {@link afterServiceRead}). */
  readonly conflicts: number
}

/** Cells that no entry decided when pasted, and how a cell meeting a record of the service read since is shown. */
export interface PasteSeen {
  /** Keys of the pasted cells no entry decided at the paste. */
  readonly empty: ReadonlySet<string>
  /** View of a cell not saved: the service's record (`record`) came with another value than the pasted `text`. */
  readonly conflict: (text: string, record: OutboxEntry) => CellView
}

/**
 * Sorts pasted cells into those refused at once, new values for one bulk write and the rest (saved one by one).
 * @param busy true for a cell key whose save was under way at the paste (its new value must wait for it).
 * @param place where a cell is (dossier, employee, code, period) for its payload.
 */
export function sortPaste(
  inputs: readonly CellInput[],
  state: { readonly entries: ReadonlyMap<string, OutboxEntry>; readonly local: CellOverrides },
  busy: (key: string) => boolean,
  place: (matricule: string, code: string, numeroContrat: string | null) => CellPlace,
  refusal: RefusalText,
  seen: PasteSeen | null = null,
): PasteSort {
  const local: Record<string, CellView> = { ...state.local }
  const fresh: FreshCell[] = []
  const others: CellInput[] = []
  let unreadable = 0
  let conflicts = 0
  /** Cells whose value the service already holds: no override, they show its record. */
  const held = new Set<string>()
  for (const input of inputs) {
    const key = inputKey(input)
    const read = readCell(input, refusal)
    if (!read.ok) {
      unreadable += 1
      local[key] = read.view
      continue
    }
    const existing = state.entries.get(key)
    if (seen?.empty.has(key) === true && existing !== undefined) {
      const after = afterServiceRead(undefined, existing, read.value)
      if (after === 'held') {
        held.add(key)
        continue
      }
      if (after === 'conflict') {
        conflicts += 1
        local[key] = seen.conflict(input.text, existing)
        continue
      }
    }
    local[key] = savingView(input.text)
    const change = planCellChange(existing, read.value, place(input.matricule, input.code.code, input.numeroContrat ?? null))
    if (change.type === 'create' && !busy(key)) fresh.push({ key, text: input.text, payload: change.payload })
    else others.push(input)
  }
  return { local: held.size === 0 ? local : withoutKeys(local, held), fresh, others, unreadable, conflicts }
}

/** `items` cut into consecutive chunks of `size` (the last one shorter); `size` below 1 counts as 1. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size))
  const chunks: T[][] = []
  for (let i = 0; i < items.length; i += step) chunks.push(items.slice(i, i + step))
  return chunks
}

/**
 * Cells in error for the side panel: first those refused locally (in override order), then those whose entry the
 * service rejected and that have no override (a code no longer listed is left out). Recomputed at each change of a
 * paste's overrides (5 000 of them): no pair array per override or entry (`Object.entries` and a `Map`'s pairs made
 * one each, 2 ms a call against 0.5 ms; docs/performance.md, "The grid paste's long tasks, named by their frames").
 */
export function cellErrors(
  local: CellOverrides,
  entries: ReadonlyMap<string, OutboxEntry>,
  formatOf: ReadonlyMap<string, FormatEvp>,
  wordError?: WordError,
): CellError[] {
  const list: CellError[] = []
  const keys = Object.keys(local)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] ?? ''
    const view = local[key]
    if (view?.status !== 'invalid') continue
    list.push({ ...cellOfKey(key), message: view.message ?? '', status: 'invalid' })
  }
  entries.forEach((entry, key) => {
    if (entry.state !== 'rejected' || local[key] !== undefined) return
    const cell = cellOfKey(key)
    const format = formatOf.get(cell.code)
    if (format === undefined) return
    list.push({ ...cell, message: cellFromEntry(entry, format, wordError).message ?? '', status: 'rejected' })
  })
  return list
}

/** How many cells were refused before reaching the outbox: lost if the clerk leaves the grid. */
export function unsavedCount(local: CellOverrides): number {
  let count = 0
  for (const key in local) if (local[key]?.status === 'invalid') count += 1
  return count
}

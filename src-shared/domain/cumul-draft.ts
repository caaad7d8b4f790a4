/**
 * The cumuls grid's draft (issue 16, point 4; assumption #69): the cells of a dossier's year that the service does not
 * hold yet, kept in IndexedDB (schema v15 `cumulDrafts`) so that nothing typed, pasted or imported is lost on a reload
 * or offline. Cumuls are not outbox entries: a whole grid goes as ONE PUT (`cumuls:put`), and a cell leaves the draft
 * only when the service applied it.
 *
 * A cell's state:
 * - `draft`: typed, pasted or imported, readable, not sent yet (or sent and refused as a whole: nothing applied);
 * - `invalid`: its text cannot be read as an amount (never sent; the reason is a `saisie.cellErreur` code);
 * - `rejected`: the service refused this item (`Cumuls.PutRetourDto.erreurs`): its message is shown on the cell, and
 *   it is sent again only once the clerk edits it;
 * - `unconfirmed`: sent, the answer lost, and the read after it did not show it applied: sent again only after
 *   `settleUntil`, and then with `afterLostAnswer` (main reads the year back before sending).
 * All functions are pure.
 */
import type { Cumul, CumulsItemPutDto } from '../api/bulletins'
import type { z } from 'zod'
import { cumulKey, type CumulsPutOutcome } from './cumuls'
import { compareDecimal } from './decimal'

/** State of a draft cell (file comment). */
export type CumulCellState = 'draft' | 'invalid' | 'rejected' | 'unconfirmed'

/** One cell of the draft. */
export interface CumulDraftCell {
  readonly matricule: string
  readonly code_cumul: string
  /** The text the clerk left in the cell (shown as is). */
  readonly text: string
  /** The wire amount (`Montant`, decimal string) read from `text`; null when `invalid`. */
  readonly valeur: string | null
  readonly state: CumulCellState
  /** `invalid`: the `saisie.cellErreur` code; `rejected`: the service's message; `unconfirmed`: main's error code. */
  readonly message: string | null
}

/** The draft of one dossier's year (since v15), one row per `[siren+annee]`. */
export interface CumulDraftRow {
  readonly siren: string
  readonly annee: number
  /** Cells by `cumulKey(matricule, code_cumul)`. */
  readonly cells: Readonly<Record<string, CumulDraftCell>>
  /** ISO instant before which `unconfirmed` cells are not sent again; null when none is waiting. */
  readonly settleUntil: string | null
  /** ISO instant of the last change (this workstation's clock). */
  readonly updatedAt: string
}

/** The cached cumuls of one dossier's year (since v15), merged from the filtered reads. */
export interface CumulReadRow {
  readonly siren: string
  readonly annee: number
  /** ISO instant of the last read (this workstation's clock). */
  readonly fetchedAt: string
  readonly cumuls: readonly Cumul[]
}

/** A cell as the clerk left it: read as an amount (`valeur`) or not (`error`, a `saisie.cellErreur` code). */
export interface CumulEdit {
  readonly matricule: string
  readonly code_cumul: string
  readonly text: string
  readonly valeur: string | null
  readonly error: string | null
}

/** An empty draft of `siren`'s year `annee`. */
export function emptyDraft(siren: string, annee: number, now: string): CumulDraftRow {
  return { siren, annee, cells: {}, settleUntil: null, updatedAt: now }
}

/**
 * The draft with `edits` applied: a cell emptied, or set back to the value the service holds (`held`, by cumul key),
 * leaves the draft (nothing to send); any other text becomes a `draft` cell, or `invalid` with its reason.
 */
export function applyEdits(row: CumulDraftRow, edits: readonly CumulEdit[], held: ReadonlyMap<string, string>, now: string): CumulDraftRow {
  const cells: Record<string, CumulDraftCell> = { ...row.cells }
  for (const e of edits) {
    const key = cumulKey(e.matricule, e.code_cumul)
    const service = held.get(key)
    const same = e.valeur !== null && service !== undefined && compareDecimal(service, e.valeur) === 0
    if (e.text.trim() === '' || same) {
      // Removing a cumul is not an operation of the reference: an emptied cell only drops the draft's change.
      Reflect.deleteProperty(cells, key)
      continue
    }
    cells[key] =
      e.valeur === null
        ? { matricule: e.matricule, code_cumul: e.code_cumul, text: e.text, valeur: null, state: 'invalid', message: e.error }
        : { matricule: e.matricule, code_cumul: e.code_cumul, text: e.text, valeur: e.valeur, state: 'draft', message: null }
  }
  return { ...row, cells, updatedAt: now }
}

/** What the next PUT carries: the `draft` and `unconfirmed` cells (their keys in the same order). */
export interface CumulsToSend {
  readonly keys: readonly string[]
  readonly elements: readonly z.output<typeof CumulsItemPutDto>[]
  /** True when some cell's earlier send lost its answer: main reads the year back first (#69). */
  readonly afterLostAnswer: boolean
}

/** The cells to send, in key order (stable). */
export function cellsToSend(row: CumulDraftRow): CumulsToSend {
  const keys: string[] = []
  const elements: z.output<typeof CumulsItemPutDto>[] = []
  let afterLostAnswer = false
  for (const key of Object.keys(row.cells).sort()) {
    const cell = row.cells[key]
    if (cell === undefined || cell.valeur === null || (cell.state !== 'draft' && cell.state !== 'unconfirmed')) continue
    keys.push(key)
    elements.push({ matricule: cell.matricule, code_cumul: cell.code_cumul, valeur: cell.valeur })
    if (cell.state === 'unconfirmed') afterLostAnswer = true
  }
  return { keys, elements, afterLostAnswer }
}

/**
 * The draft after a PUT of `sent` answered `outcome` (#69): applied items leave the draft; refused items become
 * `rejected` with the service's message; items a lost answer left unconfirmed become `unconfirmed` until
 * `settleUntil`; a request refused as a whole or not sent changes nothing. Cells edited since the send are kept as
 * they are now (`row` is read again before this is applied).
 */
export function applyOutcome(row: CumulDraftRow, sent: CumulsToSend, outcome: CumulsPutOutcome, now: string): CumulDraftRow {
  if (outcome.result === 'refused' || outcome.result === 'not_sent') return row
  const cells: Record<string, CumulDraftCell> = { ...row.cells }
  const refused = new Map((outcome.retour?.erreurs ?? []).map((e) => [e.index, e.message]))
  const unconfirmed = new Set(outcome.unconfirmed)
  sent.keys.forEach((key, index) => {
    const cell = cells[key]
    const item = sent.elements[index]
    // Edited since the send: the clerk's newer text stays to be sent.
    if (cell === undefined || item === undefined || cell.valeur !== item.valeur) return
    const message = refused.get(index)
    if (message !== undefined) cells[key] = { ...cell, state: 'rejected', message }
    else if (unconfirmed.has(index)) cells[key] = { ...cell, state: 'unconfirmed', message: outcome.error?.code ?? null }
    else Reflect.deleteProperty(cells, key)
  })
  const waiting = Object.values(cells).some((c) => c.state === 'unconfirmed')
  return { ...row, cells, settleUntil: waiting ? (outcome.settleUntil ?? row.settleUntil) : null, updatedAt: now }
}

/** Counts of the draft's cells by state. */
export function draftCounts(row: CumulDraftRow | null): Record<CumulCellState, number> {
  const counts: Record<CumulCellState, number> = { draft: 0, invalid: 0, rejected: 0, unconfirmed: 0 }
  for (const cell of Object.values(row?.cells ?? {})) counts[cell.state] += 1
  return counts
}

/**
 * Queueing an import and its report (issue 17, points 3 and 5). The rows the clerk keeps are written in ONE Dexie
 * transaction (`enqueueTogether`, db/outbox.ts): they are checked again inside it, then all of them are written or,
 * if the write fails or the window is closed or reloaded before it commits, none (IndexedDB aborts an unfinished
 * transaction). The outcome lists what was saved and every row left with its reasons (report.ts writes it as a
 * spreadsheet).
 */
import { enqueueTogether, type EnqueueManyResult } from '../../db/outbox'
import type { NewEntryInput } from '../../db/entry-check'
import type { PaieDb } from '../../db/schema'
import { armInterruptProbe } from './interruptProbe'
import type { OutboxEnv } from '../../db/write'
import type { PreviewRow } from './preview'
import type { CellIssue } from './rows'

/** How the kept rows are saved: queued (or drafts), warnings included or not. */
export interface QueueOptions {
  readonly asDraft: boolean
  /** Rows in `avertissement` (probable duplicates) are saved too. */
  readonly includeWarnings: boolean
}

/** A row not imported, with its reasons. */
export interface LeftRow {
  readonly line: number
  readonly cells: readonly string[]
  readonly status: PreviewRow['status']
  readonly issues: readonly CellIssue[]
  readonly skipped?: PreviewRow['skipped']
}

/**
 * What an import did: what was saved (entries queued or drafts, or cumul cells added to the cumuls drafts when
 * `cumuls`) and the rows left.
 */
export interface ImportOutcome {
  readonly saved: number
  readonly asDraft: boolean
  /** The cumuls kind: `saved` counts cells written into the cumuls drafts (#70), not outbox entries. */
  readonly cumuls: boolean
  readonly left: readonly LeftRow[]
}

/** Whether `row` is kept: `pret`, or `avertissement` when the clerk includes warnings. */
export function isKept(row: PreviewRow<unknown>, includeWarnings: boolean): boolean {
  return row.status === 'pret' || (row.status === 'avertissement' && includeWarnings)
}

/**
 * The rows of `rows` left out, with their reasons: those not kept (but `vide`), and those `refused` (by index in
 * `rows`) when saving, with the refusal. Shared by the entry kinds and the cumuls kind.
 */
export function leftRows(
  rows: readonly PreviewRow<unknown>[],
  includeWarnings: boolean,
  refused: ReadonlyMap<number, readonly CellIssue[]> = new Map(),
): LeftRow[] {
  const left: LeftRow[] = []
  rows.forEach((row, i) => {
    const lost = refused.get(i)
    if (lost !== undefined) left.push({ line: row.line, cells: row.cells, status: 'erreur', issues: lost })
    else if (!isKept(row, includeWarnings) && row.status !== 'vide')
      left.push({
        line: row.line,
        cells: row.cells,
        status: row.status,
        issues: row.issues,
        ...(row.skipped ? { skipped: row.skipped } : {}),
      })
  })
  return left
}

/**
 * Saves the kept rows' entries in one transaction (see the file comment).
 * @returns how many entries were saved and the rows left (errors, warnings not kept, rows set aside or dropped, and
 *   any row the check inside the transaction refused, with the refusal). Rows of `vide` status are not listed.
 * @throws the write failure (Dexie error); nothing is written then.
 */
export async function queueImport(db: PaieDb, rows: readonly PreviewRow[], options: QueueOptions, env?: OutboxEnv): Promise<ImportOutcome> {
  const owners: number[] = []
  const inputs: NewEntryInput[] = []
  rows.forEach((row, i) => {
    if (!isKept(row, options.includeWarnings)) return
    for (const input of row.inputs) {
      inputs.push({ ...input, asDraft: options.asDraft })
      owners.push(i)
    }
  })
  // Test-only: reloads the window from inside the transaction when the e2e test's flag is set (interruptProbe.ts).
  const disarm = armInterruptProbe(db)
  let result: Pick<EnqueueManyResult, 'results' | 'saved'>
  try {
    result = inputs.length === 0 ? { results: [], saved: 0 } : await enqueueTogether(db, inputs, env)
  } finally {
    disarm()
  }
  const refused = new Map<number, CellIssue[]>()
  result.results.forEach((r, k) => {
    const owner = owners[k]
    if (r.ok || owner === undefined) return
    const list = refused.get(owner) ?? []
    list.push(...r.issues.map((issue): CellIssue => ({ column: null, level: 'erreur', text: issue.message })))
    refused.set(owner, list)
  })
  return { saved: result.saved, asDraft: options.asDraft, cumuls: false, left: leftRows(rows, options.includeWarnings, refused) }
}

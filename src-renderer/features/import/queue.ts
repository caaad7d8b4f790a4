/**
 * Queueing an import and its report (issue 17, points 3 and 5). The rows the clerk keeps are written in ONE Dexie
 * transaction (`enqueueTogether`, db/outbox.ts): they are checked again inside it, then all of them are written or,
 * if the write fails or the window is closed or reloaded before it commits, none (IndexedDB aborts an unfinished
 * transaction). The outcome lists what was saved and every row left with its reasons (report.ts writes it as a
 * spreadsheet).
 */
import { enqueueTogether } from '../../db/outbox'
import type { NewEntryInput } from '../../db/entry-check'
import type { PaieDb } from '../../db/schema'
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

/** What an import did: entries saved (queued or drafts) and the rows left. */
export interface ImportOutcome {
  readonly saved: number
  readonly asDraft: boolean
  readonly left: readonly LeftRow[]
}

function kept(row: PreviewRow, options: QueueOptions): boolean {
  return row.status === 'pret' || (row.status === 'avertissement' && options.includeWarnings)
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
    if (!kept(row, options)) return
    for (const input of row.inputs) {
      inputs.push({ ...input, asDraft: options.asDraft })
      owners.push(i)
    }
  })
  const result = inputs.length === 0 ? { results: [], saved: 0 } : await enqueueTogether(db, inputs, env)
  const refused = new Map<number, CellIssue[]>()
  result.results.forEach((r, k) => {
    const owner = owners[k]
    if (r.ok || owner === undefined) return
    const list = refused.get(owner) ?? []
    list.push(...r.issues.map((issue): CellIssue => ({ column: null, level: 'erreur', text: issue.message })))
    refused.set(owner, list)
  })
  const left: LeftRow[] = []
  rows.forEach((row, i) => {
    const lost = refused.get(i)
    if (lost !== undefined) left.push({ line: row.line, cells: row.cells, status: 'erreur', issues: lost })
    else if (!kept(row, options) && row.status !== 'vide')
      left.push({
        line: row.line,
        cells: row.cells,
        status: row.status,
        issues: row.issues,
        ...(row.skipped ? { skipped: row.skipped } : {}),
      })
  })
  return { saved: result.saved, asDraft: options.asDraft, left }
}

/**
 * The preview of an import (issue 17, point 3): every row of the file checked with the SAME offline rules as the
 * entry screens (`prepareEntry`: the kind's contract schema, then codes, employee under contract, open period,
 * overlapping absences, rows earlier in the file counting among an employee's absences), then compared with what
 * the service (its cached records of the period, components/identical.ts) and the queue already hold and with the
 * rows above it. Each row is `pret`, `avertissement` (a probable duplicate: queued only when the clerk says so),
 * `erreur` (with the reason on its cell), `ignoree` (a totals row, or dropped by the clerk) or `vide` (nothing to
 * import). Reads only; the main thread is given back every few milliseconds (yield.ts).
 */
import type { KindedRecord } from '../../../src-shared/domain/service-records'
import type { EntryState } from '../../../src-shared/domain/states'
import { findIdentical } from '../../components/identical'
import { prepareEntry } from '../../db/entry-check'
import type { NewEntryInput } from '../../db/entry-check'
import { entriesOfPeriod } from '../../db/outbox-query'
import type { PaieDb } from '../../db/schema'
import { ValidationSource } from '../../db/validation-source'
import { TimeSlicer } from '../../db/yield'
import type { ImportMapping } from './mapping'
import { buildRow, indexRows } from './rows'
import type { CellIssue, RowContext } from './rows'
import type { SourceRow } from './table'

/** Status of a previewed row. */
export type RowStatus = 'pret' | 'avertissement' | 'erreur' | 'ignoree' | 'vide'

/**
 * A row of the file as previewed; `I` is what a kept row gives: checked outbox inputs (the entry kinds), or cumul
 * cells with their year (the cumuls kind, cumulRows.ts).
 */
export interface PreviewRow<I = NewEntryInput> {
  /** Spreadsheet line (from 1). */
  readonly line: number
  readonly cells: readonly string[]
  readonly status: RowStatus
  readonly issues: readonly CellIssue[]
  /** What the row gives once kept (none unless `pret` or `avertissement`). */
  readonly inputs: readonly I[]
  /** Why an `ignoree` row is left out. */
  readonly skipped?: 'total' | 'retiree'
}

/** Outbox states whose entries an import row would duplicate (cancelled and rejected ones are not held). */
const HELD: ReadonlySet<EntryState> = new Set(['draft', 'queued', 'sending', 'synced', 'unknown', 'to_check'])

/**
 * `scopeKey#fingerprint` of the creates the outbox holds for a dossier, per period (`[siren+periode]`, read once each,
 * with a cursor: no long task on a big queue). A row's scope names its period, so a create of another period never
 * matches: the periods of the file are read, not the dossier's whole history (a year of synced entries, issue 19).
 */
function heldReader(db: PaieDb, siren: string): (periode: string) => Promise<ReadonlySet<string>> {
  const cache = new Map<string, Promise<Set<string>>>()
  return (periode) => {
    let held = cache.get(periode)
    if (held === undefined) {
      const found = new Set<string>()
      held = entriesOfPeriod(db, siren, periode)
        .each((e) => {
          if (HELD.has(e.state) && e.operation === 'create') found.add(`${e.scopeKey}#${e.fingerprint}`)
        })
        .then(() => found)
      cache.set(periode, held)
    }
    return held
  }
}

/** The service's cached records of a dossier, per period (read once each). */
function serviceRecordsReader(db: PaieDb, siren: string): (periode: string) => Promise<KindedRecord[]> {
  const cache = new Map<string, KindedRecord[]>()
  return async (periode) => {
    let records = cache.get(periode)
    if (records === undefined) {
      records = await db.serviceRecords.where('[siren+periode]').equals([siren, periode]).toArray()
      cache.set(periode, records)
    }
    return records
  }
}

/** Options of {@link previewRows}: rows the clerk dropped (by line). */
export interface PreviewOptions {
  readonly dropped?: ReadonlySet<number>
}

/**
 * Checks `rows` under `mapping` (see the file comment).
 * @returns one preview row per source row, same order. Never throws for bad cells; a Dexie read failure rejects.
 */
export async function previewRows(
  db: PaieDb,
  rows: readonly SourceRow[],
  mapping: ImportMapping,
  ctx: RowContext,
  options: PreviewOptions = {},
): Promise<PreviewRow[]> {
  const source = new ValidationSource(db)
  const index = indexRows(ctx, mapping.kind)
  const held = heldReader(db, ctx.siren)
  const records = serviceRecordsReader(db, ctx.siren)
  const inFile = new Set<string>()
  const slicer = new TimeSlicer()
  const out: PreviewRow[] = []
  for (const row of rows) {
    const base = { line: row.line, cells: row.cells }
    if (row.skipped !== undefined || options.dropped?.has(row.line) === true) {
      out.push({ ...base, status: 'ignoree', issues: [], inputs: [], skipped: row.skipped ?? 'retiree' })
      continue
    }
    const built = buildRow(row.cells, mapping, ctx, index)
    if (built.issues.length > 0 || built.candidates.length === 0) {
      out.push({ ...base, status: built.issues.length > 0 ? 'erreur' : 'vide', issues: built.issues, inputs: [] })
      continue
    }
    const issues: CellIssue[] = []
    const inputs: NewEntryInput[] = []
    for (const candidate of built.candidates) {
      const result = await prepareEntry(source, candidate.input)
      if (!result.ok) {
        for (const issue of result.issues)
          issues.push({ column: candidate.fields[issue.champ] ?? null, level: 'erreur', text: issue.message })
        continue
      }
      const { prepared } = result
      const codeColumn = candidate.fields[mapping.kind === 'evp' ? 'code_evp' : 'matricule'] ?? null
      const key = `${prepared.scopeKey}#${prepared.fingerprint}`
      if (prepared.payload !== null && findIdentical(prepared.kind, prepared.payload, await records(prepared.periode)) !== null)
        issues.push({ column: codeColumn, level: 'avertissement', key: 'identiqueService' })
      else if ((await held(prepared.periode)).has(key)) issues.push({ column: codeColumn, level: 'avertissement', key: 'dejaEnFile' })
      else if (inFile.has(key)) issues.push({ column: codeColumn, level: 'avertissement', key: 'doublonFichier' })
      inFile.add(key)
      source.remember({ ...prepared, clientId: `import-${String(row.line)}`, serverId: null, state: 'queued', createdAt: '' })
      inputs.push(candidate.input)
    }
    const status = issues.some((i) => i.level === 'erreur') ? 'erreur' : issues.length > 0 ? 'avertissement' : 'pret'
    out.push({ ...base, status, issues, inputs: status === 'erreur' ? [] : inputs })
    await slicer.maybeYield()
  }
  return out
}

/** How many rows of each status. */
export function countStatuses(rows: readonly PreviewRow<unknown>[]): Readonly<Record<RowStatus, number>> {
  const counts: Record<RowStatus, number> = { pret: 0, avertissement: 0, erreur: 0, ignoree: 0, vide: 0 }
  for (const row of rows) counts[row.status] += 1
  return counts
}

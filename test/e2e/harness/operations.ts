/**
 * Which operations of the endpoint table (src-shared/api/endpoints.ts) the APP reaches through its screens: every
 * answer main's typed client received during an end-to-end run is counted by operation id (the harness's
 * `onResponse` hook on main's connections, never the tests' own setup or checking clients). Each suite file merges
 * its counts into `artifacts/operations/<suite>.json` when a workstation closes; the global teardown, which runs once
 * after every file, merges those into `artifacts/operations.json`. One file per suite: the suites may run in
 * separate workers, and none of them writes another's file.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { OPERATION_IDS, type OperationId } from '../../../src-shared/api/endpoints'

/** Folder of the per-suite files (`<suite>.json`), emptied by the global setup. */
export const OPERATIONS_DIR = resolve(import.meta.dirname, '../artifacts/operations')
/** The merged report, written by the global teardown. */
export const OPERATIONS_FILE = resolve(import.meta.dirname, '../artifacts/operations.json')

/** Answers received per operation id (ids never answered are absent). */
export type OperationCounts = Partial<Record<OperationId, number>>

const KNOWN_IDS: ReadonlySet<string> = new Set(OPERATION_IDS)

/** True when `id` is an operation of the endpoint table. */
function isOperationId(id: string): id is OperationId {
  return KNOWN_IDS.has(id)
}

/** Counts as read back from a file: keys must be ids of the endpoint table, counts positive integers. */
const OperationCountsSchema = z
  .record(z.string(), z.number().int().positive())
  .superRefine((counts, ctx) => {
    for (const id of Object.keys(counts))
      if (!isOperationId(id)) ctx.addIssue({ code: 'custom', message: `unknown operation id ${id}`, path: [id] })
  })
  .transform((counts): OperationCounts => {
    const out: OperationCounts = {}
    for (const [id, count] of Object.entries(counts)) if (isOperationId(id)) out[id] = count
    return out
  })

/** One suite's file, `artifacts/operations/<suite>.json`. */
const SuiteOperationsSchema = z.object({ suite: z.string().min(1), operations: OperationCountsSchema })

/** The merged report, `artifacts/operations.json`. */
export const OperationsReportSchema = z.object({
  /** Number of operations in the endpoint table. */
  endpointOperations: z.number().int().nonnegative(),
  /** Number of distinct operations the app's client received an answer for. */
  reached: z.number().int().nonnegative(),
  /** Answers per operation id, keys in the endpoint table's order. */
  operations: OperationCountsSchema,
  /** Operations of the table never reached, in the table's order. */
  notReached: z.array(z.string()),
  /** Suite files merged (`offline-day`, ...), sorted. */
  suites: z.array(z.string()),
})
export type OperationsReport = z.infer<typeof OperationsReportSchema>

/** Thrown when a counts file cannot be read back (not JSON, or not the expected shape). */
export class OperationsFileError extends Error {
  constructor(file: string, cause: unknown) {
    super(`unreadable operations file ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'OperationsFileError'
  }
}

/** A tally of answers by operation. */
export interface OperationCounter {
  /** Adds one answer for `info.operation` with HTTP status `info.status` (hand it to the client's `onResponse` as is). */
  readonly observe: (info: { readonly operation: OperationId; readonly status: number }) => void
  /** A copy of the tally so far: every answer, whatever its status (what the coverage report counts). */
  readonly counts: () => OperationCounts
  /**
   * A copy of the tally of accepted answers only (status 2xx). What "applied once" means to a test: a write first
   * refused before it was processed (a 401 after the sandbox restarted with new tokens, a 429) and sent again is
   * two answers but one acceptance.
   */
  readonly accepted: () => OperationCounts
}

/** A new, empty {@link OperationCounter}. */
export function createOperationCounter(): OperationCounter {
  const tally: OperationCounts = {}
  const acceptedTally: OperationCounts = {}
  return {
    observe(info) {
      tally[info.operation] = (tally[info.operation] ?? 0) + 1
      if (info.status >= 200 && info.status < 300) acceptedTally[info.operation] = (acceptedTally[info.operation] ?? 0) + 1
    },
    counts: () => ({ ...tally }),
    accepted: () => ({ ...acceptedTally }),
  }
}

/** Sum of several tallies, id by id (pure: the inputs are not changed). */
export function mergeOperationCounts(...tallies: readonly OperationCounts[]): OperationCounts {
  const out: OperationCounts = {}
  for (const tally of tallies)
    for (const id of OPERATION_IDS) {
      const count = tally[id]
      if (count !== undefined && count > 0) out[id] = (out[id] ?? 0) + count
    }
  return out
}

/**
 * The report of `counts` against the endpoint table `table` (default: the whole table, in its order).
 * @returns endpointOperations = table size, reached = distinct ids of the table with a count, the counts in table order
 */
export function buildOperationsReport(
  counts: OperationCounts,
  suites: readonly string[] = [],
  table: readonly OperationId[] = OPERATION_IDS,
): OperationsReport {
  const operations: OperationCounts = {}
  const notReached: OperationId[] = []
  for (const id of table) {
    const count = counts[id]
    if (count !== undefined && count > 0) operations[id] = count
    else notReached.push(id)
  }
  return {
    endpointOperations: table.length,
    reached: Object.keys(operations).length,
    operations,
    notReached,
    suites: [...new Set(suites)].sort(),
  }
}

/** Reads and parses a JSON file with `schema`. @throws OperationsFileError */
function readJson<T>(file: string, schema: z.ZodType<T>): T {
  try {
    return schema.parse(JSON.parse(readFileSync(file, 'utf8')))
  } catch (error) {
    throw new OperationsFileError(file, error)
  }
}

/**
 * Adds `counts` to the suite's file `<dir>/<suite>.json` (read, merge, write: a suite file may open several
 * workstations one after the other). Nothing is written for an empty tally.
 * @throws OperationsFileError when the existing file is unreadable
 */
export function recordSuiteOperations(dir: string, suite: string, counts: OperationCounts): void {
  if (Object.keys(counts).length === 0) return
  mkdirSync(dir, { recursive: true })
  const file = resolve(dir, `${suite}.json`)
  const known = existsSync(file) ? readJson(file, SuiteOperationsSchema).operations : {}
  writeFileSync(file, `${JSON.stringify({ suite, operations: mergeOperationCounts(known, counts) }, null, 2)}\n`)
}

/**
 * Merges every suite file of `dir` into one report (an absent folder gives an empty report).
 * @throws OperationsFileError when a suite file is unreadable
 */
export function mergeSuiteOperations(dir: string): OperationsReport {
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : []
  const parsed = files.map((name) => readJson(resolve(dir, name), SuiteOperationsSchema))
  return buildOperationsReport(
    mergeOperationCounts(...parsed.map((s) => s.operations)),
    parsed.map((s) => s.suite),
  )
}

/** Writes the merged report of `dir` to `file`. @returns the report written */
export function writeOperationsReport(dir: string, file: string): OperationsReport {
  const report = mergeSuiteOperations(dir)
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  return report
}

/** Reads a report written by {@link writeOperationsReport}. @throws OperationsFileError */
export function readOperationsReport(file: string): OperationsReport {
  return readJson(file, OperationsReportSchema)
}

/** Removes the suite files and the report of a previous run (called before the suites start). */
export function clearOperations(dir: string, file: string): void {
  rmSync(dir, { recursive: true, force: true })
  rmSync(file, { force: true })
}

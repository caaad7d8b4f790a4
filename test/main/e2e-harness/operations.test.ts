/**
 * The operations report of the end-to-end runs (test/e2e/harness/operations.ts): counting, merging suite files written
 * by separate workers, and reading the files back through zod.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { OPERATION_IDS, type OperationId } from '../../../src-shared/api/endpoints'
import {
  OperationsFileError,
  buildOperationsReport,
  clearOperations,
  createOperationCounter,
  mergeOperationCounts,
  mergeSuiteOperations,
  readOperationsReport,
  recordSuiteOperations,
  writeOperationsReport,
  type OperationCounts,
} from '../../e2e/harness/operations'

const operationId = fc.constantFrom(...OPERATION_IDS)
const counts: fc.Arbitrary<OperationCounts> = fc
  .array(fc.tuple(operationId, fc.integer({ min: 1, max: 1000 })), { maxLength: 20 })
  .map((pairs) => Object.fromEntries(pairs))

/** Count of `id` in `tally`, 0 when absent. */
function countOf(tally: OperationCounts, id: OperationId): number {
  return tally[id] ?? 0
}

describe('operation counts', () => {
  it('the counter adds one per answer and hands out copies', () => {
    const counter = createOperationCounter()
    counter.observe({ operation: 'obtenirJeton', status: 200 })
    const first = counter.counts()
    counter.observe({ operation: 'obtenirJeton', status: 200 })
    counter.observe({ operation: 'sante', status: 200 })
    expect(first).toEqual({ obtenirJeton: 1 })
    expect(counter.counts()).toEqual({ obtenirJeton: 2, sante: 1 })
  })

  it('a write refused before processing and sent again counts two answers, one acceptance', () => {
    const counter = createOperationCounter()
    counter.observe({ operation: 'creerUtilisateurCabinet', status: 401 })
    counter.observe({ operation: 'creerUtilisateurCabinet', status: 201 })
    counter.observe({ operation: 'creerAffectationDossier', status: 429 })
    counter.observe({ operation: 'supprimerEvp', status: 204 })
    counter.observe({ operation: 'supprimerEvp', status: 302 })
    expect(counter.counts()).toEqual({ creerUtilisateurCabinet: 2, creerAffectationDossier: 1, supprimerEvp: 2 })
    expect(counter.accepted()).toEqual({ creerUtilisateurCabinet: 1, supprimerEvp: 1 })
  })

  it('merging sums id by id, in any order', () => {
    fc.assert(
      fc.property(counts, counts, counts, (a, b, c) => {
        const merged = mergeOperationCounts(a, b, c)
        expect(mergeOperationCounts(c, a, b)).toEqual(merged)
        for (const id of OPERATION_IDS) expect(countOf(merged, id)).toBe(countOf(a, id) + countOf(b, id) + countOf(c, id))
      }),
    )
  })

  it('the report counts the distinct operations reached out of the table', () => {
    fc.assert(
      fc.property(counts, (tally) => {
        const report = buildOperationsReport(tally)
        expect(report.endpointOperations).toBe(OPERATION_IDS.length)
        expect(report.reached).toBe(Object.keys(tally).length)
        expect(report.reached + report.notReached.length).toBe(OPERATION_IDS.length)
        expect(Object.keys(report.operations)).toEqual(OPERATION_IDS.filter((id) => id in tally))
      }),
    )
  })
})

describe('operation files', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  /** A new temporary folder, deleted after the test. */
  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'paie-operations-'))
    dirs.push(dir)
    return dir
  }

  it('suites written one after the other (separate workers) merge into one report', () => {
    const root = tempDir()
    const dir = join(root, 'operations')
    const file = join(root, 'operations.json')
    recordSuiteOperations(dir, 'offline-day', { obtenirJeton: 1, listerDossiers: 2 })
    // A second workstation of the same suite adds to its file.
    recordSuiteOperations(dir, 'offline-day', { listerDossiers: 1 })
    recordSuiteOperations(dir, 'kinds', { obtenirJeton: 1, sante: 3 })
    recordSuiteOperations(dir, 'empty', {})
    const report = writeOperationsReport(dir, file)
    expect(report).toMatchObject({
      operations: { obtenirJeton: 2, sante: 3, listerDossiers: 3 },
      reached: 3,
      endpointOperations: OPERATION_IDS.length,
      suites: ['kinds', 'offline-day'],
    })
    expect(readOperationsReport(file)).toEqual(report)
    clearOperations(dir, file)
    expect(mergeSuiteOperations(dir)).toMatchObject({ reached: 0, operations: {}, suites: [] })
  })

  it('a suite file that is not the expected shape is an error, not a silent zero', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({ suite: 'broken', operations: { inventee: 1 } }))
    expect(() => mergeSuiteOperations(dir)).toThrow(OperationsFileError)
    writeFileSync(join(dir, 'broken.json'), '{"suite": "broken", "operations": ')
    expect(() => mergeSuiteOperations(dir)).toThrow(/unreadable operations file/)
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({ suite: 'broken', operations: { sante: -1 } }))
    expect(() => {
      recordSuiteOperations(dir, 'broken', { sante: 1 })
    }).toThrow(OperationsFileError)
    expect(readFileSync(join(dir, 'broken.json'), 'utf8')).toContain('-1')
  })
})

/**
 * enqueueTogether (db/outbox.ts): the carried-over proposals the clerk confirmed are checked like any entry and
 * written in ONE transaction: drafts or queued as asked, refused rows reported and not written, and a failing write
 * leaves nothing behind (no entry without its count). Rows beyond one put batch (`PUT_SLICE`, an import's 10 000) are put
 * a batch at a time in that one transaction: a batch that fails leaves none of them.
 */
import '../support/db'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { onOutboxRowsWrite } from '../../../src-renderer/db/changes'
import { countsBySiren, enqueueTogether } from '../../../src-renderer/db/outbox'
import { NAMED_PUT, NAMED_WRITE_MAX, PUT_SLICE } from '../../../src-renderer/db/write'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, salaries, valid } from '../support/fixtures'

let db: PaieDb
const env = testEnv()

beforeEach(async () => {
  db = await dbWithReference()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await db.delete()
})

const inputs = (asDraft: boolean): NewEntryInput[] => [
  { kind: 'evp', payload: valid.evp(), asDraft },
  { kind: 'evp', payload: valid.evp({ code_evp: 'INCONNU' }), asDraft },
  { kind: 'evp', payload: valid.evp({ matricule: 'M002', code_evp: 'OBS', quantite: null, valeur_texte: 'Astreinte' }), asDraft },
]

describe('enqueueTogether (reprise du mois précédent)', () => {
  it('writes the valid rows as drafts, reports the refused one in its place', async () => {
    const { results, saved } = await enqueueTogether(db, inputs(true), env)
    expect(saved).toBe(2)
    expect(results.map((r) => r.ok)).toEqual([true, false, true])
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['draft', 'draft'])
    expect((await countsBySiren(db))[SIREN]?.draft).toBe(2)
  })

  it('queues them when asked', async () => {
    await enqueueTogether(db, inputs(false), env)
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['queued', 'queued'])
  })

  it('writes nothing when the write fails', async () => {
    vi.spyOn(db.counts, 'bulkPut').mockRejectedValue(new Error('disque plein'))
    await expect(enqueueTogether(db, inputs(false), env)).rejects.toThrow('disque plein')
    vi.restoreAllMocks()
    expect(await db.outbox.count()).toBe(0)
  })

  /** More rows than two put batches: the dossier's employees' HS25, one per employee and quantity. */
  const many = (n = 2 * PUT_SLICE + 1): NewEntryInput[] => {
    const matricules = salaries.filter((e) => e.siren === SIREN).map((e) => e.matricule)
    return Array.from({ length: n }, (_, i) => ({
      kind: 'evp' as const,
      payload: valid.evp({ matricule: matricules[i % matricules.length], quantite: String(i + 1) }),
    }))
  }

  it('puts more rows than a batch in several put batches of the one transaction, every row and its count', async () => {
    const puts = vi.spyOn(db.outbox, 'bulkPut')
    const { saved } = await enqueueTogether(db, many(), env)
    expect(saved).toBe(2 * PUT_SLICE + 1)
    // No view follows the rows: one call per batch.
    expect(puts.mock.calls.map(([rows]) => rows.length)).toEqual([PUT_SLICE, PUT_SLICE, 1])
    expect(await db.outbox.count()).toBe(2 * PUT_SLICE + 1)
    expect((await countsBySiren(db))[SIREN]?.queued).toBe(2 * PUT_SLICE + 1)
  })

  it('while a view follows the rows, puts each batch through calls of NAMED_PUT rows; above NAMED_WRITE_MAX, one call per batch', async () => {
    const stop = onOutboxRowsWrite(db, () => undefined)
    const puts = vi.spyOn(db.outbox, 'bulkPut')
    const batches = (n: number, size: number) => Array.from({ length: Math.ceil(n / size) }, (_, i) => Math.min(size, n - i * size))
    expect((await enqueueTogether(db, many(), env)).saved).toBe(2 * PUT_SLICE + 1)
    // Dexie names the rows of a call of fewer than 50 rows in its change signal.
    expect(puts.mock.calls.map(([rows]) => rows.length)).toEqual([
      ...batches(PUT_SLICE, NAMED_PUT),
      ...batches(PUT_SLICE, NAMED_PUT),
      ...batches(1, NAMED_PUT),
    ])
    puts.mockClear()
    const n = NAMED_WRITE_MAX + 1
    expect((await enqueueTogether(db, many(n), env)).saved).toBe(n)
    expect(puts.mock.calls.map(([rows]) => rows.length)).toEqual(batches(n, PUT_SLICE))
    // Once the view stops, one call per batch again.
    stop()
    puts.mockClear()
    expect((await enqueueTogether(db, many(), env)).saved).toBe(2 * PUT_SLICE + 1)
    expect(puts.mock.calls.map(([rows]) => rows.length)).toEqual([PUT_SLICE, PUT_SLICE, 1])
    expect(await db.outbox.count()).toBe(n + 2 * (2 * PUT_SLICE + 1))
  })

  it('writes none of the rows when a later put batch fails', async () => {
    const bulkPut = db.outbox.bulkPut.bind(db.outbox)
    vi.spyOn(db.outbox, 'bulkPut')
      .mockImplementationOnce((rows) => bulkPut(rows))
      .mockRejectedValueOnce(new Error('disque plein'))
    await expect(enqueueTogether(db, many(), env)).rejects.toThrow('disque plein')
    vi.restoreAllMocks()
    expect(await db.outbox.count()).toBe(0)
    expect((await countsBySiren(db))[SIREN]?.queued ?? 0).toBe(0)
  })
})

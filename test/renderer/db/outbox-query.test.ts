import '../support/db'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { countEntries, enqueueMany, queryEntries } from '../../../src-renderer/db/outbox'
import { cursorOf, queryAfter, queryBefore } from '../../../src-renderer/db/outbox-query'
import type { EntryFilter, NewEntryInput } from '../../../src-renderer/db/outbox'
import { writeEntries } from '../../../src-renderer/db/write'
import type { PaieDb, StoredEntry } from '../../../src-renderer/db/schema'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, SIREN_2, valid } from '../support/fixtures'

let db: PaieDb
let all: StoredEntry[]

beforeAll(async () => {
  db = await dbWithReference()
  const env = testEnv()
  const inputs: NewEntryInput[] = []
  for (let i = 0; i < 60; i++) {
    const matricule = `G${String(i % 5).padStart(3, '0')}`
    if (i % 3 === 0) inputs.push({ kind: 'prime', payload: valid.prime({ matricule, montant: `${i + 1}.00` }) })
    else if (i % 10 === 1) inputs.push({ kind: 'evp', payload: valid.evp({ siren: SIREN_2, matricule: 'D001', quantite: `${i}` }) })
    else inputs.push({ kind: 'evp', payload: valid.evp({ matricule, quantite: `${i}` }) })
  }
  const { saved } = await enqueueMany(db, inputs, env)
  expect(saved).toBe(60)
  // 15 rows changed by one write at one instant (as a drain before v18 left them `sending`).
  const oldest = (await db.outbox.toArray()).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)).slice(0, 15)
  const at = env.now()
  await db.transaction('rw', db.outbox, db.counts, db.claims, () =>
    writeEntries(
      db,
      oldest.map((before) => ({ before, after: { ...before, state: 'sending' as const, updatedAt: at } })),
    ),
  )
  all = await db.outbox.toArray()
})
afterAll(async () => {
  await db.delete()
})

/** The expected page, from a full scan: most recently changed first. */
function expected(filter: EntryFilter, offset: number, limit: number): string[] {
  return all
    .filter(
      (e) =>
        (filter.state === undefined || e.state === filter.state) &&
        (filter.siren === undefined || e.siren === filter.siren) &&
        (filter.kind === undefined || e.kind === filter.kind) &&
        (filter.matricule === undefined || e.matricule === filter.matricule),
    )
    .sort((a, b) => (a.updatedAt === b.updatedAt ? (a.clientId < b.clientId ? 1 : -1) : a.updatedAt < b.updatedAt ? 1 : -1))
    .slice(offset, offset + limit)
    .map((e) => e.clientId)
}

const FILTERS: EntryFilter[] = [
  {},
  { state: 'queued' },
  { state: 'sending' },
  { siren: SIREN },
  { siren: SIREN, state: 'queued' },
  { kind: 'prime' },
  { kind: 'evp', state: 'queued' },
  { siren: SIREN, matricule: 'G001' },
  { siren: SIREN, matricule: 'G002', kind: 'prime', state: 'queued' },
  { matricule: 'D001' },
]

describe('queryEntries et countEntries', () => {
  it.each(FILTERS)('filtre %j par index, page après page, le plus récent d’abord', async (filter) => {
    for (const [offset, limit] of [
      [0, 10],
      [10, 10],
      [5, 50],
    ] as const) {
      expect((await queryEntries(db, filter, offset, limit)).map((e) => e.clientId)).toEqual(expected(filter, offset, limit))
    }
    expect(await countEntries(db, filter)).toBe(expected(filter, 0, 10_000).length)
  })
})

describe('queryAfter et queryBefore (pagination par clé)', () => {
  it.each(FILTERS)('filtre %j : chaque page part de la dernière ligne de la précédente, et remonte de même', async (filter) => {
    const full = expected(filter, 0, 1_000)
    const pages: string[][] = []
    let cursor = null as ReturnType<typeof cursorOf> | null
    for (;;) {
      const page = await queryAfter(db, filter, cursor, 7)
      if (page.length === 0) break
      pages.push(page.map((e) => e.clientId))
      cursor = cursorOf(page[page.length - 1]!)
    }
    expect(pages.flat()).toEqual(full)
    // Upwards from the last row: the rows just above it, in the queue order.
    const last = all.find((e) => e.clientId === full[full.length - 1])
    if (last !== undefined) expect((await queryBefore(db, filter, cursorOf(last), 5)).map((e) => e.clientId)).toEqual(full.slice(-6, -1))
    // A jump: skip rows from the top, or count from the bottom.
    expect((await queryAfter(db, filter, null, 4, 3)).map((e) => e.clientId)).toEqual(full.slice(3, 7))
    expect((await queryBefore(db, filter, null, 4)).map((e) => e.clientId)).toEqual(full.slice(-4))
    expect((await queryBefore(db, filter, null, 4, 2)).map((e) => e.clientId)).toEqual(
      full.slice(Math.max(0, full.length - 6), full.length - 2),
    )
  })

  it('départage les saisies modifiées au même instant par leur identifiant (un lot marque 15 saisies d’un coup)', async () => {
    const sending = all.filter((e) => e.state === 'sending')
    expect(new Set(sending.map((e) => e.updatedAt)).size).toBe(1)
    const first = await queryAfter(db, { state: 'sending' }, null, 6)
    const rest = await queryAfter(db, { state: 'sending' }, cursorOf(first[5]!), 100)
    expect([...first, ...rest].map((e) => e.clientId)).toEqual(
      sending
        .map((e) => e.clientId)
        .sort()
        .reverse(),
    )
  })
})

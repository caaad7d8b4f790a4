import '../support/db'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { countEntries, enqueueMany, queryEntries } from '../../../src-renderer/db/outbox'
import type { EntryFilter, NewEntryInput } from '../../../src-renderer/db/outbox'
import { claimBatch } from '../../../src-renderer/db/outbox-sync'
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
  await claimBatch(db, 15, [], env)
  all = await db.outbox.toArray()
})
afterAll(async () => {
  await db.delete()
})

/** The expected page, from a full scan: most recently changed first. */
function expected(filter: EntryFilter, offset: number, limit: number): string[] {
  return all
    .filter((e) => (filter.state === undefined || e.state === filter.state) && (filter.siren === undefined || e.siren === filter.siren) && (filter.kind === undefined || e.kind === filter.kind) && (filter.matricule === undefined || e.matricule === filter.matricule))
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
    for (const [offset, limit] of [[0, 10], [10, 10], [5, 50]] as const) {
      expect((await queryEntries(db, filter, offset, limit)).map((e) => e.clientId)).toEqual(expected(filter, offset, limit))
    }
    expect(await countEntries(db, filter)).toBe(expected(filter, 0, 10_000).length)
  })
})

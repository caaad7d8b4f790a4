/**
 * enqueueTogether (db/outbox.ts): the carried-over proposals the clerk confirmed are checked like any entry and
 * written in ONE transaction: drafts or queued as asked, refused rows reported and not written, and a failing write
 * leaves nothing behind (no entry without its count).
 */
import '../support/db'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { countsBySiren, enqueueTogether } from '../../../src-renderer/db/outbox'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, valid } from '../support/fixtures'

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
})

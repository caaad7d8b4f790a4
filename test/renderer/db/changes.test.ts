import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { onOutboxRowsWrite, onOutboxWrite } from '../../../src-renderer/db/changes'
import { enqueue, enqueueMany } from '../../../src-renderer/db/outbox'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { dbWithReference, testEnv } from '../support/db'
import { valid } from '../support/fixtures'

let db: PaieDb
let other: PaieDb
const env = testEnv()

beforeEach(async () => {
  db = await dbWithReference()
  other = await dbWithReference()
})
afterEach(async () => {
  await db.delete()
  await other.delete()
})

/** Lets Dexie signal committed writes (it does so in a task after the commit). */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('onOutboxWrite', () => {
  it('signals each committed write to this database’s outbox, not writes to other tables or databases, until stopped', async () => {
    let calls = 0
    const stop = onOutboxWrite(db, () => {
      calls += 1
    })
    await db.meta.put({ key: 'essai', value: 1 })
    await enqueue(other, { kind: 'evp', payload: valid.evp() }, env)
    await settle()
    expect(calls).toBe(0)

    const saved = await enqueue(db, { kind: 'evp', payload: valid.evp() }, env)
    expect(saved.ok).toBe(true)
    await settle()
    expect(calls).toBe(1)

    stop()
    await enqueue(db, { kind: 'evp', payload: valid.evp({ matricule: 'M002' }) }, env)
    await settle()
    expect(calls).toBe(1)
  })
})

describe('onOutboxRowsWrite', () => {
  it('names the rows each committed write touched (one entry, a paste of 60, three rows), and says null for a bulk put of 60 or a clear', async () => {
    const writes: (readonly string[] | null)[] = []
    const stop = onOutboxRowsWrite(db, (ids) => {
      writes.push(ids === null ? null : [...ids].sort())
    })
    await db.meta.put({ key: 'essai', value: 1 })
    await settle()
    expect(writes).toEqual([])

    const one = await enqueue(db, { kind: 'evp', payload: valid.evp() }, env)
    if (!one.ok) throw new Error('saisie refusée')
    await settle()
    expect(writes).toEqual([[one.entry.clientId]])

    // 60 rows in one transaction while this listener follows the rows (changes.ts rowNamesWanted): written through
    // calls of fewer than 50 rows (write.ts NAMED_PUT), each named.
    const many = await enqueueMany(
      db,
      Array.from({ length: 60 }, (_, i) => ({ kind: 'evp' as const, payload: valid.evp({ quantite: String(i + 1) }) })),
      env,
    )
    const ids = many.results.flatMap((r) => (r.ok ? [r.entry.clientId] : []))
    expect(ids).toHaveLength(60)
    await settle()
    expect(writes.slice(1)).toEqual([[...ids].sort()])

    // The same 60 rows put in ONE call straight through Dexie: it does not name the rows of a call of 50 rows or more.
    writes.length = 0
    const rows = await db.outbox.bulkGet(ids)
    await db.outbox.bulkPut(rows.flatMap((row) => (row === undefined ? [] : [{ ...row, updatedAt: new Date().toISOString() }])))
    await settle()
    expect(writes).toEqual([null])

    // 3 rows changed in one transaction: named.
    writes.length = 0
    const three = ids.slice(0, 3)
    await db.outbox.bulkUpdate(three.map((key) => ({ key, changes: { updatedAt: new Date().toISOString() } })))
    await settle()
    expect(writes).toEqual([[...three].sort()])

    writes.length = 0
    await db.outbox.clear()
    await settle()
    expect(writes).toEqual([null])
    stop()
  })
})

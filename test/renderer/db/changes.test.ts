import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { onOutboxWrite } from '../../../src-renderer/db/changes'
import { enqueue } from '../../../src-renderer/db/outbox'
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

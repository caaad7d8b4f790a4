/**
 * Databases for renderer tests, on fake-indexeddb (a real IndexedDB implementation in memory): one fresh database
 * per test, filled with the fixtures' reference data; a clock and id source for outbox writes.
 */
import 'fake-indexeddb/auto'

import { enqueue } from '../../../src-renderer/db/outbox'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import { PaieDb } from '../../../src-renderer/db/schema'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import type { OutboxEnv } from '../../../src-renderer/db/write'
import { refreshReference } from '../../../src-renderer/services/reference-cache'
import { snapshot } from './fixtures'

let counter = 0

/** A new empty database with a unique name. */
export function freshDb(): PaieDb {
  counter += 1
  return new PaieDb(`paie-test-${counter}-${crypto.randomUUID()}`)
}

/** A new database holding the reference data of both fixture dossiers. */
export async function dbWithReference(): Promise<PaieDb> {
  const db = freshDb()
  const result = await refreshReference(db, { 'reference:refresh': () => Promise.resolve({ ok: true, value: snapshot() }) })
  if (!result.ok) throw new Error(result.error.message)
  return db
}

/** Outbox clock that moves 1 ms per write, from 2026-11-20T09:00:00Z, so creation order is well defined. */
export function testEnv(start = Date.parse('2026-11-20T09:00:00.000Z')): OutboxEnv & { ms: () => number } {
  let ms = start
  return {
    now: () => new Date((ms += 1)).toISOString(),
    newId: () => crypto.randomUUID(),
    ms: () => ms,
  }
}

/** Enqueues an entry that must be valid. @throws Error with the issues when it is not */
export async function mustEnqueueIn(db: PaieDb, input: NewEntryInput, env: OutboxEnv): Promise<StoredEntry> {
  const result = await enqueue(db, input, env)
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.entry
}

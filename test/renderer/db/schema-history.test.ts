import 'fake-indexeddb/auto'

/**
 * A database left at any published version opens at the current one with every table and index of a new database,
 * and keeps its rows. `PaieDb` declares only the versions with an upgrade function (schema.ts, "Versions declared"):
 * Dexie deletes, after each version it runs, the tables that version does not declare, so a declaration missing a
 * table of its time would lose that table's rows here. The upgrades' content (categories, fingerprints, typed
 * entries, indexes replaced) has its own tests (schema.test.ts, schema-v19.test.ts, schema-v20.test.ts).
 */
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'

import {
  PaieDb,
  SCHEMA_V1,
  SCHEMA_V10,
  SCHEMA_V11,
  SCHEMA_V12,
  SCHEMA_V13,
  SCHEMA_V15,
  SCHEMA_V18,
  SCHEMA_V19,
  SCHEMA_V2,
  SCHEMA_V20,
  SCHEMA_V21,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_V7,
  SCHEMA_V8,
  SCHEMA_V9,
} from '../../../src-renderer/db/schema'

/** Every published version and the stores it declared, as releases up to v21 declared them one by one. */
const HISTORY: readonly (readonly [number, Readonly<Record<string, string>>])[] = [
  [1, SCHEMA_V1],
  [2, SCHEMA_V2],
  [3, SCHEMA_V3],
  [4, SCHEMA_V4],
  [5, SCHEMA_V5],
  [6, {}],
  [7, SCHEMA_V7],
  [8, SCHEMA_V8],
  [9, SCHEMA_V9],
  [10, SCHEMA_V10],
  [11, SCHEMA_V11],
  [12, SCHEMA_V12],
  [13, SCHEMA_V13],
  [15, SCHEMA_V15],
  [18, SCHEMA_V18],
  [19, SCHEMA_V19],
  [20, SCHEMA_V20],
  [21, SCHEMA_V21],
]

/** A store's shape as IndexedDB holds it: key path, auto-increment, and each index with its key path and flags. */
interface StoreShape {
  readonly keyPath: string | string[] | null
  readonly autoIncrement: boolean
  readonly indexes: Readonly<Record<string, string>>
}

/** The shape of every store of an open database, read from IndexedDB itself (not from Dexie's declarations). */
function shapeOf(db: Dexie): Record<string, StoreShape> {
  const idb = db.backendDB()
  const names = [...idb.objectStoreNames]
  const tx = idb.transaction(names, 'readonly')
  const shape: Record<string, StoreShape> = {}
  for (const name of names) {
    const store = tx.objectStore(name)
    const indexes: Record<string, string> = {}
    for (const index of [...store.indexNames]) {
      const i = store.index(index)
      indexes[index] = JSON.stringify([i.keyPath, i.unique, i.multiEntry])
    }
    shape[name] = { keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes }
  }
  return shape
}

/** A row for a store whose primary key is `primKey` (Dexie syntax), marked with the store's name. */
function witnessRow(table: string, primKey: string): Record<string, unknown> {
  if (primKey.startsWith('++')) return { witness: table }
  const parts = primKey.startsWith('[') ? primKey.slice(1, -1).split('+') : [primKey]
  return { witness: table, ...Object.fromEntries(parts.map((part, i) => [part, part === 'annee' ? 2026 : `${table}-${String(i)}`])) }
}

/** An outbox row as v6 to v19 stored it (a typed entry: no upgrade after v6 reads it). */
function outboxRow() {
  const scope = { kind: 'evp', siren: '732829320', matricule: 'M001', periode: '2026-11' }
  return {
    witness: 'outbox',
    clientId: 'c-1',
    kind: 'evp',
    state: 'pending',
    category: 'elements_variables',
    operation: 'create',
    payload: { siren: '732829320', matricule: 'M001', periode: '2026-11', code_evp: 'HS25', quantite: '3.50' },
    targetServerId: null,
    siren: '732829320',
    matricule: 'M001',
    periode: '2026-11',
    scope,
    scopeKey: 'evp|732829320|M001|2026-11',
    fingerprint: 'evp|x',
    revision: 1,
    serverId: null,
    error: null,
    attempts: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    history: [],
  }
}

describe('schéma Dexie : une base laissée à chaque version publiée', () => {
  it('s’ouvre en dernière version avec les tables et index d’une base neuve, sans perdre une ligne', async () => {
    const fresh = new PaieDb(`paie-neuve-${crypto.randomUUID()}`)
    await fresh.open()
    const expected = shapeOf(fresh)
    await fresh.delete()
    expect(Object.keys(expected)).toHaveLength(25)

    for (const [version] of HISTORY.slice(0, -1)) {
      const name = `paie-histoire-${String(version)}-${crypto.randomUUID()}`
      const old = new Dexie(name)
      for (const [v, stores] of HISTORY) if (v <= version) old.version(v).stores(stores)
      await old.open()
      // One row in every table of that version; the outbox only once its rows are typed (v6), which the later
      // upgrades do not read.
      const witnesses = new Map<string, unknown>()
      for (const table of old.tables) {
        if (table.name === 'outbox' && version < 6) continue
        const row = table.name === 'outbox' ? outboxRow() : witnessRow(table.name, table.schema.primKey.src)
        witnesses.set(table.name, await table.add(row))
      }
      expect(witnesses.size, `v${String(version)}`).toBeGreaterThanOrEqual(6)
      old.close()

      const db = new PaieDb(name)
      await db.open()
      expect(db.verno).toBe(21)
      expect(shapeOf(db), `v${String(version)}`).toEqual(expected)
      for (const [table, key] of witnesses) {
        const row: unknown = await db.table(table).get(key as string)
        expect(row, `v${String(version)} ${table}`).toMatchObject({ witness: table })
      }
      await db.delete()
    }
  })
})

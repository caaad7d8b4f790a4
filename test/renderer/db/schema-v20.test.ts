import 'fake-indexeddb/auto'

import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'

import { countEntries, entriesOfEmployee, entriesOfPeriod } from '../../../src-renderer/db/outbox-query'
import { PaieDb, SCHEMA_V1, SCHEMA_V12, SCHEMA_V20 } from '../../../src-renderer/db/schema'
import { scopeKey } from '../../../src-shared/domain/fingerprint'
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'

const SIREN = '732829320'

/** An outbox row as v12 to v19 stored it (only the fields the indexes and these reads look at). */
function rowOf(clientId: string, kind: EntryKind, matricule: string, periode: string, siren = SIREN) {
  const scope = { kind, siren, matricule, periode }
  return {
    clientId,
    kind,
    state: 'synced',
    category: 'elements_variables',
    operation: 'create',
    payload: {},
    targetServerId: null,
    siren,
    matricule,
    periode,
    scope,
    scopeKey: scopeKey(scope),
    fingerprint: `${clientId}|x`,
    revision: 1,
    serverId: null,
    error: null,
    attempts: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: `2026-11-01T08:00:0${clientId.length % 10}.000Z`,
    history: [],
  }
}

describe('schéma Dexie : montée de version 19 → 20 (la période d’un dossier lue par son index)', () => {
  it('remplace [siren+matricule] par [siren+periode] sans toucher aux lignes ; période et salarié se lisent par index', async () => {
    const name = `paie-upgrade-v20-${crypto.randomUUID()}`
    const v19 = new Dexie(name)
    v19.version(19).stores({ ...SCHEMA_V1, ...SCHEMA_V12 })
    await v19.open()
    const rows = [
      rowOf('a', 'evp', 'M001', '2026-10'),
      rowOf('b', 'evp', 'M001', '2026-11'),
      rowOf('c', 'absence', 'M001', '2026-11'),
      rowOf('d', 'evp', 'M002', '2026-11'),
      // A matricule whose key starts like M001's: never read as M001's.
      rowOf('e', 'evp', 'M0011', '2026-11'),
      rowOf('f', 'absence', 'M001', '2026-09'),
      rowOf('g', 'evp', 'M001', '2026-11', '552100554'),
    ]
    await v19.table('outbox').bulkAdd(rows)
    const before = v19.table('outbox').schema.indexes.map((i) => i.name)
    v19.close()

    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect(before).toContain('[siren+matricule]')
    const after = db.outbox.schema.indexes.map((i) => i.name)
    expect(after).toContain('[siren+periode]')
    expect(after).not.toContain('[siren+matricule]')
    expect(after).toHaveLength(before.length)
    expect(SCHEMA_V20.outbox).toContain('[siren+periode]')
    expect(await db.outbox.toArray()).toEqual(rows)

    const ids = async (c: { primaryKeys(): Promise<string[]> }): Promise<string[]> => (await c.primaryKeys()).sort()
    expect(await ids(entriesOfPeriod(db, SIREN, '2026-11'))).toEqual(['b', 'c', 'd', 'e'])
    expect(await ids(entriesOfPeriod(db, SIREN, '2026-10'))).toEqual(['a'])
    expect(await ids(entriesOfPeriod(db, SIREN, '2026-12'))).toEqual([])
    expect(await ids(entriesOfEmployee(db, SIREN, 'M001'))).toEqual(['a', 'b', 'c', 'f'])
    expect(await ids(entriesOfEmployee(db, SIREN, 'M001', ['absence']))).toEqual(['c', 'f'])
    expect(await ids(entriesOfEmployee(db, SIREN, 'M0011'))).toEqual(['e'])
    expect(await countEntries(db, { siren: SIREN, matricule: 'M001' })).toBe(4)
    expect(await countEntries(db, { siren: SIREN, matricule: 'M001', kind: 'evp' })).toBe(2)
    expect(await countEntries(db, { siren: SIREN, matricule: 'M001', kind: 'evp', state: 'queued' })).toBe(0)
    db.close()
    await Dexie.delete(name)
  })
})

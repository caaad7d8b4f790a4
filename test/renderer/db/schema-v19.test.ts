import 'fake-indexeddb/auto'

import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'

import { PaieDb, SCHEMA_V1, SCHEMA_V19 } from '../../../src-renderer/db/schema'
import { auditOfEntries } from '../../../src-renderer/db/audit'
import { exportAuditCsv } from '../../../src-renderer/services/csv-export'
import { testCsvWords } from '../support/words'

/** An audit record as v1 to v18 stored it (indexes `clientId`, `at`, `siren`). */
function auditOf(clientId: string, at: string, method: string) {
  return {
    clientId,
    revision: 1,
    siren: '732829320',
    kind: 'evp',
    at,
    operation: 'creer',
    method,
    status: 201,
    serverId: null,
    errorCode: null,
    errorBody: null,
    payloadHash: null,
    durationMs: 12,
    result: 'synced',
  }
}

describe('schéma Dexie : montée de version 18 → 19 (moins d’index sur l’audit)', () => {
  it('garde chaque ligne d’audit, ne garde que l’index clientId, et l’historique comme l’export restent dans l’ordre', async () => {
    const name = `paie-upgrade-v19-${crypto.randomUUID()}`
    const v18 = new Dexie(name)
    v18.version(18).stores(SCHEMA_V1)
    await v18.open()
    // Added out of time order, two of them at the same instant: the order of the `at` index was (at, id).
    await v18
      .table('audit')
      .bulkAdd([
        auditOf('b', '2026-11-01T08:00:03.000Z', 'POST'),
        auditOf('a', '2026-11-01T08:00:02.000Z', 'POST'),
        auditOf('a', '2026-11-01T08:00:01.000Z', 'LIST'),
        auditOf('b', '2026-11-01T08:00:02.000Z', 'LIST'),
      ])
    const before = v18
      .table('audit')
      .schema.indexes.map((i) => i.name)
      .sort()
    const byAt = (await v18.table('audit').orderBy('at').toArray()).map(
      (r: { clientId: string; method: string }) => `${r.clientId}${r.method}`,
    )
    v18.close()

    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect(before).toEqual(['at', 'clientId', 'siren'])
    // v21 adds the multi-entry index of the rows of one attempt for several entries (schema-v21 in audit.test.ts).
    expect(db.audit.schema.indexes.map((i) => i.name)).toEqual(['clientId', 'clientIds'])
    expect(SCHEMA_V19.audit).toBe('++id, clientId')
    expect(await db.audit.count()).toBe(4)
    expect((await auditOfEntries(db, ['b'])).map((r) => r.method)).toEqual(['LIST', 'POST'])

    const csv = await exportAuditCsv(db, testCsvWords('fr'))
    const lines = csv
      .split(/\r?\n/)
      .slice(1)
      .filter((l) => l !== '')
    const exported = lines.map((l) => {
      const cells = l.split(';')
      return `${cells[3] ?? ''}${cells[6] ?? ''}`
    })
    expect(exported).toEqual(byAt)
    expect(exported).toEqual(['aLIST', 'aPOST', 'bLIST', 'bPOST'])
    db.close()
    await Dexie.delete(name)
  })
})

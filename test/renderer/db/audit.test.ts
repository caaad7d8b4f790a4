import 'fake-indexeddb/auto'

import Dexie from 'dexie'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'

import { allAuditRecords, auditInOrder, auditOfEntries, auditRecordsOf, batchRowsOf } from '../../../src-renderer/db/audit'
import { PaieDb, SCHEMA_V19, SCHEMA_V21, STORES_AT_V21 } from '../../../src-renderer/db/schema'
import { exportAuditCsv } from '../../../src-renderer/services/csv-export'
import type { AuditRecord } from '../../../src-shared/domain/outbox'
import { testCsvWords } from '../support/words'

const SIREN = '732829320'

/** One entry's record of an attempt (`at` and `status` name the attempt; `clientId` the entry). */
function record(clientId: string, at: string, status: number | null, result: AuditRecord['result'] = 'synced'): AuditRecord {
  return {
    clientId,
    revision: 1,
    siren: SIREN,
    kind: 'evp',
    at,
    operation: 'creerEvp',
    method: 'POST',
    status,
    serverId: status === 201 ? `srv-${clientId}` : null,
    errorCode: status === 422 ? 'VALIDATION' : null,
    errorBody: status === 422 ? { champ: 'quantite' } : null,
    payloadHash: `hash-${clientId}`,
    durationMs: 12,
    result,
  }
}

const names: string[] = []
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name)
})

/** A database left at version 20 (every table of its time), with `rows` in its audit. */
async function v20With(rows: readonly AuditRecord[]): Promise<string> {
  const name = `paie-audit-${crypto.randomUUID()}`
  names.push(name)
  const old = new Dexie(name)
  old.version(20).stores({ ...STORES_AT_V21, audit: SCHEMA_V19.audit })
  await old.open()
  await old.table('audit').bulkAdd(rows.map((r) => ({ ...r })))
  old.close()
  return name
}

describe('audit : une ligne par lot (schéma v21)', () => {
  it('range les enregistrements d’un lot en une ligne, indexée par ses saisies, et les rend dans l’ordre', () => {
    const records = [
      record('a', '2026-11-02T08:00:00.000Z', 201),
      record('b', '2026-11-02T08:00:00.010Z', 422, 'rejected'),
      record('a', '2026-11-02T08:00:01.000Z', 201),
      record('c', '2026-11-02T08:00:00.020Z', null, 'unknown'),
    ]
    const rows = batchRowsOf(records)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.clientIds).toEqual(['a', 'b', 'c'])
    expect(rows.flatMap(auditRecordsOf)).toEqual(records)
    expect(auditRecordsOf({ ...rows[0]!, id: 7 }).map((r) => r.id)).toEqual([7, 7, 7, 7])
    expect(batchRowsOf([])).toEqual([])
  })

  it('pour tout lot, la ligne rend exactement ses enregistrements et chaque saisie une fois dans l’index', () => {
    const attempt = fc.record({
      at: fc.constantFrom('2026-11-02T08:00:00.000Z', '2026-11-02T08:00:01.000Z'),
      status: fc.constantFrom(201, 422, 429, null),
      clientId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    })
    fc.assert(
      fc.property(fc.array(attempt, { minLength: 1, maxLength: 40 }), (attempts) => {
        const records = attempts.map((a) => record(a.clientId, a.at, a.status))
        const [row, ...more] = batchRowsOf(records)
        expect(more).toEqual([])
        expect(row === undefined ? [] : auditRecordsOf(row)).toEqual(records)
        expect(row?.clientIds).toEqual([...new Set(records.map((r) => r.clientId))])
      }),
    )
  })

  it('une base v20 garde ses lignes d’un enregistrement ; l’historique et l’export lisent les deux formes, dans l’ordre', async () => {
    const name = await v20With([
      record('a', '2026-11-01T08:00:00.000Z', null, 'unknown'),
      record('b', '2026-11-01T08:00:00.000Z', null, 'unknown'),
    ])
    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect(SCHEMA_V21.audit).toBe('++id, clientId, *clientIds')
    expect(db.audit.schema.indexes.find((i) => i.name === 'clientIds')?.multi).toBe(true)
    expect(await db.audit.count()).toBe(2)

    // The drain's next batch (a, b and c, a sent twice): one row.
    await db.audit.bulkAdd(
      batchRowsOf([
        record('a', '2026-11-01T09:00:00.000Z', null, 'requeue'),
        record('b', '2026-11-01T09:00:00.000Z', 422, 'rejected'),
        record('c', '2026-11-01T09:00:00.000Z', 201),
        record('a', '2026-11-01T09:00:00.500Z', 201),
      ]),
    )
    expect(await db.audit.count()).toBe(3)

    const ofB = await auditOfEntries(db, ['b'])
    expect(ofB.map((r) => [r.clientId, r.status, r.result])).toEqual([
      ['b', null, 'unknown'],
      ['b', 422, 'rejected'],
    ])
    expect(ofB[1]).toMatchObject({ errorCode: 'VALIDATION', errorBody: { champ: 'quantite' }, payloadHash: 'hash-b', revision: 1 })
    expect((await auditOfEntries(db, ['a', 'c', 'a'])).map((r) => `${r.clientId}${String(r.status)}`)).toEqual([
      'anull',
      'anull',
      'c201',
      'a201',
    ])
    expect(await auditOfEntries(db, [])).toEqual([])
    expect(await auditOfEntries(db, ['z'])).toEqual([])

    const all = await allAuditRecords(db)
    expect(all.map((r) => `${r.clientId}${String(r.status)}`)).toEqual(['anull', 'bnull', 'anull', 'b422', 'c201', 'a201'])
    expect(all).toEqual(auditInOrder(all))
    const csv = await exportAuditCsv(db, testCsvWords('fr'))
    const exported = csv
      .split(/\r?\n/)
      .slice(1)
      .filter((l) => l !== '')
      .map((l) => {
        const cells = l.split(';')
        return `${cells[3] ?? ''}${cells[7] ?? ''}`
      })
    expect(exported).toEqual(['a', 'b', 'a', 'b422', 'c201', 'a201'])
    db.close()
  })
})

import 'fake-indexeddb/auto'

import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'

import { countsBySiren, countsExact } from '../../../src-renderer/db/counts'
import { reviseEntry } from '../../../src-renderer/db/outbox'
import { countEntries, entriesInStates, entriesOfDossier, entriesOfEmployee, queryEntries } from '../../../src-renderer/db/outbox-query'
import {
  PaieDb,
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_V7,
  SCHEMA_V20,
  TRANSACTION_DURABILITY,
  upgradeToV2,
} from '../../../src-renderer/db/schema'
import { SAISIE_ILLISIBLE } from '../../../src-renderer/db/upgrade-v6'
import { refreshReference } from '../../../src-renderer/services/reference-cache'
import { fingerprintOf } from '../../../src-shared/domain/fingerprint'
import { testEnv } from '../support/db'
import { snapshot } from '../support/fixtures'

const NAME = `paie-upgrade-${crypto.randomUUID()}`

/** A valid create payload of each kind, as every release stored them. */
const PAYLOADS: Record<string, Record<string, unknown>> = {
  evp: { siren: '732829320', matricule: 'M001', periode: '2026-11', code_evp: 'HS25', quantite: '3.50' },
  absence: {
    siren: '732829320',
    matricule: 'M001',
    code_absence: 'CP',
    date_debut: '2026-11-02',
    date_fin: '2026-11-04',
    demi_journee_debut: false,
    demi_journee_fin: false,
  },
  frais: { siren: '732829320', matricule: 'M001', periode: '2026-11', date: '2026-11-05', type_frais: 'repas', montant: '20.70' },
}

/** A v1 row as the first release stored it: no `category`. */
function v1Row(clientId: string, kind: string, state: string) {
  return {
    clientId,
    kind,
    state,
    operation: 'create',
    payload: PAYLOADS[kind] ?? {},
    targetServerId: null,
    siren: '732829320',
    matricule: 'M001',
    periode: '2026-11',
    scope: { kind, siren: '732829320', matricule: 'M001', periode: '2026-11' },
    scopeKey: `${kind}|732829320|M001|2026-11`,
    fingerprint: `${kind}|x`,
    revision: 1,
    serverId: state === 'synced' ? 'f0e1d2c3-0000-4000-8000-000000000001' : null,
    error: null,
    attempts: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    history: [],
  }
}

describe('schéma Dexie : montée de version 1 → 2', () => {
  it('garde les saisies, l’audit et les compteurs, et remplit la catégorie de chaque saisie', async () => {
    const v1 = new Dexie(NAME)
    v1.version(1).stores(SCHEMA_V1)
    await v1.open()
    await v1.table('outbox').bulkAdd([v1Row('a', 'evp', 'queued'), v1Row('b', 'absence', 'synced'), v1Row('c', 'frais', 'queued')])
    await v1.table('audit').add({ clientId: 'b', at: '2026-11-01T08:00:01.000Z', siren: '732829320' })
    await v1.table('counts').bulkAdd([
      { siren: '732829320', state: 'queued', n: 2 },
      { siren: '732829320', state: 'synced', n: 1 },
    ])
    v1.close()

    const db = new PaieDb(NAME)
    await db.open()
    expect(db.verno).toBe(21)
    expect(await db.outbox.count()).toBe(3)
    expect(await db.audit.count()).toBe(1)
    expect(await db.counts.count()).toBe(2)
    const rows = await db.outbox.orderBy('clientId').toArray()
    expect(rows.map((r) => [r.clientId, r.category])).toEqual([
      ['a', 'elements_variables'],
      ['b', 'absences'],
      ['c', 'frais_professionnels'],
    ])
    // The v2 indexes answer on migrated rows.
    const queuedEvp = await db.outbox
      .where('[state+category+createdAt]')
      .between(['queued', 'elements_variables', Dexie.minKey], ['queued', 'elements_variables', Dexie.maxKey])
      .toArray()
    expect(queuedEvp.map((r) => r.clientId)).toEqual(['a'])
    expect(await db.outbox.where('serverId').equals('f0e1d2c3-0000-4000-8000-000000000001').count()).toBe(1)
    expect(await entriesOfEmployee(db, '732829320', 'M001').count()).toBe(3)
    db.close()
    await Dexie.delete(NAME)
  })

  it('ouvre directement en dernière version une base neuve', async () => {
    const db = new PaieDb(`paie-neuve-${crypto.randomUUID()}`)
    await db.open()
    expect(db.verno).toBe(21)
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'affectations',
      'audit',
      'bulletinActions',
      'bulletinDetails',
      'bulletinReads',
      'bulletins',
      'cabinetReads',
      'cabinetUsers',
      'claims',
      'codeLists',
      'codes',
      'counts',
      'cumulDrafts',
      'cumulReads',
      'declarations',
      'dossiers',
      'facturations',
      'importMappings',
      'meta',
      'outbox',
      'peopleWrites',
      'salarieSheets',
      'salaries',
      'serviceReads',
      'serviceRecords',
    ])
    await db.delete()
  })

  it('montée 2 → 4 : garde les saisies et ajoute la table des déclarations', async () => {
    const name = `paie-v2-${crypto.randomUUID()}`
    const v2 = new Dexie(name)
    v2.version(1).stores(SCHEMA_V1)
    v2.version(2).stores(SCHEMA_V2)
    await v2.open()
    await v2.table('outbox').add({ ...v1Row('a', 'evp', 'queued'), category: 'elements_variables' })
    v2.close()

    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect((await db.outbox.toArray()).map((r) => r.clientId)).toEqual(['a'])
    await db.declarations.put({
      kind: 'periodique',
      id: 'f0e1d2c3-0000-4000-8000-000000000009',
      siren: '732829320',
      nic: '00012',
      periode: '2026-10',
      nature: '01',
      type: '01',
      statut: 'acceptee',
      date_envoi: '2026-11-12T09:00:00.000Z',
      date_dernier_envoi: '2026-11-12T09:00:00.000Z',
      nombre_salaries: 3,
      recapitulatif_disponible: true,
    })
    expect(await db.declarations.where('[siren+periode]').equals(['732829320', '2026-10']).count()).toBe(1)
    await db.delete()
  })
})

describe('schéma Dexie : montée de version 2 → 4 (pagination par clé de la file)', () => {
  it('garde saisies, audit et compteurs, remplace les index de tri par ceux qui finissent par clientId', async () => {
    const name = `paie-upgrade-v4-${crypto.randomUUID()}`
    const v2 = new Dexie(name)
    v2.version(1).stores(SCHEMA_V1)
    v2.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2)
    await v2.open()
    const rows = ['a', 'b', 'c', 'd'].map((id, i) => ({
      ...v1Row(id, 'evp', i === 3 ? 'synced' : 'queued'),
      category: 'elements_variables',
      updatedAt: i < 2 ? '2026-11-01T08:00:00.000Z' : `2026-11-0${i}T08:00:00.000Z`,
    }))
    await v2.table('outbox').bulkAdd(rows)
    await v2.table('audit').add({ clientId: 'd', at: '2026-11-01T08:00:01.000Z', siren: '732829320' })
    await v2.table('counts').bulkAdd([
      { siren: '732829320', state: 'queued', n: 3 },
      { siren: '732829320', state: 'synced', n: 1 },
    ])
    v2.close()

    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect(await db.outbox.count()).toBe(4)
    expect(await db.audit.count()).toBe(1)
    expect(await db.counts.count()).toBe(2)
    const indexes = db.outbox.schema.indexes.map((i) => i.name)
    expect(indexes).toEqual(
      expect.arrayContaining([
        '[updatedAt+clientId]',
        '[state+updatedAt+clientId]',
        '[siren+updatedAt+clientId]',
        '[siren+state+updatedAt+clientId]',
      ]),
    )
    expect(indexes).not.toContain('[state+updatedAt]')
    expect(indexes).not.toContain('updatedAt')
    // The new indexes are built from the rows already there: queue order, ties on updatedAt broken by clientId.
    const queued = await db.outbox
      .where('[state+updatedAt+clientId]')
      .between(['queued', '', ''], ['queued', '\uffff', '\uffff'])
      .reverse()
      .primaryKeys()
    expect(queued).toEqual(['c', 'b', 'a'])
    const afterB = await db.outbox
      .where('[siren+updatedAt+clientId]')
      .between(['732829320', '', ''], ['732829320', '2026-11-01T08:00:00.000Z', 'b'], true, false)
      .primaryKeys()
    expect(afterB).toEqual(['a'])
    db.close()
    await Dexie.delete(name)
  })
})

describe('schéma Dexie : montée de version 4 → 5 (empreintes issues du schéma)', () => {
  it('recalcule l’empreinte de chaque création, garde celles des modifications, indexe verifyAfter', async () => {
    const name = `paie-upgrade-v5-${crypto.randomUUID()}`
    const v4 = new Dexie(name)
    v4.version(1).stores(SCHEMA_V1)
    v4.version(2).stores(SCHEMA_V2)
    v4.version(3).stores(SCHEMA_V3)
    v4.version(4).stores(SCHEMA_V4)
    await v4.open()
    const payload = {
      siren: '732829320',
      matricule: 'M001',
      periode: '2026-11',
      code_evp: 'HS25',
      quantite: '3.50',
      numero_contrat: 'C2',
      commentaire: 'sem. 45',
    }
    const create = {
      ...v1Row('a', 'evp', 'unknown'),
      category: 'elements_variables',
      payload,
      fingerprint: 'evp|732829320|M001|2026-11|HS25|3.5|||',
    }
    const update = {
      ...v1Row('b', 'evp', 'queued'),
      category: 'elements_variables',
      operation: 'update',
      targetServerId: 'f0e1d2c3-0000-4000-8000-000000000002',
      payload: { quantite: '4' },
      fingerprint: 'ancienne',
    }
    await v4.table('outbox').bulkAdd([create, update])
    v4.close()

    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    const rows = await db.outbox.orderBy('clientId').toArray()
    expect(rows.map((r) => r.fingerprint)).toEqual([fingerprintOf('evp', payload), 'ancienne'])
    expect(rows[0]?.fingerprint).toBe('evp|732829320|M001|C2|2026-11|HS25|3.5|||')
    await db.outbox.update('a', { verifyAfter: '2026-11-20T09:00:00.000Z' })
    expect(await db.outbox.where('verifyAfter').belowOrEqual('2026-11-21T00:00:00.000Z').primaryKeys()).toEqual(['a'])
    await db.delete()
  })
})

describe('schéma Dexie : montée de version 5 → 6 (une saisie typée, lue une fois)', () => {
  async function v5With(
    name: string,
    rows: readonly Record<string, unknown>[],
    counts: readonly { siren: string; state: string; n: number }[],
  ): Promise<void> {
    const v5 = new Dexie(name)
    v5.version(1).stores(SCHEMA_V1)
    v5.version(2).stores(SCHEMA_V2)
    v5.version(3).stores(SCHEMA_V3)
    v5.version(4).stores(SCHEMA_V4)
    v5.version(5).stores(SCHEMA_V5)
    await v5.open()
    await v5.table('outbox').bulkAdd([...rows])
    await v5.table('counts').bulkAdd([...counts])
    v5.close()
  }

  it('lit chaque saisie une fois : celles qui se lisent restent telles quelles, les autres sont gardées « refusées » avec la raison en français', async () => {
    const name = `paie-upgrade-v6-${crypto.randomUUID()}`
    const unreadable = { ...PAYLOADS['frais'], montant: '12,50' }
    await v5With(
      name,
      [
        { ...v1Row('a', 'evp', 'queued'), category: 'elements_variables' },
        { ...v1Row('b', 'frais', 'queued'), category: 'frais_professionnels', payload: unreadable },
        { ...v1Row('c', 'absence', 'synced'), category: 'absences', payload: { ...PAYLOADS['absence'], date_fin: '2026-11-01' } },
      ],
      [
        { siren: '732829320', state: 'queued', n: 2 },
        { siren: '732829320', state: 'synced', n: 1 },
      ],
    )

    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    const [a, b, c] = await db.outbox.orderBy('clientId').toArray()
    expect(a).toMatchObject({ state: 'queued', payload: PAYLOADS['evp'], error: null })
    expect(a?.unreadable).toBeUndefined()
    // Nothing lost: what was stored is kept; never sent (rejected), with the field at fault in French.
    expect(b).toMatchObject({
      state: 'rejected',
      payload: null,
      unreadable: { payload: unreadable },
      error: { code: SAISIE_ILLISIBLE, status: null },
    })
    expect(b?.error?.message).toBe('stored entry unreadable by this version; not sent') // worded by its code on screen
    expect(b?.error?.champs).toEqual([{ champ: 'montant', message: 'Montant : nombre décimal, 2 décimales au plus (ex. 12.50)' }])
    // A synced record stays synced (it is on the service); its stored fields are kept beside it.
    expect(c).toMatchObject({ state: 'synced', payload: null, error: null, unreadable: { payload: { date_fin: '2026-11-01' } } })
    expect(await countsBySiren(db)).toEqual({ '732829320': { queued: 1, rejected: 1, synced: 1 } })
    expect(await countsBySiren(db)).toEqual(await countsExact(db))

    // The clerk enters it again: the revision is parsed like a new entry and goes back to the queue, typed.
    await refreshReference(db, { 'reference:refresh': () => Promise.resolve({ ok: true, value: snapshot() }) })
    const revised = await reviseEntry(db, 'b', { ...unreadable, montant: '12.50' }, testEnv())
    expect(revised.ok).toBe(true)
    const after = await db.outbox.get('b')
    expect(after).toMatchObject({ state: 'queued', revision: 2, payload: { ...unreadable, montant: '12.50' }, error: null })
    expect(after?.unreadable).toBeUndefined()
    expect(after?.history.map((h) => [h.revision, h.state, h.error?.code])).toEqual([[1, 'rejected', SAISIE_ILLISIBLE]])
    await db.delete()
  })
})

describe('schéma Dexie : montée de version 7 → 12 (moins d’index sur la file)', () => {
  it('garde chaque saisie, retire six index, et les lectures par état, dossier, type ou matricule passent par ceux qui restent', async () => {
    const name = `paie-upgrade-v12-${crypto.randomUUID()}`
    const v7 = new Dexie(name)
    v7.version(1).stores(SCHEMA_V1)
    v7.version(2).stores(SCHEMA_V2)
    v7.version(3).stores(SCHEMA_V3)
    v7.version(4).stores(SCHEMA_V4)
    v7.version(5).stores(SCHEMA_V5)
    v7.version(6).stores({})
    v7.version(7).stores(SCHEMA_V7)
    await v7.open()
    const rows = [
      { ...v1Row('a', 'evp', 'queued'), updatedAt: '2026-11-01T08:00:01.000Z' },
      { ...v1Row('b', 'absence', 'sending'), updatedAt: '2026-11-01T08:00:02.000Z' },
      { ...v1Row('c', 'frais', 'unknown'), matricule: 'M002', updatedAt: '2026-11-01T08:00:03.000Z' },
      { ...v1Row('d', 'evp', 'queued'), siren: '552100554', updatedAt: '2026-11-01T08:00:04.000Z' },
    ].map((r) => ({ ...r, category: 'elements_variables' }))
    await v7.table('outbox').bulkAdd(rows)
    const before = v7.table('outbox').schema.indexes.length
    v7.close()

    const db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    const indexes = db.outbox.schema.indexes.map((i) => i.name).sort()
    expect(before).toBe(16)
    // Opened at the latest version: v12's ten indexes, `[siren+matricule]` replaced by `[siren+periode]` in v20.
    expect(indexes).toEqual(
      SCHEMA_V20.outbox
        .split(',')
        .map((i) => i.trim())
        .slice(1)
        .sort(),
    )
    expect(indexes).toHaveLength(10)
    for (const gone of ['state', 'siren', 'kind', 'matricule', 'category', '[siren+state]']) expect(indexes).not.toContain(gone)
    expect(await db.outbox.count()).toBe(4)
    expect(await entriesInStates(db, ['queued']).primaryKeys()).toEqual(['a', 'd'])
    expect((await entriesInStates(db, ['queued', 'sending', 'unknown']).primaryKeys()).sort()).toEqual(['a', 'b', 'c', 'd'])
    expect(await entriesInStates(db, ['synced']).count()).toBe(0)
    expect(await entriesOfDossier(db, '732829320').primaryKeys()).toEqual(['a', 'b', 'c'])
    expect(await countEntries(db, { kind: 'evp' })).toBe(2)
    expect(await countEntries(db, { matricule: 'M002' })).toBe(1)
    expect((await queryEntries(db, { matricule: 'M001', state: 'queued' }, 0, 10)).map((e) => e.clientId)).toEqual(['d', 'a'])
    db.close()
    await Dexie.delete(name)
  })
})

describe('schéma Dexie : durabilité stricte (issue 12, point 9)', () => {
  it('ouvre chaque transaction, écriture comme lecture, avec la durabilité « strict »', async () => {
    expect(TRANSACTION_DURABILITY).toBe('strict')
    const name = `paie-durable-${crypto.randomUUID()}`
    const db = new PaieDb(name)
    // Explicit transactions (outbox, audit, counts) and the implicit one of a single write.
    const written = await db.transaction('rw', db.outbox, db.audit, db.counts, () => Dexie.currentTransaction.idbtrans.durability)
    const read = await db.transaction('r', db.counts, () => Dexie.currentTransaction.idbtrans.durability)
    expect(written).toBe('strict')
    expect(read).toBe('strict')
    const seen: string[] = []
    db.meta.hook('creating', () => {
      seen.push(Dexie.currentTransaction.idbtrans.durability)
    })
    await db.meta.put({ key: 'sync.failures', value: 0 })
    expect(seen).toEqual(['strict'])
    db.close()
    await Dexie.delete(name)
  })
})

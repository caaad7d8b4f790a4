/**
 * The cached employee sheets and code lists (people-cache.ts, Dexie v9): a sheet read is stored and replaces the
 * previous one of that employee; a refused read keeps the cache; a code list that fails keeps its cached copy while
 * the others are refreshed; labels come from the cached lists.
 */
import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import type { PaieDb } from '../../../src-renderer/db/schema'
import { labelOf, loadCodeLists, loadSheet, refreshCodeLists, refreshSheet } from '../../../src-renderer/services/people-cache'
import { SIREN } from '../support/fixtures'
import { dbWithReference } from '../support/db'
import { fakeApi } from '../support/fakes'
import { sheetOfM001 } from '../support/people'

let db: PaieDb

beforeEach(async () => {
  db = await dbWithReference()
})
afterEach(async () => {
  await db.delete()
})

describe('employee sheets', () => {
  it('stores the sheet read, replacing the employee’s previous one, and keeps it when a read is refused', async () => {
    const api = fakeApi()
    api.sheet = () => ({ ok: true, value: sheetOfM001({ email: 'jeanne@exemple.fr' }) })
    expect((await refreshSheet(db, api, SIREN, 'M001')).ok).toBe(true)
    api.sheet = () => ({
      ok: true,
      value: { ...sheetOfM001({ email: 'jeanne.durand@exemple.fr' }), fetchedAt: '2026-11-20T08:30:00.000Z' },
    })
    await refreshSheet(db, api, SIREN, 'M001')
    expect(await db.salarieSheets.count()).toBe(1)
    expect((await loadSheet(db, SIREN, 'M001'))?.salarie.email).toBe('jeanne.durand@exemple.fr')

    api.sheet = () => ({ ok: false, error: { code: 'RESEAU_INJOIGNABLE', message: 'unreachable' } })
    const refused = await refreshSheet(db, api, SIREN, 'M001')
    expect(refused.ok).toBe(false)
    expect((await loadSheet(db, SIREN, 'M001'))?.fetchedAt).toBe('2026-11-20T08:30:00.000Z')
    expect(await loadSheet(db, SIREN, 'M002')).toBeNull()
  })
})

describe('code lists', () => {
  it('refreshes every list it can, keeps the cached copy of one that fails, and answers the first failure', async () => {
    const api = fakeApi()
    await db.codeLists.put({ nom: 'pcs_ese', elements: [{ code: '636d', libelle: 'Cuisiniers' }], fetchedAt: '2026-11-01T08:00:00.000Z' })
    api.codes = (nom) =>
      nom === 'pcs_ese'
        ? { ok: false, error: { code: 'DROIT_MANQUANT', message: 'codification' } }
        : { ok: true, value: { nom, elements: [{ code: '01', libelle: 'CDI' }], fetchedAt: '2026-11-20T09:00:00.000Z' } }
    const result = await refreshCodeLists(db, api, ['natures_contrat', 'pcs_ese', 'conventions_collectives'])
    expect(result).toMatchObject({ ok: false, error: { code: 'DROIT_MANQUANT' } })
    const lists = await loadCodeLists(db)
    expect(Object.keys(lists).sort()).toEqual(['conventions_collectives', 'natures_contrat', 'pcs_ese'])
    expect(lists.pcs_ese?.fetchedAt).toBe('2026-11-01T08:00:00.000Z')
    expect(labelOf(lists.natures_contrat, '01')).toBe('CDI')
    expect(labelOf(lists.natures_contrat, '02')).toBeNull()
    expect(labelOf(lists.professions, '01')).toBeNull()
    expect(labelOf(lists.pcs_ese, null)).toBeNull()
  })
})

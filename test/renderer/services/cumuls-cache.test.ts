/**
 * The cumuls' cache and draft in IndexedDB (schema v15, #68/#69): a v12 database upgraded keeps its data and starts
 * with empty cumuls tables; filtered reads merge into the cached year; a send applies its outcome to the draft as it
 * is after the answer; nothing is sent when the draft holds nothing to send.
 */
import '../support/db'

import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'

import {
  PaieDb,
  SCHEMA_V1,
  SCHEMA_V10,
  SCHEMA_V11,
  SCHEMA_V12,
  SCHEMA_V3,
  SCHEMA_V7,
  SCHEMA_V8,
  SCHEMA_V9,
} from '../../../src-renderer/db/schema'
import { loadCumuls, loadDraft, refreshCumuls, saveEdits, sendDraft } from '../../../src-renderer/services/cumuls-cache'
import type { Cumul } from '../../../src-shared/api/bulletins'
import { CumulsFilter } from '../../../src-shared/domain/cumuls'
import { fakeApi } from '../support/fakes'
import { freshDb } from '../support/db'
import { SIREN, dossierMartin } from '../support/fixtures'

let db: PaieDb | null = null
afterEach(async () => {
  await db?.delete()
  db = null
})

const cumul = (matricule: string, code: string, categorie: string, valeur: string): Cumul => ({
  siren: SIREN,
  matricule,
  annee: 2026,
  categorie,
  code_cumul: code,
  code_moteur: `C_${code}`,
  libelle: code,
  valeur,
})

describe('schema v15', () => {
  it('the upgrade from v12 keeps the data; the cumuls tables start empty', async () => {
    const name = `paie-upgrade-v15-${crypto.randomUUID()}`
    const v12 = new Dexie(name)
    v12
      .version(12)
      .stores({ ...SCHEMA_V1, ...SCHEMA_V3, ...SCHEMA_V7, ...SCHEMA_V8, ...SCHEMA_V9, ...SCHEMA_V10, ...SCHEMA_V11, ...SCHEMA_V12 })
    await v12.open()
    await v12.table('dossiers').put(dossierMartin)
    v12.close()
    db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect(await db.dossiers.get(SIREN)).toEqual(dossierMartin)
    expect(await db.cumulReads.count()).toBe(0)
    expect(await db.cumulDrafts.count()).toBe(0)
  })
})

describe('cumuls cache', () => {
  it('merges a filtered read into the cached year, and sends nothing without a draft', async () => {
    db = freshDb()
    const api = fakeApi()
    let served = [cumul('M001', 'BRUT', 'remuneration', '1.00'), cumul('M001', 'HEURES', 'heures', '2.00')]
    api.cumuls['cumuls:list'] = (input) => {
      const filtre = CumulsFilter.parse(input.filtre)
      const cumuls = served.filter((c) => filtre.categories.length === 0 || filtre.categories.includes(c.categorie))
      return Promise.resolve({ ok: true, value: { siren: SIREN, annee: 2026, filtre, fetchedAt: '2026-11-20T08:00:00.000Z', cumuls } })
    }
    await refreshCumuls(db, api, SIREN, 2026, CumulsFilter.parse({}))
    served = [cumul('M001', 'BRUT', 'remuneration', '9.00')]
    await refreshCumuls(db, api, SIREN, 2026, CumulsFilter.parse({ categories: ['heures'] }))
    // HEURES is gone from the service: it goes from the cache; BRUT (not covered by that read) is kept as it was.
    expect((await loadCumuls(db, SIREN, 2026))?.cumuls.map((c) => `${c.code_cumul}:${c.valeur}`)).toEqual(['BRUT:1.00'])
    expect(await sendDraft(db, api, SIREN, 2026, () => '2026-11-20T09:00:00.000Z')).toEqual({ sent: 0 })
  })

  it('applies the outcome to the draft as it is after the answer: a cell edited meanwhile stays to send', async () => {
    const base = freshDb()
    db = base
    const api = fakeApi()
    await saveEdits(base, SIREN, 2026, [{ matricule: 'M001', code_cumul: 'BRUT', text: '5', valeur: '5', error: null }], 'x')
    api.cumuls['cumuls:put'] = async () => {
      // The clerk types again while the PUT is in flight.
      await saveEdits(base, SIREN, 2026, [{ matricule: 'M001', code_cumul: 'BRUT', text: '6', valeur: '6', error: null }], 'y')
      return {
        ok: true,
        value: { result: 'applied', retour: { crees: 1, mis_a_jour: 0, erreurs: [] }, unconfirmed: [], error: null, settleUntil: null },
      } as const
    }
    const result = await sendDraft(base, api, SIREN, 2026, () => 'z')
    expect(result.sent).toBe(1)
    expect((await loadDraft(base, SIREN, 2026))?.cells['M001|BRUT']).toMatchObject({ valeur: '6', state: 'draft' })
  })
})

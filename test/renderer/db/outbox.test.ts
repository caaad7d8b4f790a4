import '../support/db'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { countsExact } from '../../../src-renderer/db/counts'
import {
  ENQUEUE_CHUNK,
  SLICE_MS,
  cancelEntry,
  countsBySiren,
  enqueue,
  enqueueMany,
  entryHistory,
  reviseEntry,
  submitDrafts,
  OutboxError,
} from '../../../src-renderer/db/outbox'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import { applyOutcomes, claimBatch } from '../../../src-renderer/db/outbox-sync'
import type { PaieDb, StoredEntry } from '../../../src-renderer/db/schema'
import type { SyncItem } from '../../../src-shared/domain/sync-protocol'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, valid } from '../support/fixtures'
import { syncedOutcome } from '../support/fakes'

let db: PaieDb
const env = testEnv()

beforeEach(async () => {
  db = await dbWithReference()
})
afterEach(async () => {
  await db.delete()
})

async function mustEnqueue(input: NewEntryInput): Promise<StoredEntry> {
  const result = await enqueue(db, input, env)
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.entry
}

/** Claims everything claimable and answers `result` for each. */
async function sendAll(result: 'synced' | 'rejected'): Promise<SyncItem[]> {
  const items = await claimBatch(db, 500, [], env)
  const outcomes = items.map((i) =>
    result === 'synced'
      ? syncedOutcome(i)
      : {
          clientId: i.clientId,
          revision: i.revision,
          result,
          serverId: null,
          error: { code: 'VALIDATION', message: 'Quantité refusée', status: 422, champs: [{ champ: 'quantite', message: 'Trop élevée' }] },
          attempts: [],
        },
  )
  await applyOutcomes(db, items, outcomes, env)
  return items
}

describe('enqueue', () => {
  it('enregistre une saisie valide en attente, avec portée, empreinte et catégorie', async () => {
    const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp({ commentaire: 'semaine 45' }) })
    expect(entry).toMatchObject({
      state: 'queued',
      revision: 1,
      siren: SIREN,
      matricule: 'M001',
      periode: '2026-11',
      category: 'elements_variables',
      attempts: 0,
    })
    expect(entry.scopeKey).toBe(`evp|${SIREN}|M001|2026-11`)
    expect(entry.fingerprint).toBe(`evp|${SIREN}|M001|*|2026-11|HS25|3.5|||`)
    expect(await db.outbox.get(entry.clientId)).toEqual(entry)
    expect((await countsBySiren(db))[SIREN]).toEqual({ queued: 1 })
  })

  it('enregistre un brouillon quand asDraft est demandé, puis le met en attente', async () => {
    const entry = await mustEnqueue({ kind: 'prime', payload: valid.prime(), asDraft: true })
    expect(entry.state).toBe('draft')
    expect(await claimBatch(db, 10, [], env)).toEqual([])
    expect(await submitDrafts(db, [entry.clientId], env)).toBe(1)
    expect((await db.outbox.get(entry.clientId))?.state).toBe('queued')
  })

  it('refuse une saisie invalide avec des messages en français, et n’écrit rien', async () => {
    const result = await enqueue(db, { kind: 'evp', payload: valid.evp({ code_evp: 'XXX', periode: '2026-13' }) }, env)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toContainEqual({ champ: 'periode', message: 'Période au format AAAA-MM attendue' })
    expect(await db.outbox.count()).toBe(0)
    expect(await db.counts.count()).toBe(0)
  })

  it('applique les règles métier contre le référentiel en cache (code inconnu, salarié inconnu, période close)', async () => {
    const code = await enqueue(db, { kind: 'evp', payload: valid.evp({ code_evp: 'XXX' }) }, env)
    expect(code).toMatchObject({ ok: false, issues: [{ champ: 'code_evp', message: expect.stringContaining('n’existe pas') as unknown }] })
    const salarie = await enqueue(db, { kind: 'evp', payload: valid.evp({ matricule: 'INCONNU' }) }, env)
    expect(salarie).toMatchObject({ ok: false, issues: [{ champ: 'matricule' }] })
    const close = await enqueue(db, { kind: 'prime', payload: valid.prime({ periode: '2026-10' }) }, env)
    expect(close).toMatchObject({ ok: false, issues: [{ champ: 'periode', message: expect.stringContaining('close') as unknown }] })
    expect(await db.outbox.count()).toBe(0)
  })

  it('refuse un dossier absent du référentiel en cache', async () => {
    const result = await enqueue(db, { kind: 'evp', payload: valid.evp({ siren: '443061841' }) }, env)
    expect(result).toMatchObject({ ok: false, issues: [{ champ: 'siren', message: expect.stringContaining('actualisez') as unknown }] })
  })

  it('refuse une absence qui chevauche une autre absence du salarié, mais pas une absence annulée', async () => {
    const first = await mustEnqueue({ kind: 'absence', payload: valid.absence() })
    const overlap = await enqueue(
      db,
      { kind: 'absence', payload: valid.absence({ date_debut: '2026-11-03', date_fin: '2026-11-05' }) },
      env,
    )
    expect(overlap).toMatchObject({
      ok: false,
      issues: [{ champ: 'date_debut', message: expect.stringContaining('Congés payés') as unknown }],
    })
    await cancelEntry(db, first.clientId, env)
    expect(
      (await enqueue(db, { kind: 'absence', payload: valid.absence({ date_debut: '2026-11-03', date_fin: '2026-11-05' }) }, env)).ok,
    ).toBe(true)
  })
})

describe('enqueueMany (collage dans la grille)', () => {
  it('écrit 1 000 lignes valides en transactions de ENQUEUE_CHUNK lignes et rend un résultat par ligne', async () => {
    const inputs: NewEntryInput[] = Array.from({ length: 1_000 }, (_, i) => ({
      kind: 'evp',
      payload: valid.evp({ matricule: `G${String(i % 20).padStart(3, '0')}`, quantite: `${(i % 7) + 1}.25` }),
    }))
    inputs[10] = { kind: 'evp', payload: valid.evp({ quantite: 'beaucoup' }) }
    inputs[999] = { kind: 'evp', payload: valid.evp({ code_evp: 'ZZZ' }) }
    const spy = vi.spyOn(db, 'transaction')
    const { results, saved } = await enqueueMany(db, inputs, env)
    const writes = spy.mock.calls.filter((c) => c[0] === 'rw')
    spy.mockRestore()
    expect(saved).toBe(998)
    expect(results).toHaveLength(1_000)
    expect(results[10]).toMatchObject({ ok: false, issues: [{ champ: 'quantite' }] })
    expect(results[999]).toMatchObject({ ok: false, issues: [{ champ: 'code_evp' }] })
    expect(writes).toHaveLength(Math.ceil(998 / ENQUEUE_CHUNK))
    expect(await db.outbox.count()).toBe(998)
    expect((await countsBySiren(db))[SIREN]).toEqual({ queued: 998 })
  })

  it('rend la main au navigateur (scheduler.yield) entre des tranches de validation de quelques ms', async () => {
    const inputs: NewEntryInput[] = Array.from({ length: 600 }, (_, i) => ({
      kind: 'evp',
      payload: valid.evp({ quantite: `${(i % 7) + 1}.5` }),
    }))
    const yields = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: yields })
    try {
      const started = performance.now()
      expect((await enqueueMany(db, inputs, env)).saved).toBe(600)
      // At least one yield per SLICE_MS of work (the writes' own waits included, so a lower bound).
      expect(yields.mock.calls.length).toBeGreaterThan(0)
      expect(yields.mock.calls.length).toBeLessThanOrEqual(Math.ceil((performance.now() - started) / SLICE_MS) + 1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('n’écrit aucun lot après un lot refusé par la base, et garde ceux d’avant', async () => {
    const inputs: NewEntryInput[] = Array.from({ length: 5 * ENQUEUE_CHUNK }, (_, i) => ({
      kind: 'evp',
      payload: valid.evp({ matricule: `G${String(i % 20).padStart(3, '0')}`, quantite: `${i + 1}.5` }),
    }))
    // The row in the middle of the second chunk is refused (a full disk, a broken index): its transaction aborts.
    const refused = `${ENQUEUE_CHUNK + ENQUEUE_CHUNK / 2 + 1}.5`
    db.outbox.hook('creating', (_key, row) => {
      if (row.payload !== null && (row.payload as { quantite?: unknown }).quantite === refused) throw new Error('disque plein')
    })
    await expect(enqueueMany(db, inputs, env)).rejects.toThrow('disque plein')
    const rows = await db.outbox.toArray()
    expect(rows).toHaveLength(ENQUEUE_CHUNK)
    expect(new Set(rows.map((r) => (r.payload as { quantite: string }).quantite))).toEqual(
      new Set(Array.from({ length: ENQUEUE_CHUNK }, (_, i) => `${i + 1}.5`)),
    )
    expect(await countsBySiren(db)).toEqual(await countsExact(db))
  })

  it('compte les absences collées plus haut dans le même collage', async () => {
    const { results, saved } = await enqueueMany(
      db,
      [
        { kind: 'absence', payload: valid.absence() },
        { kind: 'absence', payload: valid.absence({ date_debut: '2026-11-04', date_fin: '2026-11-06' }) },
      ],
      env,
    )
    expect(saved).toBe(1)
    expect(results[1]).toMatchObject({ ok: false, issues: [{ champ: 'date_debut' }] })
  })
})

describe('reviseEntry', () => {
  it('remet en attente une saisie refusée en révision 2, l’ancienne révision gardée dans l’historique', async () => {
    const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: '12' }) })
    await sendAll('rejected')
    const rejected = await db.outbox.get(entry.clientId)
    expect(rejected).toMatchObject({ state: 'rejected', attempts: 1, error: { code: 'VALIDATION' } })

    const revised = await reviseEntry(db, entry.clientId, valid.evp({ quantite: '4' }), env)
    expect(revised.ok).toBe(true)
    const stored = await db.outbox.get(entry.clientId)
    expect(stored).toMatchObject({ state: 'queued', revision: 2, error: null, attempts: 0, payload: { quantite: '4' } })
    expect(stored?.history).toEqual([
      {
        revision: 1,
        payload: expect.objectContaining({ quantite: '12' }) as unknown,
        state: 'rejected',
        error: rejected?.error,
        at: expect.any(String) as unknown,
      },
    ])
    expect(stored?.fingerprint).toContain('|4|')
    const history = await entryHistory(db, entry.clientId)
    expect(history?.revisions).toHaveLength(1)
    expect((await countsBySiren(db))[SIREN]).toEqual({ queued: 1 })
  })

  it('modifie sur place une saisie en attente (même révision) et valide la nouvelle version', async () => {
    const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    const bad = await reviseEntry(db, entry.clientId, valid.evp({ code_evp: 'NOPE' }), env)
    expect(bad).toMatchObject({ ok: false, issues: [{ champ: 'code_evp' }] })
    expect((await db.outbox.get(entry.clientId))?.payload).toMatchObject({ code_evp: 'HS25' })
    const ok = await reviseEntry(db, entry.clientId, valid.evp({ quantite: '8' }), env)
    expect(ok).toMatchObject({ ok: true, entry: { state: 'queued', revision: 1, history: [] } })
  })

  it('ne compte pas l’absence modifiée comme « une autre absence »', async () => {
    const entry = await mustEnqueue({ kind: 'absence', payload: valid.absence() })
    const result = await reviseEntry(db, entry.clientId, valid.absence({ date_fin: '2026-11-05' }), env)
    expect(result.ok).toBe(true)
  })

  it('refuse en français pendant l’envoi', async () => {
    const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    await claimBatch(db, 10, [], env)
    await expect(reviseEntry(db, entry.clientId, valid.evp({ quantite: '1' }), env)).rejects.toMatchObject({
      code: 'ETAT_INCOMPATIBLE',
      reason: 'ENVOI_EN_COURS',
    })
    await expect(reviseEntry(db, entry.clientId, valid.evp({ quantite: '1' }), env)).rejects.toBeInstanceOf(OutboxError)
    expect((await db.outbox.get(entry.clientId))?.payload).toMatchObject({ quantite: '3.50' })
  })
})

describe('cancelEntry', () => {
  it('annule un brouillon, une saisie en attente ou refusée, sans rien supprimer', async () => {
    const draft = await mustEnqueue({ kind: 'evp', payload: valid.evp(), asDraft: true })
    const queued = await mustEnqueue({ kind: 'prime', payload: valid.prime() })
    expect((await cancelEntry(db, draft.clientId, env)).state).toBe('cancelled')
    expect((await cancelEntry(db, queued.clientId, env)).state).toBe('cancelled')
    const rejected = await mustEnqueue({ kind: 'avantage', payload: valid.avantage() })
    await sendAll('rejected')
    expect((await cancelEntry(db, rejected.clientId, env)).state).toBe('cancelled')
    expect(await db.outbox.count()).toBe(3)
    expect((await countsBySiren(db))[SIREN]).toEqual({ cancelled: 3 })
  })

  it('refuse d’annuler une saisie en cours d’envoi, synchronisée ou déjà annulée', async () => {
    const sending = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    await claimBatch(db, 10, [], env)
    await expect(cancelEntry(db, sending.clientId, env)).rejects.toMatchObject({
      code: 'ETAT_INCOMPATIBLE',
      reason: 'NON_ANNULABLE',
      params: { etat: 'sending' },
    })
    const fresh = await mustEnqueue({ kind: 'prime', payload: valid.prime() })
    await sendAll('synced')
    await expect(cancelEntry(db, fresh.clientId, env)).rejects.toMatchObject({
      code: 'ETAT_INCOMPATIBLE',
      reason: 'NON_ANNULABLE',
      params: { etat: 'synced', motif: 'SYNCHRONISEE' },
    })
    await expect(cancelEntry(db, crypto.randomUUID(), env)).rejects.toMatchObject({ code: 'INTROUVABLE', reason: 'INTROUVABLE' })
    expect(await countsExact(db)).toEqual(await countsBySiren(db))
  })
})

describe('modification et suppression d’un enregistrement synchronisé', () => {
  it('crée une saisie de modification ciblant l’enregistrement, portée et empreinte tirées de l’enregistrement', async () => {
    const created = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    await sendAll('synced')
    const serverId = (await db.outbox.get(created.clientId))?.serverId
    expect(serverId).toEqual(expect.any(String))
    const update = await mustEnqueue({ kind: 'evp', operation: 'update', targetServerId: serverId, payload: { quantite: '5' } })
    expect(update).toMatchObject({
      operation: 'update',
      targetServerId: serverId,
      siren: SIREN,
      matricule: 'M001',
      periode: '2026-11',
      payload: { quantite: '5' },
    })
    expect(update.fingerprint).toBe(`evp|${SIREN}|M001|*|2026-11|HS25|5|||`)
    const remove = await mustEnqueue({ kind: 'evp', operation: 'delete', targetServerId: serverId, payload: null })
    expect(remove).toMatchObject({ operation: 'delete', payload: null, targetServerId: serverId })
  })

  it('refuse une modification d’un enregistrement inconnu de ce poste', async () => {
    const result = await enqueue(
      db,
      { kind: 'evp', operation: 'update', targetServerId: crypto.randomUUID(), payload: { quantite: '5' } },
      env,
    )
    expect(result).toMatchObject({ ok: false, issues: [{ champ: '', message: expect.stringContaining('introuvable') as unknown }] })
  })
})

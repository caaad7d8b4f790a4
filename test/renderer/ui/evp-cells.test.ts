import { describe, expect, it } from 'vitest'

import type { OutboxEntry } from '../../../src-shared/domain/outbox'
import { cellFromEntry, latestByCell, planCellChange } from '../../../src-renderer/features/evp/grid/evpCellModel'
import { wordReported } from '../../../src-renderer/i18n/reported'
import { testWords } from '../support/words'

let seq = 0
/** An EVP outbox entry, `over` laid on a queued create (the test builds bodies the outbox would have parsed). */
function entry(over: Record<string, unknown>): OutboxEntry {
  seq += 1
  return {
    clientId: `c${String(seq)}`,
    kind: 'evp',
    operation: 'create',
    payload: { siren: '732829320', matricule: 'M1', code_evp: 'HS25', quantite: '2', periode: '2026-11' },
    targetServerId: null,
    siren: '732829320',
    matricule: 'M1',
    periode: '2026-11',
    scope: { kind: 'evp', siren: '732829320', matricule: 'M1', periode: '2026-11' },
    fingerprint: 'f',
    state: 'queued',
    revision: 1,
    serverId: null,
    error: null,
    attempts: 0,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: `2026-11-01T00:00:${String(seq).padStart(2, '0')}Z`,
    history: [],
    ...over,
  }
}

const place = { siren: '732829320', matricule: 'M1', code: 'HS25', periode: '2026-11' }

describe('EVP cell model', () => {
  it('keeps the latest non-cancelled entry per cell of the period', () => {
    const old = entry({ state: 'synced', serverId: '11111111-1111-4111-8111-111111111111' })
    const newer = entry({
      operation: 'update',
      targetServerId: '11111111-1111-4111-8111-111111111111',
      payload: { code_evp: 'HS25', quantite: '3', periode: '2026-11' },
    })
    const cancelled = entry({ state: 'cancelled', payload: { code_evp: 'HS25', quantite: '9', periode: '2026-11' } })
    const otherPeriod = entry({ periode: '2026-12' })
    const map = latestByCell([old, newer, cancelled, otherPeriod], '2026-11')
    expect(map.get('M1|HS25')?.clientId).toBe(newer.clientId)
    expect(map.size).toBe(1)
  })

  it('places a delete through the code of the record it targets', () => {
    const synced = entry({ state: 'synced', serverId: '22222222-2222-4222-8222-222222222222' })
    const del = entry({ operation: 'delete', payload: null, targetServerId: '22222222-2222-4222-8222-222222222222' })
    expect(latestByCell([synced, del], '2026-11').get('M1|HS25')?.clientId).toBe(del.clientId)
  })

  it('keeps the cells of two contracts of one employee apart, a patch and a delete in the cell of their record’s contract', () => {
    const c1 = entry({
      state: 'synced',
      serverId: '33333333-3333-4333-8333-333333333333',
      payload: { siren: '732829320', matricule: 'M1', numero_contrat: 'C1', code_evp: 'HS25', quantite: '2', periode: '2026-11' },
    })
    const c2 = entry({
      payload: { siren: '732829320', matricule: 'M1', numero_contrat: 'C2', code_evp: 'HS25', quantite: '5', periode: '2026-11' },
    })
    // A patch without a contract (older entries) and a delete follow their record's contract.
    const patch = entry({
      operation: 'update',
      targetServerId: '33333333-3333-4333-8333-333333333333',
      payload: { code_evp: 'HS25', quantite: '4', periode: '2026-11' },
    })
    const map = latestByCell([c1, c2, patch], '2026-11')
    expect([...map.keys()].sort()).toEqual(['M1|HS25|C1', 'M1|HS25|C2'])
    expect(map.get('M1|HS25|C1')?.clientId).toBe(patch.clientId)
    expect(map.get('M1|HS25|C2')?.clientId).toBe(c2.clientId)
    const del = entry({ operation: 'delete', payload: null, targetServerId: '33333333-3333-4333-8333-333333333333' })
    expect(latestByCell([c1, c2, del], '2026-11').get('M1|HS25|C1')?.clientId).toBe(del.clientId)
  })

  it('names the contract of a contract row in a create and in a patch; an employee’s only row names none', () => {
    expect(planCellChange(undefined, { quantite: '2' }, { ...place, numeroContrat: 'C2' })).toEqual({
      type: 'create',
      payload: { siren: '732829320', matricule: 'M1', numero_contrat: 'C2', periode: '2026-11', code_evp: 'HS25', quantite: '2' },
    })
    expect(planCellChange(undefined, { quantite: '2' }, { ...place, numeroContrat: null })).toEqual({
      type: 'create',
      payload: { siren: '732829320', matricule: 'M1', periode: '2026-11', code_evp: 'HS25', quantite: '2' },
    })
    const synced = entry({ state: 'synced', serverId: '44444444-4444-4444-8444-444444444444' })
    expect(planCellChange(synced, { quantite: '3' }, { ...place, numeroContrat: 'C1' })).toMatchObject({
      type: 'update',
      payload: { numero_contrat: 'C1', quantite: '3' },
    })
  })

  it('shows values in French with the state, and the refusal message', () => {
    expect(cellFromEntry(entry({ payload: { code_evp: 'HS25', quantite: '3.5' } }), 'quantite')).toMatchObject({
      text: '3,5',
      status: 'queued',
      message: null,
    })
    const rejected = entry({
      state: 'rejected',
      error: { code: 'REGLE_METIER', message: 'Refusé', status: 422, champs: [{ champ: 'numero_contrat', message: 'Contrat à préciser' }] },
    })
    expect(cellFromEntry(rejected, 'quantite')).toMatchObject({ status: 'rejected', message: 'Refusé — Contrat à préciser' })
    // A refusal reported by code is worded by the grid in the interface's language (i18n/reported.ts).
    const refusedLocally = entry({ state: 'rejected', error: { code: 'ENVOI_INVALIDE', message: 'technical', status: null, champs: [] } })
    expect(cellFromEntry(refusedLocally, 'quantite', (e) => wordReported(testWords('fr'), 'saisie', e)).message).toBe(
      'Saisie refusée avant l’envoi : corrigez-la puis enregistrez-la de nouveau.',
    )
  })

  it('plans a create for an empty cell and nothing for an emptied empty cell', () => {
    expect(planCellChange(undefined, { quantite: '2' }, place)).toStrictEqual({
      type: 'create',
      payload: { siren: '732829320', matricule: 'M1', periode: '2026-11', code_evp: 'HS25', quantite: '2' },
    })
    expect(planCellChange(undefined, null, place)).toEqual({ type: 'none' })
  })

  it('revises an editable entry, cancels it when emptied', () => {
    const queued = entry({})
    expect(planCellChange(queued, { quantite: '4' }, place)).toMatchObject({
      type: 'revise',
      clientId: queued.clientId,
      payload: { code_evp: 'HS25', quantite: '4', matricule: 'M1' },
    })
    expect(planCellChange(queued, null, place)).toEqual({ type: 'cancel', clientId: queued.clientId })
  })

  it('changes a synced record with an update or a delete, never in place', () => {
    const synced = entry({ state: 'synced', serverId: '33333333-3333-4333-8333-333333333333' })
    expect(planCellChange(synced, { quantite: '5' }, place)).toEqual({
      type: 'update',
      targetServerId: '33333333-3333-4333-8333-333333333333',
      payload: { periode: '2026-11', code_evp: 'HS25', quantite: '5', taux: null, montant: null, valeur_texte: null },
    })
    expect(planCellChange(synced, null, place)).toEqual({ type: 'delete', targetServerId: '33333333-3333-4333-8333-333333333333' })
  })

  it('refuses to touch an entry being sent or awaiting reconciliation', () => {
    expect(planCellChange(entry({ state: 'sending' }), { quantite: '1' }, place)).toEqual({ type: 'busy' })
    expect(planCellChange(entry({ state: 'unknown' }), null, place)).toEqual({ type: 'busy' })
  })
})

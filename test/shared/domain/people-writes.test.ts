/**
 * The `contrat` kind of people writes (people-writes.ts, issue 16 point 3, #63 and #66): its payload is the body of
 * POST …/contrats, checked at the queue's entry and again at main's IPC boundary; it goes through its own operation.
 */
import { describe, expect, it } from 'vitest'

import { dureeTempsPlein } from '../../../src-shared/domain/contrat-create'
import { PEOPLE_WRITE_KINDS, PeopleWriteBody, PeopleWriteItem } from '../../../src-shared/domain/people-writes'

const contrat = {
  numero_contrat: 'C9',
  nic: '00017',
  nature_contrat: '01',
  libelle_emploi: 'Comptable',
  pcs_ese: '543a',
  dispositif_politique_publique: '99',
  date_debut: '2026-12-01',
  duree_travail: dureeTempsPlein(),
}

describe('people write kind `contrat`', () => {
  it('goes through POST …/contrats, one request per contract', () => {
    expect(PEOPLE_WRITE_KINDS.contrat.operation).toBe('creerContrat')
  })

  it('accepts the body of a new contract and refuses one the service would refuse by its shape', () => {
    expect(PeopleWriteBody.parse({ kind: 'contrat', payload: contrat })).toEqual({ kind: 'contrat', payload: contrat })
    expect(PeopleWriteBody.safeParse({ kind: 'contrat', payload: { ...contrat, pcs_ese: '54' } }).success).toBe(false)
    expect(PeopleWriteBody.safeParse({ kind: 'contrat', payload: { ...contrat, duree_travail: undefined } }).success).toBe(false)
    expect(PeopleWriteBody.safeParse({ kind: 'note', payload: contrat }).success).toBe(false)
  })

  it('crosses the IPC boundary as an item with its client id and employee', () => {
    const item = {
      clientId: crypto.randomUUID(),
      matricule: 'M001',
      afterLostAnswer: false,
      windowStart: null,
      kind: 'contrat',
      payload: contrat,
    }
    expect(PeopleWriteItem.parse(item)).toEqual(item)
    expect(PeopleWriteItem.safeParse({ ...item, payload: { ...contrat, date_debut: '01/12/2026' } }).success).toBe(false)
  })
})

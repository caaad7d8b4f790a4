/**
 * The write builder of the sync (src-main/sync/entry-calls.ts) for the kinds entered through the one-entry forms of
 * issue 14: a prime is created by POST /api/primes-indemnites, an avantage en nature is created by POST, changed by
 * PATCH and removed by DELETE on /api/avantages-nature/{id} (reference V1.9.0, DELETE V1.12.0; path of the DELETE:
 * docs/api-assumptions.md #15). The executor's own tests send them to the sandbox.
 */
import { describe, expect, it } from 'vitest'

import { ENDPOINTS } from '../../../src-shared/api/endpoints'
import { buildWrite } from '../../../src-main/sync/entry-calls'

const ID = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b'
const prime = { siren: '732829320', matricule: 'M001', periode: '2026-11', code_prime: 'PEXC', montant: '250.00', prime_nette: true }
const avantage = {
  siren: '732829320',
  matricule: 'M001',
  periode: '2026-11',
  type_avantage: 'vehicule',
  mode_evaluation: 'forfait',
  montant: '180.00',
}

function route(write: ReturnType<typeof buildWrite>): string {
  return `${write.method} ${ENDPOINTS[write.operation].path}`
}

describe('écritures des primes et des avantages en nature', () => {
  it('crée une prime par POST /api/primes-indemnites avec le corps saisi', () => {
    const write = buildWrite('prime', 'create', prime, null)
    expect(route(write)).toBe('POST /api/primes-indemnites')
    expect(write).toMatchObject({ operation: 'creerPrimeIndemnite', request: { body: prime } })
  })

  it('crée, modifie et supprime un avantage en nature sur /api/avantages-nature', () => {
    const create = buildWrite('avantage', 'create', avantage, null)
    expect(route(create)).toBe('POST /api/avantages-nature')
    expect(create.request).toEqual({ body: avantage })

    const update = buildWrite('avantage', 'update', { montant: '190.00' }, ID)
    expect(route(update)).toBe('PATCH /api/avantages-nature/{id}')
    expect(update.request).toEqual({ params: { id: ID }, body: { montant: '190.00' } })

    const remove = buildWrite('avantage', 'delete', null, ID)
    expect(route(remove)).toBe('DELETE /api/avantages-nature/{id}')
    expect(remove.request).toEqual({ params: { id: ID } })
  })

  it('refuse une modification ou une suppression sans identifiant serveur', () => {
    expect(() => buildWrite('avantage', 'update', { montant: '1.00' }, null)).toThrow(/Identifiant serveur manquant/)
    expect(() => buildWrite('avantage', 'delete', null, null)).toThrow(/Identifiant serveur manquant/)
  })
})

import { describe, expect, it } from 'vitest'

import type { CodeEvp } from '../../../src-shared/api/codification'
import { summarizeEntry } from '../../../src-renderer/features/queue/summary'
import type { SummaryRefs } from '../../../src-renderer/features/queue/summary'
import { createAppI18n } from '../../../src-renderer/i18n'

const i18n = createAppI18n('fr')
function t(key: string, named?: Record<string, unknown>): string {
  return i18n.global.t(key, named ?? {})
}

const HS25: CodeEvp = {
  code: 'HS25',
  libelle: 'Heures supplémentaires à 25 %',
  libelle_court: 'HS 25 %',
  famille: 'heures',
  format: 'quantite',
  unite: 'heures',
  ordre: 10,
  masque: false,
  visibilite: { gp: true, employeur: true },
}
const refs: SummaryRefs = {
  codeEvp: (_siren, code) => (code === 'HS25' ? HS25 : undefined),
  libelleAbsence: (_siren, code) => (code === 'CP' ? 'Congés payés' : undefined),
}
const base = { siren: '732829320', periode: '2026-11', targetServerId: null, operation: 'create' as const }

describe('entry summary', () => {
  it('summarises an EVP with its short label, French value and unit, and period', () => {
    expect(summarizeEntry({ ...base, kind: 'evp', payload: { code_evp: 'HS25', quantite: '3.5', periode: '2026-11' } }, t, refs)).toBe(
      'HS 25 % : 3,5 h — novembre 2026',
    )
  })

  it('names the contract of an element of one of several contracts, and an avantage’s type in words', () => {
    expect(
      summarizeEntry(
        { ...base, kind: 'evp', payload: { code_evp: 'HS25', quantite: '3', periode: '2026-11', numero_contrat: 'C2' } },
        t,
        refs,
      ),
    ).toBe('HS 25 % : 3 h — novembre 2026 (contrat C2)')
    const avantage = { type_avantage: 'vehicule', mode_evaluation: 'forfait', montant: '118.00', periode: '2026-11' }
    expect(summarizeEntry({ ...base, kind: 'avantage', payload: avantage }, t, refs)).toBe('Véhicule · 118,00\u00a0€ · novembre 2026')
    expect(
      summarizeEntry({ ...base, kind: 'prime', payload: { code_prime: 'PEXC', montant: '320.50', periode: '2026-11' } }, t, refs),
    ).toBe('PEXC · 320,50\u00a0€ · novembre 2026')
  })

  it('words a change of a service record from the record as read: the patch over it, or the record removed', () => {
    const read = {
      id: 'a1b2c3d4-0000-4000-8000-000000000000',
      code_prime: 'PEXC',
      montant: '400.00',
      periode: '2026-11',
      numero_contrat: 'C1',
    }
    const change = { ...base, kind: 'prime' as const, targetServerId: read.id, targetRecord: read }
    expect(summarizeEntry({ ...change, operation: 'update', payload: { montant: '420.00' } }, t, refs)).toBe(
      'Modification : PEXC · 420,00 € · novembre 2026',
    )
    expect(summarizeEntry({ ...change, operation: 'delete', payload: null }, t, refs)).toBe('Suppression : PEXC · 400,00 € · novembre 2026')
    // Without the record read (a record synced from this workstation): as before.
    expect(summarizeEntry({ ...change, targetRecord: null, operation: 'delete', payload: null }, t, refs)).toBe(
      'Suppression de l’enregistrement a1b2c3d4…',
    )
  })

  it('summarises an absence with its label, dates and half days', () => {
    const payload = {
      code_absence: 'CP',
      date_debut: '2026-11-03',
      date_fin: '2026-11-05',
      demi_journee_debut: false,
      demi_journee_fin: true,
    }
    expect(summarizeEntry({ ...base, kind: 'absence', payload }, t, refs)).toBe(
      'Congés payés du 03/11/2026 au 05/11/2026 (½ journée en fin)',
    )
    expect(
      summarizeEntry(
        { ...base, kind: 'absence', payload: { ...payload, code_absence: 'XX', date_fin: '2026-11-03', demi_journee_fin: false } },
        t,
        refs,
      ),
    ).toBe('XX le 03/11/2026')
  })

  it('summarises expenses with type, amount in euros, kilometres and date', () => {
    expect(
      summarizeEntry(
        {
          ...base,
          kind: 'frais',
          payload: { type_frais: 'indemnites_kilometriques', montant: '45.2', kilometres: '112', date: '2026-11-14' },
        },
        t,
        refs,
      ),
    ).toBe('Indemnités kilométriques · 45,20\u00a0€ · 112 km · le 14/11/2026')
  })

  it('names updates and deletes', () => {
    expect(summarizeEntry({ ...base, kind: 'evp', operation: 'update', payload: { code_evp: 'HS25', quantite: '1' } }, t, refs)).toBe(
      'Modification : HS 25 % : 1 h — novembre 2026',
    )
    expect(
      summarizeEntry(
        { ...base, kind: 'evp', operation: 'delete', payload: null, targetServerId: '9f3c2a10-0000-4000-8000-000000000000' },
        t,
        refs,
      ),
    ).toBe('Suppression de l’enregistrement 9f3c2a10…')
  })
})

/**
 * Valid create payloads of every entry kind (dossier Boulangerie Martin, SIREN 732829320, employee M001, period
 * 2026-11), with overrides: the renderer's fixtures (test/renderer/support/fixtures.ts) and the shared validation tests
 * (test/shared/domain/validation.test.ts) use the same ones.
 */
import type { EntryKind } from '../../src-shared/domain/entry-kinds'

/** SIREN of the dossier the payloads belong to. */
export const PAYLOAD_SIREN = '732829320'

/** Valid create payloads, with overrides `o` spread last. */
export const valid = {
  evp: (o: Record<string, unknown> = {}) => ({
    siren: PAYLOAD_SIREN,
    matricule: 'M001',
    periode: '2026-11',
    code_evp: 'HS25',
    quantite: '3.50',
    ...o,
  }),
  absence: (o: Record<string, unknown> = {}) => ({
    siren: PAYLOAD_SIREN,
    matricule: 'M001',
    code_absence: 'CP',
    date_debut: '2026-11-02',
    date_fin: '2026-11-04',
    demi_journee_debut: false,
    demi_journee_fin: false,
    ...o,
  }),
  prime: (o: Record<string, unknown> = {}) => ({
    siren: PAYLOAD_SIREN,
    matricule: 'M001',
    periode: '2026-11',
    code_prime: 'PREXC',
    montant: '250.00',
    ...o,
  }),
  avantage: (o: Record<string, unknown> = {}) => ({
    siren: PAYLOAD_SIREN,
    matricule: 'M001',
    periode: '2026-11',
    type_avantage: 'nourriture',
    mode_evaluation: 'forfait',
    montant: '5.45',
    ...o,
  }),
  frais: (o: Record<string, unknown> = {}) => ({
    siren: PAYLOAD_SIREN,
    matricule: 'M001',
    periode: '2026-11',
    date: '2026-11-05',
    type_frais: 'repas',
    montant: '20.70',
    ...o,
  }),
} satisfies Record<EntryKind, (o?: Record<string, unknown>) => Record<string, unknown>>

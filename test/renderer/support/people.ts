/**
 * A sheet of the fixtures' employee M001 as main answers `salaries:sheet` (IBAN already masked), for the people
 * screens' tests: one CDI with a 35 h week over Monday to Friday, a comment and a payslip refusal note.
 */
import { SalarieSheet } from '../../../src-shared/domain/people'
import { SIREN, salaries } from './fixtures'

/** ISO instant of the sheet's read: one hour before the test clock (2026-11-20T09:00Z). */
export const SHEET_READ_AT = '2026-11-20T08:00:00.000Z'

/** The sheet of M001, with `over` merged into its employee. */
export function sheetOfM001(over: Partial<SalarieSheet['salarie']> = {}): SalarieSheet {
  const base = salaries.find((s) => s.matricule === 'M001')!
  return SalarieSheet.parse({
    siren: SIREN,
    matricule: 'M001',
    fetchedAt: SHEET_READ_AT,
    salarie: {
      ...base,
      coffre_active: true,
      regime_social: { regime: 'general', prevoyance_individuelle: true, prevoyance_etablissement: false },
      titre_sejour: { type: 'carte_resident', date_fin_validite: '2031-05-31' },
      informations_paiement: {
        mode_paiement: 'virement',
        coordonnees_bancaires: { iban_masque: '•••• •••• •••• •••• •••• ••• 0189', bic: 'AGRIFRPPXXX', titulaire: 'Jeanne Durand' },
      },
      date_ouverture_coffre: '2025-03-01',
      ...over,
    },
    contrats: [
      {
        contrat: {
          numero_contrat: 'C1',
          siren: SIREN,
          matricule: 'M001',
          nic: '00017',
          nature_contrat: '01',
          libelle_emploi: 'Boulangère',
          pcs_ese: '636d',
          date_debut: '2020-01-01',
          date_fin: null,
        },
        dureeTravail: {
          numero_contrat: 'C1',
          modalite_temps: '10',
          unite_mesure: '10',
          quotite: '151.67',
          quotite_reference: '151.67',
          tableau_horaire: [1, 2, 3, 4, 5].map((jour) => ({ jour, heures: '7' })),
        },
        definition: {
          numero_contrat: 'C1',
          siren: SIREN,
          matricule: 'M001',
          nic: '00017',
          nature_contrat: '01',
          libelle_emploi: 'Boulangère',
          pcs_ese: '636d',
          date_debut: '2020-01-01',
          date_fin: null,
          idcc: '0843',
          statut_conventionnel: '07',
          classification: 'Niveau II',
          salaire_base: '2100.00',
        },
      },
    ],
    notes: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        siren: SIREN,
        matricule: 'M001',
        bulletin_id: null,
        type: 'commentaire_salarie',
        texte: 'Prévoir la mutuelle en décembre',
        auteur: 'GP01',
        date_creation: '2026-11-02T10:00:00.000Z',
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        siren: SIREN,
        matricule: 'M001',
        bulletin_id: '33333333-3333-4333-8333-333333333333',
        type: 'refus_bulletin',
        texte: 'Heures supplémentaires manquantes',
        auteur: 'GP02',
        date_creation: '2026-11-05T10:00:00.000Z',
      },
    ],
  })
}

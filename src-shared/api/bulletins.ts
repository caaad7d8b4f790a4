/**
 * Payslips (bulletins) and their workflow; cumuls.
 * Reference: GET /api/bulletins (unique id V1.2.0, multi nic V1.4.0), GET /api/bulletins/{id} (V1.3.0, rubriques
 * V1.5.0/V1.7.0, matricule V1.7.0, contract number V1.12.0), workflow actions calculer, controler,
 * envoyer-employeur, valider (V1.4.0), refus and envoi-coffre (V1.5.0), per-payslip calculer and envoyer-salarie
 * (V1.7.0). States and transitions are not shown: see BULLETIN_TRANSITIONS (assumption).
 */
import { z } from 'zod'
import { IsoDateTime, Matricule, Montant, Nic, NumeroContrat, Periode, Quantite, RecordId, Siren, Taux } from './common'

/** Payslip states. Assumption: one state per workflow step of the reference, in its order. */
export const StatutBulletin = z.enum([
  'a_calculer',
  'calcule',
  'controle',
  'envoye_employeur',
  'valide',
  'refuse',
  'envoye_coffre',
  'envoye_salarie',
])
export type StatutBulletin = z.infer<typeof StatutBulletin>

/** Workflow actions of the reference. */
export const ActionBulletin = z.enum(['calculer', 'controler', 'envoyer-employeur', 'valider', 'refus', 'envoi-coffre', 'envoyer-salarie'])
export type ActionBulletin = z.infer<typeof ActionBulletin>

/**
 * Allowed transitions: action -> (from states, to state). Assumption (not shown in reference): compute is allowed
 * until the payslip is sent to the employer, and again after a refusal; the employer validates or refuses what was
 * sent to them; the safe sending needs a validated payslip; sending to the employee is the last step, from a
 * validated payslip or one already in the safe. Any other action answers 409 TRANSITION_IMPOSSIBLE.
 */
export const BULLETIN_TRANSITIONS: Readonly<Record<ActionBulletin, { from: readonly StatutBulletin[]; to: StatutBulletin }>> = {
  calculer: { from: ['a_calculer', 'calcule', 'controle', 'refuse'], to: 'calcule' },
  controler: { from: ['calcule'], to: 'controle' },
  'envoyer-employeur': { from: ['controle'], to: 'envoye_employeur' },
  valider: { from: ['envoye_employeur'], to: 'valide' },
  refus: { from: ['envoye_employeur', 'valide'], to: 'refuse' },
  'envoi-coffre': { from: ['valide'], to: 'envoye_coffre' },
  'envoyer-salarie': { from: ['valide', 'envoye_coffre'], to: 'envoye_salarie' },
}

/** Sending dates of a payslip (reference: "sending dates", also on declarations). */
export const DatesEnvoi = z.object({
  employeur: IsoDateTime.nullable(),
  salarie: IsoDateTime.nullable(),
})

/** Payslip as listed. */
export const Bulletin = z.object({
  id: RecordId,
  siren: Siren,
  nic: Nic,
  matricule: Matricule,
  numero_contrat: NumeroContrat,
  periode: Periode,
  statut: StatutBulletin,
  brut: Montant.nullable(),
  net_a_payer: Montant.nullable(),
  dernier_calcul_par: Matricule.nullable(),
  date_dernier_calcul: IsoDateTime.nullable(),
  date_envoi_coffre: IsoDateTime.nullable(),
  dates_envoi: DatesEnvoi,
})
export type Bulletin = z.infer<typeof Bulletin>

/** One payslip line (rubrique). */
export const LigneRubrique = z.object({
  code: z.string(),
  libelle: z.string(),
  base: Montant.nullable(),
  taux_salarial: Taux.nullable(),
  montant_salarial: Montant.nullable(),
  taux_patronal: Taux.nullable(),
  montant_patronal: Montant.nullable(),
})

/** Single payslip: with `rubriques` (object: its lines grouped). */
export const BulletinDetail = Bulletin.extend({
  rubriques: z.object({
    lignes: z.array(LigneRubrique),
    heures_travaillees: Quantite.nullable(),
  }),
})

/** Body of POST /api/bulletins/calculer: compute the payslips of a dossier's period (all, or those listed). */
export const CalculerBulletinsDto = z.object({
  siren: Siren,
  periode: Periode,
  matricules: z.array(Matricule).min(1).max(1000).optional(),
})
export const CalculerBulletinsRetourDto = z.object({ calcules: z.array(RecordId), ignores: z.array(RecordId) })

/** Body of POST /api/bulletins/{id}/refus: the reason becomes a note of type refus_bulletin (V1.7.0). */
export const RefusBulletinDto = z.object({ motif: z.string().trim().min(3, 'Motif du refus : 3 caractères au moins').max(2000) })

/** Cumul of an employee for a year (GET /api/cumuls). */
export const Cumul = z.object({
  siren: Siren,
  matricule: Matricule,
  annee: z.number().int().min(2000).max(2100),
  categorie: z.string(),
  code_cumul: z.string(),
  code_moteur: z.string(),
  libelle: z.string(),
  valeur: Montant,
})

/** Cumuls.ItemPutDto: the value of one cumul of one employee. */
export const CumulsItemPutDto = z.object({ matricule: Matricule, code_cumul: z.string().min(1).max(20), valeur: Montant })
/** Cumuls.PutDto: replaces the listed cumuls of a dossier for a year. */
export const CumulsPutDto = z.object({ annee: z.number().int().min(2000).max(2100), elements: z.array(CumulsItemPutDto).min(1).max(5000) })
/** Cumuls.PutRetourDto: counts, and the items refused (by index in `elements`). */
export const CumulsPutRetourDto = z.object({
  crees: z.number().int(),
  mis_a_jour: z.number().int(),
  erreurs: z.array(z.object({ index: z.number().int(), code: z.string(), message: z.string() })),
})

export type BulletinDetail = z.infer<typeof BulletinDetail>
export type Cumul = z.infer<typeof Cumul>

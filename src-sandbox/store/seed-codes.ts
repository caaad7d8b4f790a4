/**
 * Code lists of the sandbox seed: cabinet absence codes mapped to DSN reasons, EVP and bonus codes per dossier,
 * and the dynamic lists served by GET /api/codes/{nomCode}. Fixed data (no randomness).
 */
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { ListeCodesType } from './wire-types'
import type { CleDossier, DossierPlan } from './seed-dossiers'

function absence(
  code: string,
  libelle: string,
  categorie: CodeAbsence['categorie'],
  o: { arret?: string; suspension?: string; demi?: boolean; ss?: boolean } = {},
): CodeAbsence {
  return {
    code,
    libelle,
    categorie,
    motif_arret: o.arret ?? null,
    motif_suspension: o.suspension ?? null,
    demi_journee_autorisee: o.demi ?? false,
    securite_sociale: o.ss ?? false,
  }
}

/**
 * Cabinet-wide absence codes (GET /api/codes-absences). DSN reasons:
 * - `motif_arret`, S21.G00.60.001: 01 maladie, 02 maternité, 03 paternité / accueil de l'enfant,
 *   04 accident de trajet, 05 maladie professionnelle, 06 accident du travail, 15 temps partiel thérapeutique
 *   (risque maladie) — as in the DSN technical specification (cahier technique, net-entreprises.fr);
 * - `motif_suspension`, S21.G00.65.001: 501 congé divers non rémunéré, 602 chômage sans rupture de contrat
 *   (activité partielle, assumption), 632 congé parental d'éducation;
 * - paid leave (CP, RTT, family events) is not declared in the DSN: both null.
 */
export const CODES_ABSENCES: readonly CodeAbsence[] = [
  absence('CP', 'Congés payés', 'conges', { demi: true }),
  absence('RTT', 'Réduction du temps de travail (RTT)', 'conges', { demi: true }),
  absence('EVFAM', 'Congé pour événement familial', 'absence_autorisee'),
  absence('ENFMAL', 'Congé pour enfant malade', 'absence_autorisee', { demi: true }),
  absence('MAL', 'Maladie', 'maladie', { arret: '01', ss: true }),
  absence('MTT', 'Temps partiel thérapeutique', 'maladie', { arret: '15', ss: true, demi: true }),
  absence('MAT', 'Congé de maternité', 'maternite_paternite', { arret: '02', ss: true }),
  absence('PAT', 'Congé de paternité et d’accueil de l’enfant', 'maternite_paternite', { arret: '03', ss: true }),
  absence('TRAJ', 'Accident de trajet', 'accident', { arret: '04', ss: true }),
  absence('MP', 'Maladie professionnelle', 'accident', { arret: '05', ss: true }),
  absence('AT', 'Accident du travail', 'accident', { arret: '06', ss: true }),
  absence('CSS', 'Congé sans solde', 'absence_non_remuneree', { suspension: '501' }),
  absence('CPAR', 'Congé parental d’éducation', 'absence_non_remuneree', { suspension: '632' }),
  absence('ABSNR', 'Absence non rémunérée', 'absence_non_remuneree', { demi: true }),
  absence('AP', 'Activité partielle', 'activite_partielle', { suspension: '602', demi: true }),
]

/** Absence codes offered by a dossier: the cabinet's codes minus the dossier's exclusions. */
export function codesAbsencesDuDossier(plan: DossierPlan): string[] {
  return CODES_ABSENCES.map((c) => c.code).filter((code) => !plan.absencesExclues.includes(code))
}

type EvpModele = Omit<CodeEvp, 'ordre'>

const EVP: Record<string, EvpModele> = {
  HS25: {
    code: 'HS25',
    libelle: 'Heures supplémentaires majorées à 25 %',
    libelle_court: 'HS 25 %',
    famille: 'heures',
    format: 'quantite',
    unite: 'heures',
    masque: false,
    visibilite: { gp: true, employeur: true },
  },
  HS50: {
    code: 'HS50',
    libelle: 'Heures supplémentaires majorées à 50 %',
    libelle_court: 'HS 50 %',
    famille: 'heures',
    format: 'quantite',
    unite: 'heures',
    masque: false,
    visibilite: { gp: true, employeur: true },
  },
  HNUIT: {
    code: 'HNUIT',
    libelle: 'Heures de nuit',
    libelle_court: 'H. nuit',
    famille: 'heures',
    format: 'quantite',
    unite: 'heures',
    masque: false,
    visibilite: { gp: true, employeur: true },
  },
  ASTR: {
    code: 'ASTR',
    libelle: 'Astreinte (jours et taux de majoration)',
    libelle_court: 'Astreinte',
    famille: 'heures',
    format: 'quantite_taux',
    unite: 'jours',
    masque: false,
    visibilite: { gp: true, employeur: true },
  },
  PANIER: {
    code: 'PANIER',
    libelle: 'Indemnité de panier',
    libelle_court: 'Panier',
    famille: 'indemnites',
    format: 'montant',
    unite: 'euros',
    masque: false,
    visibilite: { gp: true, employeur: true },
  },
  TRANSP: {
    code: 'TRANSP',
    libelle: 'Remboursement des frais de transport',
    libelle_court: 'Transport',
    famille: 'indemnites',
    format: 'montant',
    unite: 'euros',
    masque: false,
    visibilite: { gp: true, employeur: false },
  },
  COMM: {
    code: 'COMM',
    libelle: 'Commissions sur ventes',
    libelle_court: 'Commissions',
    famille: 'remuneration',
    format: 'montant',
    unite: 'euros',
    masque: false,
    visibilite: { gp: true, employeur: true },
  },
  TXT: {
    code: 'TXT',
    libelle: 'Observation pour le gestionnaire de paie',
    libelle_court: 'Observation',
    famille: 'divers',
    format: 'texte',
    unite: 'texte',
    masque: false,
    visibilite: { gp: true, employeur: false },
  },
  FORFKM: {
    code: 'FORFKM',
    libelle: 'Forfait kilométrique (ancien barème)',
    libelle_court: 'Forfait km',
    famille: 'indemnites',
    format: 'montant',
    unite: 'euros',
    masque: true,
    visibilite: { gp: true, employeur: false },
  },
  /** Entered by the employer on the vendor's portal: the cabinet (GP) does not see it (visibility.ts). */
  OBJEMP: {
    code: 'OBJEMP',
    libelle: 'Prime sur objectifs (saisie par l’employeur)',
    libelle_court: 'Objectifs empl.',
    famille: 'remuneration',
    format: 'montant',
    unite: 'euros',
    masque: false,
    visibilite: { gp: false, employeur: true },
  },
}

const EVP_PAR_DOSSIER: Record<CleDossier, string[]> = {
  A: ['HS25', 'HS50', 'HNUIT', 'PANIER', 'TRANSP', 'TXT', 'FORFKM', 'OBJEMP'],
  B: ['HS25', 'HS50', 'ASTR', 'COMM', 'TRANSP', 'TXT', 'FORFKM', 'OBJEMP'],
  C: ['HS25', 'HS50', 'ASTR', 'PANIER', 'TRANSP', 'TXT', 'FORFKM', 'OBJEMP'],
  D: ['HS25', 'HS50', 'COMM', 'PANIER', 'TXT', 'FORFKM', 'OBJEMP'],
}

/**
 * EVP codes of a dossier (GET /api/codes-evp), `ordre` 10, 20, …; one hidden (`masque`) code and, last, one code the
 * cabinet does not see (`visibilite.gp` false: entered by the employer) per dossier.
 */
export function codesEvpDuDossier(cle: CleDossier): CodeEvp[] {
  return EVP_PAR_DOSSIER[cle].flatMap((code, index) => {
    const modele = EVP[code]
    return modele === undefined ? [] : [{ ...modele, visibilite: { ...modele.visibilite }, ordre: (index + 1) * 10 }]
  })
}

const PRIMES: Record<string, CodePrimeIndemnite> = {
  PEXC: { code: 'PEXC', libelle: 'Prime exceptionnelle', soumise_cotisations: true, visibilite: { gp: true, employeur: true } },
  P13M: { code: 'P13M', libelle: 'Treizième mois', soumise_cotisations: true, visibilite: { gp: true, employeur: true } },
  PANC: { code: 'PANC', libelle: 'Prime d’ancienneté', soumise_cotisations: true, visibilite: { gp: true, employeur: true } },
  PVAC: {
    code: 'PVAC',
    libelle: 'Prime de vacances (Syntec, article 31)',
    soumise_cotisations: true,
    visibilite: { gp: true, employeur: true },
  },
  PPV: { code: 'PPV', libelle: 'Prime de partage de la valeur', soumise_cotisations: false, visibilite: { gp: true, employeur: true } },
  PSAL: { code: 'PSAL', libelle: 'Prime de salissure', soumise_cotisations: true, visibilite: { gp: true, employeur: true } },
  IRC: {
    code: 'IRC',
    libelle: 'Indemnité de rupture conventionnelle',
    soumise_cotisations: false,
    visibilite: { gp: true, employeur: false },
  },
  /** Entered by the employer on the vendor's portal: the cabinet (GP) does not see it (visibility.ts). */
  PCOOPT: {
    code: 'PCOOPT',
    libelle: 'Prime de cooptation (saisie par l’employeur)',
    soumise_cotisations: true,
    visibilite: { gp: false, employeur: true },
  },
}

const PRIMES_PAR_DOSSIER: Record<CleDossier, string[]> = {
  A: ['PEXC', 'P13M', 'PPV', 'IRC', 'PCOOPT'],
  B: ['PEXC', 'PVAC', 'PPV', 'IRC', 'PCOOPT'],
  C: ['PEXC', 'PANC', 'PSAL', 'IRC', 'PCOOPT'],
  D: ['PEXC', 'PANC', 'PPV', 'PCOOPT'],
}

/** Bonus and allowance codes of a dossier (GET /api/codes-primes-indemnites); the last one the cabinet does not see. */
export function codesPrimesDuDossier(cle: CleDossier): CodePrimeIndemnite[] {
  return PRIMES_PAR_DOSSIER[cle].flatMap((code) => {
    const prime = PRIMES[code]
    return prime === undefined ? [] : [{ ...prime, visibilite: { ...prime.visibilite } }]
  })
}

const PCS_ESE: [string, string][] = [
  ['372a', 'Cadres chargés d’études économiques, financières, commerciales'],
  ['374b', 'Chefs de produits, acheteurs du commerce et autres cadres de la mercatique'],
  ['377a', 'Cadres de l’hôtellerie et de la restauration'],
  ['382a', 'Ingénieurs et cadres d’étude du bâtiment et des travaux publics'],
  ['388a', 'Ingénieurs et cadres d’étude, recherche et développement en informatique'],
  ['388c', 'Chefs de projets informatiques, responsables informatiques'],
  ['461a', 'Personnel de secrétariat de niveau supérieur, secrétaires de direction (non cadres)'],
  ['462a', 'Chefs de petites surfaces de vente'],
  ['468a', 'Maîtrise de restauration : salle et service'],
  ['468b', 'Maîtrise de l’hébergement : hall et étages'],
  ['478c', 'Techniciens d’installation, de maintenance, support et services aux utilisateurs en informatique'],
  ['481a', 'Conducteurs de travaux (non cadres)'],
  ['543a', 'Employés des services comptables ou financiers'],
  ['543b', 'Employés qualifiés des services comptables ou financiers'],
  ['546a', 'Contrôleurs des transports (personnels roulants)'],
  ['551a', 'Employés de libre service du commerce et magasiniers'],
  ['552a', 'Caissiers de magasin'],
  ['554a', 'Vendeurs en alimentation'],
  ['561b', 'Serveurs, commis de restaurant, garçons qualifiés'],
  ['561c', 'Serveurs, commis de restaurant, garçons non qualifiés'],
  ['561d', 'Aides de cuisine, apprentis de cuisine et employés polyvalents de la restauration'],
  ['561e', 'Employés de l’hôtellerie : réception et hall'],
  ['561f', 'Employés d’étage et employés polyvalents de l’hôtellerie'],
  ['621a', 'Chefs d’équipe du gros œuvre et des travaux publics'],
  ['632a', 'Maçons qualifiés'],
  ['636d', 'Cuisiniers et commis de cuisine'],
  ['681a', 'Ouvriers non qualifiés du gros œuvre du bâtiment'],
]

const DISPOSITIFS: [string, string][] = [
  ['21', 'CUI – Contrat initiative emploi'],
  ['41', 'CUI – Contrat d’accompagnement dans l’emploi'],
  ['50', 'Emploi d’avenir, secteur marchand'],
  ['51', 'Emploi d’avenir, secteur non marchand'],
  ['61', 'Contrat de professionnalisation'],
  ['64', 'Contrat d’apprentissage, entreprise artisanale ou de moins de 11 salariés'],
  ['65', 'Contrat d’apprentissage, entreprise non artisanale d’au moins 11 salariés'],
  ['70', 'Contrat à durée déterminée pour les seniors'],
  ['71', 'Contrat à durée déterminée d’insertion'],
  ['81', 'Contrat d’apprentissage du secteur public'],
  ['82', 'Contrat à durée indéterminée intérimaire'],
  ['99', 'Non concerné'],
]

const CONVENTIONS: [string, string][] = [
  ['0016', 'Transports routiers et activités auxiliaires du transport'],
  ['0044', 'Industries chimiques et connexes'],
  ['1486', 'Bureaux d’études techniques, cabinets d’ingénieurs-conseils et sociétés de conseils (Syntec)'],
  ['1596', 'Bâtiment – ouvriers (entreprises occupant jusqu’à 10 salariés)'],
  ['1597', 'Bâtiment – ouvriers (entreprises occupant plus de 10 salariés)'],
  ['1979', 'Hôtels, cafés, restaurants (HCR)'],
  ['2216', 'Commerce de détail et de gros à prédominance alimentaire'],
  ['2609', 'Bâtiment – employés, techniciens et agents de maîtrise (ETAM)'],
  ['3248', 'Métallurgie'],
]

/** DSN S21.G00.62.002 (motif de la rupture du contrat): the usual ones. */
const MOTIFS_FIN: [string, string][] = [
  ['011', 'Licenciement suite à liquidation ou redressement judiciaire'],
  ['014', 'Licenciement pour motif économique'],
  ['015', 'Licenciement pour fin de chantier'],
  ['020', 'Licenciement pour autre motif'],
  ['031', 'Fin de contrat à durée déterminée ou fin d’accueil occasionnel'],
  ['034', 'Fin de période d’essai à l’initiative de l’employeur'],
  ['035', 'Fin de période d’essai à l’initiative du salarié'],
  ['036', 'Rupture anticipée d’un CDD ou d’un contrat d’apprentissage à l’initiative de l’employeur'],
  ['037', 'Rupture anticipée d’un CDD ou d’un contrat d’apprentissage à l’initiative du salarié'],
  ['038', 'Mise à la retraite par l’employeur'],
  ['039', 'Départ à la retraite à l’initiative du salarié'],
  ['043', 'Rupture conventionnelle'],
  ['059', 'Démission'],
  ['066', 'Décès du salarié'],
  ['081', 'Fin de contrat d’apprentissage'],
  ['087', 'Licenciement pour faute grave'],
  ['091', 'Licenciement pour inaptitude physique d’origine non professionnelle'],
]

/** DSN S21.G00.40.007 (nature du contrat): the values the contract schema accepts. */
const NATURES: [string, string][] = [
  ['01', 'Contrat de travail à durée indéterminée de droit privé'],
  ['02', 'Contrat de travail à durée déterminée de droit privé'],
  ['03', 'Contrat de mission (contrat de travail temporaire)'],
  ['07', 'Contrat à durée indéterminée intermittent'],
  ['08', 'Contrat à durée indéterminée intérimaire'],
  ['29', 'Convention de stage (hors formation professionnelle)'],
  ['32', 'Contrat d’appui au projet d’entreprise'],
  ['60', 'Contrat d’engagement éducatif'],
  ['70', 'Contrat de soutien et d’aide par le travail'],
  ['80', 'Mandat social'],
  ['81', 'Mandat d’élu'],
  ['89', 'Volontariat de service civique'],
  ['90', 'Autre nature de contrat, convention, mandat'],
  ['91', 'Contrat d’engagement maritime à durée indéterminée'],
  ['92', 'Contrat d’engagement maritime à durée déterminée'],
  ['93', 'Ligne de service'],
]

function liste(nom: ListeCodesType['nom'], rows: [string, string][]): ListeCodesType {
  return { nom, elements: rows.map(([code, libelle]) => ({ code, libelle })) }
}

/**
 * Dynamic code lists (GET /api/codes/{nomCode}). `professions` lists the job titles used by the dossiers
 * (assumption: code = short job code, libellé = job title). PCS-ESE labels: INSEE nomenclature.
 */
export function listesCodes(plans: readonly DossierPlan[]): ListeCodesType[] {
  const professions = new Map<string, string>()
  for (const plan of plans) for (const metier of plan.metiers) professions.set(metier.code, metier.libelle)
  return [
    liste('pcs_ese', PCS_ESE),
    liste(
      'professions',
      [...professions.entries()].sort((a, b) => a[0].localeCompare(b[0])),
    ),
    liste('dispositifs_politique_publique', DISPOSITIFS),
    liste('conventions_collectives', CONVENTIONS),
    liste('motifs_fin_contrat', MOTIFS_FIN),
    liste('natures_contrat', NATURES),
  ]
}

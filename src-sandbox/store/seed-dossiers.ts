/**
 * The four client companies (dossiers) of the sandbox seed, fixed whatever the seed: SIREN, name, NAF code,
 * collective agreement (IDCC), establishments (NIC) and the jobs their employees hold. The seed only draws the
 * people; these facts stay put so that tests, the CLI and the documentation can name them.
 */
import type { Etablissement } from '../../src-shared/api/dossiers'
import { buildNic, buildSiren } from './seed-identifiers'

/** Which dossier: A is the big one (260 employees), B, C and D the small ones. */
export type CleDossier = 'A' | 'B' | 'C' | 'D'

/**
 * A job of a dossier. `statut` is the conventional status (DSN S21.G00.40.002: 02 cadre, 03 profession
 * intermédiaire, 04 employé, 07 ouvrier); `salaireMin`/`salaireMax` are full-time monthly base salaries in cents.
 */
export interface Metier {
  code: string
  libelle: string
  pcs: string
  statut: '02' | '03' | '04' | '07'
  classification: string
  salaireMin: number
  salaireMax: number
  poids: number
  /** Cadre au forfait annuel en jours (218 days, Code du travail L3121-64): no hours on the payslip. */
  forfaitJours?: boolean
}

/** An establishment as planned: `nic` computed with its Luhn key, `regime` of the département. */
export interface EtablissementPlan extends Etablissement {
  regime: 'general' | 'alsace_moselle'
  /** The establishment's collective provident scheme covers its staff (prevoyance_etablissement). */
  prevoyance: boolean
  /** Share of the dossier's employees working there (weights). */
  poids: number
}

/** Everything fixed about a dossier of the seed. */
export interface DossierPlan {
  cle: CleDossier
  siren: string
  raison_sociale: string
  code_naf: string
  idcc: string
  effectif: number
  etablissements: EtablissementPlan[]
  /** E-mail domain of the company. */
  domaine: string
  /** Rate of the work-accident contribution in hundredths of a percent (assumption: typical for the NAF code). */
  tauxAt: number
  metiers: Metier[]
  /** The payroll runs one month behind (periode_paie_en_cours = previous month). */
  enRetard: boolean
  /** Cabinet absence codes this dossier does not offer (GET /api/dossiers/{siren}/codes-absences). */
  absencesExclues: string[]
  /** Departments where employees were mostly born (NIR), near the establishments. */
  departements: string[]
}

function etablissement(siren: string, nic4: string, o: Omit<EtablissementPlan, 'nic' | 'siret'>): EtablissementPlan {
  const nic = buildNic(siren, nic4)
  return { nic, siret: siren + nic, ...o }
}

const SIREN_A = buildSiren('83214760')
const SIREN_B = buildSiren('79105382')
const SIREN_C = buildSiren('51839046')
const SIREN_D = buildSiren('90467213')

const HCR = (niveau: string): string => `Niveau ${niveau}`

/** The four dossiers, in the order A (big), B, C, D. */
export const DOSSIER_PLANS: readonly DossierPlan[] = [
  {
    cle: 'A',
    siren: SIREN_A,
    raison_sociale: 'Hôtels et Brasseries de l’Atlantique SAS',
    code_naf: '5510Z',
    idcc: '1979',
    effectif: 260,
    domaine: 'hotels-atlantique.fr',
    tauxAt: 190,
    enRetard: false,
    absencesExclues: ['CSS'],
    departements: ['44', '44', '44', '85', '49', '56', '35', '75', '29'],
    etablissements: [
      etablissement(SIREN_A, '0001', {
        denomination: 'Siège et Grand Hôtel de la Fosse',
        adresse: '12 quai de la Fosse',
        code_postal: '44000',
        commune: 'Nantes',
        siege: true,
        regime: 'general',
        prevoyance: true,
        poids: 13,
      }),
      etablissement(SIREN_A, '0002', {
        denomination: 'Hôtel de la Plage',
        adresse: '41 boulevard de l’Océan',
        code_postal: '44500',
        commune: 'La Baule-Escoublac',
        siege: false,
        regime: 'general',
        prevoyance: true,
        poids: 8,
      }),
      etablissement(SIREN_A, '0003', {
        denomination: 'Brasserie du Port',
        adresse: '3 rue du Bassin',
        code_postal: '44600',
        commune: 'Saint-Nazaire',
        siege: false,
        regime: 'general',
        prevoyance: false,
        poids: 5,
      }),
    ],
    metiers: [
      {
        code: 'DIRHOT',
        libelle: 'Directeur d’hôtel',
        pcs: '377a',
        statut: '02',
        classification: HCR('V échelon 2'),
        salaireMin: 420_000,
        salaireMax: 520_000,
        poids: 1,
        forfaitJours: true,
      },
      {
        code: 'RECEP',
        libelle: 'Réceptionniste',
        pcs: '561e',
        statut: '04',
        classification: HCR('II échelon 2'),
        salaireMin: 184_000,
        salaireMax: 205_000,
        poids: 10,
      },
      {
        code: 'SERV',
        libelle: 'Serveur',
        pcs: '561b',
        statut: '04',
        classification: HCR('II échelon 1'),
        salaireMin: 182_500,
        salaireMax: 198_000,
        poids: 22,
      },
      {
        code: 'COMSAL',
        libelle: 'Commis de salle',
        pcs: '561c',
        statut: '04',
        classification: HCR('I échelon 2'),
        salaireMin: 182_300,
        salaireMax: 186_000,
        poids: 10,
      },
      {
        code: 'CUIS',
        libelle: 'Cuisinier',
        pcs: '636d',
        statut: '07',
        classification: HCR('III échelon 1'),
        salaireMin: 195_000,
        salaireMax: 230_000,
        poids: 14,
      },
      {
        code: 'AIDCUI',
        libelle: 'Aide de cuisine',
        pcs: '561d',
        statut: '07',
        classification: HCR('I échelon 3'),
        salaireMin: 182_300,
        salaireMax: 188_000,
        poids: 10,
      },
      {
        code: 'VALCH',
        libelle: 'Valet ou femme de chambre',
        pcs: '561f',
        statut: '04',
        classification: HCR('I échelon 3'),
        salaireMin: 182_300,
        salaireMax: 190_000,
        poids: 18,
      },
      {
        code: 'GOUV',
        libelle: 'Gouvernante d’étage',
        pcs: '468b',
        statut: '03',
        classification: HCR('IV échelon 1'),
        salaireMin: 225_000,
        salaireMax: 260_000,
        poids: 4,
      },
      {
        code: 'MAIHOT',
        libelle: 'Maître d’hôtel',
        pcs: '468a',
        statut: '03',
        classification: HCR('IV échelon 2'),
        salaireMin: 240_000,
        salaireMax: 280_000,
        poids: 4,
      },
      {
        code: 'COMPTA',
        libelle: 'Comptable',
        pcs: '543b',
        statut: '04',
        classification: HCR('III échelon 2'),
        salaireMin: 215_000,
        salaireMax: 245_000,
        poids: 3,
      },
    ],
  },
  {
    cle: 'B',
    siren: SIREN_B,
    raison_sociale: 'Altimeo Ingénierie Conseil',
    code_naf: '6202A',
    idcc: '1486',
    effectif: 18,
    domaine: 'altimeo-conseil.fr',
    tauxAt: 90,
    enRetard: false,
    absencesExclues: ['AP', 'MTT'],
    departements: ['69', '69', '38', '42', '01', '75', '13'],
    etablissements: [
      etablissement(SIREN_B, '0001', {
        denomination: 'Siège',
        adresse: '27 rue de la Villette',
        code_postal: '69003',
        commune: 'Lyon',
        siege: true,
        regime: 'general',
        prevoyance: true,
        poids: 1,
      }),
    ],
    metiers: [
      {
        code: 'DIRAG',
        libelle: 'Directeur d’agence',
        pcs: '388c',
        statut: '02',
        classification: 'Position 3.2 coefficient 210',
        salaireMin: 560_000,
        salaireMax: 650_000,
        poids: 1,
        forfaitJours: true,
      },
      {
        code: 'INGET',
        libelle: 'Ingénieur d’études',
        pcs: '388a',
        statut: '02',
        classification: 'Position 2.2 coefficient 130',
        salaireMin: 340_000,
        salaireMax: 420_000,
        poids: 7,
        forfaitJours: true,
      },
      {
        code: 'CDP',
        libelle: 'Chef de projet informatique',
        pcs: '388c',
        statut: '02',
        classification: 'Position 3.1 coefficient 170',
        salaireMin: 430_000,
        salaireMax: 500_000,
        poids: 3,
        forfaitJours: true,
      },
      {
        code: 'CONSU',
        libelle: 'Consultant fonctionnel',
        pcs: '372a',
        statut: '02',
        classification: 'Position 2.1 coefficient 115',
        salaireMin: 320_000,
        salaireMax: 370_000,
        poids: 3,
      },
      {
        code: 'TECSUP',
        libelle: 'Technicien support',
        pcs: '478c',
        statut: '03',
        classification: 'ETAM position 2.2 coefficient 310',
        salaireMin: 220_000,
        salaireMax: 260_000,
        poids: 2,
      },
      {
        code: 'ASSDIR',
        libelle: 'Assistante de direction',
        pcs: '461a',
        statut: '04',
        classification: 'ETAM position 2.1 coefficient 275',
        salaireMin: 215_000,
        salaireMax: 245_000,
        poids: 1,
      },
    ],
  },
  {
    cle: 'C',
    siren: SIREN_C,
    raison_sociale: 'Entreprise Morel Frères',
    code_naf: '4399C',
    idcc: '1597',
    effectif: 22,
    domaine: 'morel-freres-batiment.fr',
    tauxAt: 460,
    enRetard: false,
    absencesExclues: ['RTT', 'CPAR'],
    departements: ['54', '54', '57', '57', '88', '55', '2B', '67'],
    etablissements: [
      etablissement(SIREN_C, '0001', {
        denomination: 'Siège et dépôt',
        adresse: '8 rue des Tanneurs',
        code_postal: '54000',
        commune: 'Nancy',
        siege: true,
        regime: 'general',
        prevoyance: true,
        poids: 3,
      }),
      etablissement(SIREN_C, '0002', {
        denomination: 'Agence de Metz',
        adresse: '15 rue aux Arènes',
        code_postal: '57000',
        commune: 'Metz',
        siege: false,
        regime: 'alsace_moselle',
        prevoyance: true,
        poids: 2,
      }),
    ],
    metiers: [
      {
        code: 'INGTRA',
        libelle: 'Ingénieur travaux',
        pcs: '382a',
        statut: '02',
        classification: 'Cadre position B1 coefficient 95',
        salaireMin: 380_000,
        salaireMax: 450_000,
        poids: 1,
      },
      {
        code: 'CONDTR',
        libelle: 'Conducteur de travaux',
        pcs: '481a',
        statut: '03',
        classification: 'ETAM niveau F',
        salaireMin: 290_000,
        salaireMax: 340_000,
        poids: 2,
      },
      {
        code: 'CHEFEQ',
        libelle: 'Chef d’équipe',
        pcs: '621a',
        statut: '07',
        classification: 'Niveau IV position 1 coefficient 250',
        salaireMin: 250_000,
        salaireMax: 285_000,
        poids: 3,
      },
      {
        code: 'MACON',
        libelle: 'Maçon',
        pcs: '632a',
        statut: '07',
        classification: 'Niveau III position 1 coefficient 210',
        salaireMin: 210_000,
        salaireMax: 245_000,
        poids: 9,
      },
      {
        code: 'MANOEU',
        libelle: 'Manœuvre',
        pcs: '681a',
        statut: '07',
        classification: 'Niveau I position 2 coefficient 170',
        salaireMin: 183_000,
        salaireMax: 192_000,
        poids: 4,
      },
      {
        code: 'SECCPT',
        libelle: 'Secrétaire comptable',
        pcs: '543a',
        statut: '04',
        classification: 'ETAM niveau C',
        salaireMin: 205_000,
        salaireMax: 235_000,
        poids: 1,
      },
    ],
  },
  {
    cle: 'D',
    siren: SIREN_D,
    raison_sociale: 'Épicerie Fine Dubois',
    code_naf: '4729Z',
    idcc: '2216',
    effectif: 9,
    domaine: 'epicerie-dubois.fr',
    tauxAt: 230,
    enRetard: true,
    absencesExclues: ['RTT', 'AP', 'MP'],
    departements: ['33', '33', '24', '40', '47', '2A'],
    etablissements: [
      etablissement(SIREN_D, '0001', {
        denomination: 'Magasin des Chartrons',
        adresse: '52 rue Notre-Dame',
        code_postal: '33000',
        commune: 'Bordeaux',
        siege: true,
        regime: 'general',
        prevoyance: false,
        poids: 1,
      }),
    ],
    metiers: [
      {
        code: 'RESPMA',
        libelle: 'Responsable de magasin',
        pcs: '462a',
        statut: '03',
        classification: 'Niveau 5',
        salaireMin: 235_000,
        salaireMax: 265_000,
        poids: 1,
      },
      {
        code: 'VENDAL',
        libelle: 'Vendeur en alimentation',
        pcs: '554a',
        statut: '04',
        classification: 'Niveau 3',
        salaireMin: 184_000,
        salaireMax: 196_000,
        poids: 4,
      },
      {
        code: 'CAISS',
        libelle: 'Caissier',
        pcs: '552a',
        statut: '04',
        classification: 'Niveau 2',
        salaireMin: 182_300,
        salaireMax: 186_000,
        poids: 2,
      },
      {
        code: 'ELS',
        libelle: 'Employé de libre-service',
        pcs: '551a',
        statut: '04',
        classification: 'Niveau 2',
        salaireMin: 182_300,
        salaireMax: 185_000,
        poids: 2,
      },
    ],
  },
]

/** The dossier plan with this key. Throws `Error` for an unknown key. */
export function dossierPlan(cle: CleDossier): DossierPlan {
  const plan = DOSSIER_PLANS.find((d) => d.cle === cle)
  if (plan === undefined) throw new Error(`Dossier inconnu : ${cle}`)
  return plan
}

/**
 * Public summary of the seed's dossiers, for the CLI and the documentation: key, SIREN, name, role.
 * The SIRENs are fixed (they do not depend on the seed).
 */
export const SEED_DOSSIERS: readonly { cle: CleDossier; siren: string; raison_sociale: string; role: string }[] = DOSSIER_PLANS.map(
  (d) => ({
    cle: d.cle,
    siren: d.siren,
    raison_sociale: d.raison_sociale,
    role:
      d.cle === 'A'
        ? `gros dossier : ${d.effectif} salariés, ${d.etablissements.length} établissements`
        : `${d.effectif} salariés${d.enRetard ? ', paie en retard d’un mois' : ''}`,
  }),
)

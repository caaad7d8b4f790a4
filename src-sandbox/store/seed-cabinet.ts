/**
 * The cabinet of the sandbox seed: its users (three gestionnaires de paie and a responsable), their API clients
 * (OAuth2 client credentials) and their assignments to dossiers, dated relative to `today` so that date scoping is
 * testable.
 */
import { CATEGORIES, type Categorie } from '../../src-shared/api/categories'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { ApiClientCredentials } from './types'
import type { UtilisateurCabinet } from './wire-types'
import { addDays, splitDate } from './seed-calendar'
import type { DossierPlan } from './seed-dossiers'

/** The cabinet (GET /api/moi `cabinet`). */
export const SEED_CABINET = { id: 'CAB-0001', raison_sociale: 'Cabinet Lefèvre & Associés – Expertise comptable et paie' } as const

/** Credentials of the demo client (user GP001, every category, every dossier). */
export const DEMO_CREDENTIALS = { client_id: 'demo-gestionnaire', client_secret: 'demo-secret-sandbox' } as const

const SANS_FRAIS_NI_CABINET: Categorie[] = CATEGORIES.filter((c) => c !== 'frais_professionnels' && c !== 'cabinet')

/** One API client of the seed, with the user it acts for, described for a human (CLI, documentation). */
export interface SeedClient {
  client_id: string
  client_secret: string
  matricule_utilisateur: string
  /** First name, name and profile of the user. */
  utilisateur: string
  droits: readonly Categorie[]
  /** What the client is for, in French. */
  description: string
}

/** Every API client of the seed (the CLI prints them). Fixed whatever the seed. */
export const SEED_CLIENTS: readonly SeedClient[] = [
  {
    ...DEMO_CREDENTIALS,
    matricule_utilisateur: 'GP001',
    utilisateur: 'Claire Martin (gestionnaire)',
    droits: [...CATEGORIES],
    description: 'Démo : tous les droits, affectée aux 4 dossiers sans date de fin.',
  },
  {
    client_id: 'gestionnaire-2',
    client_secret: 'gestionnaire-2-secret-sandbox',
    matricule_utilisateur: 'GP002',
    utilisateur: 'Julien Roux (gestionnaire)',
    droits: [...CATEGORIES],
    description: 'Affectations datées : dossier A terminée hier, dossier B à partir de demain, dossier C en cours, pas le D.',
  },
  {
    client_id: 'gestionnaire-restreint',
    client_secret: 'restreint-secret-sandbox',
    matricule_utilisateur: 'GP003',
    utilisateur: 'Sophie Lambert (gestionnaire)',
    droits: SANS_FRAIS_NI_CABINET,
    description: 'Droits restreints : ni frais professionnels ni cabinet ; affectée aux 4 dossiers.',
  },
  {
    client_id: 'responsable-paie',
    client_secret: 'responsable-secret-sandbox',
    matricule_utilisateur: 'GP004',
    utilisateur: 'Thomas Moreau (responsable)',
    droits: [...CATEGORIES],
    description: 'Responsable de paie : tous les droits, affecté à aucun dossier (utilisateurs et affectations du cabinet).',
  },
]

/** Cabinet users (GET /api/cabinet/utilisateurs). */
export function seedUtilisateurs(): UtilisateurCabinet[] {
  return [
    {
      matricule: 'GP001',
      nom: 'Martin',
      prenom: 'Claire',
      email: 'claire.martin@cabinet-lefevre.fr',
      profil: 'gestionnaire',
      actif: true,
      droits: [...CATEGORIES],
    },
    {
      matricule: 'GP002',
      nom: 'Roux',
      prenom: 'Julien',
      email: 'julien.roux@cabinet-lefevre.fr',
      profil: 'gestionnaire',
      actif: true,
      droits: [...CATEGORIES],
    },
    {
      matricule: 'GP003',
      nom: 'Lambert',
      prenom: 'Sophie',
      email: 'sophie.lambert@cabinet-lefevre.fr',
      profil: 'gestionnaire',
      actif: true,
      droits: [...SANS_FRAIS_NI_CABINET],
    },
    {
      matricule: 'GP004',
      nom: 'Moreau',
      prenom: 'Thomas',
      email: 'thomas.moreau@cabinet-lefevre.fr',
      profil: 'responsable',
      actif: true,
      droits: [...CATEGORIES],
    },
  ]
}

/** API clients as stored (same order as SEED_CLIENTS). */
export function seedClients(): ApiClientCredentials[] {
  return SEED_CLIENTS.map((c) => ({
    client_id: c.client_id,
    client_secret: c.client_secret,
    matricule_utilisateur: c.matricule_utilisateur,
    droits: [...c.droits],
  }))
}

/**
 * Assignments (dates inclusive, `date_fin` null = open):
 * - GP001 and GP003: every dossier since 1 January three years before `today`, open-ended;
 * - GP002: dossier A from 1 January of last year until yesterday, dossier B from tomorrow, dossier C since
 *   1 January of last year, open-ended; no assignment to D;
 * - GP004 (responsable): no assignment at all.
 * `plans` must be in the order A, B, C, D.
 */
export function seedAffectations(plans: readonly DossierPlan[], today: string): AffectationDossier[] {
  const { annee } = splitDate(today)
  const depuisLongtemps = `${String(annee - 3)}-01-01`
  const depuisLanDernier = `${String(annee - 1)}-01-01`
  const [a, b, c] = plans
  if (a === undefined || b === undefined || c === undefined) throw new Error('Quatre dossiers attendus')
  const ouvertes = (matricule: string): AffectationDossier[] =>
    plans.map((p) => ({ matricule_utilisateur: matricule, siren: p.siren, date_debut: depuisLongtemps, date_fin: null }))
  return [
    ...ouvertes('GP001'),
    { matricule_utilisateur: 'GP002', siren: a.siren, date_debut: depuisLanDernier, date_fin: addDays(today, -1) },
    { matricule_utilisateur: 'GP002', siren: b.siren, date_debut: addDays(today, 1), date_fin: null },
    { matricule_utilisateur: 'GP002', siren: c.siren, date_debut: depuisLanDernier, date_fin: null },
    ...ouvertes('GP003'),
  ]
}

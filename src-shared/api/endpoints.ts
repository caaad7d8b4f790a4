/**
 * THE endpoint table: every operation of the payroll API, with its method, path, schemas, right and version.
 * The typed client (src-main/api), the sandbox server (src-sandbox) and the OpenAPI document are all driven
 * by this table. Decisions the reference leaves open are marked by `provenance` and listed in
 * docs/api-assumptions.md.
 */
import { z } from 'zod'
import {
  AvantageNature,
  AvantageNatureCreateDto,
  AvantageNatureListQuery,
  AvantageNaturePatchDto,
  Absence,
  AbsenceCreateDto,
  AbsencePatchDto,
  Acompte,
  EntryListQuery,
  Evp,
  EvpCreateDto,
  EvpPatchDto,
  FraisProfessionnel,
  FraisProfessionnelCreateDto,
  FraisProfessionnelPatchDto,
  PrimeIndemnite,
  PrimeIndemniteCreateDto,
  PrimeIndemnitePatchDto,
} from './entries'
import {
  Bulletin,
  BulletinDetail,
  CalculerBulletinsDto,
  CalculerBulletinsRetourDto,
  Cumul,
  CumulsPutDto,
  CumulsPutRetourDto,
  RefusBulletinDto,
  StatutBulletin,
} from './bulletins'
import {
  Extraction,
  ExtractionCreate,
  ExtractionListQuery,
  Facturation,
  FacturationQuery,
  Health,
  Moi,
  Note,
  NoteCreate,
  NoteListQuery,
  TokenRequest,
  TokenResponse,
  UtilisateurCabinet,
  UtilisateurCabinetCreate,
} from './cabinet'
import { CodeAbsence, CodeEvp, CodePrimeIndemnite, ListeCodes } from './codification'
import { IsoDate, Matricule, Nic, Page, PagingQuery, Periode, Siren, queryMulti } from './common'
import { Declaration, DeclarationEvenementielle, DeclarationSearchQuery } from './declarations'
import { AffectationDossier, AffectationDossierCreate, AffectationDossierFin, Dossier } from './dossiers'
import { paramsOf, type EndpointDef, type FileResponseKind } from './endpoint-def'
import {
  Contrat,
  ContratCreate,
  CoordonneesBancairesPatchDto,
  DefinitionContrat,
  DureeTravail,
  Salarie,
  SalarieDetail,
  SalariePatchDto,
  SalariePatchRetourDto,
} from './salaries'

const SirenQuery = z.object({ siren: Siren })
const DossierListQuery = PagingQuery.extend({ siren: queryMulti(Siren).optional() })
/** Employees present over [du, au] (V1.2.0), by establishment (multi nic, V1.4.0), by name or matricule. */
const SalarieListQuery = PagingQuery.extend({
  siren: queryMulti(Siren).optional(),
  nic: queryMulti(Nic).optional(),
  du: IsoDate.optional(),
  au: IsoDate.optional(),
  recherche: z.string().max(80).optional(),
})
const BulletinListQuery = PagingQuery.extend({
  siren: queryMulti(Siren).optional(),
  nic: queryMulti(Nic).optional(),
  matricule: Matricule.optional(),
  periode: Periode.optional(),
  statut: queryMulti(StatutBulletin).optional(),
})
/** Cumuls filters (V1.3.0): categories and cumuls; the engine code. */
const CumulListQuery = PagingQuery.extend({
  siren: Siren,
  matricule: Matricule.optional(),
  annee: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{4}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(2000).max(2100))
    .optional(),
  categorie: queryMulti(z.string().min(1).max(40)).optional(),
  cumul: queryMulti(z.string().min(1).max(20)).optional(),
  code_moteur: z.string().min(1).max(20).optional(),
})
const Empty = z.object({})

/** Builds one CRUD family of an entry record (list, create, patch, delete) under `base`. */
function entryFamily<R extends z.ZodType, C extends z.ZodType, P extends z.ZodType, Q extends z.ZodType>(o: {
  base: string
  record: R
  create: C
  patch: P
  query: Q
  category: EndpointDef['category']
  since: { list: EndpointDef['since']; create: EndpointDef['since']; patch: EndpointDef['since']; remove: EndpointDef['since'] }
  provenance: {
    list: EndpointDef['provenance']
    create: EndpointDef['provenance']
    patch: EndpointDef['provenance']
    remove: EndpointDef['provenance']
  }
  label: string
}) {
  const idPath = `${o.base}/{id}`
  return {
    list: {
      method: 'GET',
      path: o.base,
      summary: `Lister ${o.label}`,
      query: o.query,
      response: Page(o.record),
      status: 200,
      category: o.category,
      auth: true,
      since: o.since.list,
      provenance: o.provenance.list,
    },
    create: {
      method: 'POST',
      path: o.base,
      summary: `Créer ${o.label}`,
      body: o.create,
      response: o.record,
      status: 201,
      category: o.category,
      auth: true,
      since: o.since.create,
      provenance: o.provenance.create,
    },
    patch: {
      method: 'PATCH',
      path: idPath,
      summary: `Modifier ${o.label}`,
      params: paramsOf('id'),
      body: o.patch,
      response: o.record,
      status: 200,
      category: o.category,
      auth: true,
      since: o.since.patch,
      provenance: o.provenance.patch,
    },
    remove: {
      method: 'DELETE',
      path: idPath,
      summary: `Supprimer ${o.label}`,
      params: paramsOf('id'),
      response: 'none',
      status: 204,
      category: o.category,
      auth: true,
      since: o.since.remove,
      provenance: o.provenance.remove,
    },
  } as const
}

const evp = entryFamily({
  base: '/api/evp',
  record: Evp,
  create: EvpCreateDto,
  patch: EvpPatchDto,
  query: EntryListQuery,
  category: 'elements_variables',
  label: 'des EVP',
  since: { list: '1.4.0', create: '1.4.0', patch: '1.4.0', remove: '1.4.0' },
  provenance: { list: 'assumption', create: 'assumption', patch: 'assumption', remove: 'assumption' },
})
const primes = entryFamily({
  base: '/api/primes-indemnites',
  record: PrimeIndemnite,
  create: PrimeIndemniteCreateDto,
  patch: PrimeIndemnitePatchDto,
  query: EntryListQuery,
  category: 'elements_variables',
  label: 'des primes et indemnités',
  since: { list: '1.4.0', create: '1.4.0', patch: '1.4.0', remove: '1.4.0' },
  provenance: { list: 'assumption', create: 'assumption', patch: 'assumption', remove: 'assumption' },
})
const avantages = entryFamily({
  base: '/api/avantages-nature',
  record: AvantageNature,
  create: AvantageNatureCreateDto,
  patch: AvantageNaturePatchDto,
  query: AvantageNatureListQuery,
  category: 'avantages_nature',
  label: 'des avantages en nature',
  since: { list: '1.9.0', create: '1.9.0', patch: '1.9.0', remove: '1.12.0' },
  provenance: { list: 'history', create: 'history', patch: 'history', remove: 'assumption' },
})
const frais = entryFamily({
  base: '/api/frais-professionnels',
  record: FraisProfessionnel,
  create: FraisProfessionnelCreateDto,
  patch: FraisProfessionnelPatchDto,
  query: EntryListQuery,
  category: 'frais_professionnels',
  label: 'des frais professionnels',
  since: { list: '1.9.0', create: '1.9.0', patch: '1.11.0', remove: '1.11.0' },
  provenance: { list: 'history', create: 'history', patch: 'history', remove: 'history' },
})

const bulletinAction = (action: string, since: EndpointDef['since'], provenance: EndpointDef['provenance'], summary: string) =>
  ({
    method: 'POST',
    path: `/api/bulletins/{id}/${action}`,
    summary,
    params: paramsOf('id'),
    body: Empty,
    response: Bulletin,
    status: 200,
    category: 'bulletins',
    auth: true,
    since,
    provenance,
  }) as const

const contratBase = '/api/dossiers/{siren}/salaries/{matricule}/contrats'

export const ENDPOINTS = {
  // -- authentication and health
  obtenirJeton: {
    method: 'POST',
    path: '/api/auth/token',
    summary: 'Obtenir un jeton d’accès (client credentials)',
    body: TokenRequest,
    bodyEncoding: 'form',
    response: TokenResponse,
    status: 200,
    category: null,
    auth: false,
    since: '1.0.0',
    provenance: 'assumption',
  },
  sante: {
    method: 'GET',
    path: '/api/health',
    summary: 'État du service',
    response: Health,
    status: 200,
    category: null,
    auth: false,
    since: '1.0.0',
    provenance: 'reference',
  },
  moi: {
    method: 'GET',
    path: '/api/moi',
    summary: 'Utilisateur connecté et droits',
    response: Moi,
    status: 200,
    category: null,
    auth: true,
    since: '1.0.0',
    provenance: 'path-only',
  },

  // -- cabinet
  listerUtilisateursCabinet: {
    method: 'GET',
    path: '/api/cabinet/utilisateurs',
    summary: 'Lister les utilisateurs du cabinet',
    query: PagingQuery,
    response: Page(UtilisateurCabinet),
    status: 200,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'history',
  },
  lireUtilisateurCabinet: {
    method: 'GET',
    path: '/api/cabinet/utilisateurs/{matricule}',
    summary: 'Lire un utilisateur du cabinet',
    params: paramsOf('matricule'),
    response: UtilisateurCabinet,
    status: 200,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'history',
  },
  creerUtilisateurCabinet: {
    method: 'POST',
    path: '/api/cabinet/utilisateurs',
    summary: 'Créer un utilisateur du cabinet',
    body: UtilisateurCabinetCreate,
    response: UtilisateurCabinet,
    status: 201,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'history',
  },
  listerFacturations: {
    method: 'GET',
    path: '/api/facturations',
    summary: 'Compteurs de facturation du cabinet',
    query: FacturationQuery,
    response: Page(Facturation),
    status: 200,
    category: 'facturation',
    auth: true,
    since: '1.5.0',
    provenance: 'path-only',
  },

  // -- dossiers
  listerDossiers: {
    method: 'GET',
    path: '/api/dossiers',
    summary: 'Lister les dossiers affectés',
    query: DossierListQuery,
    response: Page(Dossier),
    status: 200,
    category: 'dossiers',
    auth: true,
    since: '1.0.0',
    provenance: 'history',
  },
  lireDossier: {
    method: 'GET',
    path: '/api/dossiers/{siren}',
    summary: 'Lire un dossier',
    params: paramsOf('siren'),
    response: Dossier,
    status: 200,
    category: 'dossiers',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  listerAffectationsDossier: {
    method: 'GET',
    path: '/api/dossiers/{siren}/affectations-dossier',
    summary: 'Lister les affectations du dossier',
    params: paramsOf('siren'),
    response: z.array(AffectationDossier),
    status: 200,
    category: 'cabinet',
    auth: true,
    since: '1.1.0',
    provenance: 'path-only',
  },
  creerAffectationDossier: {
    method: 'POST',
    path: '/api/dossiers/{siren}/affectations-dossier',
    summary: 'Affecter un utilisateur au dossier',
    params: paramsOf('siren'),
    body: AffectationDossierCreate,
    response: AffectationDossier,
    status: 201,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'path-only',
  },
  terminerAffectationDossier: {
    method: 'PATCH',
    path: '/api/dossiers/{siren}/affectations-dossier',
    summary: 'Terminer une affectation du dossier',
    params: paramsOf('siren'),
    body: AffectationDossierFin,
    response: AffectationDossier,
    status: 200,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'assumption',
  },

  // -- salariés and contrats
  listerSalaries: {
    method: 'GET',
    path: '/api/salaries',
    summary: 'Lister les salariés (présents du … au …)',
    query: SalarieListQuery,
    response: Page(Salarie),
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  lireSalarie: {
    method: 'GET',
    path: '/api/salaries/{matricule}',
    summary: 'Lire un salarié',
    params: paramsOf('matricule'),
    query: SirenQuery,
    response: SalarieDetail,
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.3.0',
    provenance: 'history',
  },
  lireSalarieDossier: {
    method: 'GET',
    path: '/api/dossiers/{siren}/salaries/{matricule}',
    summary: 'Lire un salarié du dossier',
    params: paramsOf('siren', 'matricule'),
    response: SalarieDetail,
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.4.0',
    provenance: 'history',
  },
  modifierSalaries: {
    method: 'PATCH',
    path: '/api/dossiers/{siren}/salaries',
    summary: 'Modifier des salariés',
    params: paramsOf('siren'),
    body: SalariePatchDto,
    response: SalariePatchRetourDto,
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.5.0',
    provenance: 'reference',
  },
  modifierCoordonneesBancaires: {
    method: 'PATCH',
    path: '/api/dossiers/{siren}/salaries/coordonnees-bancaires',
    summary: 'Modifier les coordonnées bancaires',
    params: paramsOf('siren'),
    body: CoordonneesBancairesPatchDto,
    response: SalariePatchRetourDto,
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.5.0',
    provenance: 'reference',
  },
  listerContrats: {
    method: 'GET',
    path: contratBase,
    summary: 'Lister les contrats du salarié',
    params: paramsOf('siren', 'matricule'),
    response: z.array(Contrat),
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  creerContrat: {
    method: 'POST',
    path: contratBase,
    summary: 'Créer un contrat',
    params: paramsOf('siren', 'matricule'),
    body: ContratCreate,
    response: Contrat,
    status: 201,
    category: 'salaries',
    auth: true,
    since: '1.7.0',
    provenance: 'assumption',
  },
  lireContrat: {
    method: 'GET',
    path: `${contratBase}/{contrat}`,
    summary: 'Lire un contrat',
    params: paramsOf('siren', 'matricule', 'contrat'),
    response: Contrat,
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.9.0',
    provenance: 'path-only',
  },
  lireDureeTravail: {
    method: 'GET',
    path: `${contratBase}/{contrat}/duree-travail`,
    summary: 'Durée du travail et tableau horaire',
    params: paramsOf('siren', 'matricule', 'contrat'),
    response: DureeTravail,
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.11.0',
    provenance: 'path-only',
  },
  lireDefinitionContrat: {
    method: 'GET',
    path: `${contratBase}/{contrat}/definition`,
    summary: 'Définition du contrat',
    params: paramsOf('siren', 'matricule', 'contrat'),
    response: DefinitionContrat,
    status: 200,
    category: 'salaries',
    auth: true,
    since: '1.7.0',
    provenance: 'path-only',
  },

  // -- bulletins and their workflow
  listerBulletins: {
    method: 'GET',
    path: '/api/bulletins',
    summary: 'Lister les bulletins',
    query: BulletinListQuery,
    response: Page(Bulletin),
    status: 200,
    category: 'bulletins',
    auth: true,
    since: '1.0.0',
    provenance: 'history',
  },
  lireBulletin: {
    method: 'GET',
    path: '/api/bulletins/{id}',
    summary: 'Lire un bulletin et ses rubriques',
    params: paramsOf('id'),
    response: BulletinDetail,
    status: 200,
    category: 'bulletins',
    auth: true,
    since: '1.3.0',
    provenance: 'history',
  },
  calculerBulletins: {
    method: 'POST',
    path: '/api/bulletins/calculer',
    summary: 'Calculer les bulletins d’une période',
    body: CalculerBulletinsDto,
    response: CalculerBulletinsRetourDto,
    status: 200,
    category: 'bulletins',
    auth: true,
    since: '1.4.0',
    provenance: 'history',
  },
  calculerBulletin: bulletinAction('calculer', '1.7.0', 'path-only', 'Recalculer un bulletin'),
  controlerBulletin: bulletinAction('controler', '1.4.0', 'history', 'Contrôle GP'),
  envoyerBulletinEmployeur: bulletinAction('envoyer-employeur', '1.4.0', 'history', 'Envoyer à l’employeur'),
  validerBulletin: bulletinAction('valider', '1.4.0', 'history', 'Valider'),
  refuserBulletin: { ...bulletinAction('refus', '1.5.0', 'assumption', 'Refuser (motif en note)'), body: RefusBulletinDto },
  envoyerBulletinCoffre: bulletinAction('envoi-coffre', '1.5.0', 'assumption', 'Envoyer au coffre-fort numérique'),
  envoyerBulletinSalarie: bulletinAction('envoyer-salarie', '1.7.0', 'path-only', 'Envoyer au salarié'),

  // -- cumuls
  listerCumuls: {
    method: 'GET',
    path: '/api/cumuls',
    summary: 'Lister les cumuls',
    query: CumulListQuery,
    response: Page(Cumul),
    status: 200,
    category: 'cumuls',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  mettreAJourCumuls: {
    method: 'PUT',
    path: '/api/dossiers/{siren}/cumuls',
    summary: 'Mettre à jour des cumuls',
    params: paramsOf('siren'),
    body: CumulsPutDto,
    response: CumulsPutRetourDto,
    status: 200,
    category: 'cumuls',
    auth: true,
    since: '1.1.0',
    provenance: 'reference',
  },

  // -- absences
  listerAbsences: {
    method: 'GET',
    path: '/api/absences',
    summary: 'Lister les absences',
    query: EntryListQuery,
    response: Page(Absence),
    status: 200,
    category: 'absences',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  creerAbsence: {
    method: 'POST',
    path: '/api/absences',
    summary: 'Créer une absence',
    body: AbsenceCreateDto,
    response: Absence,
    status: 201,
    category: 'absences',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  modifierAbsence: {
    method: 'PATCH',
    path: '/api/absences/{absenceId}',
    summary: 'Modifier une absence',
    params: paramsOf('absenceId'),
    body: AbsencePatchDto,
    response: Absence,
    status: 200,
    category: 'absences',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  supprimerAbsence: {
    method: 'DELETE',
    path: '/api/absences/{absenceId}',
    summary: 'Supprimer une absence',
    params: paramsOf('absenceId'),
    response: 'none',
    status: 204,
    category: 'absences',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },

  // -- EVP, primes, avantages en nature, frais professionnels, acomptes
  listerEvp: evp.list,
  creerEvp: evp.create,
  modifierEvp: evp.patch,
  supprimerEvp: evp.remove,
  listerPrimesIndemnites: primes.list,
  creerPrimeIndemnite: primes.create,
  modifierPrimeIndemnite: primes.patch,
  supprimerPrimeIndemnite: primes.remove,
  listerAvantagesNature: avantages.list,
  creerAvantageNature: avantages.create,
  modifierAvantageNature: avantages.patch,
  supprimerAvantageNature: avantages.remove,
  listerFraisProfessionnels: frais.list,
  creerFraisProfessionnel: frais.create,
  modifierFraisProfessionnel: frais.patch,
  supprimerFraisProfessionnel: frais.remove,
  listerAcomptes: {
    method: 'GET',
    path: '/api/acomptes',
    summary: 'Lister les acomptes',
    query: EntryListQuery,
    response: Page(Acompte),
    status: 200,
    category: 'acomptes',
    auth: true,
    since: '1.13.0',
    provenance: 'assumption',
  },

  // -- codification
  listerCodesAbsences: {
    method: 'GET',
    path: '/api/codes-absences',
    summary: 'Codes d’absence',
    response: z.array(CodeAbsence),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  listerCodesAbsencesDossier: {
    method: 'GET',
    path: '/api/dossiers/{siren}/codes-absences',
    summary: 'Codes d’absence du dossier',
    params: paramsOf('siren'),
    response: z.array(CodeAbsence),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  listerCodesEvp: {
    method: 'GET',
    path: '/api/codes-evp',
    summary: 'Codes EVP du dossier',
    query: SirenQuery,
    response: z.array(CodeEvp),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.4.0',
    provenance: 'path-only',
  },
  listerCodesPrimesIndemnites: {
    method: 'GET',
    path: '/api/codes-primes-indemnites',
    summary: 'Codes primes et indemnités du dossier',
    query: SirenQuery,
    response: z.array(CodePrimeIndemnite),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.4.0',
    provenance: 'path-only',
  },
  lireListeCodes: {
    method: 'GET',
    path: '/api/codes/{nomCode}',
    summary: 'Liste de codes dynamique',
    params: paramsOf('nomCode'),
    response: ListeCodes,
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.5.0',
    provenance: 'path-only',
  },

  // -- DSN
  listerDeclarations: {
    method: 'GET',
    path: '/api/declarations',
    summary: 'Rechercher les DSN mensuelles',
    query: DeclarationSearchQuery,
    response: Page(Declaration),
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.1.0',
    provenance: 'path-only',
  },
  lireDeclaration: {
    method: 'GET',
    path: '/api/declarations/{id}',
    summary: 'Lire une DSN',
    params: paramsOf('id'),
    response: z.union([Declaration, DeclarationEvenementielle]),
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  listerDeclarationsEvenementielles: {
    method: 'GET',
    path: '/api/declarations-evenementielles',
    summary: 'Rechercher les DSN événementielles',
    query: DeclarationSearchQuery,
    response: Page(DeclarationEvenementielle),
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.4.0',
    provenance: 'path-only',
  },
  telechargerRecapitulatif: {
    method: 'GET',
    path: '/api/declarations/{id}/recapitulatif',
    summary: 'Récapitulatif PDF d’une DSN',
    params: paramsOf('id'),
    response: 'pdf',
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.7.0',
    provenance: 'path-only',
  },

  // -- notes and extractions
  listerNotes: {
    method: 'GET',
    path: '/api/notes',
    summary: 'Lister les notes',
    query: NoteListQuery,
    response: Page(Note),
    status: 200,
    category: 'notes',
    auth: true,
    since: '1.1.0',
    provenance: 'path-only',
  },
  creerNote: {
    method: 'POST',
    path: '/api/notes',
    summary: 'Ajouter un commentaire salarié',
    body: NoteCreate,
    response: Note,
    status: 201,
    category: 'notes',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  listerExtractions: {
    method: 'GET',
    path: '/api/extractions',
    summary: 'Lister les extractions',
    query: ExtractionListQuery,
    response: Page(Extraction),
    status: 200,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  creerExtraction: {
    method: 'POST',
    path: '/api/extractions',
    summary: 'Lancer une extraction',
    body: ExtractionCreate,
    response: Extraction,
    status: 201,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  lireExtraction: {
    method: 'GET',
    path: '/api/extractions/{id}',
    summary: 'Lire une extraction',
    params: paramsOf('id'),
    response: Extraction,
    status: 200,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  /** The extraction's file: its table as CSV (assumption #53; 409 EXTRACTION_EN_COURS while it is computed). */
  telechargerExtraction: {
    method: 'GET',
    path: '/api/extractions/{id}/fichier',
    summary: 'Fichier CSV d’une extraction',
    params: paramsOf('id'),
    response: 'csv',
    status: 200,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
} as const satisfies Record<string, EndpointDef>

export type Endpoints = typeof ENDPOINTS
export type OperationId = keyof Endpoints
export const OPERATION_IDS = Object.keys(ENDPOINTS) as OperationId[]

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined

/** Typed request of an operation: path params, query and body as the caller gives them (schema inputs). */
export type RequestOf<K extends OperationId> = Omit<
  {
    params: Endpoints[K] extends { params: infer P } ? SchemaInput<P> : undefined
    query: Endpoints[K] extends { query: infer Q } ? SchemaInput<Q> : undefined
    body: Endpoints[K] extends { body: infer B } ? SchemaInput<B> : undefined
  },
  | (Endpoints[K] extends { params: z.ZodType } ? never : 'params')
  | (Endpoints[K] extends { query: z.ZodType } ? never : 'query')
  | (Endpoints[K] extends { body: z.ZodType } ? never : 'body')
>

/** Parsed request of an operation, as a handler receives it (schema outputs). */
export type ParsedRequestOf<K extends OperationId> = {
  params: Endpoints[K] extends { params: infer P } ? SchemaOutput<P> : Record<string, never>
  query: Endpoints[K] extends { query: infer Q } ? SchemaOutput<Q> : Record<string, never>
  body: Endpoints[K] extends { body: infer B } ? SchemaOutput<B> : undefined
}

/** Typed answer of an operation: the parsed JSON, nothing for 204, raw bytes for a file (PDF, CSV). */
export type ResponseOf<K extends OperationId> = Endpoints[K]['response'] extends z.ZodType
  ? z.output<Endpoints[K]['response']>
  : Endpoints[K]['response'] extends FileResponseKind
    ? Uint8Array
    : undefined

/** Endpoint row by operation id, typed as the general definition (for generic code). */
export function endpoint(id: OperationId): EndpointDef {
  return ENDPOINTS[id]
}

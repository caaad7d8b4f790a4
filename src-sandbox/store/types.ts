/**
 * In-memory store of the sandbox payroll API. Plain arrays of the contract's own record types, so the store can
 * be written to a JSON file and read back (the chaos suite restarts the sandbox process) and every answer is
 * already in wire shape.
 */
import type { Categorie } from '../../src-shared/api/categories'
import type { Absence, Acompte, AvantageNature, Evp, FraisProfessionnel, PrimeIndemnite } from '../../src-shared/api/entries'
import type { BulletinDetail } from '../../src-shared/api/bulletins'
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { Declaration, DeclarationEvenementielle } from '../../src-shared/api/declarations'
import type { AffectationDossier, Dossier } from '../../src-shared/api/dossiers'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import type { z } from 'zod'
import type { Cumul } from '../../src-shared/api/bulletins'
import type { DefinitionContrat, DureeTravail } from '../../src-shared/api/salaries'
import type { Extraction, Facturation, ListeCodesType, Note, UtilisateurCabinet } from './wire-types'

/** An API client (OAuth2 client credentials) acting for one cabinet user, limited to some categories. */
export interface ApiClientCredentials {
  client_id: string
  client_secret: string
  /** The cabinet user the client acts for (assignment scoping uses this user's affectations). */
  matricule_utilisateur: string
  /** Categories granted to this client; a token may be narrowed further by its `scope`. */
  droits: Categorie[]
}

/** A contract as stored: its definition (which includes the contract) and its working time. */
export type ContratStocke = z.output<typeof DefinitionContrat> & { duree_travail: z.output<typeof DureeTravail> }

export interface SandboxStore {
  cabinet: { id: string; raison_sociale: string }
  utilisateurs: UtilisateurCabinet[]
  clients: ApiClientCredentials[]
  affectations: AffectationDossier[]
  dossiers: Dossier[]
  salaries: SalarieDetail[]
  contrats: ContratStocke[]
  /** Cabinet-wide absence codes (GET /api/codes-absences). */
  codesAbsences: CodeAbsence[]
  /** Absence codes available per dossier (GET /api/dossiers/{siren}/codes-absences), by SIREN. */
  codesAbsencesParDossier: Record<string, string[]>
  codesEvp: Record<string, CodeEvp[]>
  codesPrimesIndemnites: Record<string, CodePrimeIndemnite[]>
  listesCodes: ListeCodesType[]
  bulletins: BulletinDetail[]
  cumuls: Cumul[]
  absences: Absence[]
  evp: Evp[]
  primesIndemnites: PrimeIndemnite[]
  avantagesNature: AvantageNature[]
  fraisProfessionnels: FraisProfessionnel[]
  acomptes: Acompte[]
  declarations: Declaration[]
  declarationsEvenementielles: DeclarationEvenementielle[]
  notes: Note[]
  extractions: Extraction[]
  facturations: Facturation[]
}

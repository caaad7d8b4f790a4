/**
 * API categories (rights). Reference: "since V1.11.0 the APIs are grouped into categories, and a specific right
 * is attributed to each category"; names and the endpoint-to-category mapping are not shown.
 * Assumption: one category per business area of the reference, named in French snake_case; the token carries the
 * granted ones in its `scope` (space separated) and `/api/moi` lists them in `droits`.
 */
import { z } from 'zod'

export const CATEGORIES = [
  'dossiers',
  'salaries',
  'bulletins',
  'cumuls',
  'absences',
  'elements_variables',
  'frais_professionnels',
  'avantages_nature',
  'acomptes',
  'declarations',
  'notes',
  'extractions',
  'codification',
  'facturation',
  'cabinet',
] as const

export const Categorie = z.enum(CATEGORIES)
export type Categorie = z.infer<typeof Categorie>

/** French label of each category, shown to the clerk when a right is missing. */
export const CATEGORY_LABELS: Readonly<Record<Categorie, string>> = {
  dossiers: 'Dossiers et établissements',
  salaries: 'Salariés et contrats',
  bulletins: 'Bulletins de paie',
  cumuls: 'Cumuls',
  absences: 'Absences',
  elements_variables: 'Éléments variables (EVP, primes et indemnités)',
  frais_professionnels: 'Frais professionnels',
  avantages_nature: 'Avantages en nature',
  acomptes: 'Acomptes',
  declarations: 'Déclarations sociales (DSN)',
  notes: 'Notes',
  extractions: 'Extractions',
  codification: 'Codification',
  facturation: 'Facturation',
  cabinet: 'Cabinet (utilisateurs et affectations)',
}

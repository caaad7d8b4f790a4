/**
 * The words of an employer's header row (issue 17, point 2): which column role a header names. Headers are compared
 * by their {@link headerKey} (lower case, no accents, punctuation and units dropped), so « N° Sécu », « Montant (€) »
 * and « Nb heures » are read alike. Pure.
 */
import { searchKey } from '../../components/format'

/**
 * What a column of the file holds. `element` (with its code) is a column of a wide layout: one column per EVP or
 * prime code, the cell holding that element's value.
 */
export type ColumnRole =
  | 'ignorer'
  | 'matricule'
  | 'nir'
  | 'nom'
  | 'prenom'
  | 'nomPrenom'
  | 'code'
  | 'quantite'
  | 'taux'
  | 'montant'
  | 'valeur'
  | 'dateDebut'
  | 'dateFin'
  | 'date'
  | 'periode'
  | 'commentaire'
  | 'kilometres'
  | 'modeEvaluation'
  | 'contrat'

/** The roles the clerk may choose, in the order the mapping step lists them. */
export const COLUMN_ROLES: readonly ColumnRole[] = [
  'ignorer',
  'matricule',
  'nir',
  'nom',
  'prenom',
  'nomPrenom',
  'code',
  'quantite',
  'taux',
  'montant',
  'valeur',
  'dateDebut',
  'dateFin',
  'date',
  'periode',
  'commentaire',
  'kilometres',
  'modeEvaluation',
  'contrat',
]

/** Header words of each role, as header keys (assumption: the words of French payroll exports; api-assumptions #54). */
const SYNONYMS: Readonly<Record<Exclude<ColumnRole, 'ignorer'>, readonly string[]>> = {
  matricule: ['matricule', 'mat', 'matr', 'n salarie', 'no salarie', 'numero salarie', 'id salarie', 'code salarie', 'matricule salarie'],
  nir: ['nir', 'n secu', 'no secu', 'numero secu', 'n ss', 'no ss', 'numero securite sociale', 'n securite sociale', 'securite sociale'],
  nomPrenom: ['nom prenom', 'nom et prenom', 'prenom nom', 'salarie', 'collaborateur', 'employe', 'nom complet'],
  nom: ['nom', 'nom de famille', 'nom salarie'],
  prenom: ['prenom'],
  code: [
    'code',
    'code evp',
    'code absence',
    'code prime',
    'rubrique',
    'code rubrique',
    'element',
    'motif',
    'motif absence',
    'type',
    'type absence',
    'type frais',
    'type avantage',
    'nature',
    'libelle',
    'libelle rubrique',
  ],
  quantite: ['quantite', 'qte', 'nombre', 'nb', 'heures', 'nb heures', 'nombre heures', 'jours', 'nb jours', 'nombre jours'],
  taux: ['taux', 'pourcentage'],
  montant: ['montant', 'somme', 'montant brut', 'montant net', 'prix', 'euros'],
  valeur: ['valeur'],
  dateDebut: ['date debut', 'debut', 'du', 'date de debut', 'depuis', 'date depart'],
  dateFin: ['date fin', 'fin', 'au', 'date de fin', 'jusqu au', 'date retour'],
  date: ['date', 'date frais', 'jour', 'date depense'],
  periode: ['periode', 'mois', 'mois de paie', 'periode de paie', 'periode paie'],
  commentaire: ['commentaire', 'commentaires', 'observation', 'observations', 'remarque', 'remarques', 'note', 'notes'],
  kilometres: ['km', 'kilometres', 'kilometrage', 'distance'],
  modeEvaluation: ['mode', 'mode evaluation', 'evaluation', 'mode d evaluation'],
  contrat: ['contrat', 'numero contrat', 'n contrat', 'no contrat'],
}

/** Units and filler words dropped from a header before it is compared (« Montant (€) », « Nb d'heures »). */
const FILLER = /\b(eur|euros?|en|h|d|de|des|du mois)\b/g

/**
 * Comparable form of a header or a code label: accent-free lower case ({@link searchKey}), `°`, `€`, `%` and any
 * punctuation as spaces, single-spaced.
 */
export function headerKey(text: string): string {
  return searchKey(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The role a header names, or null. A header names a role when its key, or its key without units, is a synonym. */
export function roleOfHeader(header: string): Exclude<ColumnRole, 'ignorer'> | null {
  const key = headerKey(header)
  if (key === '') return null
  const bare = key.replace(FILLER, ' ').replace(/\s+/g, ' ').trim()
  for (const [role, words] of Object.entries(SYNONYMS) as [Exclude<ColumnRole, 'ignorer'>, readonly string[]][]) {
    if (words.includes(key) || words.includes(bare)) return role
  }
  return null
}

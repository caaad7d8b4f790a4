/**
 * Natural keys of entries, for exactly-once without idempotency keys (ARCHITECTURE.md "Exactly once").
 * The fingerprint of an entry is computed from the fields the clerk entered; the same function applied to a server
 * record gives the same string when the record is that entry. Comments, labels and the contract number (which the
 * server may fill in) are left out; decimal fields are normalised ("3.50" = "3.5" = "3.500"), other fields are not.
 */
import type { EntryKind } from './entry-kinds'

/** Fields that may make up a natural key: those of create payloads and of server records. */
export type KeyFields = Readonly<Record<string, unknown>>

/** Fields of the natural key, per kind (assumption: what the clerk types, as ARCHITECTURE.md lists them). */
export const NATURAL_KEY_FIELDS: Readonly<Record<EntryKind, readonly string[]>> = {
  evp: ['siren', 'matricule', 'periode', 'code_evp', 'quantite', 'taux', 'montant', 'valeur_texte'],
  absence: ['siren', 'matricule', 'code_absence', 'date_debut', 'date_fin', 'demi_journee_debut', 'demi_journee_fin'],
  frais: ['siren', 'matricule', 'periode', 'date', 'type_frais', 'montant', 'kilometres'],
  prime: ['siren', 'matricule', 'periode', 'code_prime', 'montant'],
  avantage: ['siren', 'matricule', 'periode', 'type_avantage', 'mode_evaluation', 'montant'],
}

const DECIMAL = /^-?\d+(\.\d+)?$/

/** "003.500" -> "3.5", "-0.0" -> "0"; other strings unchanged. */
export function normalizeDecimal(value: string): string {
  if (!DECIMAL.test(value)) return value
  const negative = value.startsWith('-')
  const [intPart = '0', fracPart = ''] = (negative ? value.slice(1) : value).split('.')
  const int = intPart.replace(/^0+(?=\d)/, '')
  const frac = fracPart.replace(/0+$/, '')
  const body = frac === '' ? int : `${int}.${frac}`
  return negative && body !== '0' ? `-${body}` : body
}

/**
 * Fields holding a decimal (contract `Quantite`, `Taux`, `Montant`), compared by value. Only these are normalised:
 * codes, matricules and texts keep their leading zeros ("010" and "10" are two EVP codes).
 */
const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['quantite', 'taux', 'montant', 'kilometres'])

function keyPart(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return ''
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number') return normalizeDecimal(String(value))
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return (DECIMAL_FIELDS.has(field) ? normalizeDecimal(trimmed) : trimmed).replaceAll('|', '/')
  }
  return JSON.stringify(value)
}

/**
 * Fingerprint of an entry or a server record of `kind`: `kind|field1|field2…` over {@link NATURAL_KEY_FIELDS}.
 * @returns a string; two records with the same natural key have the same fingerprint.
 */
export function fingerprintOf(kind: EntryKind, fields: KeyFields): string {
  return [kind, ...NATURAL_KEY_FIELDS[kind].map((f) => keyPart(f, fields[f]))].join('|')
}

/** Reconciliation scope of an entry: one employee, one payroll period, one kind. */
export interface EntryScope {
  readonly kind: EntryKind
  readonly siren: string
  readonly matricule: string
  /** `YYYY-MM`; for an absence, the month it starts in. */
  readonly periode: string
}

/**
 * Scope of an entry from its fields (create payload or server record).
 * @throws Error when siren, matricule or the period/start date is missing.
 */
export function scopeOf(kind: EntryKind, fields: KeyFields): EntryScope {
  const siren = fields['siren']
  const matricule = fields['matricule']
  const periode = kind === 'absence' ? (typeof fields['date_debut'] === 'string' ? fields['date_debut'].slice(0, 7) : undefined) : fields['periode']
  if (typeof siren !== 'string' || typeof matricule !== 'string' || typeof periode !== 'string') {
    throw new Error('Portée incomplète : SIREN, matricule et période requis')
  }
  return { kind, siren, matricule, periode }
}

/** Stable key of a scope, to group entries: `kind|siren|matricule|periode`. */
export function scopeKey(scope: EntryScope): string {
  return `${scope.kind}|${scope.siren}|${scope.matricule}|${scope.periode}`
}

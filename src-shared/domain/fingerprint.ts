/**
 * Fingerprints of entries, for exactly-once without idempotency keys (ARCHITECTURE.md "Exactly once").
 *
 * The fingerprint of an entry is built from EVERY field of its kind's create schema (src-shared/api/entries.ts)
 * except the fields listed in {@link FINGERPRINT_EXCLUSIONS}, each with its reason; a test enumerates each create
 * schema and fails on a field that is in neither list. The same function applied to a server record gives a
 * fingerprint that {@link fingerprintsMatch} the entry's when the record holds what the entry sent.
 *
 * Normalisation: decimal fields compare by value ("3.50" = "3.5"); a boolean the entry left out is `false` (the
 * service's default); a field the service fills in when the entry leaves it empty ({@link SERVICE_FILLED_FIELDS}:
 * the contract number, resolved to the employee's only running contract) is a wildcard in the entry's fingerprint.
 */
import { mapKinds, type EntryKind } from './entry-kinds'

/** Fields that may make up a fingerprint: those of create payloads and of server records. */
export type KeyFields = Readonly<Record<string, unknown>>

/**
 * Fields of each kind's fingerprint, in order: every field of the create schema but the exclusions below. From the
 * kind specs (`fingerprint`, entry-kinds.ts), over the create schemas of src-shared/api/entries.ts (assumption #16 of
 * docs/api-assumptions.md).
 */
export const FINGERPRINT_FIELDS: Readonly<Record<EntryKind, readonly string[]>> = mapKinds((spec) => spec.fingerprint)

/** Create-schema fields left out of the fingerprint, with the reason (kind specs' `fingerprintExclusions`; the schema test requires one per field). */
export const FINGERPRINT_EXCLUSIONS: Readonly<Record<EntryKind, Readonly<Record<string, string>>>> = mapKinds((spec) =>
  Object.fromEntries(
    Object.entries(spec.fingerprintExclusions).flatMap(([field, reason]) => (reason === undefined ? [] : [[field, reason] as const])),
  ),
)

/**
 * Fields identifying WHICH element a record is, without its values (kind specs' `naturalKey`): a record matching an
 * entry here but not on every fingerprint field may be the entry's record changed since (by the service or someone
 * else), so it is a candidate the clerk must look at, never linked automatically (assumption: the usual unicity of a
 * payroll element: one EVP code per employee, contract and period, one absence of a code starting on a day, one
 * expense of a type on a day…). The contract counts only when the entry names one (an employee with two contracts
 * has an element on each).
 */
export const NATURAL_KEY_FIELDS: Readonly<Record<EntryKind, readonly string[]>> = mapKinds((spec) => spec.naturalKey)

/**
 * Fields the service fills in when a create leaves them empty (assumption #18: `numero_contrat` resolved to the
 * employee's only contract running in the period). Empty in an entry, they match any value of a record.
 */
export const SERVICE_FILLED_FIELDS: ReadonlySet<string> = new Set(['numero_contrat'])

/** Boolean fields whose absence means `false` (the service's default: `prime_nette ?? false`). */
const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(['prime_nette', 'demi_journee_debut', 'demi_journee_fin'])

/**
 * Fields holding a decimal (contract `Quantite`, `Taux`, `Montant`), compared by value. Only these are normalised:
 * codes, matricules and texts keep their leading zeros ("010" and "10" are two EVP codes).
 */
const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['quantite', 'taux', 'montant', 'kilometres'])

/** Part of an entry's fingerprint that matches any value (an empty {@link SERVICE_FILLED_FIELDS} field). */
export const WILDCARD_PART = '*'

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

/** Escapes the separator, the wildcard and the escape character itself, so a value never forges a part. */
function escapePart(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('|', '%7C').replaceAll('*', '%2A')
}

function keyPart(field: string, value: unknown): string {
  const empty = value === undefined || value === null || value === ''
  if (empty) return BOOLEAN_FIELDS.has(field) ? '0' : ''
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number') return normalizeDecimal(String(value))
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return escapePart(DECIMAL_FIELDS.has(field) ? normalizeDecimal(trimmed) : trimmed)
  }
  return escapePart(JSON.stringify(value))
}

/** The parts of a fingerprint, one per field of {@link FINGERPRINT_FIELDS}, `kind` first. */
function partsOf(kind: EntryKind, fields: KeyFields, wildcards: boolean): string[] {
  return [
    kind,
    ...FINGERPRINT_FIELDS[kind].map((f) => {
      const part = keyPart(f, fields[f])
      return wildcards && part === '' && SERVICE_FILLED_FIELDS.has(f) ? WILDCARD_PART : part
    }),
  ]
}

/**
 * Fingerprint of an ENTRY of `kind` (create payload): `kind|field1|field2…` over {@link FINGERPRINT_FIELDS}, an
 * empty service-filled field as {@link WILDCARD_PART}.
 */
export function fingerprintOf(kind: EntryKind, fields: KeyFields): string {
  return partsOf(kind, fields, true).join('|')
}

/** Fingerprint of a SERVER RECORD of `kind` (every field as the service holds it; no wildcard). */
export function recordFingerprintOf(kind: EntryKind, record: KeyFields): string {
  return partsOf(kind, record, false).join('|')
}

/**
 * True when a record with fingerprint `record` holds what an entry with fingerprint `entry` sent: same parts, a
 * {@link WILDCARD_PART} of the entry matching any part. Fingerprints of different kinds or versions never match.
 */
export function fingerprintsMatch(entry: string, record: string): boolean {
  return entry === record || fingerprintPartsMatch(entry.split('|'), record.split('|'))
}

/**
 * {@link fingerprintsMatch} on fingerprints already split on `|` (a push compares each of its creates with every record
 * of its scope: the records' parts are split once, sync/matching.ts `indexRecords`).
 */
export function fingerprintPartsMatch(entry: readonly string[], record: readonly string[]): boolean {
  if (entry.length !== record.length) return false
  return entry.every((part, i) => part === record[i] || (part === WILDCARD_PART && i > 0))
}

/**
 * True when `record` matches the entry's fields on every {@link NATURAL_KEY_FIELDS} field (values aside); a
 * service-filled field the entry left empty matches any value.
 */
export function sameNaturalKey(kind: EntryKind, entry: KeyFields, record: KeyFields): boolean {
  return naturalKeyPartsMatch(kind, naturalKeyParts(kind, entry), naturalKeyParts(kind, record))
}

/** The normalized values of the {@link NATURAL_KEY_FIELDS} of `fields`, in that order (to compare many at once). */
export function naturalKeyParts(kind: EntryKind, fields: KeyFields): string[] {
  return NATURAL_KEY_FIELDS[kind].map((f) => keyPart(f, fields[f]))
}

/** {@link sameNaturalKey} on parts from {@link naturalKeyParts} (the entry's first, the record's second). */
export function naturalKeyPartsMatch(kind: EntryKind, entry: readonly string[], record: readonly string[]): boolean {
  return NATURAL_KEY_FIELDS[kind].every((f, i) => {
    const mine = entry[i]
    return (mine === '' && SERVICE_FILLED_FIELDS.has(f)) || mine === record[i]
  })
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
  const periode =
    kind === 'absence' ? (typeof fields['date_debut'] === 'string' ? fields['date_debut'].slice(0, 7) : undefined) : fields['periode']
  if (typeof siren !== 'string' || typeof matricule !== 'string' || typeof periode !== 'string') {
    throw new Error('Portée incomplète : SIREN, matricule et période requis')
  }
  return { kind, siren, matricule, periode }
}

/** Stable key of a scope, to group entries: `kind|siren|matricule|periode`. */
export function scopeKey(scope: EntryScope): string {
  return `${scope.kind}|${scope.siren}|${scope.matricule}|${scope.periode}`
}

/**
 * Offline validation of an entry before it goes to the outbox (ARCHITECTURE.md "Entry"): the entry is parsed ONCE
 * with its kind's contract schema ({@link parseEntry}: the typed body, or French field messages), then the business
 * rules the payroll API applies (docs/api-assumptions.md rule 18) are checked against the cached reference data
 * ({@link checkRules}), so the clerk sees on the field what the server would refuse.
 */
import { EntryBodySchema, type EntryBody } from '../entry'
import { ENTRY_KIND_SPECS, type EntryKind, type EntryOperation } from '../entry-kinds'
import type { Payload } from './fields'
import { firstPerField, parseFrench } from './schema-issues'
import type { FieldIssue, ValidationContext, ValidationOperation } from './types'

export type { AbsenceSpan, FieldIssue, ValidationContext, ValidationOperation } from './types'
export { absenceSpanOverlaps } from './absence'
export { contractsOverlapping, presentOn } from './salarie'
export { FORMAT_FIELDS } from './evp'
export { audienceOf, offeredForEntry } from './visibility'
export type { CodeAudience, VisibleCode } from './visibility'
export {
  FRAIS_ANCIENNETE_MAX_MOIS,
  MAX_HEURES_MOIS,
  MAX_JOURS_MOIS,
  MAX_KILOMETRES,
  MAX_MONTANT_AVANTAGE,
  MAX_MONTANT_EVP_PRIME,
  MAX_MONTANT_FRAIS,
  MAX_TAUX,
} from './bounds'
export { GENERIC_MESSAGES, fieldIssues, firstPerField, frenchZodMessage, parseFrench } from './schema-issues'
export type { FrenchParse, IssueLike } from './schema-issues'

/** An entry as the clerk's input (form, grid, paste, import) gives it, before it is parsed. */
export interface EntryDraft {
  readonly kind: EntryKind
  readonly operation: EntryOperation
  /** Server record an update or delete targets; null for a create. */
  readonly targetServerId: string | null
  /** Create body or patch with wire names and values (decimal strings, ISO dates); null for a delete. */
  readonly payload: unknown
}

/** Outcome of {@link parseEntry}: the typed body, or at most one French issue per field. */
export type EntryParse = { readonly ok: true; readonly body: EntryBody } | { readonly ok: false; readonly issues: FieldIssue[] }

/**
 * Parses a draft entry with the kind's contract schema, `ENTRY_KIND_SPECS[kind].createSchema` for a create,
 * `.patchSchema` for an update (messages: the contract's own, or « Champ obligatoire » / « Valeur invalide »…); a
 * delete carries no payload. Unknown payload keys are dropped.
 * @returns the typed body, or at most one issue per wire field (`''` for the entry as a whole). Never throws.
 */
export function parseEntry(draft: EntryDraft): EntryParse {
  const parsed = parseFrench(EntryBodySchema, { ...draft, payload: draft.operation === 'delete' ? null : (draft.payload ?? {}) })
  return parsed.ok ? { ok: true, body: parsed.data } : { ok: false, issues: firstPerField(parsed.issues) }
}

/**
 * Business rules of `kind` on a parsed entry, in this order: the employee belongs to the dossier (`matricule`); the
 * code exists for the dossier, the cabinet enters it (visibility.ts) and, for an EVP, it is not hidden; the employee
 * is under contract on the dates (absence: one contract over the whole absence; period kinds: some contract in the
 * month; frais: on its `date`); the period is `periode_paie_en_cours` or later (absence: the month of `date_fin`);
 * absences do not overlap the employee's others (half days); half days only where the code allows them, one on a single day; an EVP's values fit its code's
 * `format`; `numero_contrat` names a running contract, required when several run; amounts, quantities, rates and
 * kilometres within bounds (bounds.ts); an expense dated within its period's window. The rules are the kind spec's
 * (`ENTRY_KIND_SPECS[kind].rules`).
 *
 * `fields` is the record as it will be, wire names and values: the create payload, or for an update the synced
 * record's fields with the patch over them (rules needing a field neither gives are skipped). `ctx.salarie` is the
 * employee named by the entry (for an update, by the synced record).
 * @returns at most one issue per field, the first found; [] when the entry may be queued. Never throws.
 */
export function checkRules(kind: EntryKind, operation: ValidationOperation, fields: Payload, ctx: ValidationContext): FieldIssue[] {
  const issues: FieldIssue[] = []
  ENTRY_KIND_SPECS[kind].rules(fields, operation, ctx, issues)
  return firstPerField(issues)
}

/** A syntactically valid server id, for {@link validateEntry}'s updates (their target is not looked up). */
const ANY_TARGET = '00000000-0000-4000-8000-000000000000'

/**
 * {@link parseEntry} then {@link checkRules} on a create payload or a patch, for a caller holding the whole context
 * already. An update is checked on `base` (the synced record's fields) with the parsed patch over it.
 * @returns the issues (schema issues alone when the payload does not parse); [] when the entry may be queued.
 */
export function validateEntry(
  kind: EntryKind,
  operation: ValidationOperation,
  payload: unknown,
  ctx: ValidationContext,
  base: Payload = {},
): FieldIssue[] {
  const parsed = parseEntry({ kind, operation, targetServerId: operation === 'create' ? null : ANY_TARGET, payload })
  if (!parsed.ok) return parsed.issues
  return checkRules(kind, operation, { ...base, ...parsed.body.payload }, ctx)
}

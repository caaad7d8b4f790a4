/**
 * Offline validation of an entry before it goes to the outbox (ARCHITECTURE.md "Entry"): the kind's contract schema
 * (api/entries.ts), then the business rules the payroll API applies (docs/api-assumptions.md rule 18), checked
 * against the cached reference data, so the clerk sees on the field what the server would refuse.
 */
import { ENTRY_KIND_SPECS, type EntryKind } from '../entry-kinds'
import { checkAbsence } from './absence'
import { checkAvantage } from './avantage'
import { checkEvp } from './evp'
import type { IssueList, Payload } from './fields'
import { checkFrais } from './frais'
import { checkPrime } from './prime'
import { schemaIssues } from './schema-issues'
import type { FieldIssue, ValidationContext, ValidationOperation } from './types'

export type { AbsenceSpan, FieldIssue, ValidationContext, ValidationOperation } from './types'
export { absenceSpanOverlaps } from './absence'
export { contractsOverlapping, presentOn } from './salarie'
export { FORMAT_FIELDS } from './evp'
export {
  FRAIS_ANCIENNETE_MAX_MOIS, MAX_HEURES_MOIS, MAX_JOURS_MOIS, MAX_KILOMETRES, MAX_MONTANT_AVANTAGE, MAX_MONTANT_EVP_PRIME,
  MAX_MONTANT_FRAIS, MAX_TAUX,
} from './bounds'
export { GENERIC_MESSAGES, frenchZodMessage } from './schema-issues'

type KindRules = (payload: Payload, operation: ValidationOperation, ctx: ValidationContext, issues: IssueList) => void

const RULES: Readonly<Record<EntryKind, KindRules>> = {
  absence: checkAbsence,
  evp: checkEvp,
  prime: checkPrime,
  avantage: checkAvantage,
  frais: checkFrais,
}

/**
 * Checks an entry of `kind` before it is queued.
 *
 * 1. The contract schema: `ENTRY_KIND_SPECS[kind].createSchema` for a create, `.patchSchema` for an update (French
 *    messages: the contract's own, or « Champ obligatoire » / « Valeur invalide »…).
 * 2. The business rules, each on the fields that passed the schema: the employee belongs to the dossier (`matricule`);
 *    the code exists for the dossier and, for an EVP, is not hidden; the employee is under contract on the dates
 *    (absence: one contract over the whole absence; period kinds: some contract in the month; frais: on its `date`);
 *    the period is `periode_paie_en_cours` or later (absence: the month of `date_fin`); absences do not overlap the
 *    employee's others (half days); half days only where the code allows them, one on a single day; an EVP's values
 *    fit its code's `format`; `numero_contrat` names a running contract, required when several run; amounts,
 *    quantities, rates and kilometres within bounds (bounds.ts); an expense dated within its period's window.
 *
 * `payload` has wire field names and wire values (decimal strings, ISO dates). For an update it is the patch: rules
 * that need a field the patch leaves out are skipped; to check them all, pass the patch merged onto the synced
 * record's fields (the patch schema ignores `siren` and `matricule`). `ctx.salarie` is the employee named by the
 * entry (for an update, by the synced record).
 *
 * @returns at most one issue per field, the first found (schema issues first, then rules in the order above);
 *   [] when the entry may be queued. Never throws.
 */
export function validateEntry(kind: EntryKind, operation: ValidationOperation, payload: Record<string, unknown>, ctx: ValidationContext): FieldIssue[] {
  const spec = ENTRY_KIND_SPECS[kind]
  const issues: IssueList = schemaIssues(operation === 'create' ? spec.createSchema : spec.patchSchema, payload)
  RULES[kind](payload, operation, ctx, issues)
  const seen = new Set<string>()
  return issues.filter((issue) => {
    if (seen.has(issue.champ)) return false
    seen.add(issue.champ)
    return true
  })
}

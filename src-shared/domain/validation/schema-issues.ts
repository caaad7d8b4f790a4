/**
 * The ONE way zod issues become French field messages, wherever an entry (or any input the clerk sees refused) is
 * parsed: {@link parseFrench} parses with a French error map, {@link fieldIssues} turns issues into
 * {@link FieldIssue}s. Messages the contract writes itself (api/common.ts, api/entries.ts: « Montant : nombre
 * décimal… ») are kept; zod's generic English ones ("Invalid input", "Too small…") are replaced by French through the
 * per-parse error map (zod 4: a schema's own message wins over the per-parse map).
 */
import type { z } from 'zod'
import type { FieldIssue } from './types'

/** Wording of the generic issues zod raises without a message from the contract. */
export const GENERIC_MESSAGES = {
  obligatoire: 'Champ obligatoire',
  invalide: 'Valeur invalide',
  format: 'Format invalide',
  liste: 'Valeur invalide : choisissez une valeur de la liste',
} as const

/**
 * French message of a zod issue that has no message of its own (the per-parse error map of {@link parseFrench} and
 * of main's IPC dispatcher).
 * Missing or null value → « Champ obligatoire »; empty text where some is needed → « Champ obligatoire »; text too
 * long → « 60 caractères au plus »; value not in an enum → a list hint; anything else → « Valeur invalide ».
 */
export function frenchZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? GENERIC_MESSAGES.obligatoire : GENERIC_MESSAGES.invalide
    case 'too_small':
      if (issue.origin === 'string')
        return issue.input === '' ? GENERIC_MESSAGES.obligatoire : `${String(issue.minimum)} caractères au moins`
      return GENERIC_MESSAGES.invalide
    case 'too_big':
      return issue.origin === 'string' ? `${String(issue.maximum)} caractères au plus` : GENERIC_MESSAGES.invalide
    case 'invalid_value':
      return GENERIC_MESSAGES.liste
    case 'invalid_format':
      return GENERIC_MESSAGES.format
    default:
      return GENERIC_MESSAGES.invalide
  }
}

/** A zod issue, or one that crossed IPC as `{ path, message }` (ENTREE_INVALIDE details of main's dispatcher). */
export interface IssueLike {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/**
 * Field messages of issues: `champ` is the issue's path joined with `.` (`''` for the value as a whole), a leading
 * `payload` segment dropped (an entry's payload fields are its fields: `['payload', 'montant']` → `montant`);
 * `message` is the issue's (French when the parse used {@link frenchZodMessage}). Order kept; several issues may
 * name one field.
 */
export function fieldIssues(issues: readonly IssueLike[]): FieldIssue[] {
  return issues.map((issue) => {
    const path = issue.path[0] === 'payload' ? issue.path.slice(1) : issue.path
    return { champ: path.map(String).join('.'), message: issue.message }
  })
}

/** Outcome of {@link parseFrench}. */
export type FrenchParse<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly issues: FieldIssue[] }

/**
 * Parses `value` with `schema`, French messages: the data (unknown keys dropped), or its {@link fieldIssues} in zod's
 * order. Never throws.
 */
export function parseFrench<S extends z.ZodType>(schema: S, value: unknown): FrenchParse<z.output<S>> {
  const result = schema.safeParse(value, { error: frenchZodMessage })
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: fieldIssues(result.error.issues) }
}

/** At most one issue per field, the first. */
export function firstPerField(issues: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>()
  return issues.filter((issue) => {
    if (seen.has(issue.champ)) return false
    seen.add(issue.champ)
    return true
  })
}

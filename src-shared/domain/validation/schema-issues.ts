/**
 * Contract schema check of an entry payload, with French messages. Messages the contract writes itself
 * (api/common.ts, api/entries.ts: « Montant : nombre décimal… ») are kept; zod's generic English ones
 * ("Invalid input", "Too small…") are replaced by French through a per-parse error map (zod 4: a schema's own
 * message wins over the per-parse map).
 */
import type { z } from 'zod'
import type { Payload } from './fields'
import type { FieldIssue } from './types'

/** Wording of the generic issues zod raises without a message from the contract. */
export const GENERIC_MESSAGES = {
  obligatoire: 'Champ obligatoire',
  invalide: 'Valeur invalide',
  format: 'Format invalide',
  liste: 'Valeur invalide : choisissez une valeur de la liste',
} as const

/**
 * French message of a zod issue that has no message of its own.
 * Missing or null value → « Champ obligatoire »; empty text where some is needed → « Champ obligatoire »; text too
 * long → « 60 caractères au plus »; value not in an enum → a list hint; anything else → « Valeur invalide ».
 */
export function frenchZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? GENERIC_MESSAGES.obligatoire : GENERIC_MESSAGES.invalide
    case 'too_small':
      if (issue.origin === 'string') return issue.input === '' ? GENERIC_MESSAGES.obligatoire : `${String(issue.minimum)} caractères au moins`
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

/**
 * Parses `payload` with `schema` and maps each issue to a {@link FieldIssue}: `champ` is the first path segment
 * (`''` for an issue on the whole entry), `message` is the contract's French message or {@link frenchZodMessage}.
 * @returns the issues in zod's order; [] when the payload passes. Never throws.
 */
export function schemaIssues(schema: z.ZodType, payload: Payload): FieldIssue[] {
  const result = schema.safeParse(payload, { error: frenchZodMessage })
  if (result.success) return []
  return result.error.issues.map((issue) => ({ champ: issue.path[0] === undefined ? '' : String(issue.path[0]), message: issue.message }))
}

/**
 * Reading the fields of a payload that is not yet known to be valid. A business rule only looks at fields that
 * pass their contract schema; a field that does not is already reported by the schema check.
 */
import type { z } from 'zod'
import type { FieldIssue, ValidationContext, ValidationOperation } from './types'

/** A payload as the form or the import produces it (wire field names). */
export type Payload = Readonly<Record<string, unknown>>

/** Issues found so far; rules push into it. */
export type IssueList = FieldIssue[]

/**
 * The business rules of one kind (a spec's `rules`, entry-kinds.ts): pushes into `issues` what the API would refuse
 * in `payload` (the record as it will be), checked against the cached reference in `ctx`.
 */
export type KindRules = (payload: Payload, operation: ValidationOperation, ctx: ValidationContext, issues: IssueList) => void

/** The value of `champ` when it passes `schema`, else undefined (missing, null or malformed). */
export function validField<T>(payload: Payload, champ: string, schema: z.ZodType<T>): T | undefined {
  const value = payload[champ]
  if (value === undefined || value === null) return undefined
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** True when `champ` holds a value: not undefined, null or an empty string. */
export function isGiven(payload: Payload, champ: string): boolean {
  const value = payload[champ]
  return value !== undefined && value !== null && value !== ''
}

/**
 * True when `champ` is missing for `operation`: a create lacks it (absent, null or empty); a patch lacks it only
 * when it clears it (null or empty), since an absent field keeps the synced record's value.
 */
export function isMissing(payload: Payload, champ: string, operation: ValidationOperation): boolean {
  if (operation === 'update' && !(champ in payload)) return false
  return !isGiven(payload, champ)
}

/**
 * Helpers of the employee sheet's write forms (issue 16, points 2 and 5): French field messages of a payload checked
 * with its kind's schema (the one French mapper of src-shared/domain/validation/schema-issues.ts), and the latest
 * write of a kind among an employee's writes.
 */
import type { z } from 'zod'

import { firstPerField, parseFrench } from '../../../src-shared/domain/validation/schema-issues'
import type { PeopleWriteKind } from '../../../src-shared/domain/people-writes'
import type { PeopleWriteRow } from '../../db/people-writes'

/** Outcome of {@link checkPayload}: the parsed payload, or one French message per field (`''` for the whole value). */
export type PayloadCheck<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly errors: Record<string, string> }

/** Checks `value` with `schema` offline, French messages by field. Never throws. */
export function checkPayload<S extends z.ZodType>(schema: S, value: unknown): PayloadCheck<z.output<S>> {
  const parsed = parseFrench(schema, value)
  if (parsed.ok) return { ok: true, data: parsed.data }
  return { ok: false, errors: Object.fromEntries(firstPerField(parsed.issues).map((i) => [i.champ, i.message])) }
}

/** The newest write of `kind` (rows newest first, as `peopleWritesOf` gives them), cancelled ones left out. */
export function latestOf(rows: readonly PeopleWriteRow[], kind: PeopleWriteKind): PeopleWriteRow | null {
  return rows.find((r) => r.kind === kind && r.state !== 'cancelled') ?? null
}

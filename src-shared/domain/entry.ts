/**
 * The typed entry: what an entry asks the payroll service to do, as ONE union discriminated on `kind` then
 * `operation`, derived from the registry of kinds (entry-kinds.ts):
 * - `create`: `payload` is the kind's create body (`createSchema`), `targetServerId` null;
 * - `update`: `payload` is the kind's patch (`patchSchema`), `targetServerId` the server record changed;
 * - `delete`: no payload, `targetServerId` the server record removed.
 *
 * The same body is the outbox row's (Dexie), the sync item's (`sync:push`) and the one the executor sends. It is
 * parsed once at each trust boundary with {@link entryBodySchema} (IPC into main; the clerk's input, grid paste and
 * import at enqueue; the Dexie upgrade) and typed everywhere else.
 */
import { z } from 'zod'
import { RecordId } from '../api/common'
import { ENTRY_KIND_SPECS, kindsOf, type EntryKind, type EntryKindRegistry } from './entry-kinds'
import type { KeyFields } from './fingerprint'

/** The body of an entry of any kind of registry `R` (the app's, or a test's copy with one more kind). */
export type EntryBodyIn<R extends EntryKindRegistry> = {
  [K in keyof R & string]:
    | { readonly kind: K; readonly operation: 'create'; readonly targetServerId: null; readonly payload: z.output<R[K]['createSchema']> }
    | { readonly kind: K; readonly operation: 'update'; readonly targetServerId: string; readonly payload: z.output<R[K]['patchSchema']> }
    | { readonly kind: K; readonly operation: 'delete'; readonly targetServerId: string; readonly payload: null }
}[keyof R & string]

/** The body of an entry: kind, operation, target and payload, typed together. */
export type EntryBody = EntryBodyIn<typeof ENTRY_KIND_SPECS>

/** Body of an entry of kind `K`. */
export type EntryBodyOf<K extends EntryKind> = Extract<EntryBody, { readonly kind: K }>

/** Create body of kind `K` (wire shape: decimal strings, ISO dates). */
export type CreatePayload<K extends EntryKind = EntryKind> = Extract<
  EntryBody,
  { readonly kind: K; readonly operation: 'create' }
>['payload']

/** Patch of kind `K` (the fields that change; `null` clears an optional one). */
export type PatchPayload<K extends EntryKind = EntryKind> = Extract<
  EntryBody,
  { readonly kind: K; readonly operation: 'update' }
>['payload']

/** A payload of any kind and operation. */
export type EntryPayload = NonNullable<EntryBody['payload']>

/** The fields `X` beside a body (nothing when `X` is empty: zod types an empty object as one without keys). */
type Beside<X extends z.ZodRawShape, Io extends 'in' | 'out'> = keyof X extends never
  ? unknown
  : Io extends 'out'
    ? z.output<z.ZodObject<X>>
    : z.input<z.ZodObject<X>>

/** Schema of a body of registry `R` with the fields `X` beside it (input and output alike: no transforms). */
export type EntryBodySchema<R extends EntryKindRegistry, X extends z.ZodRawShape> = z.ZodType<
  EntryBodyIn<R> & Beside<X, 'out'>,
  EntryBodyIn<R> & Beside<X, 'in'>
>

/**
 * The zod schema of a body of `registry`, with the fields of `extra` beside it (a sync item's client id, revision…):
 * a union discriminated on `kind`, each option one on `operation`, each of those an object with the kind's create or
 * patch schema as `payload`. Issues on the payload have paths `['payload', field]`; a kind or operation the registry
 * does not know is refused on `kind` or `operation`. Unknown keys are dropped.
 *
 * The union is built from the registry at run time, so the compiler cannot follow it: its type is stated as
 * {@link EntryBodyIn} (the one cast), and test/shared/domain/entry-kinds.test.ts checks both agree, kind by kind.
 */
export function entryBodySchema<R extends EntryKindRegistry, X extends z.ZodRawShape>(registry: R, extra: X): EntryBodySchema<R, X> {
  const shape: z.ZodRawShape = extra
  const byKind = kindsOf(registry).map((kind) => {
    const spec = registry[kind]
    if (spec === undefined) throw new Error(`Type de saisie absent du registre : ${kind}`)
    return z.discriminatedUnion('operation', [
      z.object({ ...shape, kind: z.literal(kind), operation: z.literal('create'), targetServerId: z.null(), payload: spec.createSchema }),
      z.object({ ...shape, kind: z.literal(kind), operation: z.literal('update'), targetServerId: RecordId, payload: spec.patchSchema }),
      z.object({ ...shape, kind: z.literal(kind), operation: z.literal('delete'), targetServerId: RecordId, payload: z.null() }),
    ])
  })
  const [first, ...rest] = byKind
  if (first === undefined) throw new Error('Registre des types de saisie vide.')
  return z.discriminatedUnion('kind', [first, ...rest]) as unknown as EntryBodySchema<R, X>
}

/** The body of an entry of this app's kinds (outbox rows, the Dexie upgrade). */
export const EntryBodySchema = entryBodySchema(ENTRY_KIND_SPECS, {})

/**
 * The body of an entry alone (kind, operation, target and a copy of its payload), e.g. to send it over IPC without
 * the rest of its outbox row.
 */
export function bodyOf(entry: EntryBody): EntryBody {
  // Read one by one, the four fields lose their link in the compiler's eyes; together they are the entry's body.
  return {
    kind: entry.kind,
    operation: entry.operation,
    targetServerId: entry.targetServerId,
    payload: entry.payload === null ? null : { ...entry.payload },
  } as EntryBody
}

/**
 * The payload of an entry as fields by wire name (`{}` for a delete), for code that reads any kind's fields by name:
 * fingerprints, display, comparison, CSV.
 */
export function payloadFields(entry: { readonly payload: EntryPayload | null }): KeyFields {
  return entry.payload ?? {}
}

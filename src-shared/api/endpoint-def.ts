/**
 * Shape of one operation of the endpoint table, and the helpers that build rows of it with their types kept.
 */
import { z } from 'zod'
import type { Categorie } from './categories'
import { Matricule, NumeroContrat, RecordId, Siren } from './common'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A version of the service, as in the reference's history (V1.0.0 … V1.13.0). */
export type ApiVersion = `1.${number}.${number}`

/**
 * Where an operation's method and path come from:
 * - `reference`: method and path fully given ("Operations whose method and path are fully given");
 * - `history`: named in the version history with method and path;
 * - `path-only`: path named without a method (method is our assumption);
 * - `assumption`: neither path nor method given (named only as a feature), both decided by us.
 */
export type Provenance = 'reference' | 'history' | 'path-only' | 'assumption'

/** Body of a successful answer: a JSON schema, no content (204), or a file: PDF document or CSV table. */
export type ResponseKind = z.ZodType | 'none' | FileResponseKind

/** Answers that are files, and their media type: `pdf` the DSN summaries, `csv` the extractions' files (#53). */
export const FILE_MEDIA_TYPES = { pdf: 'application/pdf', csv: 'text/csv' } as const
export type FileResponseKind = keyof typeof FILE_MEDIA_TYPES

/** True when an operation answers a file (streamed and written by main, not parsed as JSON). */
export function isFileResponse(response: ResponseKind): response is FileResponseKind {
  return typeof response === 'string' && Object.hasOwn(FILE_MEDIA_TYPES, response)
}

/** One operation of the API. */
export interface EndpointDef {
  readonly method: HttpMethod
  /** OpenAPI-style path, `{name}` placeholders, always under /api. */
  readonly path: string
  readonly summary: string
  readonly params?: z.ZodObject
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  /** Request body encoding: JSON unless `form` (token endpoint, RFC 6749). */
  readonly bodyEncoding?: 'json' | 'form'
  readonly response: ResponseKind
  readonly status: 200 | 201 | 204
  /** Right needed (API category); null when any authenticated caller may call it. */
  readonly category: Categorie | null
  /** False for the health check and the token endpoint. */
  readonly auth: boolean
  readonly since: ApiVersion
  readonly provenance: Provenance
}

/** Path parameter schemas, by placeholder name. */
export const PathParam = {
  siren: Siren,
  matricule: Matricule,
  id: RecordId,
  absenceId: RecordId,
  contrat: NumeroContrat,
  nomCode: z.string().min(1).max(60),
} as const
export type PathParamName = keyof typeof PathParam

/** Builds the params schema of a path from its placeholders, so path and schema cannot disagree. */
export function paramsOf<const N extends PathParamName>(...names: N[]): z.ZodObject<{ [K in N]: (typeof PathParam)[K] }> {
  const shape = Object.fromEntries(names.map((n) => [n, PathParam[n]])) as { [K in N]: (typeof PathParam)[K] }
  return z.object(shape)
}

/** Placeholders of a path, in order (`/api/a/{siren}/b/{id}` → ['siren', 'id']). */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')
}

/** True for methods that change server state (the ones whose unknown outcome needs reconciliation). */
export function isWriteMethod(method: HttpMethod): boolean {
  return method !== 'GET'
}

/**
 * Paths removed from the service, answered 410 CHEMIN_SUPPRIME with the replacement named.
 * Reference: the singular /salarie/{matricule} (deprecated V1.5.0, removed V1.12.0) and /api/facturation
 * (replaced by /api/facturations in V1.5.0).
 */
export const REMOVED_PATHS = [
  { method: 'GET', path: '/api/salarie/{matricule}', removedIn: '1.12.0', replacement: '/api/salaries/{matricule}' },
  { method: 'GET', path: '/api/facturation', removedIn: '1.5.0', replacement: '/api/facturations' },
] as const satisfies readonly { method: HttpMethod; path: string; removedIn: ApiVersion; replacement: string }[]

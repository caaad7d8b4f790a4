/**
 * THE endpoint table: every operation of the payroll API, with its method, path, schemas, right and version.
 * The typed client (src-main/api), the sandbox server (src-sandbox) and the OpenAPI document are all driven
 * by this table. Decisions the reference leaves open are marked by `provenance` and listed in
 * docs/api-assumptions.md.
 */
import type { z } from 'zod'

import { type EndpointDef, type FileResponseKind } from './endpoint-def'
import { BULLETIN_ENDPOINTS } from './endpoints/bulletins'
import { CABINET_ENDPOINTS } from './endpoints/cabinet'
import { CODIFICATION_ENDPOINTS } from './endpoints/codification'
import { DECLARATION_ENDPOINTS } from './endpoints/declarations'
import { DOSSIER_ENDPOINTS } from './endpoints/dossiers'
import { ENTRY_ENDPOINTS } from './endpoints/entries'
import { NOTE_EXTRACTION_ENDPOINTS } from './endpoints/notes-extractions'

/** Every operation, by operation id, in the order of the reference's sections (endpoints/*.ts, one a domain). */
export const ENDPOINTS = {
  ...CABINET_ENDPOINTS,
  ...DOSSIER_ENDPOINTS,
  ...BULLETIN_ENDPOINTS,
  ...ENTRY_ENDPOINTS,
  ...CODIFICATION_ENDPOINTS,
  ...DECLARATION_ENDPOINTS,
  ...NOTE_EXTRACTION_ENDPOINTS,
} as const satisfies Record<string, EndpointDef>

export type Endpoints = typeof ENDPOINTS
export type OperationId = keyof Endpoints
export const OPERATION_IDS = Object.keys(ENDPOINTS) as OperationId[]

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined

/** Typed request of an operation: path params, query and body as the caller gives them (schema inputs). */
export type RequestOf<K extends OperationId> = Omit<
  {
    params: Endpoints[K] extends { params: infer P } ? SchemaInput<P> : undefined
    query: Endpoints[K] extends { query: infer Q } ? SchemaInput<Q> : undefined
    body: Endpoints[K] extends { body: infer B } ? SchemaInput<B> : undefined
  },
  | (Endpoints[K] extends { params: z.ZodType } ? never : 'params')
  | (Endpoints[K] extends { query: z.ZodType } ? never : 'query')
  | (Endpoints[K] extends { body: z.ZodType } ? never : 'body')
>

/** Parsed request of an operation, as a handler receives it (schema outputs). */
export type ParsedRequestOf<K extends OperationId> = {
  params: Endpoints[K] extends { params: infer P } ? SchemaOutput<P> : Record<string, never>
  query: Endpoints[K] extends { query: infer Q } ? SchemaOutput<Q> : Record<string, never>
  body: Endpoints[K] extends { body: infer B } ? SchemaOutput<B> : undefined
}

/** Typed answer of an operation: the parsed JSON, nothing for 204, raw bytes for a file (PDF, CSV). */
export type ResponseOf<K extends OperationId> = Endpoints[K]['response'] extends z.ZodType
  ? z.output<Endpoints[K]['response']>
  : Endpoints[K]['response'] extends FileResponseKind
    ? Uint8Array
    : undefined

/** Endpoint row by operation id, typed as the general definition (for generic code). */
export function endpoint(id: OperationId): EndpointDef {
  return ENDPOINTS[id]
}

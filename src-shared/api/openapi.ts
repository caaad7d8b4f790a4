/**
 * OpenAPI 3.1 document generated from the endpoint table (served by the sandbox at GET /api/openapi.json).
 * JSON Schemas come from zod 4's `z.toJSONSchema`, in their input form (what a caller sends / receives on the wire).
 */
import { z } from 'zod'
import { BridgeErrorDto } from './common'
import { ENDPOINTS, OPERATION_IDS } from './endpoints'
import { FILE_MEDIA_TYPES, isFileResponse, pathPlaceholders, type EndpointDef } from './endpoint-def'

/** Version of the service the contract describes (reference: history up to V1.13.0). */
export const API_VERSION = '1.13.0'

type JsonSchema = Record<string, unknown>

function jsonSchema(schema: z.ZodType): JsonSchema {
  const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema
  delete generated['$schema']
  return generated
}

function queryParameters(query: z.ZodType | undefined): unknown[] {
  if (query === undefined) return []
  const schema = jsonSchema(query)
  const props = (schema['properties'] ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema['required'] ?? []) as string[])
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s, explode: true }))
}

function operationObject(id: string, def: EndpointDef): Record<string, unknown> {
  const pathParams = def.params === undefined ? {} : ((jsonSchema(def.params)['properties'] ?? {}) as Record<string, JsonSchema>)
  const parameters = [
    ...pathPlaceholders(def.path).map((name) => ({ name, in: 'path', required: true, schema: pathParams[name] ?? { type: 'string' } })),
    ...queryParameters(def.query),
  ]
  const success: Record<string, unknown> =
    def.response === 'none'
      ? { description: 'Aucun contenu' }
      : isFileResponse(def.response)
        ? {
            description: def.response === 'pdf' ? 'Document PDF' : 'Fichier CSV',
            content: { [FILE_MEDIA_TYPES[def.response]]: { schema: { type: 'string', format: 'binary' } } },
          }
        : { description: 'Succès', content: { 'application/json': { schema: jsonSchema(def.response) } } }
  const error = { description: 'Erreur', content: { 'application/json': { schema: { $ref: '#/components/schemas/BridgeError.Dto' } } } }
  const mediaType = def.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json'
  return {
    operationId: id,
    summary: def.summary,
    tags: [def.category ?? 'public'],
    parameters,
    ...(def.body === undefined ? {} : { requestBody: { required: true, content: { [mediaType]: { schema: jsonSchema(def.body) } } } }),
    responses: { [String(def.status)]: success, '4XX': error, '5XX': error },
    ...(def.auth ? { security: [{ bearer: def.category === null ? [] : [def.category] }] } : { security: [] }),
    'x-since': def.since,
    'x-provenance': def.provenance,
    'x-category': def.category,
  }
}

/** Builds the OpenAPI document: one path item per path, one operation per row of the endpoint table. */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const id of OPERATION_IDS) {
    const def: EndpointDef = ENDPOINTS[id]
    const item = (paths[def.path] ??= {})
    item[def.method.toLowerCase()] = operationObject(id, def)
  }
  return {
    openapi: '3.1.0',
    info: { title: 'API de paie du cabinet (bac à sable)', version: API_VERSION },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { 'BridgeError.Dto': jsonSchema(BridgeErrorDto) },
      securitySchemes: {
        bearer: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/api/auth/token', scopes: {} } } },
      },
    },
  }
}

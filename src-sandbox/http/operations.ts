/**
 * Routing driven by the endpoint table: one Hono route per row of ENDPOINTS (`{x}` → `:x`). Per request:
 * authentication and right (when the row needs them), parsing of path, query and body with the row's zod schemas
 * (every issue of every part reported at once, 400 REQUETE_INVALIDE), the handler, then the answer with the row's
 * status: 204 for 'none', application/pdf for 'pdf', text/csv for 'csv', JSON checked against the row's response schema otherwise.
 * The write fault switches act here, around an authenticated write's commit: held before it (`commitLateRate`),
 * connection dropped after it (`dropAfterCommitRate`), or answered 500 after it (`commitThen500Rate`).
 */
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import type { LogFields } from '../../src-shared/redaction'
import { ENDPOINTS, OPERATION_IDS, type OperationId } from '../../src-shared/api/endpoints'
import { FILE_MEDIA_TYPES, isFileResponse, isWriteMethod, type EndpointDef } from '../../src-shared/api/endpoint-def'
import type { FaultController } from '../faults'
import type { HandlerContext, Handlers, RecapitulatifRenderer, Session } from '../handlers/context'
import type { StoreFile } from '../store/persist'
import type { SandboxStore } from '../store/types'
import { authenticate, requireRight } from './auth'
import { requeteInvalide, type ErrorDetail } from './errors'
import { malformedResponse } from './malformed'
import { dropConnection, sleep } from './node'
import { bodyValue, issuePath, parseInto, queryObject } from './parse'
import { pdfResponse } from './pdf-response'
import { internalError } from './respond'
import type { TokenRegistry } from './tokens'

/** Logger the sandbox reports to: its own (src-sandbox/log.ts) or one given by its host (main's `log` in demo mode). */
export interface SandboxLogger {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

/** Hono environment of the sandbox app: the rate-limit headers decided for the request. */
export interface SandboxEnv {
  Variables: { rateHeaders: Readonly<Record<string, string>> }
}

/** What the operation routes need. */
export interface OperationDeps {
  readonly store: SandboxStore
  readonly tokens: TokenRegistry
  readonly faults: FaultController
  readonly handlers: Handlers
  readonly now: () => Date
  readonly tokenTtlSeconds: number
  readonly validateResponses: boolean
  readonly logger: SandboxLogger
  readonly renderPdf: RecapitulatifRenderer
  /** File the store is kept in: the changes of each write are durable before its answer (none: memory only). */
  readonly storeFile?: StoreFile
}

/** Hono path of a table path: `/api/bulletins/{id}/calculer` → `/api/bulletins/:id/calculer`. */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/** Parsed request of any operation (the handler table's types are checked where handlers are written). */
interface LooseRequest {
  params: unknown
  query: unknown
  body: unknown
}

async function parseRequest(c: Context, def: EndpointDef): Promise<LooseRequest> {
  const errors: ErrorDetail[] = []
  const params = parseInto(def.params, c.req.param(), 'params', errors)
  const query = parseInto(def.query, queryObject(c.req.queries()), 'query', errors)
  let body: unknown = undefined
  if (def.body !== undefined) {
    const raw = bodyValue(await c.req.text(), c.req.header('content-type'), def.bodyEncoding === 'form')
    body = parseInto(def.body, raw, 'body', errors)
  }
  if (errors.length > 0) throw requeteInvalide(errors)
  return { params, query, body }
}

/** Checks a JSON answer against the row's schema. @throws SandboxRefusal 500 (logged) on drift from the contract. */
function checkedJson(id: OperationId, schema: z.ZodType, value: unknown, deps: OperationDeps): unknown {
  if (!deps.validateResponses) return value
  const result = schema.safeParse(value)
  if (result.success) return value
  const first = result.error.issues[0]
  deps.logger.error('Bac à sable : réponse non conforme au contrat', {
    operation: id,
    chemin: first === undefined ? 'body' : issuePath('body', first.path),
    code: first?.code ?? 'inconnu',
    problemes: result.error.issues.length,
  })
  throw internalError('Erreur interne du service de paie : réponse non conforme au contrat.')
}

async function serveOperation(c: Context<SandboxEnv>, id: OperationId, deps: OperationDeps): Promise<Response> {
  const def: EndpointDef = ENDPOINTS[id]
  let session: Session | null = null
  if (def.auth) {
    session = authenticate(c.req.header('authorization'), deps.tokens, deps.store)
    requireRight(session, def.category)
  }
  const req = await parseRequest(c, def)
  const faultable = isWriteMethod(def.method) && def.auth
  // Commit-late: the write is held before it runs; the client may have given up meanwhile, it commits all the same.
  if (faultable && deps.faults.chance(deps.faults.get().commitLateRate)) {
    deps.faults.count('commitLate')
    await sleep(deps.faults.get().commitLateMs)
  }
  const tracked = deps.storeFile !== undefined && isWriteMethod(def.method) ? deps.storeFile.track(deps.store) : null
  const ctx: HandlerContext = {
    store: tracked?.store ?? deps.store,
    now: deps.now,
    session,
    tokens: deps.tokens,
    tokenTtlSeconds: deps.tokenTtlSeconds,
    renderPdf: deps.renderPdf,
  }
  const handler = deps.handlers[id] as unknown as (req: LooseRequest, ctx: HandlerContext) => unknown
  let value: unknown
  try {
    value = await handler(req, ctx)
  } finally {
    // Durable before any answer (a refusal may follow a partial change: journalled too).
    tracked?.commit()
  }

  // Commit-then-drop: the change is in the store; the caller never hears about it.
  if (faultable && deps.faults.chance(deps.faults.get().dropAfterCommitRate) && dropConnection(c)) {
    deps.faults.count('dropAfterCommit')
    return RESPONSE_ALREADY_SENT
  }
  // Commit-then-500: the change is in the store; the caller hears a server error.
  if (faultable && deps.faults.chance(deps.faults.get().commitThen500Rate)) {
    deps.faults.count('commitThen500')
    throw internalError()
  }
  if (def.response === 'none') return c.body(null, 204)
  if (isFileResponse(def.response)) {
    if (!(value instanceof Uint8Array)) throw internalError()
    // A truncated download writes its head straight to the socket: the Date header goes with it.
    const extra = new Headers({ ...c.get('rateHeaders'), Date: deps.now().toUTCString() })
    const recordId = (req.params as { id?: string }).id ?? 'fichier'
    return def.response === 'pdf'
      ? pdfResponse(c, value, `recapitulatif-${recordId}.pdf`, deps.faults, extra)
      : pdfResponse(c, value, `extraction-${recordId}.csv`, deps.faults, extra, `${FILE_MEDIA_TYPES.csv}; charset=utf-8`)
  }
  const checked = checkedJson(id, def.response, value, deps)
  const settings = deps.faults.get()
  const spoilable = !settings.malformedWritesOnly || isWriteMethod(def.method)
  if (settings.malformedResponses !== 'off' && spoilable && deps.faults.chance(settings.malformedRate)) {
    deps.faults.count(`malformed_${settings.malformedResponses}`)
    return malformedResponse(
      settings.malformedResponses,
      checked,
      def.status === 201 ? 201 : 200,
      c.get('rateHeaders'),
      settings.malformedOversizeBytes,
    )
  }
  return c.json(checked as object, def.status === 201 ? 201 : 200)
}

/** Registers one route per operation of ENDPOINTS on `app`. */
export function registerOperations(app: Hono<SandboxEnv>, deps: OperationDeps): void {
  for (const id of OPERATION_IDS) {
    const def: EndpointDef = ENDPOINTS[id]
    app.on(def.method, honoPath(def.path), (c) => serveOperation(c, id, deps))
  }
}

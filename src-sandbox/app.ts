/**
 * The sandbox payroll API as a Hono app (no socket: server.ts serves it). Routes:
 *   /api/*        every operation of ENDPOINTS (http/operations.ts), GET /api/openapi.json (no token),
 *                 removed paths (410 CHEMIN_SUPPRIME), anything else 404 INTROUVABLE;
 *   /__sandbox/*  loopback-only admin routes (http/admin.ts).
 * Every answer carries `Date` from the sandbox clock; every /api answer passes the latency, rate-limit and fault
 * middlewares; every error is a BridgeError.Dto.
 */
import { Hono } from 'hono'
import { routePath } from 'hono/route'
import { ERROR_CODES } from '../src-shared/api/common'
import { REMOVED_PATHS } from '../src-shared/api/endpoint-def'
import { buildOpenApiDocument } from '../src-shared/api/openapi'
import { createFaultController, type FaultController, type FaultSettings } from './faults'
import type { Handlers, RecapitulatifRenderer } from './handlers/context'
import { HANDLERS } from './handlers'
import { registerAdminRoutes } from './http/admin'
import { SandboxRefusal } from './http/errors'
import { faultMiddleware, latencyMiddleware, rateLimitMiddleware, serverDateMiddleware } from './http/middleware'
import { honoPath, registerOperations, type SandboxEnv, type SandboxLogger } from './http/operations'
import { createRateLimiter, DEFAULT_RATE_LIMIT, type RateLimitSettings } from './http/rate-limit'
import { errorResponse, internalError } from './http/respond'
import { createTokenRegistry, type TokenRegistry } from './http/tokens'
import { sandboxLog } from './log'
import type { StoreFile } from './store/persist'
import type { SandboxStore } from './store/types'

/** Options of {@link createSandboxApp}. */
export interface SandboxAppOptions {
  /** The data served; changed in place by writes and by `reset()`. */
  readonly store: SandboxStore
  /** Fresh data for `reset()` (POST /__sandbox/reset); without it, reset keeps the data. */
  readonly createStore?: () => SandboxStore
  /** Renders the DSN PDF summary. */
  readonly renderPdf: RecapitulatifRenderer
  /** Business clock (assignment dates, record instants, the `Date` header of every answer); default real time. */
  readonly now?: () => Date
  /** Lifetime of access tokens in seconds; default 3600. */
  readonly tokenTtlSeconds?: number
  /** Requests per window and client; `false` disables the limit (and its headers). Default 100 per 1000 ms. */
  readonly rateLimit?: RateLimitSettings | false
  /** Fault switches at start (all off by default). */
  readonly faults?: Partial<FaultSettings>
  /** Seed of the fault PRNG; default 1. */
  readonly seed?: number
  /** Check every JSON answer against the contract (500 and an error log on drift); default true. */
  readonly validateResponses?: boolean
  /** Where errors are reported; default the sandbox's own logger (src-sandbox/log.ts). */
  readonly logger?: SandboxLogger
  /** Handler table; default the sandbox's own (tests may replace it to play a drifting server). */
  readonly handlers?: Handlers
  /** File the store is kept in (writes durable before their answer; a reset writes a new snapshot). */
  readonly storeFile?: StoreFile
}

/** The app and the controls tests and the CLI use. */
export interface SandboxApp {
  readonly app: Hono<SandboxEnv>
  readonly store: SandboxStore
  readonly faults: FaultController
  readonly tokens: TokenRegistry
  /** Fresh seed data (in place), fault switches as at start, rate-limit windows cleared; tokens stay valid. */
  reset(): void
}

/** 410 CHEMIN_SUPPRIME naming the replacement path. */
function removedPathError(path: string, removedIn: string, replacement: string): SandboxRefusal {
  return new SandboxRefusal(
    410,
    ERROR_CODES.cheminSupprime,
    `Le chemin ${path} a été supprimé en version ${removedIn} : utilisez ${replacement}.`,
  )
}

/** Builds the sandbox app over `options.store`. */
export function createSandboxApp(options: SandboxAppOptions): SandboxApp {
  const logger = options.logger ?? sandboxLog
  const tokens = createTokenRegistry()
  const faults = createFaultController(options.faults ?? {}, options.seed ?? 1, () => {
    tokens.expireAll()
  })
  const rate = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const limiter = rate === false ? null : createRateLimiter(rate)
  const store = options.store
  const now = options.now ?? (() => new Date())

  function reset(): void {
    if (options.createStore !== undefined) Object.assign(store, options.createStore())
    options.storeFile?.snapshot(store)
    faults.reset()
    limiter?.clear()
  }

  const app = new Hono<SandboxEnv>()
  app.use('*', serverDateMiddleware(now))
  app.use('/api/*', latencyMiddleware(faults), rateLimitMiddleware(limiter, tokens), faultMiddleware(faults))

  app.get('/api/openapi.json', (c) => c.json(buildOpenApiDocument(new URL(c.req.url).origin)))
  for (const removed of REMOVED_PATHS) {
    app.all(honoPath(removed.path), () => {
      throw removedPathError(removed.path, removed.removedIn, removed.replacement)
    })
  }
  registerOperations(app, {
    store,
    tokens,
    faults,
    handlers: options.handlers ?? HANDLERS,
    now,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    validateResponses: options.validateResponses ?? true,
    logger,
    renderPdf: options.renderPdf,
    ...(options.storeFile === undefined ? {} : { storeFile: options.storeFile }),
  })
  registerAdminRoutes(app, { faults, reset })

  app.notFound((c) =>
    errorResponse(new SandboxRefusal(404, ERROR_CODES.introuvable, `Aucune opération ${c.req.method} ${c.req.path} dans l’API de paie.`)),
  )
  app.onError((error, c) => {
    if (error instanceof SandboxRefusal) return errorResponse(error)
    // The error's name only: its message may quote request data (amounts, names).
    logger.error('Bac à sable : erreur inattendue', { erreur: error.name, route: `${c.req.method} ${routePath(c)}` })
    return errorResponse(internalError())
  })
  return { app, store, faults, tokens, reset }
}

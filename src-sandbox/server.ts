/**
 * Starts the sandbox payroll API on the loopback interface (127.0.0.1), on a free port by default: used by the app's
 * demo mode, by `npm run sandbox` (cli.ts) and by the tests.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createSandboxApp } from './app'
import type { FaultController, FaultSettings } from './faults'
import type { SandboxLogger } from './http/operations'
import type { RateLimitSettings } from './http/rate-limit'
import { createSeedStore, DEFAULT_SEED } from './store/seed'
import { createStoreFile, loadStoreFile } from './store/persist'
import type { SandboxStore } from './store/types'
import type { RecapitulatifInput } from './pdf'

/** Renders a DSN summary, loading the PDF module (and pdf-lib) on the first download only. */
async function renderLazily(input: RecapitulatifInput): Promise<Uint8Array> {
  const { renderRecapitulatifPdf } = await import('./pdf')
  return renderRecapitulatifPdf(input)
}

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** TCP port; 0 (default) picks a free one. */
  readonly port?: number
  /** Seed of the data set and of the fault PRNG; default the seed module's DEFAULT_SEED. */
  readonly seed?: number
  /**
   * Business date the data set is built around (`YYYY-MM-DD`). Without `now`, the sandbox clock starts at noon UTC
   * of this day and runs with real time.
   */
  readonly today?: string
  /** Business clock (assignment scoping, record instants); overrides `today` for the clock. Default real time. */
  readonly now?: () => Date
  /** Lifetime of access tokens in seconds; default 3600. */
  readonly tokenTtlSeconds?: number
  /** Requests per window and client; `false` disables. Default 100 per 1000 ms. */
  readonly rateLimit?: RateLimitSettings | false
  /** Fault switches at start (all off by default). */
  readonly faults?: Partial<FaultSettings>
  /** Check JSON answers against the contract (500 and an error log on drift); default true. */
  readonly validateResponses?: boolean
  /**
   * Data to serve instead of a fresh seed (a sandbox restarted on the same data, as a real service keeps its
   * records across a restart). `POST /__sandbox/reset` still reseeds.
   */
  readonly initialStore?: SandboxStore
  /**
   * File the store is kept in (store/persist.ts): read at start when it exists (else seeded, or `initialStore`),
   * then every write is durable before its answer, so a sandbox killed and started again on the same file loses
   * nothing it acknowledged.
   */
  readonly storeFile?: string
  /** Where errors are reported; default the sandbox's own logger (src-sandbox/log.ts); main's demo mode passes its own. */
  readonly logger?: SandboxLogger
}

/** A running sandbox. */
export interface RunningSandbox {
  /** Base URL, `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string
  readonly port: number
  /** The served data (changed in place by writes and resets). */
  readonly store: SandboxStore
  readonly faults: FaultController
  /** Every access token this instance issued (a restarted sandbox starts a new list). */
  issuedTokens(): readonly string[]
  /** Stops listening and cuts open connections. */
  close(): Promise<void>
}

/**
 * Sandbox clock from the options: `now`, else `today` at noon UTC advancing with real time from `startedAt` (real ms;
 * default now), else real time.
 */
export function sandboxClock(options: Pick<SandboxOptions, 'now' | 'today'>, startedAt: number = Date.now()): () => Date {
  if (options.now !== undefined) return options.now
  const today = options.today
  if (today === undefined) return () => new Date()
  const origin = Date.parse(`${today}T12:00:00.000Z`)
  if (Number.isNaN(origin)) throw new Error(`Date du bac à sable invalide : ${today} (AAAA-MM-JJ attendu)`)
  return () => new Date(origin + (Date.now() - startedAt))
}

/**
 * Real instant the clock of a sandbox kept in `storeFile` started at: read from `<storeFile>.horloge`, written at its
 * first start. A sandbox restarted on its file goes on from where its clock was, as a real service's clock does
 * (records' creation instants never lie in its future); a new file starts a new clock.
 */
export function clockStartOf(storeFile: string): number {
  const path = `${storeFile}.horloge`
  try {
    const value = Number(JSON.parse(readFileSync(path, 'utf8')))
    if (Number.isFinite(value)) return value
  } catch {
    // No clock yet (first start) or unreadable: a new one.
  }
  const started = Date.now()
  writeFileSync(path, JSON.stringify(started))
  return started
}

/**
 * Starts the sandbox.
 * @throws Error when the port cannot be listened on (in use, not allowed) or `today` is not a date.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = options.seed ?? DEFAULT_SEED
  const now = sandboxClock(options, options.storeFile === undefined ? Date.now() : clockStartOf(options.storeFile))
  const today = options.today ?? now().toISOString().slice(0, 10)
  const createStore = (): SandboxStore => createSeedStore({ seed, today })
  const storeFile = options.storeFile === undefined ? undefined : createStoreFile(options.storeFile)
  const store = (options.storeFile === undefined ? null : loadStoreFile(options.storeFile)) ?? options.initialStore ?? createStore()
  storeFile?.snapshot(store)
  const sandbox = createSandboxApp({
    store,
    ...(storeFile === undefined ? {} : { storeFile }),
    createStore,
    renderPdf: renderLazily,
    now,
    seed,
    tokenTtlSeconds: options.tokenTtlSeconds,
    rateLimit: options.rateLimit,
    faults: options.faults,
    validateResponses: options.validateResponses,
    logger: options.logger,
  })

  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: sandbox.app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () => {
      s.off('error', reject)
      resolve(s as Server)
    })
    s.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    store: sandbox.store,
    faults: sandbox.faults,
    issuedTokens: () => sandbox.tokens.issued(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve()
          else reject(error)
        })
        server.closeAllConnections()
      }),
  }
}

/**
 * The bench (issue 7): how fast the queue fills, drains and displays, beside what the alternatives do, in real
 * Chromium against the sandbox on loopback, through the app's own code paths:
 * - the bench page (bench/page) runs the app's outbox, counts and sync coordinator in the page;
 * - `window.api` is bridged to main's REAL handler table (createIpcHandlers → dispatcher → executor) in this
 *   process, as the end-to-end harness does (test/e2e/harness/bridge.ts);
 * - the sandbox runs in a child process (bench/sandbox-child.ts), restarted with the rate limit or latency wanted;
 * - the queue screen is the built app (out/renderer) opened on the same origin, hence on the same IndexedDB.
 *
 * `runBench(options)` writes `<out>/bench.json` and `<out>/bench.md` and returns the report. See
 * docs/performance.md for what each figure means and what bounds it.
 */
import { createMemoryKeychain } from '../src-main/profiles/keychain'
import { createProfileFileStore } from '../src-main/profiles/profile-file'
import { createProfileService } from '../src-main/profiles/service'
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { z } from 'zod'

import type { NewEntryInput } from '../src-renderer/db/entry-check'
import { createIpcDispatcher } from '../src-main/ipc/dispatcher'
import { createEventSender } from '../src-main/ipc/events'
import { createIpcHandlers } from '../src-main/ipc/handlers'
import type { RateLimitSettings } from '../src-sandbox/http/rate-limit'
import type { FaultSettings } from '../src-sandbox/faults'
import { createSeedStore, DEMO_CREDENTIALS } from '../src-sandbox/store/seed'
import type { SandboxStore } from '../src-sandbox/store/types'
import { createPayrollConnection, type PayrollConnection } from '../src-main/services/connection'
import { buildWrite, callLoose } from '../src-main/sync/entry-calls'
import { DEFAULT_SYNC_CONCURRENCY } from '../src-main/sync/pacing'
import PQueue from 'p-queue'
import { scopeKey, scopeOf } from '../src-shared/domain/fingerprint'
import { installBridge, type Bridge } from '../test/e2e/harness/bridge'
import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/harness/browser'
import { cpuMeter, formatCpu } from './cpu'
import { profiled } from './profile'
import { serveBench, type BenchServer } from './serve'
import {
  chromiumVersion,
  figure,
  laneBusyShare,
  machineInfo,
  percentile,
  renderMarkdown,
  type Figure,
  type MachineInfo,
  type PushCall,
} from './stats'
import { CABINET_KEYS, cabinetRun, type CabinetSizes } from './cabinet'

const ROOT = resolve(import.meta.dirname, '..')
const SEED = 1
const TODAY = '2026-11-16'

/** Options of {@link runBench}. */
export interface BenchOptions {
  /** Folder for bench.json, bench.md and profiles (created). */
  readonly out: string
  /** Runs per scenario (median reported); default 3. */
  readonly runs?: number
  /** Small sizes (a smoke run: the test of the bench uses it). */
  readonly quick?: boolean
  /** Saves CPU profiles of the bench page (paste, drain) under `out` (last run only). */
  readonly profile?: boolean
  /** Called with progress lines (default: none). */
  readonly log?: (line: string) => void
  /**
   * Runs only the grid paste and its loopback drain (with the typed-client floor): the figures `enqueue.*` and
   * `sync.loopback.*`, for iterating on the drain (a full run takes minutes). Default: every scenario.
   */
  readonly onlyLoopback?: boolean
  /**
   * Runs the grid paste, its loopback drain and the 20 ms latency drains (`sync.loopback.*`, `sync.latency20ms.*`,
   * `--only sync`): the ratios of issue 19 in one short run.
   */
  readonly onlySync?: boolean
  /** Runs only the cabinet-sized workload (bench/cabinet.ts): the figures `cabinet.*`. */
  readonly onlyCabinet?: boolean
  /** Runs only the spreadsheet import (`import.*`, `--only import`). */
  readonly onlyImport?: boolean
  /** Runs only the rate-limited drain (`sync.rateLimited.*`, `--only rate`). */
  readonly onlyRate?: boolean
}

/** `BENCH_CABINET` (JSON): sizes of the cabinet scenario replacing the defaults, each optional. */
const CabinetOverride = z
  .strictObject({
    dossiers: z.number().int().min(4),
    salaries: z.number().int().min(1),
    largest: z.number().int().min(1),
    pasteRows: z.number().int().min(1),
    keystrokes: z.number().int().min(4),
  })
  .partial()

/** Sizes of one bench. */
export interface BenchSizes {
  /** Entries of the grid paste, drained afterwards (target sizes: 10 000). */
  readonly paste: number
  /** Entries saved one at a time (p95). */
  readonly singles: number
  /** Entries drained with 20 ms added per request, and how many of them the serial replay sends. */
  readonly latencyEntries: number
  readonly serialEntries: number
  /** Rate-limited drain: entries and the limit R per 1 s window. */
  readonly rateEntries: number
  readonly rateLimit: number
  /** `unknown` entries reconciled, and how many of them the server already holds. */
  readonly reconcile: number
  /** Rows in the outbox when the queue screen opens. */
  readonly queueRows: number
  /** The cabinet-sized workload (bench/cabinet.ts). */
  readonly cabinet: CabinetSizes
  /** Rows of the spreadsheet imported (read in the worker, previewed, queued in one transaction). */
  readonly importRows: number
}

export const FULL_SIZES: BenchSizes = {
  paste: 10_000,
  singles: 200,
  latencyEntries: 2_000,
  serialEntries: 300,
  rateEntries: 2_000,
  rateLimit: 200,
  reconcile: 1_000,
  queueRows: 50_000,
  cabinet: { dossiers: 150, salaries: 20_000, largest: 1_000, pasteRows: 1_000, keystrokes: 60 },
  importRows: 10_000,
}
export const QUICK_SIZES: BenchSizes = {
  paste: 400,
  singles: 20,
  latencyEntries: 100,
  serialEntries: 20,
  rateEntries: 120,
  rateLimit: 60,
  reconcile: 60,
  queueRows: 2_000,
  // 48 dossiers: above the home's 40, so the smoke run goes through its virtualised table (aria-rowcount).
  cabinet: { dossiers: 48, salaries: 800, largest: 150, pasteRows: 100, keystrokes: 12 },
  importRows: 400,
}

/** The bench report (bench.json). */
export interface BenchReport {
  readonly generatedAt: string
  readonly quick: boolean
  readonly runs: number
  readonly sizes: BenchSizes
  readonly machine: MachineInfo
  /** Median per key (the keys of the issue). */
  readonly figures: Record<string, number>
  /** Every figure with its target, spread and per-run values. */
  readonly details: Figure[]
  readonly notes: string[]
}

/** Every key bench.json carries in `figures` (the test of the bench checks them). */
export const FIGURE_KEYS = [
  'enqueue.entriesPerSecond',
  'enqueue.rawIdbEntriesPerSecond',
  'enqueue.rawIdbStrictEntriesPerSecond',
  'enqueue.ratioToRaw',
  'enqueue.p95SingleMs',
  'enqueue.longestTaskMs',
  'import.readMs',
  'import.previewMs',
  'import.longestTaskMs',
  'import.queueMs',
  'import.queueLongestTaskMs',
  'sync.loopback.entriesPerSecond',
  'sync.loopback.rawClientEntriesPerSecond',
  'sync.loopback.ratioToRawClient',
  'sync.latency20ms.entriesPerSecond',
  'sync.latency20ms.rawClientEntriesPerSecond',
  'sync.latency20ms.ratioToRawClient',
  'sync.latency20ms.serialEntriesPerSecond',
  'sync.latency20ms.ratioToSerial',
  'sync.rateLimited.entriesPerSecond',
  'sync.rateLimited.efficiency',
  'sync.rateLimited.pacedEfficiency',
  'sync.rateLimited.otherRequests',
  'sync.rateLimited.efficiencyBound',
  'sync.rateLimited.ratioToBound',
  'sync.rateLimited.responses429',
  'reconcile.requests',
  'reconcile.scopes',
  'reconcile.requestsPerScope',
  'queueView.firstRenderMs',
  'queueView.deepRowsMs',
  'queueView.countsMs',
  'queueView.countsScanMs',
  'queueView.heapMB',
  ...CABINET_KEYS,
] as const

type FigureKey = (typeof FIGURE_KEYS)[number]

// ------------------------------------------------------------------------------------------------- the sandbox

interface SandboxChild {
  readonly url: string
  stop(): Promise<void>
}

/** Starts the sandbox in a child process; resolves with its URL. */
async function startSandboxChild(options: {
  rateLimit: RateLimitSettings | false
  faults?: Partial<FaultSettings>
  /** A cabinet-sized data set (bench/cabinet.ts) instead of the seed alone. */
  cabinetScale?: CabinetSizes
}): Promise<SandboxChild> {
  // BENCH_SANDBOX_PROFILE=<dir>: the sandbox process writes a CPU profile there when it stops (--cpu-prof).
  const profileDir = process.env['BENCH_SANDBOX_PROFILE']
  const profileArgs = profileDir === undefined || profileDir === '' ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...profileArgs,
      '--import',
      'tsx',
      resolve(import.meta.dirname, 'sandbox-child.ts'),
      JSON.stringify({ seed: SEED, today: TODAY, ...options }),
    ],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const stdout = child.stdout
  if (stdout === null) throw new Error('Bac à sable : sortie standard absente')
  const url = await new Promise<string>((ok, ko) => {
    const lines = createInterface({ input: stdout })
    lines.on('line', (line) => {
      const match = /^READY (\S+)$/.exec(line)
      if (match?.[1] !== undefined) ok(match[1])
    })
    child.once('exit', (code) => {
      ko(new Error(`Le bac à sable s’est arrêté (code ${String(code)})`))
    })
  })
  return {
    url,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) {
          ok()
          return
        }
        child.once('exit', () => {
          ok()
        })
        child.kill('SIGTERM')
      }),
  }
}

// ------------------------------------------------------------------------------------------------- the inputs

/** Employees under one open contract in their dossier's current period, with the EVP codes of a quantity. */
interface Employee {
  readonly siren: string
  readonly matricule: string
  readonly periode: string
  readonly codes: readonly string[]
}

/** Employees of the seed data that an EVP of the current period is valid for (up to 250). */
export function benchEmployees(store: SandboxStore): Employee[] {
  const employees: Employee[] = []
  for (const d of store.dossiers) {
    const periode = d.periode_paie_en_cours
    const codes = (store.codesEvp[d.siren] ?? []).filter((c) => c.format === 'quantite').map((c) => c.code)
    if (codes.length === 0) continue
    const start = `${periode}-01`
    const absent = new Set(store.absences.filter((a) => a.siren === d.siren).map((a) => a.matricule))
    const matricules = store.salaries
      .filter(
        (s) =>
          s.siren === d.siren &&
          s.date_sortie === null &&
          s.contrats.length === 1 &&
          s.contrats.every((c) => c.date_fin === null && c.date_debut < start) &&
          !absent.has(s.matricule),
      )
      .map((s) => s.matricule)
      .sort()
    for (const matricule of matricules) employees.push({ siren: d.siren, matricule, periode, codes })
  }
  return employees.slice(0, 250)
}

/**
 * `count` EVP creations spread over the employees (a month of variable elements for each), with quantities that
 * differ by `variant` so that scenarios of one run never share a fingerprint.
 */
export function evpInputs(employees: readonly Employee[], count: number, variant: number): NewEntryInput[] {
  const inputs: NewEntryInput[] = []
  for (let i = 0; i < count; i += 1) {
    const e = employees[i % employees.length]
    if (e === undefined) throw new Error('Aucun salarié pour le banc de mesure')
    const k = Math.floor(i / employees.length)
    inputs.push({
      kind: 'evp',
      // The third decimal (0.007 + variant) keeps the inputs apart from the seed's own EVP (4.00, 6.50…): an input
      // identical to an element the service already holds would rightly stop « à vérifier » (docs/exactly-once.md).
      payload: {
        siren: e.siren,
        matricule: e.matricule,
        periode: e.periode,
        code_evp: e.codes[k % e.codes.length],
        quantite: (1.007 + k * 0.25 + variant * 0.001).toFixed(3),
      },
    })
  }
  return inputs
}

/**
 * A spreadsheet as an employer sends it, for the import scenario: CSV (`;`, decimal commas), one row per element
 * (« Matricule;Code;Quantité »), `count` rows over the employees of ONE dossier (the first one's), quantities apart
 * from the other scenarios' (the third decimal).
 */
export function importCsv(employees: readonly Employee[], count: number): { siren: string; csv: string } {
  const first = employees[0]
  if (first === undefined) throw new Error('Aucun salarié pour le banc de mesure')
  const staff = employees.filter((e) => e.siren === first.siren)
  const lines = ['Matricule;Code;Quantité']
  for (let i = 0; i < count; i += 1) {
    const e = staff[i % staff.length] ?? first
    const k = Math.floor(i / staff.length)
    lines.push(`${e.matricule};${e.codes[k % e.codes.length] ?? ''};${(2.009 + k * 0.25).toFixed(3).replace('.', ',')}`)
  }
  return { siren: first.siren, csv: `${lines.join('\r\n')}\r\n` }
}

// ------------------------------------------------------------------------------------------------- the browser

const ImportResult = z.object({
  readMs: z.number(),
  previewMs: z.number(),
  rows: z.number(),
  ready: z.number(),
  longestTaskMs: z.number(),
  longTasks: z.number(),
  readLongestTaskMs: z.number(),
  previewLongestTaskMs: z.number(),
  queueMs: z.number(),
  queueLongestTaskMs: z.number(),
  queueLongTasks: z.number(),
  saved: z.number(),
})

const EnqueueResult = z.object({
  ms: z.number(),
  saved: z.number(),
  longestTaskMs: z.number(),
  longTasks: z.number(),
  longestGapMs: z.number(),
})
const DrainResult = z.object({ ms: z.number(), counts: z.record(z.string(), z.number()), toCheck: z.record(z.string(), z.number()) })
const CountsResult = z.object({ ms: z.number(), scanMs: z.number(), total: z.number() })

/** Calls `window.__bench[fn](...args)` in the bench page. */
async function call(page: Page, fn: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ({ fn: name, args: list }) => {
      const bench = (globalThis as unknown as { __bench: Record<string, (...a: unknown[]) => unknown> }).__bench
      const f = bench[name]
      if (f === undefined) throw new Error(`__bench.${name} absent`)
      return f(...list)
    },
    { fn, args },
  )
}

/** Builds out/renderer (when missing) and out/bench (always: it is small and must follow the sources). */
function buildPages(log: (line: string) => void): void {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    log('build: electron-vite build (out/renderer absent)')
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' })
  }
  log('build: bench page (vite → out/bench)')
  execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' })
}

interface Harness {
  readonly context: BrowserContext
  readonly bench: Page
  readonly server: BenchServer
  /** The connection main's handlers use (changed per scenario). */
  connect(url: string): PayrollConnection
  /** Answers seen per operation and status since the last `connect`. */
  answers(): { operation: string; status: number; startedAt: number }[]
  /** Every `sync:push` call so far: when it reached main and when it was answered (performance.now(), ms). */
  pushes(): readonly PushCall[]
  /** Bytes on disk of the browser profile's IndexedDB folder (every database of the origin: one LevelDB). */
  indexedDbBytes(): number
  close(): Promise<void>
}

/**
 * Bytes of the files under `dir` (0 when it does not exist). A file deleted between the listing and its size (LevelDB
 * removes its logs and tables as it compacts) counts 0: the bench once stopped there on ENOENT.
 */
function folderBytes(dir: string): number {
  if (!existsSync(dir)) return 0
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0
  }
  return total
}

async function openHarness(): Promise<Harness> {
  const server = await serveBench(join(ROOT, 'out/renderer'), join(ROOT, 'out/bench'))
  let connection: PayrollConnection | null = null
  let seen: { operation: string; status: number; startedAt: number }[] = []
  const pushes: PushCall[] = []
  let bridge: Bridge | null = null
  // The app asks main for its active profile at start-up: the demo one, on the database `paie-demo` the scenarios
  // fill. Its own connection is never used: the handlers below use the scenario's.
  const profilesDir = mkdtempSync(join(os.tmpdir(), 'paie-bench-data-'))
  const profiles = createProfileService({
    store: createProfileFileStore(profilesDir),
    keychain: createMemoryKeychain(),
    startDemo: () => Promise.resolve({ baseUrl: 'http://127.0.0.1:9', clientId: 'bench', clientSecret: 'bench' }),
  })
  await profiles.init()
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: '0.1.0', demo: true, apiBaseUrl: connection?.baseUrl ?? '', platform: 'linux' }),
    profiles,
    connection: () => connection,
    sendEvent: createEventSender((event, payload) => bridge?.emit(event, payload)),
    probeTimeoutMs: 2_000,
    settleMarginMs: 0,
  })
  const inner = createIpcDispatcher(handlers, { trustedOrigins: [server.url] })
  const dispatch: typeof inner = async (channel, input, sender) => {
    const t = performance.now()
    const r = await inner(channel, input, sender)
    if (channel === 'sync:push') pushes.push({ arrivedAt: t, answeredAt: performance.now() })
    if (process.env['BENCH_TRACE'] === '1') process.stderr.write(`ipc ${channel} ${(performance.now() - t).toFixed(0)} ms\n`)
    return r
  }
  const profile = mkdtempSync(join(os.tmpdir(), 'paie-bench-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })
  await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
  bridge = await installBridge(context, dispatch, { json: true })
  const bench = context.pages()[0] ?? (await context.newPage())
  await bench.goto(`${server.url}/__bench/`)
  await bench.waitForSelector('body[data-ready="true"]', { state: 'attached' })
  return {
    context,
    bench,
    server,
    connect(url) {
      seen = []
      const c = createPayrollConnection({
        baseUrl: url,
        clientId: DEMO_CREDENTIALS.client_id,
        clientSecret: DEMO_CREDENTIALS.client_secret,
        // 3 s: far above a loopback answer; with no settle margin (below), an `unknown` entry waits 3 s to be reconciled.
        timeoutMs: 3_000,
        onResponse: (info) => {
          seen.push({ operation: info.operation, status: info.status, startedAt: performance.now() - info.durationMs })
        },
      })
      connection = c
      return c
    },
    answers: () => seen,
    pushes: () => pushes,
    indexedDbBytes: () => folderBytes(join(profile, 'Default', 'IndexedDB')),
    async close() {
      await context.close().catch(() => undefined)
      await server.close()
      rmSync(profile, { recursive: true, force: true })
      rmSync(profilesDir, { recursive: true, force: true })
    },
  }
}

// ------------------------------------------------------------------------------------------------- one run

type RunFigures = Record<FigureKey, number>

/**
 * Posts `inputs` with the typed client alone, {@link DEFAULT_SYNC_CONCURRENCY} requests in flight (the floor of a
 * drain: no outbox, no IPC, no pre-send list). Every request must succeed.
 * @returns elapsed ms
 * @throws Error when a write fails (the floor of a broken run means nothing)
 */
async function rawClientPost(connection: PayrollConnection, inputs: readonly NewEntryInput[]): Promise<number> {
  const queue = new PQueue({ concurrency: DEFAULT_SYNC_CONCURRENCY })
  const started = performance.now()
  await Promise.all(
    inputs.map((input) =>
      queue.add(async () => {
        const write = buildWrite('evp', 'create', input.payload, null)
        await callLoose(connection.client, write.operation, write.request)
      }),
    ),
  )
  return performance.now() - started
}

/**
 * The requests of a drain per 100 ms bin from `t0` (ms), for the log: `1300 ms: w38 l w28` = 38 writes, a list, 28
 * writes started in [1300, 1400) ms. Writes are `creerEvp` answers, every other operation is `l`.
 */
function requestTrace(answers: readonly { readonly operation: string; readonly startedAt: number }[], t0: number): string {
  const bins = new Map<number, string>()
  for (const a of answers) {
    const bin = Math.floor((a.startedAt - t0) / 100)
    bins.set(bin, (bins.get(bin) ?? '') + (a.operation === 'creerEvp' ? 'w' : 'l'))
  }
  return [...bins]
    .sort((x, y) => x[0] - y[0])
    .map(
      ([bin, marks]) =>
        `${bin * 100} ms: ${marks
          .replace(/w+/g, (m) => ` w${m.length} `)
          .replace(/l/g, ' l ')
          .trim()
          .replace(/ +/g, ' ')}`,
    )
    .join('; ')
}

/**
 * Rate-limited drain (issue 7): `rateEntries` EVP drained against a sandbox child limited to `rateLimit` requests per
 * 1 s window (fixed window per client). Fills `sync.rateLimited.*`.
 */
async function measureRateLimited(
  h: Harness,
  sizes: BenchSizes,
  employees: readonly Employee[],
  log: (line: string) => void,
  notes: Set<string>,
  f: Partial<RunFigures>,
): Promise<void> {
  const limited = await startSandboxChild({ rateLimit: { limit: sizes.rateLimit, windowMs: 1000 } })
  try {
    h.connect(limited.url)
    await call(h.bench, 'reset', 'bench-rate')
    await call(h.bench, 'loadReference', 'bench-rate')
    EnqueueResult.parse(await call(h.bench, 'enqueueMany', 'bench-rate', evpInputs(employees, sizes.rateEntries, 4)))
    const before = h.answers().length
    const rate = DrainResult.parse(await call(h.bench, 'drain', 'bench-rate'))
    if ((rate.counts['synced'] ?? 0) !== sizes.rateEntries) throw new Error(`Envoi limité : ${JSON.stringify(rate.counts)}`)
    const writes = h
      .answers()
      .slice(before)
      .filter((a) => a.operation === 'creerEvp')
    const ok = writes.filter((a) => a.status < 300).map((a) => a.startedAt)
    const span = ok.length === 0 ? 0 : (Math.max(...ok) - Math.min(...ok)) / 1000
    const windows = span + 1
    const achieved = ok.length / windows
    f['sync.rateLimited.entriesPerSecond'] = sizes.rateEntries / (rate.ms / 1000)
    f['sync.rateLimited.efficiency'] = achieved / sizes.rateLimit
    // The same writes against a client paced at exactly R: (N - 1) / R seconds between its first and last write.
    f['sync.rateLimited.pacedEfficiency'] = ok.length < 2 || span === 0 ? 0 : (ok.length - 1) / sizes.rateLimit / span
    f['sync.rateLimited.responses429'] = writes.filter((a) => a.status === 429).length / Math.ceil(windows)
    // Every request of the drain counts against the window, the pre-send lists and the refused writes too
    // (docs/exactly-once.md). N writes and L other requests need W = ceil((N + L) / R) windows; the last write starts at the earliest (W - 1) windows after
    // the drain's first request, which came `lead` before the first write: the figure's best is N / (W - lead) / R.
    const requests = h.answers().slice(before)
    const others = requests.length - ok.length
    const firstRequest = Math.min(...requests.map((a) => a.startedAt))
    const lead = ok.length === 0 ? 0 : (Math.min(...ok) - firstRequest) / 1000
    const windowsNeeded = Math.ceil(requests.length / sizes.rateLimit)
    f['sync.rateLimited.otherRequests'] = others
    f['sync.rateLimited.efficiencyBound'] = ok.length / (windowsNeeded - lead) / sizes.rateLimit
    f['sync.rateLimited.ratioToBound'] = f['sync.rateLimited.efficiency'] / f['sync.rateLimited.efficiencyBound']
    if (process.env['BENCH_TRACE'] === '1')
      log(`    requests per 100 ms from the first write (w: write, l: list): ${requestTrace(requests, Math.min(...ok))}`)
    notes.add(
      `sync.rateLimited: sandbox limited to R = ${sizes.rateLimit} requests per 1 s window (fixed window per client); ${sizes.rateEntries} entries. Achieved rate = successful writes / (time from the first to the last write's start + one window), which is exactly R for a client that sends each window's writes in a burst at its start and needs no other request, and about 0.91 R for one that spreads them evenly over the window. pacedEfficiency (report) = (N - 1) / R / (time from the first to the last write's start): exactly 1 for a client that spreads N writes at R, above 1 for one that bursts. efficiencyBound (report) = the best efficiency any client can reach with the drain's requests: its ${sizes.rateEntries} writes and otherRequests (every other response the app's client got meanwhile: the pre-send lists, the writes answered 429, any other call) need W = ceil(all / R) windows, and the last write cannot start before W - 1 windows after the drain's first request; ratioToBound = efficiency / efficiencyBound. BENCH_TRACE=1 prints the drain's requests per 100 ms.`,
    )
    log(`  rate-limited R=${sizes.rateLimit}: ${achieved.toFixed(1)}/s achieved, ${writes.filter((a) => a.status === 429).length} × 429`)
  } finally {
    await limited.stop()
  }
}

/**
 * Spreadsheet import (issue 17): a CSV of `importRows` rows read by the import's worker, mapped and previewed, with the
 * longest main-thread task over all of it; then its rows queued in ONE transaction (timed apart, with its own longest
 * task: `import.queueLongestTaskMs`). Fills `import.*`.
 */
async function measureImport(
  h: Harness,
  sizes: BenchSizes,
  employees: readonly Employee[],
  log: (line: string) => void,
  f: Partial<RunFigures>,
): Promise<void> {
  await call(h.bench, 'reset', 'bench-import')
  await call(h.bench, 'loadReference', 'bench-import')
  const file = importCsv(employees, sizes.importRows)
  await call(h.bench, 'stageImport', 'variables-bench.csv', file.csv)
  const imported = ImportResult.parse(await call(h.bench, 'importStaged', 'bench-import', file.siren))
  if (imported.saved !== sizes.importRows) throw new Error(`Import : ${imported.saved} saisies sur ${sizes.importRows}`)
  f['import.readMs'] = imported.readMs
  f['import.previewMs'] = imported.previewMs
  f['import.longestTaskMs'] = imported.longestTaskMs
  f['import.queueMs'] = imported.queueMs
  f['import.queueLongestTaskMs'] = imported.queueLongestTaskMs
  log(
    `  import ${sizes.importRows}: read ${Math.round(imported.readMs)} ms, preview ${Math.round(imported.previewMs)} ms, longest task ${imported.longestTaskMs.toFixed(1)} ms (read ${imported.readLongestTaskMs.toFixed(1)}, preview ${imported.previewLongestTaskMs.toFixed(1)}; ${imported.longTasks} long tasks), queued in ${Math.round(imported.queueMs)} ms (longest task ${imported.queueLongestTaskMs.toFixed(1)} ms, ${imported.queueLongTasks} long tasks)`,
  )
}

async function oneRun(
  h: Harness,
  sizes: BenchSizes,
  employees: readonly Employee[],
  log: (line: string) => void,
  notes: Set<string>,
  profileDir: string | null,
  only: 'loopback' | 'sync' | null,
): Promise<Partial<RunFigures>> {
  const f: Partial<RunFigures> = {}
  const maybeProfiled = <T>(name: string, work: () => Promise<T>): Promise<T> =>
    profileDir === null ? work() : profiled(h.context, h.bench, profileDir, name, work)
  const plain = await startSandboxChild({ rateLimit: false })
  try {
    const connection = h.connect(plain.url)

    // 1. Grid paste through the outbox, then the raw IndexedDB floor, then entries saved one at a time.
    await call(h.bench, 'reset', 'bench-paste')
    await call(h.bench, 'loadReference', 'bench-paste')
    const pasteInputs = evpInputs(employees, sizes.paste, 0)
    // The inputs cross into the page first, in their own task: only the app's work is measured.
    await call(h.bench, 'stageInputs', pasteInputs)
    const paste = EnqueueResult.parse(await maybeProfiled('paste', () => call(h.bench, 'enqueueStaged', 'bench-paste')))
    if (paste.saved !== sizes.paste) throw new Error(`Collage : ${paste.saved} saisies enregistrées sur ${sizes.paste}`)
    const raw = z.object({ ms: z.number(), rows: z.number() }).parse(await call(h.bench, 'rawPut', 'bench-paste'))
    const rawStrict = z.object({ ms: z.number(), rows: z.number() }).parse(await call(h.bench, 'rawPut', 'bench-paste', 'strict'))
    f['enqueue.rawIdbStrictEntriesPerSecond'] = rawStrict.rows / (rawStrict.ms / 1000)
    f['enqueue.entriesPerSecond'] = paste.saved / (paste.ms / 1000)
    f['enqueue.rawIdbEntriesPerSecond'] = raw.rows / (raw.ms / 1000)
    f['enqueue.ratioToRaw'] = f['enqueue.entriesPerSecond'] / f['enqueue.rawIdbEntriesPerSecond']
    f['enqueue.longestTaskMs'] = paste.longestTaskMs
    log(
      `  paste ${sizes.paste}: ${Math.round(paste.ms)} ms, raw ${Math.round(raw.ms)} ms (strict ${Math.round(rawStrict.ms)} ms), longest task ${paste.longestTaskMs.toFixed(1)} ms (${paste.longTasks} long tasks)`,
    )

    await call(h.bench, 'reset', 'bench-singles')
    await call(h.bench, 'loadReference', 'bench-singles')
    const singles = z
      .array(z.number())
      .parse(await call(h.bench, 'enqueueSingles', 'bench-singles', evpInputs(employees, sizes.singles, 1)))
    f['enqueue.p95SingleMs'] = percentile(singles, 95)

    // 1b. Spreadsheet import (issue 17).
    await measureImport(h, sizes, employees, log, f)

    // 2. Drain of the pasted entries, no added latency.
    const drainCpu = cpuMeter()
    const drainFrom = performance.now()
    const loop = DrainResult.parse(await maybeProfiled('drain', () => call(h.bench, 'drain', 'bench-paste')))
    const loopCpu = drainCpu()
    const loopBusy = laneBusyShare(h.pushes(), drainFrom, performance.now())
    if ((loop.counts['synced'] ?? 0) !== sizes.paste) throw new Error(`Envoi : ${JSON.stringify(loop.counts)}`)
    f['sync.loopback.entriesPerSecond'] = sizes.paste / (loop.ms / 1000)
    // The floor: the same inputs posted by the typed client alone, with the app's concurrency, on a fresh sandbox.
    await fetch(`${plain.url}/__sandbox/reset`, { method: 'POST' })
    const rawCpuOf = cpuMeter()
    const rawLoopMs = await rawClientPost(connection, pasteInputs)
    const rawCpu = rawCpuOf()
    f['sync.loopback.rawClientEntriesPerSecond'] = sizes.paste / (rawLoopMs / 1000)
    f['sync.loopback.ratioToRawClient'] = f['sync.loopback.entriesPerSecond'] / f['sync.loopback.rawClientEntriesPerSecond']
    const cpuLine = `drain ${sizes.paste}: ${Math.round(loop.ms)} ms, main's push lane busy ${Math.round(loopBusy * 100)} % of it, CPU ${formatCpu(loopCpu)}; typed client alone ${Math.round(rawLoopMs)} ms, CPU ${formatCpu(rawCpu)}`
    log(`  ${cpuLine}`)
    notes.add(
      `sync.loopback, one run (CPU seconds per process from /proc: runner = main's stand-in, browser = Chromium's browser process, where IndexedDB runs): ${cpuLine}`,
    )
    if (only === 'loopback') return f

    // 3. 20 ms added per request: the app's drain, and a serial replay (one request at a time) of the same entries.
    // On a fresh sandbox, as the floor below (the reset also resets the fault switches: the latency is set after it):
    // without it, the typed client's 10 000 loopback records (about 44 per employee of the period) are still there, and
    // the app's pre-send lists read 31 pages instead of 13 (docs/performance.md, "The 20 ms case measured against the
    // floor's service").
    await fetch(`${plain.url}/__sandbox/reset`, { method: 'POST' })
    await fetch(`${plain.url}/__sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 20 }),
    })
    await call(h.bench, 'reset', 'bench-latency')
    await call(h.bench, 'loadReference', 'bench-latency')
    const latencyInputs = evpInputs(employees, sizes.latencyEntries, 2)
    EnqueueResult.parse(await call(h.bench, 'enqueueMany', 'bench-latency', latencyInputs))
    const latFrom = performance.now()
    const lat = DrainResult.parse(await call(h.bench, 'drain', 'bench-latency'))
    const latBusy = laneBusyShare(h.pushes(), latFrom, performance.now())
    if ((lat.counts['synced'] ?? 0) !== sizes.latencyEntries) throw new Error(`Envoi (latence) : ${JSON.stringify(lat.counts)}`)
    f['sync.latency20ms.entriesPerSecond'] = sizes.latencyEntries / (lat.ms / 1000)
    // Fresh sandbox (the reset also resets the fault switches: the 20 ms latency is set again).
    await fetch(`${plain.url}/__sandbox/reset`, { method: 'POST' })
    await fetch(`${plain.url}/__sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 20 }),
    })
    const rawLatMs = await rawClientPost(connection, latencyInputs)
    f['sync.latency20ms.rawClientEntriesPerSecond'] = sizes.latencyEntries / (rawLatMs / 1000)
    f['sync.latency20ms.ratioToRawClient'] = f['sync.latency20ms.entriesPerSecond'] / f['sync.latency20ms.rawClientEntriesPerSecond']
    const serialStarted = performance.now()
    for (const input of latencyInputs.slice(0, sizes.serialEntries)) {
      const write = buildWrite('evp', 'create', input.payload, null)
      await callLoose(connection.client, write.operation, write.request)
    }
    f['sync.latency20ms.serialEntriesPerSecond'] = sizes.serialEntries / ((performance.now() - serialStarted) / 1000)
    f['sync.latency20ms.ratioToSerial'] = f['sync.latency20ms.entriesPerSecond'] / f['sync.latency20ms.serialEntriesPerSecond']
    notes.add(
      `sync.latency20ms: the app drains ${sizes.latencyEntries} entries, and the typed client posts them, each on a freshly reset sandbox (the seed's records only); the serial replay (one POST at a time, the same client and entries, as Workbox background sync and ODK Collect replay) sends the first ${sizes.serialEntries} of them, to keep the run short.`,
    )
    await fetch(`${plain.url}/__sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 0 }),
    })
    log(
      `  latency 20 ms: app ${f['sync.latency20ms.entriesPerSecond'].toFixed(0)}/s (main's push lane busy ${Math.round(latBusy * 100)} %), typed client alone ${f['sync.latency20ms.rawClientEntriesPerSecond'].toFixed(0)}/s, serial ${f['sync.latency20ms.serialEntriesPerSecond'].toFixed(1)}/s`,
    )
    notes.add(
      `sync.*.rawClientEntriesPerSecond: the floor of a drain, measured in the same run against the same sandbox child (reset first, so that the service holds what it held for the app): the same inputs built into requests by the app's own write builder and posted by the typed API client in the bench's Node process, ${DEFAULT_SYNC_CONCURRENCY} requests in flight (the app's default concurrency), no outbox, no IPC, no pre-send list.`,
    )
    if (only === 'sync') return f

    // 4. Reconciliation of `unknown` entries, half of which the server already holds (commit, then the answer lost).
    // On fresh seed data: the records the earlier scenarios wrote seconds ago with the same API client, from other
    // databases (so held by no entry of this one), would rightly be doubts (docs/exactly-once.md).
    await fetch(`${plain.url}/__sandbox/reset`, { method: 'POST' })
    await call(h.bench, 'reset', 'bench-reconcile')
    await call(h.bench, 'loadReference', 'bench-reconcile')
    const reconcileInputs = evpInputs(employees, sizes.reconcile, 3)
    EnqueueResult.parse(await call(h.bench, 'enqueueMany', 'bench-reconcile', reconcileInputs))
    const lostFrom = new Date().toISOString()
    for (const input of reconcileInputs.filter((_, i) => i % 2 === 0)) {
      const write = buildWrite('evp', 'create', input.payload, null)
      await callLoose(connection.client, write.operation, write.request)
    }
    await call(h.bench, 'markUnknown', 'bench-reconcile', { from: lostFrom, to: new Date().toISOString() })
    const before = h.answers().length
    const rec = DrainResult.parse(await call(h.bench, 'drain', 'bench-reconcile'))
    if ((rec.counts['synced'] ?? 0) !== sizes.reconcile)
      throw new Error(`Rapprochement : ${JSON.stringify(rec.counts)}, à vérifier : ${JSON.stringify(rec.toCheck)}`)
    const lists = h
      .answers()
      .slice(before)
      .filter((a) => a.operation === 'listerEvp').length
    const scopes = new Set(reconcileInputs.map((i) => scopeKey(scopeOf('evp', i.payload ?? {})))).size
    f['reconcile.requests'] = lists
    f['reconcile.scopes'] = scopes
    f['reconcile.requestsPerScope'] = lists / scopes
    log(`  reconcile ${sizes.reconcile}: ${lists} list requests for ${scopes} scopes`)
  } finally {
    await plain.stop()
  }

  // 5. Rate-limited drain: R requests per 1 s window.
  await measureRateLimited(h, sizes, employees, log, notes, f)

  // 6. The queue screen of the app with `queueRows` entries in its database.
  const app = await startSandboxChild({ rateLimit: false })
  try {
    h.connect(app.url)
    const templates = await call(h.bench, 'rows', 'bench-latency', 200)
    await call(h.bench, 'reset', 'paie-demo')
    await call(h.bench, 'loadReference', 'paie-demo')
    await call(h.bench, 'seedRows', 'paie-demo', templates, sizes.queueRows, [
      'synced',
      'synced',
      'synced',
      'synced',
      'synced',
      'synced',
      'rejected',
      'draft',
      'cancelled',
    ])
    await call(h.bench, 'close')
    const page = await h.context.newPage()
    try {
      await page.goto(`${h.server.url}/#/`)
      await page.waitForSelector('[data-testid="online-indicator"]')
      await page.waitForTimeout(500)
      const first = await page.evaluate(`(async () => {
        const started = performance.now()
        location.hash = '#/queue'
        while (document.querySelector('[data-testid^="queue-row-"][data-state]') === null) await new Promise((ok) => requestAnimationFrame(ok))
        return performance.now() - started
      })()`)
      f['queueView.firstRenderMs'] = z.number().parse(first)
      const deep = await page.evaluate(`(async () => {
        const list = document.querySelector('[data-testid="queue-list"]')
        const total = Number(list.getAttribute('data-total'))
        const started = performance.now()
        list.scrollTop = list.scrollHeight
        const selector = '[data-index="' + (total - 1) + '"][data-state]'
        while (document.querySelector(selector) === null) await new Promise((ok) => requestAnimationFrame(ok))
        return performance.now() - started
      })()`)
      f['queueView.deepRowsMs'] = z.number().parse(deep)
      const counts = CountsResult.parse(await call(h.bench, 'countsAfterChange', 'paie-demo'))
      f['queueView.countsMs'] = counts.ms
      f['queueView.countsScanMs'] = counts.scanMs
      const cdp = await h.context.newCDPSession(page)
      await cdp.send('HeapProfiler.collectGarbage')
      const heap = await cdp.send('Runtime.getHeapUsage')
      f['queueView.heapMB'] = heap.usedSize / 1024 ** 2
      await cdp.detach()
      log(
        `  queue view ${sizes.queueRows}: first rows ${f['queueView.firstRenderMs'].toFixed(0)} ms, last rows ${f['queueView.deepRowsMs'].toFixed(0)} ms, heap ${f['queueView.heapMB'].toFixed(1)} MB`,
      )
    } finally {
      await page.close()
      await call(h.bench, 'close')
    }
  } finally {
    await app.stop()
  }

  const cabinetKeys: readonly string[] = CABINET_KEYS
  for (const key of FIGURE_KEYS) if (!cabinetKeys.includes(key) && typeof f[key] !== 'number') throw new Error(`Mesure manquante : ${key}`)
  return f
}

// ------------------------------------------------------------------------------------------------- the report

const LABELS: Record<FigureKey, { label: string; unit: string; target: Figure['target'] }> = {
  'enqueue.entriesPerSecond': { label: 'grid paste through the outbox (validation included)', unit: 'entries/s', target: { op: 'report' } },
  'enqueue.rawIdbEntriesPerSecond': { label: 'same rows, raw IndexedDB, one transaction', unit: 'entries/s', target: { op: 'report' } },
  'enqueue.rawIdbStrictEntriesPerSecond': {
    label: 'same rows, raw IndexedDB, one transaction, strict durability (the app’s)',
    unit: 'entries/s',
    target: { op: 'report' },
  },
  'enqueue.ratioToRaw': { label: 'outbox / raw IndexedDB', unit: '', target: { op: '>=', value: 0.7 } },
  'enqueue.p95SingleMs': { label: 'one entry saved from the form, p95', unit: 'ms', target: { op: '<=', value: 20 } },
  'enqueue.longestTaskMs': { label: 'longest main-thread task during the paste', unit: 'ms', target: { op: '<=', value: 50 } },
  'import.readMs': { label: 'spreadsheet import: file read by the worker', unit: 'ms', target: { op: 'report' } },
  'import.previewMs': { label: 'spreadsheet import: mapping and preview of every row', unit: 'ms', target: { op: 'report' } },
  'import.longestTaskMs': {
    label: 'longest main-thread task during the import’s read and preview',
    unit: 'ms',
    target: { op: '<=', value: 50 },
  },
  'import.queueMs': { label: 'spreadsheet import: every row queued in one transaction', unit: 'ms', target: { op: 'report' } },
  'import.queueLongestTaskMs': {
    label: 'longest main-thread task while the import’s rows are queued (issue 19: none above 50 ms during the import)',
    unit: 'ms',
    target: { op: '<=', value: 50 },
  },
  'sync.loopback.entriesPerSecond': {
    label: 'drain to the sandbox, no added latency',
    unit: 'entries/s',
    target: { op: '>=', value: 1500 },
  },
  'sync.loopback.rawClientEntriesPerSecond': {
    label: 'same inputs posted by the typed client alone (floor), fresh sandbox',
    unit: 'entries/s',
    target: { op: 'report' },
  },
  'sync.loopback.ratioToRawClient': {
    label: 'app drain / typed client alone, no added latency',
    unit: '',
    target: { op: '>=', value: 0.7 },
  },
  'sync.latency20ms.entriesPerSecond': { label: 'drain with 20 ms per request (app)', unit: 'entries/s', target: { op: 'report' } },
  'sync.latency20ms.rawClientEntriesPerSecond': {
    label: 'same inputs posted by the typed client alone, 20 ms per request',
    unit: 'entries/s',
    target: { op: 'report' },
  },
  'sync.latency20ms.ratioToRawClient': {
    label: 'app drain / typed client alone, 20 ms per request',
    unit: '',
    target: { op: '>=', value: 0.8 },
  },
  'sync.latency20ms.serialEntriesPerSecond': { label: 'serial replay, 20 ms per request', unit: 'entries/s', target: { op: 'report' } },
  'sync.latency20ms.ratioToSerial': { label: 'app / serial replay, 20 ms per request', unit: '×', target: { op: '>=', value: 10 } },
  'sync.rateLimited.entriesPerSecond': { label: 'drain under the rate limit (whole drain)', unit: 'entries/s', target: { op: 'report' } },
  'sync.rateLimited.efficiency': { label: 'achieved rate / R', unit: '', target: { op: '>=', value: 0.95 } },
  'sync.rateLimited.pacedEfficiency': {
    label: 'time a client paced at exactly R takes between its first and last write / the time the app took (1 = R)',
    unit: '',
    target: { op: 'report' },
  },
  'sync.rateLimited.otherRequests': {
    label:
      'responses the app’s client got during the drain other than its accepted writes (pre-send lists, writes answered 429, any other call)',
    unit: '',
    target: { op: 'report' },
  },
  'sync.rateLimited.efficiencyBound': {
    label: 'best achieved rate / R any client reaches with the drain’s writes and lists',
    unit: '',
    target: { op: 'report' },
  },
  'sync.rateLimited.ratioToBound': { label: 'efficiency / its bound', unit: '', target: { op: 'report' } },
  'sync.rateLimited.responses429': { label: '429 answers per window', unit: '', target: { op: '<=', value: 1 } },
  'reconcile.requests': { label: 'list requests to reconcile the unknown entries', unit: '', target: { op: 'report' } },
  'reconcile.scopes': { label: 'distinct employee-period-kind scopes', unit: '', target: { op: 'report' } },
  'reconcile.requestsPerScope': { label: 'list requests / scopes', unit: '', target: { op: '<=', value: 1 } },
  'queueView.firstRenderMs': { label: 'queue screen opened → first rows', unit: 'ms', target: { op: '<=', value: 300 } },
  'queueView.deepRowsMs': { label: 'scroll to the last rows → rows shown', unit: 'ms', target: { op: 'report' } },
  'queueView.countsMs': { label: 'per-state counts after a change (counts table)', unit: 'ms', target: { op: '<=', value: 50 } },
  'queueView.countsScanMs': { label: 'same counts by a scan of the outbox (comparison)', unit: 'ms', target: { op: 'report' } },
  'queueView.heapMB': { label: 'renderer JS heap, queue screen open', unit: 'MB', target: { op: '<=', value: 200 } },
  'cabinet.referenceLoadMs': { label: 'cabinet: reference cache loaded (reference:refresh)', unit: 'ms', target: { op: 'report' } },
  'cabinet.homeFirstRenderMs': {
    label: 'cabinet: home screen, navigation → first dossier row',
    unit: 'ms',
    target: { op: '<=', value: 300 },
  },
  'cabinet.homeWarmRenderMs': {
    label: 'cabinet: home screen at a later start (scripts from V8 code cache), navigation → first dossier row',
    unit: 'ms',
    target: { op: 'report' },
  },
  'cabinet.dossierSwitchMs': {
    label: 'cabinet: dossier → another dossier, rows painted (median)',
    unit: 'ms',
    target: { op: '<=', value: 200 },
  },
  'cabinet.gridFirstRenderMs': {
    label: 'cabinet: EVP grid of the biggest dossier, first cell painted',
    unit: 'ms',
    target: { op: '<=', value: 300 },
  },
  'cabinet.keystrokeP95Ms': {
    label: 'cabinet: keystroke in the grid → next frame painted, p95',
    unit: 'ms',
    target: { op: '<=', value: 16 },
  },
  'cabinet.keystrokeFloorP95Ms': {
    label: 'cabinet: the same keys in a page with one input (the frame wait alone, same run), p95',
    unit: 'ms',
    target: { op: 'report' },
  },
  'cabinet.gridPasteLongestTaskMs': {
    label: 'cabinet: longest main-thread task, grid paste of rows × 5',
    unit: 'ms',
    target: { op: '<=', value: 50 },
  },
  'cabinet.gridPasteMs': {
    label: 'cabinet: grid paste of rows × 5, paste → every cell saved or refused',
    unit: 'ms',
    target: { op: 'report' },
  },
  'cabinet.payslipListMs': {
    label: 'cabinet: payslip list of the biggest dossier, first row painted',
    unit: 'ms',
    target: { op: 'report' },
  },
  'cabinet.heapMB': { label: 'cabinet: renderer JS heap, all of it cached and shown', unit: 'MB', target: { op: '<=', value: 300 } },
  'cabinet.agedGridValuesMs': {
    label:
      'cabinet: EVP grid of the biggest dossier a year later (12 past periods of synced EVP), hash change to first cell painted with its outbox entry',
    unit: 'ms',
    target: { op: 'report' },
  },
  'cabinet.agedLongTasksMs': {
    label: 'cabinet: long tasks added up, that grid opened and one cell saved, until the reads it causes are over',
    unit: 'ms',
    target: { op: 'report' },
  },
  'cabinet.agedLongestTaskMs': {
    label: 'cabinet: longest main-thread task, that grid opened and one cell saved, until the reads it causes are over',
    unit: 'ms',
    target: { op: 'report' },
  },
}

/**
 * Runs the bench and writes `<out>/bench.json` and `<out>/bench.md`.
 * @throws Error when a scenario does not end as expected (entries not all synced…): figures of a broken run
 *   would mean nothing.
 */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const log = options.log ?? (() => undefined)
  const runs = Math.max(1, Math.floor(options.runs ?? 3))
  const quick = options.quick === true
  const chosen = quick ? QUICK_SIZES : FULL_SIZES
  // BENCH_CABINET='{"largest":400,...}': other sizes for the cabinet scenario (to study how a figure grows).
  const cabinetOverride = process.env['BENCH_CABINET']
  const sizes: BenchSizes =
    cabinetOverride === undefined || cabinetOverride === ''
      ? chosen
      : { ...chosen, cabinet: { ...chosen.cabinet, ...CabinetOverride.parse(JSON.parse(cabinetOverride)) } }
  const loadStart = os.loadavg()[0] ?? 0
  mkdirSync(options.out, { recursive: true })
  buildPages(log)
  const employees = benchEmployees(createSeedStore({ seed: SEED, today: TODAY }))
  const notes = new Set<string>([
    `Grid paste and drain: ${sizes.paste} EVP entries over ${employees.length} employees of the seed data (the employees with one open contract in their dossier's current period).`,
  ])
  const perRun: Partial<RunFigures>[] = []
  const onlyLoopback = options.onlyLoopback === true
  const onlySync = options.onlySync === true && !onlyLoopback
  const only = onlyLoopback ? 'loopback' : onlySync ? 'sync' : null
  const onlyImport = options.onlyImport === true && only === null
  const onlyRate = options.onlyRate === true && only === null && !onlyImport
  const onlyCabinet = options.onlyCabinet === true && only === null && !onlyImport && !onlyRate
  if (only === null && !onlyImport && !onlyRate)
    notes.add(
      `cabinet.*: the built app over a cabinet of ${sizes.cabinet.dossiers} dossiers and about ${sizes.cabinet.salaries} employees (the seed's four dossiers and copies of them under new SIRENs, src-sandbox/store/seed-scale.ts), the biggest of ${sizes.cabinet.largest}; the grid paste is ${sizes.cabinet.pasteRows} rows × 5 cells; keystrokes are timed from the keydown's timestamp to the frame after it.`,
    )
  // A fresh browser profile per run (docs/performance.md, "Each run in a fresh browser profile"): the origin's IndexedDB is
  // one LevelDB, and the databases a run deletes stay in it until LevelDB compacts them, so a second run in the same
  // profile measures a bigger store than the first. BENCH_SHARED_PROFILE=1 runs them all in one profile, as before.
  const shared = process.env['BENCH_SHARED_PROFILE'] === '1' ? await openHarness() : null
  try {
    for (let r = 0; r < runs; r += 1) {
      const h = shared ?? (await openHarness())
      try {
        log(`run ${r + 1}/${runs}`)
        const profileDir = options.profile === true && r === runs - 1 ? options.out : null
        let run: Partial<RunFigures> = {}
        if (onlyImport) {
          const plain = await startSandboxChild({ rateLimit: false })
          try {
            h.connect(plain.url)
            await measureImport(h, sizes, employees, log, run)
          } finally {
            await plain.stop()
          }
        } else if (onlyRate) {
          await measureRateLimited(h, sizes, employees, log, notes, run)
        } else if (!onlyCabinet) run = await oneRun(h, sizes, employees, log, notes, profileDir, only)
        const cabinet =
          only !== null || onlyImport || onlyRate
            ? {}
            : await cabinetRun(
                {
                  context: h.context,
                  bench: h.bench,
                  appUrl: h.server.url,
                  profileDir,
                  call: (fn, ...args) => call(h.bench, fn, ...args),
                  async startCabinetSandbox(scale) {
                    const child = await startSandboxChild({
                      rateLimit: false,
                      cabinetScale: { ...sizes.cabinet, ...scale, payslips: true },
                    })
                    h.connect(child.url)
                    return () => child.stop()
                  },
                },
                sizes.cabinet,
                log,
              )
        perRun.push({ ...run, ...cabinet })
        log(`  browser profile: IndexedDB folder ${(h.indexedDbBytes() / 1e6).toFixed(0)} MB at the run's end`)
      } finally {
        if (shared === null) await h.close()
      }
    }
  } finally {
    await shared?.close()
  }
  const measured = FIGURE_KEYS.filter((key) => perRun.every((run) => typeof run[key] === 'number'))
  const details = measured.map((key) =>
    figure(
      key,
      LABELS[key].label,
      LABELS[key].unit,
      LABELS[key].target,
      perRun.map((run) => run[key] ?? Number.NaN),
    ),
  )
  const machine = machineInfo(chromiumVersion(chromiumPath()), loadStart)
  const report: BenchReport = {
    generatedAt: new Date().toISOString(),
    quick,
    runs,
    sizes,
    machine,
    figures: Object.fromEntries(details.map((d) => [d.key, d.median])),
    details,
    notes: [...notes],
  }
  const conditions = [
    `${runs} run(s)${quick ? ', quick sizes (smoke run, not comparable to the targets)' : ''}${onlyLoopback ? ', grid paste and loopback drain only (--only loopback)' : ''}${onlySync ? ', grid paste, loopback and 20 ms latency drains only (--only sync)' : ''}${onlyCabinet ? ', cabinet-sized workload only (--only cabinet)' : ''}${onlyImport ? ', spreadsheet import only (--only import)' : ''}${onlyRate ? ', rate-limited drain only (--only rate)' : ''}; sizes: ${JSON.stringify(sizes)}`,
    'Chromium headless (Debian build, playwright-core), the app’s modules in a bench page on the app’s origin, window.api bridged to main’s real IPC handler table in the Node process; the sandbox in its own Node process on 127.0.0.1.',
  ]
  writeFileSync(join(options.out, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(join(options.out, 'bench.md'), renderMarkdown(details, machine, conditions, report.notes))
  return report
}

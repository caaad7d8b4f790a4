/**
 * One clerk's workstation for an end-to-end scenario: the sandbox payroll API, the REAL main-process services
 * (payroll connection, sync executor, reference refresh, IPC dispatcher) in the test process, the built renderer
 * served on 127.0.0.1 and opened in Debian's Chromium with `window.api` bridged to main's handler table.
 * The browser can be closed and reopened on the same profile; the sandbox can be stopped and restarted on its port.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { createIpcDispatcher, type IpcDispatcher } from '../../../src-main/ipc/dispatcher'
import { createEventSender } from '../../../src-main/ipc/events'
import { createIpcHandlers } from '../../../src-main/ipc/handlers'
import { configureLogFile, describeError, log } from '../../../src-main/log'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src-sandbox/server'
import { DEMO_CREDENTIALS } from '../../../src-sandbox/store/seed'
import type { SandboxStore } from '../../../src-sandbox/store/types'
import { createMemoryKeychain, type Keychain } from '../../../src-main/profiles/keychain'
import { createProfileFileStore } from '../../../src-main/profiles/profile-file'
import { createProfileService, type ProfileService } from '../../../src-main/profiles/service'
import { installBridge, type Bridge } from './bridge'
import { OPERATIONS_DIR, createOperationCounter, recordSuiteOperations, type OperationCounts } from './operations'
import { browserPid, newProfileDir, openBrowser } from './browser'
import { serveRenderer, type StaticServer } from './static-server'

export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts')
export const TODAY = '2026-11-16'
/** Main-side logs of each suite (`<suite>.log`) and the access tokens its sandboxes issued (`<suite>.tokens.json`),
 * read by the log scan (test/logscan) after the end-to-end runs. */
export const LOG_DIR = resolve(ARTIFACTS, 'logs')
const suitesStarted = new Set<string>()

/** Name of the running suite file without `.e2e.test.ts` (`offline-day`). */
function suiteName(): string {
  const path = expect.getState().testPath
  return path === undefined ? 'e2e' : basename(path).replace(/\.e2e\.test\.ts$|\.test\.ts$/, '')
}

/** Sends main-side logs to `logs/<suite>.log` (emptied at the suite's first workstation); returns the tokens file. */
function logToSuiteFile(suite: string): string {
  mkdirSync(LOG_DIR, { recursive: true })
  const logFile = resolve(LOG_DIR, `${suite}.log`)
  const tokensFile = resolve(LOG_DIR, `${suite}.tokens.json`)
  if (!suitesStarted.has(suite)) {
    suitesStarted.add(suite)
    rmSync(logFile, { force: true })
    rmSync(tokensFile, { force: true })
  }
  configureLogFile(logFile)
  return tokensFile
}

/** Adds `tokens` to the suite's list of issued access tokens. */
function recordTokens(tokensFile: string, tokens: readonly string[]): void {
  const known = existsSync(tokensFile) ? (JSON.parse(readFileSync(tokensFile, 'utf8')) as string[]) : []
  writeFileSync(tokensFile, JSON.stringify([...new Set([...known, ...tokens])]))
}

/** What the fake Electron shell and dialog received (downloads of DSN summaries). */
export interface ShellRecorder {
  /** Paths passed to shell.openPath, in order. */
  readonly opened: string[]
  /** Paths passed to shell.showItemInFolder, in order. */
  readonly shown: string[]
  /** Folder the next "choose a folder" dialog answers (null: the clerk closes it). */
  nextPick: string | null
}

export interface Workstation {
  readonly sandboxUrl: string
  /** Temporary folder standing for the clerk's Downloads (app.getPath('downloads')). */
  readonly downloadsDir: string
  /** Temporary data folder of main (app.getPath('userData')): the registry of written summaries. */
  readonly dataDir: string
  /** Recording fakes of shell.openPath / showItemInFolder and the folder dialog. */
  readonly shell: ShellRecorder
  /** The sandbox data (the same object across a restart: the store is kept in memory by the harness). */
  readonly store: SandboxStore
  /** Main's profile service (profiles file in a temporary folder; demo = the harness sandbox). */
  readonly profiles: ProfileService
  /** The keychain stand-in the profile service uses (in memory unless one was passed). */
  readonly keychain: Keychain
  /** Every IPC answer and event payload sent to the page, serialised as JSON, in order. */
  readonly ipcTraffic: string[]
  /** Answers main's connections received so far, per operation id of the endpoint table. */
  operationCounts(): OperationCounts
  /**
   * Accepted answers (status 2xx) main's connections received so far, per operation id: how many times the service
   * applied a write, where a refusal before processing (a 401 once the restarted sandbox forgot the token) and its
   * resend must count once.
   */
  acceptedOperationCounts(): OperationCounts
  /** Every access token main's connections received (read from the token answers), to look for leaks. */
  readonly issuedTokens: string[]
  sandbox: RunningSandbox | null
  page: Page
  context: BrowserContext
  /** Stops the sandbox: requests fail with "connection refused", as when the clerk has no network. */
  stopSandbox(): Promise<void>
  /** Starts the sandbox again on the same port with the same data. */
  restartSandbox(): Promise<void>
  /** Chromium's profile folder (kept across closeBrowser / killBrowser and reopenBrowser; deleted by close). */
  readonly profileDir: string
  /** Closes Chromium (the profile folder, hence IndexedDB, is kept). */
  closeBrowser(): Promise<void>
  /**
   * Kills Chromium's browser process with SIGKILL: no clean shutdown, nothing flushed on the way out (as when the app
   * crashes or is killed). Resolves once Playwright saw the browser go. @returns the pid killed
   */
  killBrowser(): Promise<number>
  /** Opens Chromium again on the same profile and loads the app. */
  reopenBrowser(): Promise<Page>
  screenshot(name: string): Promise<string>
  /**
   * Records the suite's operations and tokens (artifacts/, for the reports and the log scan), closes Chromium, the
   * sandbox and the renderer's server, then deletes the workstation's temporary folders (profile, data, files).
   */
  close(): Promise<void>
}

/** Opens the app at `hash` and waits until Vue has mounted. */
async function openApp(context: BrowserContext, url: string, hash = '#/'): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage())
  // The clerk answers "yes" to "leave the grid with cells not saved?": scenarios navigate on purpose.
  page.on('dialog', (dialog) => {
    void dialog.accept()
  })
  await page.goto(`${url}/${hash}`)
  await page.waitForSelector('[data-testid="online-indicator"]')
  return page
}

/** A sandbox the scenario runs itself (e.g. a child process it kills and restarts): its URL and its data at start. */
export interface ExternalSandbox {
  readonly url: string
  readonly store: SandboxStore
}

/**
 * Starts a workstation with the default sandbox and fills its reference cache as a clerk's first start does (the
 * home's « Actualiser »), until `dossierRow` is shown (default: any dossier's row).
 * @returns the workstation and the app's address without its hash (`base + '#/…'` opens a screen)
 */
export async function startWithReference(dossierRow = '[data-testid^="dossier-row-"]'): Promise<{ ws: Workstation; base: string }> {
  const ws = await startWorkstation()
  const base = ws.page.url().split('#')[0] ?? ''
  await ws.page.click('[data-testid="refresh-reference"]')
  await ws.page.waitForSelector(dossierRow, { timeout: 60_000 })
  return { ws, base }
}

/**
 * Starts a workstation. `sandbox` options are merged over { seed: 1, today: TODAY, rateLimit: false }; with
 * `external`, no sandbox is started (ws.sandbox stays null; stop/restart are the scenario's business).
 */
export async function startWorkstation(
  options: {
    sandbox?: SandboxOptions
    credentials?: { client_id: string; client_secret: string }
    external?: ExternalSandbox
    keychain?: Keychain
  } = {},
): Promise<Workstation> {
  mkdirSync(ARTIFACTS, { recursive: true })
  const suite = suiteName()
  const tokensFile = logToSuiteFile(suite)
  const sandboxOptions: SandboxOptions = { seed: 1, today: TODAY, rateLimit: false, logger: log, ...options.sandbox }
  let sandbox: RunningSandbox | null = null
  let origin: ExternalSandbox
  if (options.external === undefined) {
    sandbox = await startSandbox(sandboxOptions)
    origin = sandbox
  } else {
    origin = options.external
  }
  const port = Number(new URL(origin.url).port)
  const store = origin.store
  const sandboxUrl = origin.url
  const credentials = options.credentials ?? DEMO_CREDENTIALS
  const keychain = options.keychain ?? createMemoryKeychain()
  const issuedTokens: string[] = []
  // Answers main's own client received, by operation (artifacts/operations.json); the tests' clients are not counted.
  const operations = createOperationCounter()
  /** Main's fetch, noting the access token of every token answer (a copy of the body; the client reads the original). */
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    const url = input instanceof Request ? input.url : String(input)
    if (url.endsWith('/api/auth/token') && response.ok) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null)
      if (typeof body === 'object' && body !== null && 'access_token' in body && typeof body.access_token === 'string')
        issuedTokens.push(body.access_token)
    }
    return response
  }
  // Main's profile service, as in the app: a first start has no profile, so the demo profile is active; its
  // "embedded sandbox" is the harness's sandbox (same URL across a restart).
  const profilesDir = mkdtempSync(join(tmpdir(), 'paie-e2e-data-'))
  const profiles = createProfileService({
    store: createProfileFileStore(profilesDir),
    keychain,
    startDemo: () => Promise.resolve({ baseUrl: sandboxUrl, clientId: credentials.client_id, clientSecret: credentials.client_secret }),
    connectionOptions: { timeoutMs: 5_000, fetch: recordingFetch, onResponse: operations.observe },
  })
  await profiles.init()
  const server: StaticServer = await serveRenderer(resolve(import.meta.dirname, '../../../out/renderer'))
  let bridge: Bridge | null = null
  const ipcTraffic: string[] = []
  const filesRoot = mkdtempSync(join(tmpdir(), 'paie-e2e-files-'))
  const downloadsDir = join(filesRoot, 'Téléchargements')
  const dataDir = join(filesRoot, 'donnees')
  const shell: ShellRecorder = { opened: [], shown: [], nextPick: null }
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: '0.1.0', demo: profiles.active().demo, apiBaseUrl: profiles.active().baseUrl, platform: 'linux' }),
    profiles,
    connection: () => profiles.connection(),
    connectionProblem: () => profiles.active().probleme,
    sendEvent: createEventSender((event, payload) => {
      ipcTraffic.push(JSON.stringify({ event, payload }))
      bridge?.emit(event, payload)
    }),
    probeTimeoutMs: 1_000,
    // Unknown entries are reconciled 5 s (the request timeout) + 1 s after their last write, not 35 s: the suites
    // wait for it (the settle rule itself: test/integration/exactly-once.test.ts, docs/exactly-once.md).
    settleMarginMs: 1_000,
    downloads: {
      downloadsDir: () => downloadsDir,
      dataDir: () => dataDir,
      openPath: (path) => {
        shell.opened.push(path)
        return Promise.resolve('')
      },
      showItemInFolder: (path) => {
        shell.shown.push(path)
      },
      pickFolder: () => Promise.resolve(shell.nextPick),
    },
  })
  const served = createIpcDispatcher(handlers, {
    trustedOrigins: [server.url],
    onFailure: (failure) => {
      log.warn('IPC : demande non aboutie', {
        channel: failure.channel,
        code: failure.code,
        cause: failure.cause === undefined ? null : describeError(failure.cause),
      })
    },
  })
  const dispatch: IpcDispatcher = async (channel, input, sender) => {
    const result = await served(channel, input, sender)
    ipcTraffic.push(JSON.stringify({ channel, result }))
    return result
  }
  const profile = newProfileDir()

  async function launch(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await openBrowser(profile)
    // esbuild's keepNames helper, referenced by functions serialised into the page.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
    bridge = await installBridge(context, dispatch)
    return { context, page: await openApp(context, server.url) }
  }
  const first = await launch()

  const ws: Workstation = {
    sandboxUrl,
    downloadsDir,
    dataDir,
    shell,
    store,
    profiles,
    keychain,
    ipcTraffic,
    operationCounts: () => operations.counts(),
    acceptedOperationCounts: () => operations.accepted(),
    issuedTokens,
    sandbox,
    page: first.page,
    context: first.context,
    async stopSandbox() {
      if (sandbox !== null) recordTokens(tokensFile, sandbox.issuedTokens())
      await sandbox?.close()
      sandbox = null
      ws.sandbox = null
    },
    async restartSandbox() {
      sandbox = await startSandbox({ ...sandboxOptions, port, initialStore: store })
      ws.sandbox = sandbox
    },
    profileDir: profile,
    async closeBrowser() {
      await ws.context.close()
    },
    async killBrowser() {
      const pid = browserPid(profile)
      const context = ws.context
      const gone = new Promise<void>((resolveGone) => {
        context.once('close', () => {
          resolveGone()
        })
      })
      process.kill(pid, 'SIGKILL')
      await gone
      return pid
    },
    async reopenBrowser() {
      const next = await launch()
      ws.context = next.context
      ws.page = next.page
      return next.page
    },
    async screenshot(name) {
      const path = resolve(ARTIFACTS, `${name}.png`)
      await ws.page.screenshot({ path, fullPage: false })
      return path
    },
    async close() {
      recordSuiteOperations(OPERATIONS_DIR, suite, operations.counts())
      await ws.context.close().catch(() => undefined)
      // Tokens of every service main talked to (a scenario's other sandboxes too), for the log scan.
      recordTokens(tokensFile, [...issuedTokens, ...(sandbox === null ? [] : sandbox.issuedTokens())])
      await sandbox?.close()
      await server.close()
      // Last: Chromium writes its profile until its process is gone, and main's services write the data and files
      // folders while they serve. Nothing read later lives here (logs, tokens and operations are under artifacts/).
      // Retries: a Chromium helper process may still be closing a file of the profile as the browser exits.
      for (const dir of [profile, profilesDir, filesRoot]) rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
    },
  }
  return ws
}

/**
 * One clerk's workstation for an end-to-end scenario: the sandbox payroll API, the REAL main-process services
 * (payroll connection, sync executor, reference refresh, IPC dispatcher) in the test process, the built renderer
 * served on 127.0.0.1 and opened in Debian's Chromium with `window.api` bridged to main's handler table.
 * The browser can be closed and reopened on the same profile; the sandbox can be stopped and restarted on its port.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { createIpcDispatcher } from '../../../src-main/ipc/dispatcher'
import { createEventSender } from '../../../src-main/ipc/events'
import { createIpcHandlers } from '../../../src-main/ipc/handlers'
import { configureLogFile, describeError, log } from '../../../src-main/log'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src-main/sandbox/server'
import { DEMO_CREDENTIALS } from '../../../src-main/sandbox/store/seed'
import type { SandboxStore } from '../../../src-main/sandbox/store/types'
import { createPayrollConnection, type PayrollConnection } from '../../../src-main/services/connection'
import { installBridge, type Bridge } from './bridge'
import { newProfileDir, openBrowser } from './browser'
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

export interface Workstation {
  readonly sandboxUrl: string
  /** The sandbox data (the same object across a restart: the store is kept in memory by the harness). */
  readonly store: SandboxStore
  sandbox: RunningSandbox | null
  page: Page
  context: BrowserContext
  /** Stops the sandbox: requests fail with "connection refused", as when the clerk has no network. */
  stopSandbox(): Promise<void>
  /** Starts the sandbox again on the same port with the same data. */
  restartSandbox(): Promise<void>
  /** Closes Chromium (the profile folder, hence IndexedDB, is kept). */
  closeBrowser(): Promise<void>
  /** Opens Chromium again on the same profile and loads the app. */
  reopenBrowser(): Promise<Page>
  screenshot(name: string): Promise<string>
  close(): Promise<void>
}

/** Opens the app at `hash` and waits until Vue has mounted. */
async function openApp(context: BrowserContext, url: string, hash = '#/'): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage())
  // The clerk answers "yes" to "leave the grid with cells not saved?": scenarios navigate on purpose.
  page.on('dialog', (dialog) => { void dialog.accept() })
  await page.goto(`${url}/${hash}`)
  await page.waitForSelector('[data-testid="online-indicator"]')
  return page
}

/** Starts a workstation. `sandbox` options are merged over { seed: 1, today: TODAY, rateLimit: false }. */
export async function startWorkstation(options: { sandbox?: SandboxOptions; credentials?: { client_id: string; client_secret: string } } = {}): Promise<Workstation> {
  mkdirSync(ARTIFACTS, { recursive: true })
  const tokensFile = logToSuiteFile(suiteName())
  const sandboxOptions: SandboxOptions = { seed: 1, today: TODAY, rateLimit: false, logger: log, ...options.sandbox }
  let sandbox: RunningSandbox | null = await startSandbox(sandboxOptions)
  const port = sandbox.port
  const store = sandbox.store
  const sandboxUrl = sandbox.url
  const credentials = options.credentials ?? DEMO_CREDENTIALS
  const connection: PayrollConnection = createPayrollConnection({ baseUrl: sandboxUrl, clientId: credentials.client_id, clientSecret: credentials.client_secret, timeoutMs: 5_000 })
  const server: StaticServer = await serveRenderer(resolve(import.meta.dirname, '../../../out/renderer'))
  let bridge: Bridge | null = null
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: '0.1.0', demo: true, apiBaseUrl: sandboxUrl, platform: 'linux' }),
    connection: () => connection,
    sendEvent: createEventSender((event, payload) => bridge?.emit(event, payload)),
    probeTimeoutMs: 1_000,
  })
  const dispatch = createIpcDispatcher(handlers, {
    trustedOrigins: [server.url],
    onFailure: (failure) => {
      log.warn('IPC : demande non aboutie', { channel: failure.channel, code: failure.code, cause: failure.cause === undefined ? null : describeError(failure.cause) })
    },
  })
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
    store,
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
    async closeBrowser() {
      await ws.context.close()
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
      await ws.context.close().catch(() => undefined)
      if (sandbox !== null) recordTokens(tokensFile, sandbox.issuedTokens())
      await sandbox?.close()
      await server.close()
    },
  }
  return ws
}

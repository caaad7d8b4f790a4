/**
 * The set-up shared by main's handler tests that serve IPC channels through the dispatcher against a real sandbox
 * (test/main/cabinet, declarations, people): a sandbox and a temporary folder per test, the handler table wired as
 * the app wires it (demo app info, a test profile service, a connection to the sandbox), Electron's download pieces
 * replaced by recording fakes, and the readers of an IPC answer (`ok`, `refused`).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'

import { createIpcDispatcher, type IpcSender } from '../../src-main/ipc/dispatcher'
import { createEventSender } from '../../src-main/ipc/events'
import { createIpcHandlers } from '../../src-main/ipc/handlers'
import type { DownloadDeps } from '../../src-main/ipc/handlers/declarations'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { DownloadJobProgress } from '../../src-shared/domain/declarations'
import { connect, startTestSandbox } from '../main/sync/helpers'
import { testProfileService } from './profiles'

/** The app's main frame, the only sender the dispatcher serves. */
export const MAIN_FRAME: IpcSender = { url: 'app://paie/index.html#/', isMainFrame: true }

/** The sandbox and temporary folder of the running test (read them inside a test or hook, never at import). */
export interface SandboxPerTest {
  readonly sandbox: RunningSandbox
  /** A new empty folder for this test (Downloads, data), deleted after it. */
  readonly root: string
  /**
   * Stops the sandbox before the test ends (the service gone: a connection to it is offline); `sandbox` still names
   * it and the folder stays until after the test.
   */
  closeSandbox(): Promise<void>
}

/**
 * Starts a sandbox (seed 7, no rate limit) and makes a temporary folder named `prefix…` before each test of the file,
 * and closes and deletes them after it.
 */
export function sandboxPerTest(prefix = 'paie-ipc-'): SandboxPerTest {
  let sandbox: RunningSandbox | null = null
  let root: string | null = null
  let closed = false
  beforeEach(async () => {
    closed = false
    sandbox = await startTestSandbox()
    root = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    if (!closed) await sandbox?.close()
    if (root !== null) await rm(root, { recursive: true, force: true })
    sandbox = null
    root = null
  })
  return {
    get sandbox(): RunningSandbox {
      if (sandbox === null) throw new Error('sandbox not started: read it inside a test')
      return sandbox
    },
    get root(): string {
      if (root === null) throw new Error('folder not made: read it inside a test')
      return root
    },
    async closeSandbox(): Promise<void> {
      if (sandbox === null || closed) return
      closed = true
      await sandbox.close()
    },
  }
}

/** A dispatch function as the renderer calls main: channel and raw input, from the main frame. */
export type Dispatch = (channel: string, input: unknown) => Promise<unknown>

/** The download pieces of Electron replaced by fakes under `root`, with what main asked them. */
export interface RecordingDownloads {
  readonly deps: DownloadDeps
  /** Every `downloads:changed` event sent. */
  readonly events: DownloadJobProgress[]
  /** Paths main asked the system to open. */
  readonly opened: string[]
  /** Paths main asked the system to show in their folder. */
  readonly shown: string[]
}

/** Downloads in `root/Téléchargements`, data in `root/data`; `picked` is the folder the dialog answers (null: closed). */
export function recordingDownloads(root: string, options: { picked?: string | null; concurrency?: number } = {}): RecordingDownloads {
  const events: DownloadJobProgress[] = []
  const opened: string[] = []
  const shown: string[] = []
  const deps: DownloadDeps = {
    downloadsDir: () => join(root, 'Téléchargements'),
    dataDir: () => join(root, 'data'),
    openPath: (path) => {
      opened.push(path)
      return Promise.resolve('')
    },
    showItemInFolder: (path) => {
      shown.push(path)
    },
    pickFolder: () => Promise.resolve(options.picked ?? null),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  }
  return { deps, events, opened, shown }
}

/**
 * Every channel served through the dispatcher against `sandbox` for the seed client `clientId` (default: the demo
 * clerk); `downloads` gives the download fakes (their events are recorded). Returns the dispatch and the connection's
 * log of answers (`count`).
 */
export function serveSandbox(
  sandbox: RunningSandbox,
  options: { clientId?: string; downloads?: RecordingDownloads } = {},
): { dispatch: Dispatch; count: ReturnType<typeof connect>['count'] } {
  const { connection, count } = connect(sandbox, options.clientId)
  const recorded = options.downloads
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: '0.1.0', demo: true, apiBaseUrl: '', platform: 'linux' }),
    profiles: testProfileService(),
    connection: () => connection,
    sendEvent: createEventSender((event, payload) => {
      if (event === 'downloads:changed') recorded?.events.push(payload as DownloadJobProgress)
    }),
    ...(recorded === undefined ? {} : { downloads: recorded.deps }),
  })
  const dispatcher = createIpcDispatcher(handlers, { trustedOrigins: ['app://paie'] })
  return { dispatch: (channel, input) => dispatcher(channel, input, MAIN_FRAME), count }
}

/** {@link serveSandbox} of the test's sandbox with download fakes in its folder: the dispatch and what was recorded. */
export function serveWithDownloads(
  env: SandboxPerTest,
  options: { picked?: string | null; concurrency?: number } = {},
): RecordingDownloads & ReturnType<typeof serveSandbox> {
  const downloads = recordingDownloads(env.root, options)
  return { ...downloads, ...serveSandbox(env.sandbox, { downloads }) }
}

/** The value of a successful IPC answer. @throws Error naming the error when the answer is a failure. */
export async function ok<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown }
  if (!result.ok) throw new Error(`réponse en échec : ${JSON.stringify(result.error)}`)
  return result.value as T
}

/** The error of a failed IPC answer (code, message, params, details). @throws Error when the answer succeeded. */
export async function refused(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; params?: Record<string, unknown>; details?: { droitManquant?: string } }> {
  const result = (await promise) as { ok: boolean; error?: { code: string; message: string; params?: Record<string, unknown> } }
  if (result.ok || result.error === undefined) throw new Error('refus attendu')
  return result.error
}

/** The last progress of download job `jobId` once finished (polls `events` every 25 ms, 10 s at most). */
export async function finished(events: readonly DownloadJobProgress[], jobId: string): Promise<DownloadJobProgress> {
  for (let i = 0; i < 400; i += 1) {
    const last = events.filter((e) => e.jobId === jobId).at(-1)
    if (last?.finished === true) return last
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('job non terminé')
}

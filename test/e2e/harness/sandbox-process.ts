/**
 * The sandbox payroll API as a real child process (`node --import tsx src-sandbox/cli.ts`) keeping its store
 * in a file, so a scenario can kill it (SIGKILL: no goodbye, as a crash) and start it again on the same port and
 * file. Fault switches are set through its loopback admin routes. No rate limit (as the in-process harness): the
 * suite measures faults, not the 100 requests/s window.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import type { FaultSettings } from '../../../src-sandbox/faults'
import { loadStoreFile } from '../../../src-sandbox/store/persist'
import type { SandboxStore } from '../../../src-sandbox/store/types'

const ROOT = resolve(import.meta.dirname, '../../..')

export interface SandboxProcess {
  readonly url: string
  readonly storeFile: string
  /** The data as the file holds it now (snapshot + journal). @throws Error when the file is missing. */
  readStore(): SandboxStore
  setFaults(patch: Partial<FaultSettings>): Promise<void>
  expireTokens(): Promise<void>
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>
  /** Starts the process again on the same port and file; resolves once it answers /api/health. */
  restart(): Promise<void>
  /** SIGKILL, then deletes the store file's temporary folder (readStore fails afterwards). */
  close(): Promise<void>
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => {
        ok(port)
      })
    })
  })
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Bac à sable arrêté au démarrage (code ${child.exitCode}) : ${output()}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 100))
  }
  throw new Error(`Bac à sable muet après 30 s : ${output()}`)
}

/** Starts the sandbox process with `seed` and `today`, its store in a new temporary folder. */
export async function startSandboxProcess(options: { seed: number; today: string }): Promise<SandboxProcess> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const storeFile = join(mkdtempSync(join(tmpdir(), 'paie-chaos-store-')), 'store.json')
  let child: ChildProcess | null = null
  let output = ''

  async function launch(): Promise<void> {
    output = ''
    const args = [
      '--import',
      'tsx',
      'src-sandbox/cli.ts',
      '--port',
      String(port),
      '--seed',
      String(options.seed),
      '--today',
      options.today,
      '--store-file',
      storeFile,
      '--no-rate-limit',
    ]
    const started = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    started.stdout.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-4000)
    })
    started.stderr.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-4000)
    })
    child = started
    await waitHealthy(url, started, () => output)
  }

  async function admin(method: string, path: string, body?: unknown): Promise<void> {
    const res = await fetch(`${url}/__sandbox/${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
    if (!res.ok) throw new Error(`Administration du bac à sable refusée : ${res.status} ${await res.text()}`)
  }

  async function kill(): Promise<void> {
    const running = child
    child = null
    if (running === null || running.exitCode !== null) return
    await new Promise<void>((ok) => {
      running.once('exit', () => {
        ok()
      })
      running.kill('SIGKILL')
    })
  }

  await launch()
  return {
    url,
    storeFile,
    readStore() {
      const store = loadStoreFile(storeFile)
      if (store === null) throw new Error(`Fichier du bac à sable absent : ${storeFile}`)
      return store
    },
    setFaults: (patch) => admin('PUT', 'faults', patch),
    expireTokens: () => admin('POST', 'expire-tokens'),
    kill,
    restart: launch,
    async close() {
      // After the exit: the process writes its journal there until then.
      await kill()
      rmSync(dirname(storeFile), { recursive: true, force: true })
    },
  }
}

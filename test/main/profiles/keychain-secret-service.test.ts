/**
 * The keychain on a REAL Secret Service (Linux): each operation runs in a new process inside
 * `dbus-run-session` with gnome-keyring-daemon started and unlocked on a keyring folder of this test
 * (XDG_DATA_HOME), so a later run is a restart of D-Bus, of the keyring daemon and of our services, and reads only
 * what gnome-keyring wrote to disk. Needs `gnome-keyring`, `dbus` and `libsecret-1-0` (.ci/run installs them).
 *
 * Shows: save, read (after a restart of the services), delete (sign-out and removal); a wrong secret leaves nothing
 * in the keychain nor in the profiles file; with no Secret Service the save is refused in French and nothing is stored.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RunningSandbox } from '../../../src-sandbox/server'
import { SEED_CLIENTS } from '../../../src-sandbox/store/seed'
import { startTestSandbox } from '../sync/helpers'

const run = promisify(execFile)
const CHILD = resolve(import.meta.dirname, 'fixtures/keychain-child.ts')
const RESTRICTED = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-restreint')
if (RESTRICTED === undefined) throw new Error('client restreint absent du jeu de données')
const SERVICE = `paie-hors-ligne-test-${String(process.pid)}`

interface ChildAnswer {
  ok: boolean
  value?: unknown
  code?: string
  message?: string
}

let sandbox: RunningSandbox
const keyringHome = mkdtempSync(join(tmpdir(), 'paie-keyring-'))
/** Profile folders made by {@link newDataDir}, deleted with the keyring folder after the last test. */
const dataDirs: string[] = []

/** Runs one operation in a new process; `secretService: false` runs it with no D-Bus session at all. */
async function child(command: Record<string, unknown>, dataDir: string, secretService = true): Promise<ChildAnswer> {
  const nodeCommand = [process.execPath, '--import', 'tsx', CHILD, JSON.stringify({ service: SERVICE, dataDir, ...command })]
  const quoted = nodeCommand.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')
  const env = { ...process.env, XDG_DATA_HOME: keyringHome }
  const { stdout } = secretService
    ? await run(
        'dbus-run-session',
        ['--', 'bash', '-c', `eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)"; ${quoted}`],
        { env, timeout: 60_000 },
      )
    : await run(nodeCommand[0] ?? 'node', nodeCommand.slice(1), {
        env: { ...env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paie-bus' },
        timeout: 60_000,
      })
  const last = stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(last) as ChildAnswer
}

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paie-profiles-'))
  dataDirs.push(dir)
  return dir
}

function input(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nom: 'Cabinet Lefèvre',
    baseUrl: sandbox.url,
    clientId: RESTRICTED?.client_id,
    clientSecret: RESTRICTED?.client_secret,
    ...overrides,
  }
}

beforeAll(async () => {
  sandbox = await startTestSandbox()
})

afterAll(async () => {
  await sandbox.close()
  // Each operation awaited its process and D-Bus session (gnome-keyring leaves with its bus): nothing writes there now.
  for (const dir of [keyringHome, ...dataDirs.splice(0)]) rmSync(dir, { recursive: true, force: true })
})

describe('keychain on a real Secret Service (gnome-keyring under dbus-run-session)', () => {
  it(
    'saves a secret, reads it back after a restart of D-Bus, the keyring and our services, then deletes it',
    { timeout: 120_000 },
    async () => {
      const dataDir = newDataDir()

      const saved = await child({ op: 'save', input: input() }, dataDir)
      expect(saved).toMatchObject({ ok: true, value: { secret: 'enregistre' } })
      const id = (saved.value as { id: string }).id
      expect(JSON.stringify(saved)).not.toContain(RESTRICTED.client_secret)

      // New D-Bus session, new gnome-keyring-daemon, new process: the credentials are still there and work.
      expect(await child({ op: 'read', id }, dataDir)).toEqual({ ok: true, value: { present: true } })
      const activated = await child({ op: 'activate', id }, dataDir)
      expect(activated).toMatchObject({ ok: true, value: { active: { id, probleme: null }, matricule: 'GP003' } })

      const signedOut = await child({ op: 'signOut', id }, dataDir)
      expect(signedOut).toMatchObject({ ok: true })
      expect(await child({ op: 'read', id }, dataDir)).toEqual({ ok: true, value: { present: false } })
      const list = await child({ op: 'list' }, dataDir)
      expect((list.value as { profils: { id: string; secret: string }[] }).profils.find((p) => p.id === id)?.secret).toBe('absent')
    },
  )

  it('removing a profile deletes its keychain entry', { timeout: 120_000 }, async () => {
    const dataDir = newDataDir()
    const saved = await child({ op: 'save', input: input({ nom: 'À supprimer' }) }, dataDir)
    const id = (saved.value as { id: string }).id

    expect(await child({ op: 'remove', id }, dataDir)).toMatchObject({ ok: true, value: { profils: [{ id: 'demo' }] } })
    expect(await child({ op: 'read', id }, dataDir)).toEqual({ ok: true, value: { present: false } })
  })

  it('a wrong secret is refused clearly and leaves nothing in the keychain nor on disk', { timeout: 120_000 }, async () => {
    const dataDir = newDataDir()
    const before = await child({ op: 'count' }, dataDir)

    const refused = await child({ op: 'save', input: input({ clientSecret: 'mauvais-secret' }) }, dataDir)

    expect(refused).toMatchObject({ ok: false, code: 'IDENTIFIANTS_REFUSES' })
    expect(refused).toMatchObject({ params: { suite: 'RIEN_ENREGISTRE' } })
    expect(await child({ op: 'count' }, dataDir)).toEqual(before)
    expect(readdirSync(dataDir)).toEqual([])
    const list = await child({ op: 'list' }, dataDir)
    expect((list.value as { profils: unknown[] }).profils).toHaveLength(1)
  })

  it(
    'with no Secret Service, refuses with COFFRE_INDISPONIBLE and stores nothing (no fallback to another store)',
    { timeout: 120_000 },
    async () => {
      const dataDir = newDataDir()

      const refused = await child({ op: 'save', input: input() }, dataDir, false)

      expect(refused).toMatchObject({ ok: false, code: 'COFFRE_INDISPONIBLE' })
      expect(refused.message).toMatch(/keychain unavailable.*nothing stored elsewhere/)
      expect(readdirSync(dataDir)).toEqual([])
    },
  )
})

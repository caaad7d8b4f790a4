/**
 * A real profile service for tests: profiles file in a new temporary folder, secrets in memory, and the demo
 * profile connected to `demo` (a running sandbox) when given. The folders are deleted after the test file's last test.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

import { createMemoryKeychain } from '../../src-main/profiles/keychain'
import { createProfileFileStore } from '../../src-main/profiles/profile-file'
import { createProfileService, type DemoEndpoint, type ProfileService, type ProfileServiceDeps } from '../../src-main/profiles/service'

/** Folders made by {@link tempDataDir} for the running test file. */
const made: string[] = []

// Registered on the file that imports this module (each test file evaluates its own copy), before that file's own
// hooks: after hooks run in reverse order, so the folders go after the file has closed what still writes there.
// After the file rather than after each test: services are also made in beforeAll and used by every test.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A new folder under the OS temporary folder, deleted after the test file's last test. */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paie-test-data-'))
  made.push(dir)
  return dir
}

/**
 * Profile service on a temporary folder and an in-memory keychain. Without `demo`, starting the demo fails (the
 * demo profile then reports its problem).
 */
export function testProfileService(
  demo?: DemoEndpoint,
  overrides: Partial<ProfileServiceDeps> = {},
): ProfileService & { readonly keychain: ReturnType<typeof createMemoryKeychain>; readonly dataDir: string } {
  const dataDir = tempDataDir()
  const keychain = createMemoryKeychain()
  const service = createProfileService({
    store: createProfileFileStore(dataDir),
    keychain,
    startDemo: () => (demo === undefined ? Promise.reject(new Error('pas de démo dans ce test')) : Promise.resolve(demo)),
    testTimeoutMs: 2_000,
    ...overrides,
  })
  return Object.assign(service, { keychain, dataDir })
}

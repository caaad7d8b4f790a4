/**
 * A real profile service for tests: profiles file in a new temporary folder, secrets in memory, and the demo
 * profile connected to `demo` (a running sandbox) when given.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { createMemoryKeychain } from '../../src-main/profiles/keychain'
import { createProfileFileStore } from '../../src-main/profiles/profile-file'
import { createProfileService, type DemoEndpoint, type ProfileService, type ProfileServiceDeps } from '../../src-main/profiles/service'

/** A new folder under the OS temporary folder. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'paie-test-data-'))
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

/**
 * The keychain: where main keeps each profile's API client secret, in the operating system's own through
 * `@napi-rs/keyring` (macOS Keychain, Windows Credential Manager, Linux Secret Service).
 *
 * On Linux the Secret Service is required explicitly (`linux.store: 'secret-service'`): when none answers the
 * library must not fall back to the kernel keyring (lost at reboot) and we never fall back to a file. Every
 * failure of the keychain becomes a {@link KeychainUnavailableError} (code COFFRE_INDISPONIBLE, worded by the renderer);
 * nothing is stored.
 * Secrets are never logged, never returned to the renderer.
 */
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring'

/** Keychain service name under which every secret of the app is stored (one account per profile id). */
export const KEYCHAIN_SERVICE = 'paie-hors-ligne'

/** Code of {@link KeychainUnavailableError}, as answered over IPC. */
export const KEYCHAIN_UNAVAILABLE = 'COFFRE_INDISPONIBLE'

/** The keychain does not answer (no Secret Service on Linux, locked keychain, denied access…). */
export class KeychainUnavailableError extends Error {
  readonly code = KEYCHAIN_UNAVAILABLE

  constructor(options?: ErrorOptions) {
    super(
      'system keychain unavailable: secret neither read nor stored, nothing stored elsewhere (Linux: a Secret Service must run, unlocked)',
      options,
    )
    this.name = 'KeychainUnavailableError'
  }
}

/** Secret store of the profiles, keyed by profile id. Every method may throw {@link KeychainUnavailableError}. */
export interface Keychain {
  /** Stores (or replaces) the secret of a profile. */
  save(profileId: string, secret: string): Promise<void>
  /** The secret of a profile, or null when none is stored. */
  read(profileId: string): Promise<string | null>
  /** Deletes the secret of a profile. @returns true when one was deleted, false when there was none. */
  remove(profileId: string): Promise<boolean>
}

/** Options of {@link createOsKeychain}. */
export interface OsKeychainOptions {
  /** Keychain service name (default {@link KEYCHAIN_SERVICE}; tests use their own). */
  readonly service?: string
  /** Platform deciding the Linux options (default `process.platform`). */
  readonly platform?: NodeJS.Platform
}

/**
 * The keychain of the operating system. Each call opens its entry anew, so a keychain started after the app (or
 * restarted) is picked up without restarting the app.
 */
export function createOsKeychain(options: OsKeychainOptions = {}): Keychain {
  const service = options.service ?? KEYCHAIN_SERVICE
  const entryOptions: EntryOptions | undefined =
    (options.platform ?? process.platform) === 'linux' ? { linux: { store: 'secret-service' } } : undefined

  async function withEntry<T>(profileId: string, action: (entry: AsyncEntry) => Promise<T>): Promise<T> {
    try {
      return await action(new AsyncEntry(service, profileId, entryOptions))
    } catch (error) {
      throw new KeychainUnavailableError({ cause: error })
    }
  }

  return {
    save: (profileId, secret) => withEntry(profileId, (entry) => entry.setPassword(secret)),
    read: (profileId) => withEntry(profileId, (entry) => entry.getPassword()),
    remove: (profileId) => withEntry(profileId, (entry) => entry.deleteCredential()),
  }
}

/**
 * A keychain in memory, for tests and the end-to-end harness (the real keychain has its own tests against a real
 * Secret Service). `unavailable = true` makes every call fail like a missing Secret Service.
 */
export function createMemoryKeychain(): Keychain & { readonly secrets: Map<string, string>; unavailable: boolean } {
  const secrets = new Map<string, string>()
  const keychain = {
    secrets,
    unavailable: false,
    save(profileId: string, secret: string): Promise<void> {
      if (keychain.unavailable) return Promise.reject(new KeychainUnavailableError())
      secrets.set(profileId, secret)
      return Promise.resolve()
    },
    read(profileId: string): Promise<string | null> {
      if (keychain.unavailable) return Promise.reject(new KeychainUnavailableError())
      return Promise.resolve(secrets.get(profileId) ?? null)
    },
    remove(profileId: string): Promise<boolean> {
      if (keychain.unavailable) return Promise.reject(new KeychainUnavailableError())
      return Promise.resolve(secrets.delete(profileId))
    },
  }
  return keychain
}

/**
 * The "coffre": where main keeps each profile's API client secret, in the operating system's keychain through
 * `@napi-rs/keyring` (macOS Keychain, Windows Credential Manager, Linux Secret Service).
 *
 * On Linux the Secret Service is required explicitly (`linux.store: 'secret-service'`): when none answers the
 * library must not fall back to the kernel keyring (lost at reboot) and we never fall back to a file. Every
 * failure of the keychain becomes a {@link CoffreIndisponibleError} with a French message; nothing is stored.
 * Secrets are never logged, never returned to the renderer.
 */
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring'

/** Keychain service name under which every secret of the app is stored (one account per profile id). */
export const KEYCHAIN_SERVICE = 'paie-hors-ligne'

/** Code of {@link CoffreIndisponibleError}, as answered over IPC. */
export const COFFRE_INDISPONIBLE = 'COFFRE_INDISPONIBLE'

/** The keychain does not answer (no Secret Service on Linux, locked keychain, denied access…). */
export class CoffreIndisponibleError extends Error {
  readonly code = COFFRE_INDISPONIBLE

  constructor(options?: ErrorOptions) {
    super(
      'Le trousseau du système (coffre des mots de passe) ne répond pas : le secret n’a pas pu y être lu ou enregistré, et rien n’a été enregistré ailleurs. ' +
        'Sous Linux, un service « Secret Service » (GNOME Keyring ou KWallet) doit être lancé et déverrouillé.',
      options,
    )
    this.name = 'CoffreIndisponibleError'
  }
}

/** Secret store of the profiles, keyed by profile id. Every method may throw {@link CoffreIndisponibleError}. */
export interface Coffre {
  /** Stores (or replaces) the secret of a profile. */
  enregistrer(profilId: string, secret: string): Promise<void>
  /** The secret of a profile, or null when none is stored. */
  lire(profilId: string): Promise<string | null>
  /** Deletes the secret of a profile. @returns true when one was deleted, false when there was none. */
  supprimer(profilId: string): Promise<boolean>
}

/** Options of {@link createKeyringCoffre}. */
export interface KeyringCoffreOptions {
  /** Keychain service name (default {@link KEYCHAIN_SERVICE}; tests use their own). */
  readonly service?: string
  /** Platform deciding the Linux options (default `process.platform`). */
  readonly platform?: NodeJS.Platform
}

/**
 * The coffre backed by the OS keychain. Each call opens its entry anew, so a keychain started after the app (or
 * restarted) is picked up without restarting the app.
 */
export function createKeyringCoffre(options: KeyringCoffreOptions = {}): Coffre {
  const service = options.service ?? KEYCHAIN_SERVICE
  const entryOptions: EntryOptions | undefined = (options.platform ?? process.platform) === 'linux' ? { linux: { store: 'secret-service' } } : undefined

  async function withEntry<T>(profilId: string, action: (entry: AsyncEntry) => Promise<T>): Promise<T> {
    try {
      return await action(new AsyncEntry(service, profilId, entryOptions))
    } catch (error) {
      throw new CoffreIndisponibleError({ cause: error })
    }
  }

  return {
    enregistrer: (profilId, secret) => withEntry(profilId, (entry) => entry.setPassword(secret)),
    lire: (profilId) => withEntry(profilId, (entry) => entry.getPassword()),
    supprimer: (profilId) => withEntry(profilId, (entry) => entry.deleteCredential()),
  }
}

/**
 * A coffre in memory, for tests and the end-to-end harness (the real keychain has its own tests against a real
 * Secret Service). `indisponible = true` makes every call fail like a missing Secret Service.
 */
export function createMemoryCoffre(): Coffre & { readonly secrets: Map<string, string>; indisponible: boolean } {
  const secrets = new Map<string, string>()
  const coffre = {
    secrets,
    indisponible: false,
    enregistrer(profilId: string, secret: string): Promise<void> {
      if (coffre.indisponible) return Promise.reject(new CoffreIndisponibleError())
      secrets.set(profilId, secret)
      return Promise.resolve()
    },
    lire(profilId: string): Promise<string | null> {
      if (coffre.indisponible) return Promise.reject(new CoffreIndisponibleError())
      return Promise.resolve(secrets.get(profilId) ?? null)
    },
    supprimer(profilId: string): Promise<boolean> {
      if (coffre.indisponible) return Promise.reject(new CoffreIndisponibleError())
      return Promise.resolve(secrets.delete(profilId))
    },
  }
  return coffre
}

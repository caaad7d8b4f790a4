/**
 * Handlers of the `profile:*` channels: thin adapters over the profile service (src-main/profiles/service.ts).
 * Profile and keychain refusals become IPC errors with their code and parameters; no answer carries a secret.
 */
import type { ProfileService } from '../../profiles/service'
import { ProfileError } from '../../profiles/service'
import { KeychainUnavailableError } from '../../profiles/keychain'
import type { IpcHandlers } from '../dispatcher'
import { IpcHandlerError } from '../errors'

/** What the `profile:*` handlers read; supplied by the app wiring (or by a test). */
export interface ProfileHandlerDeps {
  /** The profile service (already initialised). */
  readonly profiles: ProfileService
}

type ProfileChannel =
  'profile:active' | 'profile:list' | 'profile:save' | 'profile:test' | 'profile:activate' | 'profile:remove' | 'profile:signOut'

/** A profile or keychain refusal as an IPC error; other values unchanged (the dispatcher answers ERREUR_INTERNE). */
function asIpcError(error: unknown): unknown {
  if (error instanceof ProfileError)
    return new IpcHandlerError(error.code, error.message, undefined, {
      cause: error,
      ...(error.params === undefined ? {} : { params: error.params }),
    })
  if (error instanceof KeychainUnavailableError) return new IpcHandlerError(error.code, error.message, undefined, { cause: error })
  return error
}

async function guarded<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    throw asIpcError(error)
  }
}

/** Handlers of the `profile:*` channels. */
export function createProfileHandlers(deps: ProfileHandlerDeps): Pick<IpcHandlers, ProfileChannel> {
  const { profiles } = deps
  return {
    'profile:active': () => Promise.resolve(profiles.active()),
    'profile:list': () => guarded(() => profiles.list()),
    'profile:save': (input) => guarded(() => profiles.save(input)),
    'profile:test': (input) => guarded(() => profiles.test(input)),
    'profile:activate': (input) => guarded(() => profiles.activate(input.id)),
    'profile:remove': (input) => guarded(() => profiles.remove(input.id)),
    'profile:signOut': (input) => guarded(() => profiles.signOut(input.id)),
  }
}

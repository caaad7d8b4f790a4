/**
 * One read of the service through main into the cache, as the payslip stores do it: `refreshing` while it runs, the
 * cache reloaded after a success, main's error (or a local one) kept in `error` and the cache left as it was.
 */
import type { Ref } from 'vue'

import type { IpcResult } from '../../src-shared/ipc/contract'
import type { Reported } from '../i18n/reported'

/** A thrown value as a reported local error (`ERREUR_LOCALE`, its message for the log). */
export function localError(thrown: unknown): Reported {
  return { code: 'ERREUR_LOCALE', message: thrown instanceof Error ? thrown.message : String(thrown) }
}

/**
 * Runs `request` (which caches its answer), then `reload` on success.
 * @returns true when the cache was refreshed; never rejects (a failure is in `error`)
 */
export async function readThrough<T>(
  state: { readonly refreshing: Ref<boolean>; readonly error: Ref<Reported | null> },
  request: () => Promise<IpcResult<T>>,
  reload: () => Promise<void>,
): Promise<boolean> {
  state.refreshing.value = true
  try {
    const result = await request()
    if (!result.ok) {
      state.error.value = result.error
      return false
    }
    state.error.value = null
    await reload()
    return true
  } catch (thrown) {
    state.error.value = localError(thrown)
    return false
  } finally {
    state.refreshing.value = false
  }
}

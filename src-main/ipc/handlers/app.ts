/**
 * Handlers of the `app:*` channels.
 */
import type { AppInfo } from '../../../src-shared/ipc/contract'
import type { IpcHandlers } from '../dispatcher'

/** What the `app:*` handlers read; supplied by the app wiring (or by a test). */
export interface AppHandlerDeps {
  /** Facts about the running application, read on each call (demo mode and API URL can change at run time). */
  readonly appInfo: () => AppInfo
}

/** Handlers of the `app:*` channels. */
export function createAppHandlers(deps: AppHandlerDeps): Pick<IpcHandlers, 'app:info'> {
  return {
    'app:info': () => Promise.resolve(deps.appInfo()),
  }
}

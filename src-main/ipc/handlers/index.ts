/**
 * The complete handler table: one factory per domain, merged here. The `satisfies` makes a channel of the
 * contract without a handler (or a handler without a channel) a compile error.
 */
import type { IpcHandlers } from '../dispatcher'
import { createAppHandlers } from './app'
import type { AppHandlerDeps } from './app'
import { createConnectionHandlers } from './connection'
import type { ConnectionHandlerDeps } from './connection'
import { createReferenceHandlers } from './reference'
import type { ReferenceHandlerDeps } from './reference'
import { createSyncHandlers } from './sync'
import type { SyncHandlerDeps } from './sync'

/**
 * Everything the handlers need from the app wiring:
 * - `appInfo()`: facts for `app:info`;
 * - `connection()`: the active payroll connection or null (read on each call);
 * - `sendEvent(event, payload)`: main → renderer events (`sync:changed`);
 * - optional `probeTimeoutMs` (health probe, default 3 000) and `syncConcurrency` (default: sized by the rate budget).
 */
export type HandlerDeps = AppHandlerDeps & ConnectionHandlerDeps & ReferenceHandlerDeps & SyncHandlerDeps

/** Builds the handler table served by `registerIpcHandlers` in the app and by the end-to-end harness. */
export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  return {
    ...createAppHandlers(deps),
    ...createConnectionHandlers(deps),
    ...createReferenceHandlers(deps),
    ...createSyncHandlers(deps),
  } satisfies IpcHandlers
}

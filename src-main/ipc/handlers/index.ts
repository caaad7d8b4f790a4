/**
 * The complete handler table: one factory per domain, merged here. The `satisfies` makes a channel of the
 * contract without a handler (or a handler without a channel) a compile error.
 */
import type { IpcHandlers } from '../dispatcher'
import { createAppHandlers } from './app'
import type { AppHandlerDeps } from './app'

/** Everything the handlers need from the app wiring. */
export type HandlerDeps = AppHandlerDeps

/** Builds the handler table served by `registerIpcHandlers` in the app and by the end-to-end harness. */
export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  return {
    ...createAppHandlers(deps),
  } satisfies IpcHandlers
}

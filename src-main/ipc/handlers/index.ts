/**
 * The complete handler table: one factory per domain, merged here. The `satisfies` makes a channel of the
 * contract without a handler (or a handler without a channel) a compile error.
 */
import type { IpcHandlers } from '../dispatcher'
import { createAppHandlers } from './app'
import type { AppHandlerDeps } from './app'
import { createConnectionHandlers } from './connection'
import type { ConnectionHandlerDeps } from './connection'
import { createProfileHandlers } from './profiles'
import type { ProfileHandlerDeps } from './profiles'
import { createReferenceHandlers } from './reference'
import type { ReferenceHandlerDeps } from './reference'
import { createRecordsHandlers } from './records'
import type { RecordsHandlerDeps } from './records'
import { createSyncHandlers } from './sync'
import type { SyncHandlerDeps } from './sync'
import { createDeclarationHandlers } from './declarations'
import { createPeopleHandlers } from './people'
import { createBulletinHandlers } from './bulletins'
import type { BulletinHandlerDeps } from './bulletins'
import type { DeclarationHandlerDeps } from './declarations'
import { createCabinetHandlers } from './cabinet'
import type { CabinetHandlerDeps } from './cabinet'

/**
 * Everything the handlers need from the app wiring:
 * - `appInfo()`: facts for `app:info`;
 * - `connection()`: the active payroll connection or null (read on each call), and `connectionProblem()` why not;
 * - `profiles`: the connection-profile service (profiles file, OS keychain, demo);
 * - `sendEvent(event, payload)`: main → renderer events (`sync:changed`);
 * - optional `probeTimeoutMs` (health probe, default 3 000) and `syncConcurrency` (default: sized by the rate budget);
 * - optional `downloads`: Downloads and data folders, openPath, showItemInFolder, pickFolder (DSN summaries).
 */
export type HandlerDeps = AppHandlerDeps &
  ConnectionHandlerDeps &
  ProfileHandlerDeps &
  ReferenceHandlerDeps &
  RecordsHandlerDeps &
  SyncHandlerDeps &
  DeclarationHandlerDeps &
  BulletinHandlerDeps &
  CabinetHandlerDeps

/** Builds the handler table served by `registerIpcHandlers` in the app and by the end-to-end harness. */
export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  return {
    ...createAppHandlers(deps),
    ...createConnectionHandlers(deps),
    ...createProfileHandlers(deps),
    ...createReferenceHandlers(deps),
    ...createRecordsHandlers(deps),
    ...createSyncHandlers(deps),
    ...createDeclarationHandlers(deps),
    ...createPeopleHandlers(deps),
    ...createBulletinHandlers(deps),
    ...createCabinetHandlers(deps),
  } satisfies IpcHandlers
}

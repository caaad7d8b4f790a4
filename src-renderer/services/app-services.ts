/**
 * The renderer's services, wired once by main.ts (tests wire their own): the profile's database, `window.api`
 * and the sync coordinator. Stores read them here rather than from globals, so they run under test with
 * fake-indexeddb and a fake api.
 */
import type { WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb } from '../db/schema'
import type { OutboxEnv } from '../db/write'
import type { SyncCoordinator } from '../sync/coordinator'

/** The part of `window.api` the stores use. */
export type RendererApi = Pick<
  WindowApi,
  | 'connection:probe'
  | 'reference:refresh'
  | 'records:refresh'
  | 'sync:push'
  | 'sync:verify'
  | 'onSyncChanged'
  | 'salaries:sheet'
  | 'codes:list'
  | 'bulletins:list'
  | 'bulletins:read'
  | 'bulletins:compute'
  | 'bulletins:act'
  | 'people:push'
  | 'cumuls:list'
  | 'cumuls:put'
>

export interface AppServices {
  readonly db: PaieDb
  readonly api: RendererApi
  readonly coordinator: SyncCoordinator
  /** Current time, ms since the epoch. */
  readonly now: () => number
  /** Clock and id source of outbox writes. */
  readonly outboxEnv: OutboxEnv
  /** navigator.onLine (true when unknown). */
  readonly networkOnline: () => boolean
}

let current: AppServices | null = null

/** Installs the services (main.ts at start-up; tests before each case). */
export function configureServices(services: AppServices): void {
  current = services
}

/** The installed services, or null before configureServices (component tests with a testing Pinia). */
export function maybeAppServices(): AppServices | null {
  return current
}

/**
 * The installed services.
 * @throws Error when configureServices was not called (a store used before main.ts wired the app).
 */
export function appServices(): AppServices {
  if (current === null) throw new Error('app services not configured: configureServices() must be called at start-up')
  return current
}

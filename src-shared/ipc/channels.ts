/**
 * Names of the IPC channels and events, without their schemas.
 *
 * This module is deliberately free of zod (and of any runtime dependency): the preload script imports it to
 * build `window.api`, and the preload is bundled as one small CommonJS file whose only dependency is Electron.
 * `contract.ts` checks at compile time that these lists match its schema tables exactly, and
 * `test/shared/ipc/contract.test.ts` checks it again at run time.
 */

/**
 * Every request/response channel, named `domain:action` (camelCase on both sides of the colon).
 * Add a name here and its row in `ipcChannels` (contract.ts); the compiler refuses one without the other.
 */
export const channelNames = [
  'app:info',
  'connection:probe',
  'profile:active',
  'profile:list',
  'profile:save',
  'profile:test',
  'profile:activate',
  'profile:remove',
  'profile:signOut',
  'reference:refresh',
  'records:refresh',
  'bulletins:list',
  'bulletins:read',
  'bulletins:compute',
  'bulletins:act',
  'sync:push',
  'sync:verify',
  'declarations:search',
  'declarations:detail',
  'declarations:recapitulatif',
  'facturations:list',
  'cabinet:users',
  'cabinet:user',
  'cabinet:assignments',
  'downloads:start',
  'downloads:cancel',
  'downloads:list',
  'downloads:open',
  'downloads:show',
  'downloads:chooseFolder',
  'salaries:sheet',
  'codes:list',
  'extractions:list',
  'extractions:start',
  'extractions:read',
  'extractions:download',
  'people:push',
  'cumuls:list',
  'cumuls:put',
] as const

/**
 * Every main → renderer event, named `domain:changed`. None is needed yet; the first one is added as
 * `['reference:changed'] as const` here plus its payload schema in `ipcEvents` (contract.ts).
 */
export const eventNames = ['sync:changed', 'downloads:changed'] as const satisfies readonly `${string}:changed`[]

/** Name of a request/response channel, e.g. `'app:info'`. */
export type ChannelName = (typeof channelNames)[number]

/** Name of a main → renderer event, e.g. `'reference:changed'`. */
export type EventName = (typeof eventNames)[number]

/**
 * Name of the `window.api` method that subscribes to an event: `'reference:changed'` → `'onReferenceChanged'`.
 * Computed the same way at run time by {@link eventMethodName}.
 */
export type EventMethodName<E extends string> = E extends `${infer Domain}:${infer Action}`
  ? `on${Capitalize<Domain>}${Capitalize<Action>}`
  : never

/**
 * Runtime twin of {@link EventMethodName}: `'reference:changed'` → `'onReferenceChanged'`.
 *
 * @throws {Error} when the name is not of the form `domain:action` with two non-empty parts.
 */
export function eventMethodName<E extends string>(event: E): EventMethodName<E> {
  const parts = event.split(':')
  const [domain, action] = parts
  if (parts.length !== 2 || !domain || !action) {
    throw new Error(`Nom d’événement IPC invalide : « ${event} » (attendu : domaine:action).`)
  }
  return `on${capitalize(domain)}${capitalize(action)}` as EventMethodName<E>
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

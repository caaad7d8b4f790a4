/**
 * Main → renderer events (`domain:changed`): every payload is parsed with its schema of the IPC contract
 * (`ipcEvents`) before it leaves main, then handed to a transport. The app's transport is the main window's
 * `webContents.send` (src-main/index.ts); the end-to-end harness injects one that forwards to Chromium.
 */
import { ipcEvents } from '../../src-shared/ipc/contract'
import type { EventName, EventPayload } from '../../src-shared/ipc/contract'
import { describeError, log } from '../log'

/** Delivers an already checked event to the renderer(s). May throw (a destroyed window); the sender logs it. */
export type EventTransport = (event: EventName, payload: unknown) => void

/** Sends one event; never throws (an invalid payload or a failed transport is logged and dropped). */
export type EventSender = <E extends EventName>(event: E, payload: EventPayload<E>) => void

/** Options of {@link createEventSender}. */
export interface EventSenderOptions {
  /** Called when a payload breaks the contract or the transport throws (default: logs the event name and code). */
  readonly onError?: (event: EventName, code: 'EVENEMENT_INVALIDE' | 'ENVOI_IMPOSSIBLE', cause: unknown) => void
}

function logEventError(event: EventName, code: 'EVENEMENT_INVALIDE' | 'ENVOI_IMPOSSIBLE', cause: unknown): void {
  // The payload is never logged: it may carry ids tied to a person.
  log.warn('IPC : événement non envoyé', { event, code, cause: code === 'ENVOI_IMPOSSIBLE' ? describeError(cause) : null })
}

/**
 * Creates the event sender over a transport: parses `payload` with `ipcEvents[event]` (unknown keys stripped), then
 * calls `transport(event, parsed)`.
 */
export function createEventSender(transport: EventTransport, options: EventSenderOptions = {}): EventSender {
  const onError = options.onError ?? logEventError
  return function sendEvent(event, payload) {
    const parsed = ipcEvents[event].safeParse(payload)
    if (!parsed.success) {
      onError(event, 'EVENEMENT_INVALIDE', parsed.error)
      return
    }
    try {
      transport(event, parsed.data)
    } catch (error) {
      onError(event, 'ENVOI_IMPOSSIBLE', error)
    }
  }
}

/**
 * Exposes main's IPC handler table to Chromium as `window.api`, as the preload does in Electron: one function per
 * channel, one `onX(callback)` per event. Calls go through Playwright's `exposeBinding` to the SAME dispatcher the
 * Electron path uses (sender check, zod input parsing, output parsing), with the calling frame's URL and whether it
 * is the main frame.
 */
import type { BrowserContext } from 'playwright-core'
import type { IpcDispatcher } from '../../../src-main/ipc/dispatcher'
import { channelNames, eventMethodName, eventNames } from '../../../src-shared/ipc/channels'

export interface Bridge {
  /** Pushes a main → renderer event to every open page (as webContents.send does). */
  emit(event: string, payload: unknown): void
}

interface BridgeSpec {
  channels: string[]
  events: [string, string][]
  /** Values cross as JSON text (see {@link BridgeOptions.json}). */
  json: boolean
}

/** Options of {@link installBridge}. */
export interface BridgeOptions {
  /**
   * Carries inputs, answers and events as ONE JSON string each way instead of Playwright's serialized value trees
   * (which Playwright builds, checks field by field and rebuilds: about a third of the runner's CPU during the bench's
   * drain, a cost Electron's IPC does not have). The contract's values are plain JSON data (strings, numbers,
   * booleans, null, arrays, objects; binaries as base64), so nothing else changes: the dispatcher still parses every
   * input and output with its zod schema. Default false (the end-to-end suite keeps Playwright's serialization).
   */
  readonly json?: boolean
}

/** Runs in the page before any of its scripts: builds a frozen `window.api`. */
function pageBridge(spec: BridgeSpec): void {
  const scope = globalThis as unknown as Record<string, unknown>
  const call = scope['__paieIpc'] as (channel: string, input: unknown) => Promise<unknown>
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const api: Record<string, unknown> = {}
  for (const channel of spec.channels)
    api[channel] = spec.json
      ? async (input: unknown) =>
          JSON.parse(String(await call(channel, input === undefined ? undefined : JSON.stringify(input)))) as unknown
      : (input: unknown) => call(channel, input)
  for (const [event, method] of spec.events) {
    const set = new Set<(payload: unknown) => void>()
    listeners.set(event, set)
    api[method] = (callback: (payload: unknown) => void) => {
      set.add(callback)
      return () => set.delete(callback)
    }
  }
  Object.defineProperty(scope, '__paieEmit', {
    value: (event: string, payload: unknown) => {
      const value: unknown = spec.json && typeof payload === 'string' ? JSON.parse(payload) : payload
      listeners.get(event)?.forEach((cb) => {
        cb(value)
      })
    },
  })
  Object.defineProperty(scope, 'api', { value: Object.freeze(api) })
}

/** Installs the bridge on every page of `context`. */
export async function installBridge(context: BrowserContext, dispatch: IpcDispatcher, options: BridgeOptions = {}): Promise<Bridge> {
  const json = options.json === true
  await context.exposeBinding('__paieIpc', async (source, channel: unknown, input: unknown) => {
    const frame = source.frame
    const value: unknown = json && typeof input === 'string' ? JSON.parse(input) : input
    const result = await dispatch(String(channel), value, { url: frame.url(), isMainFrame: frame.parentFrame() === null })
    return json ? JSON.stringify(result) : result
  })
  const spec: BridgeSpec = { channels: [...channelNames], events: eventNames.map((e) => [e, eventMethodName(e)]), json }
  await context.addInitScript(pageBridge, spec)
  return {
    emit(event, payload) {
      for (const page of context.pages()) {
        page
          .evaluate(
            ([e, p]) => {
              const emit = (globalThis as unknown as Record<string, unknown>)['__paieEmit'] as ((e: string, p: unknown) => void) | undefined
              emit?.(e, p)
            },
            [event, json ? JSON.stringify(payload) : payload] as const,
          )
          .catch(() => undefined)
      }
    },
  }
}

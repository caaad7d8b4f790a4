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
}

/** Runs in the page before any of its scripts: builds a frozen `window.api`. */
function pageBridge(spec: BridgeSpec): void {
  const scope = globalThis as unknown as Record<string, unknown>
  const call = scope['__paieIpc'] as (channel: string, input: unknown) => Promise<unknown>
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const api: Record<string, unknown> = {}
  for (const channel of spec.channels) api[channel] = (input: unknown) => call(channel, input)
  for (const [event, method] of spec.events) {
    const set = new Set<(payload: unknown) => void>()
    listeners.set(event, set)
    api[method] = (callback: (payload: unknown) => void) => {
      set.add(callback)
      return () => set.delete(callback)
    }
  }
  Object.defineProperty(scope, '__paieEmit', {
    value: (event: string, payload: unknown) =>
      listeners.get(event)?.forEach((cb) => {
        cb(payload)
      }),
  })
  Object.defineProperty(scope, 'api', { value: Object.freeze(api) })
}

/** Installs the bridge on every page of `context`. */
export async function installBridge(context: BrowserContext, dispatch: IpcDispatcher): Promise<Bridge> {
  await context.exposeBinding('__paieIpc', async (source, channel: unknown, input: unknown) => {
    const frame = source.frame
    return dispatch(String(channel), input, { url: frame.url(), isMainFrame: frame.parentFrame() === null })
  })
  const spec: BridgeSpec = { channels: [...channelNames], events: eventNames.map((e) => [e, eventMethodName(e)]) }
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
            [event, payload] as const,
          )
          .catch(() => undefined)
      }
    },
  }
}

/**
 * Builds `window.api` from the contract's name lists: one function per channel, one `onX` per event.
 *
 * Imports from the contract are type-only: at run time this file needs nothing but the zod-free name lists
 * and the `ipcRenderer` it is given, so the bundled preload only `require`s `electron`.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron'

import { channelNames, eventMethodName, eventNames } from '../src-shared/ipc/channels'
import type { ChannelName, EventName } from '../src-shared/ipc/channels'
import type { ChannelFunction, ChannelOutput, EventPayload, EventSubscriber, IpcResult, WindowApi } from '../src-shared/ipc/contract'

/** The part of `ipcRenderer` the API needs; it stays inside the preload and is never exposed. */
export type IpcRendererPort = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>

type ChannelFunctions = { [C in ChannelName]: ChannelFunction<C> }

/**
 * `window.api[channel](input)`: invokes the channel with exactly one argument. Main parsed the answer with the
 * contract's output schema before replying, which is why its type is trusted here without parsing it again.
 */
function channelFunction<C extends ChannelName>(ipc: IpcRendererPort, channel: C): ChannelFunction<C> {
  return function invokeChannel(input) {
    return ipc.invoke(channel, input) as Promise<IpcResult<ChannelOutput<C>>>
  }
}

/**
 * `window.api.onX(callback)`: calls `callback(payload)` for each event and returns an unsubscribe function.
 * The callback never receives Electron's event object (it holds `sender`, i.e. `ipcRenderer` itself).
 */
function eventSubscriber<E extends EventName>(ipc: IpcRendererPort, event: E): EventSubscriber<E> {
  return function subscribe(callback) {
    function listener(_event: IpcRendererEvent, payload: unknown): void {
      callback(payload as EventPayload<E>)
    }
    ipc.on(event, listener)
    return function unsubscribe(): void {
      ipc.removeListener(event, listener)
    }
  }
}

/**
 * The object exposed as `window.api`: a frozen plain object of functions, nothing else.
 *
 * @param ipc `ipcRenderer` (or a fake in tests)
 * @param channels channel names to expose; the contract's by default
 * @param events event names to expose; the contract's by default
 */
export function createWindowApi(
  ipc: IpcRendererPort,
  channels: readonly ChannelName[] = channelNames,
  events: readonly EventName[] = eventNames,
): WindowApi {
  // Built key by key from the name lists, so the compiler cannot follow; the `satisfies` below and the preload
  // test check that every name of the contract gets its member.
  const channelFunctions = Object.fromEntries(channels.map((channel) => [channel, channelFunction(ipc, channel)])) as ChannelFunctions
  const eventSubscribers = Object.fromEntries(events.map((event) => [eventMethodName(event), eventSubscriber(ipc, event)])) as Omit<
    WindowApi,
    ChannelName
  >
  return Object.freeze({ ...channelFunctions, ...eventSubscribers } satisfies WindowApi)
}

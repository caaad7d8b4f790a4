/**
 * The Electron half of the IPC layer: the one place that calls `ipcMain.handle`.
 * All checks live in the transport-free dispatcher (dispatcher.ts); this file only turns an Electron invoke
 * event into the dispatcher's `(channel, rawInput, sender)` call.
 */
import { ipcMain } from 'electron'
import type { IpcMainInvokeEvent } from 'electron'

import { channelNames } from '../../src-shared/ipc/channels'
import { createIpcDispatcher } from './dispatcher'
import type { IpcDispatcherOptions, IpcHandlers, IpcSender } from './dispatcher'

/**
 * The sender of an invoke event as the dispatcher sees it: the frame's URL and whether it is a top-level frame.
 * `null` when Electron no longer knows the frame (it navigated away or was destroyed), which the dispatcher refuses.
 */
export function senderOf(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): IpcSender | null {
  try {
    const frame = event.senderFrame
    if (frame === null) return null
    return { url: frame.url, isMainFrame: frame.parent === null }
  } catch {
    // Reading a disposed WebFrameMain throws.
    return null
  }
}

/**
 * Registers one `ipcMain.handle` per channel of the contract, all served by {@link createIpcDispatcher}
 * (sender check, input parsing, error envelope). The renderer's first argument after the channel is the
 * input; further arguments are ignored. Returns a function that removes every handler again.
 */
export function registerIpcHandlers(handlers: IpcHandlers, options: IpcDispatcherOptions): () => void {
  const dispatch = createIpcDispatcher(handlers, options)
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, rawInput: unknown) => dispatch(channel, rawInput, senderOf(event)))
  }
  return function unregisterIpcHandlers(): void {
    for (const channel of channelNames) ipcMain.removeHandler(channel)
  }
}

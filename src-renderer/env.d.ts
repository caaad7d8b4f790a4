/**
 * Globals of the renderer: `window.api`, exposed by the preload (src-preload/index.ts) from the IPC contract.
 */
import type { WindowApi } from '../src-shared/ipc/contract'

declare global {
  interface Window {
    /** One function per IPC channel and one `onX` subscriber per event; see `WindowApi`. */
    readonly api: WindowApi
  }
}

export {}

/**
 * Preload script (sandboxed, bundled to out/preload/index.cjs): exposes `window.api` and nothing else.
 * `ipcRenderer` stays here; the page only gets the functions built by `createWindowApi`.
 */
import { contextBridge, ipcRenderer } from 'electron'

import { createWindowApi } from './window-api'

contextBridge.exposeInMainWorld('api', createWindowApi(ipcRenderer))

/**
 * The main window: hardened options, which URL it loads and which origins it trusts.
 */
import { BrowserWindow } from 'electron'
import type { BrowserWindowConstructorOptions } from 'electron'

import { APP_ENTRY_URL, APP_ORIGIN, originOf } from './origin'

/** Title of the window (the renderer replaces it with its own `<title>` once loaded). */
export const APP_NAME = 'Paie hors ligne'

/**
 * Options of the main window. The renderer is isolated (contextIsolation, sandbox, no Node integration
 * anywhere, web security on, no `<webview>`), and DevTools are available only in unpackaged builds. V8's code cache
 * is filled at the first start (`bypassHeatCheck`), so that every later start skips compiling the start-up scripts.
 *
 * @param preloadPath absolute path of out/preload/index.cjs
 * @param isPackaged `app.isPackaged`
 */
export function windowOptions(preloadPath: string, isPackaged: boolean): BrowserWindowConstructorOptions {
  return {
    title: APP_NAME,
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: !isPackaged,
      // The app's scripts never change between two starts of one version: their compiled code is cached from the
      // first start (no "seen twice" heuristic), and reused by every later one (app:// has `codeCache`, protocol.ts).
      v8CacheOptions: 'bypassHeatCheck',
    },
  }
}

/**
 * URL the window loads: the Vite dev server (`ELECTRON_RENDERER_URL`, set by `electron-vite dev`) when the app
 * is not packaged and the variable holds an http(s) URL; otherwise `app://paie/index.html`. A packaged app
 * ignores the variable, so an environment variable can never point it at a foreign page.
 */
export function rendererUrl(devUrl: string | undefined, isPackaged: boolean): string {
  if (isPackaged || devUrl === undefined) return APP_ENTRY_URL
  const origin = originOf(devUrl)
  return origin !== null && /^https?:\/\//.test(origin) ? devUrl : APP_ENTRY_URL
}

/** Origins whose main frame may call IPC and be navigated within: the app's own, plus the dev server's if used. */
export function trustedOrigins(devUrl: string | undefined, isPackaged: boolean): string[] {
  const origin = originOf(rendererUrl(devUrl, isPackaged))
  return origin === null || origin === APP_ORIGIN ? [APP_ORIGIN] : [APP_ORIGIN, origin]
}

/**
 * Creates the main window (hidden) and shows it once its first paint is ready; the caller loads the URL.
 * Guards (navigation, window.open, permissions) are applied to every web contents by the app wiring, not here.
 */
export function createMainWindow(options: BrowserWindowConstructorOptions): BrowserWindow {
  const mainWindow = new BrowserWindow(options)
  mainWindow.once('ready-to-show', () => {
    mainWindow.show()
  })
  return mainWindow
}

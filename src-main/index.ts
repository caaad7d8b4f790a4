/**
 * Entry point of the main process: wiring only. Every decision lives in a testable module under shell/ and ipc/.
 *
 * Order matters: the `app` scheme is declared privileged and the sandbox enforced before the app is ready;
 * the protocol, permission handler and IPC handlers are in place before the first window loads.
 */
import path from 'node:path'

import { app, dialog, protocol, session, shell } from 'electron'
import type { BrowserWindow } from 'electron'

import { IPC_ERROR_CODES } from '../src-shared/ipc/contract'
import type { AppInfo } from '../src-shared/ipc/contract'
import type { IpcFailure } from './ipc/dispatcher'
import { electronDownloadDeps } from './declarations/electron'
import { startDemoService } from './demo'
import { createEventSender } from './ipc/events'
import { createIpcHandlers } from './ipc/handlers'
import { registerIpcHandlers } from './ipc/register'
import { describeError, log } from './log'
import { createOsKeychain } from './profiles/keychain'
import { createProfileFileStore } from './profiles/profile-file'
import { createProfileService } from './profiles/service'
import { DEFAULT_EXTERNAL_HOSTS, denyAllPermissions, guardWebContents } from './shell/guards'
import type { GuardOptions } from './shell/guards'
import { APP_SCHEME } from './shell/origin'
import { createAppProtocolHandler, privilegedSchemes } from './shell/protocol'
import { createMainWindow, rendererUrl, trustedOrigins, windowOptions } from './shell/window'
import { configuredFeedUrl, loadElectronUpdater, startUpdateChecks } from './updates'

const PRELOAD_PATH = path.join(import.meta.dirname, '../preload/index.cjs')
const RENDERER_ROOT = path.join(import.meta.dirname, '../renderer')

const devUrl = process.env['ELECTRON_RENDERER_URL']
const origins = trustedOrigins(devUrl, app.isPackaged)
const guardOptions: GuardOptions = {
  trustedOrigins: origins,
  externalHosts: DEFAULT_EXTERNAL_HOSTS,
  openExternal: (url) => shell.openExternal(url),
}

let mainWindow: BrowserWindow | null = null

/**
 * Connection profiles: the list in userData/profiles.json, secrets in the OS keychain, the demo sandbox started
 * in-process on first use (a first start with no profile is in demo mode).
 */
const profiles = createProfileService({
  store: createProfileFileStore(app.getPath('userData')),
  keychain: createOsKeychain(),
  startDemo: startDemoService,
})

/** Main → renderer events go to the main window, when there is one. */
const sendEvent = createEventSender((event, payload) => {
  if (mainWindow !== null && !mainWindow.isDestroyed()) mainWindow.webContents.send(event, payload)
})

/** Facts for `app:info`, from the active profile. */
function appInfo(): AppInfo {
  const active = profiles.active()
  return { version: app.getVersion(), demo: active.demo, apiBaseUrl: active.baseUrl, platform: process.platform }
}

/** Logs a failed IPC request by channel and code only (never its input). */
function logIpcFailure(failure: IpcFailure): void {
  const fields = { channel: failure.channel.slice(0, 80), code: failure.code }
  if (failure.code === IPC_ERROR_CODES.erreurInterne) {
    log.error('IPC : erreur interne', { ...fields, cause: describeError(failure.cause) })
  } else {
    log.warn('IPC : demande non aboutie', fields)
  }
}

async function openMainWindow(): Promise<void> {
  const created = createMainWindow(windowOptions(PRELOAD_PATH, app.isPackaged))
  mainWindow = created
  created.on('closed', () => {
    if (mainWindow === created) mainWindow = null
  })
  try {
    await created.loadURL(rendererUrl(devUrl, app.isPackaged))
  } catch (error) {
    log.error('Chargement de la fenêtre impossible', { cause: describeError(error) })
  }
}

async function start(): Promise<void> {
  await app.whenReady()
  denyAllPermissions(session.defaultSession)
  const active = await profiles.init()
  log.info('Profil actif', { profil: active.id, demo: active.demo })
  protocol.handle(APP_SCHEME, createAppProtocolHandler(RENDERER_ROOT))
  const handlers = createIpcHandlers({
    appInfo,
    profiles,
    connection: () => profiles.connection(),
    connectionProblem: () => profiles.active().probleme,
    sendEvent,
    downloads: electronDownloadDeps({ app, shell, dialog, window: () => mainWindow }),
  })
  registerIpcHandlers(handlers, { trustedOrigins: origins, onFailure: logIpcFailure })
  await openMainWindow()
  void startUpdateChecks({ isPackaged: app.isPackaged, feedUrl: configuredFeedUrl(), loadUpdater: loadElectronUpdater })
}

protocol.registerSchemesAsPrivileged(privilegedSchemes())
app.enableSandbox()

if (app.requestSingleInstanceLock()) {
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, guardOptions)
  })
  app.on('second-instance', () => {
    if (mainWindow === null) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('will-quit', () => {
    void profiles.close()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (mainWindow === null && app.isReady()) void openMainWindow()
  })
  start().catch((error: unknown) => {
    log.error('Démarrage impossible', { cause: describeError(error) })
    app.exit(1)
  })
} else {
  app.quit()
}

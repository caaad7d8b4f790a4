/**
 * Electron's pieces for the DSN downloads (handler deps `downloads`): the user's Downloads and data folders, the
 * shell's open / show in folder, and the folder dialog attached to the main window. Electron is passed in (type-only
 * import here), so this module loads in tests without the Electron binary.
 */
import type { App, BrowserWindow, Dialog, Shell } from 'electron'
import type { DownloadDeps } from '../ipc/handlers/declarations'

/** The Electron objects {@link electronDownloadDeps} uses. */
export interface ElectronPieces {
  readonly app: Pick<App, 'getPath'>
  readonly shell: Pick<Shell, 'openPath' | 'showItemInFolder'>
  readonly dialog: Pick<Dialog, 'showOpenDialog'>
  /** The main window the dialog is attached to (null: a free dialog). */
  readonly window: () => BrowserWindow | null
}

/** Download deps from Electron: `app.getPath('downloads' | 'userData')`, `shell.*`, an open-directory dialog. */
export function electronDownloadDeps(e: ElectronPieces): DownloadDeps {
  return {
    downloadsDir: () => e.app.getPath('downloads'),
    dataDir: () => e.app.getPath('userData'),
    openPath: (path) => e.shell.openPath(path),
    showItemInFolder: (path) => {
      e.shell.showItemInFolder(path)
    },
    async pickFolder(title) {
      const options = { ...(title === undefined ? {} : { title }), properties: ['openDirectory' as const, 'createDirectory' as const] }
      const parent = e.window()
      const result = parent === null ? await e.dialog.showOpenDialog(options) : await e.dialog.showOpenDialog(parent, options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
  }
}

/** Electron's pieces for downloads, with fakes standing for app, shell and dialog (no Electron binary needed). */
import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow } from 'electron'
import { electronDownloadDeps, type ElectronPieces } from '../../../src-main/declarations/electron'

function pieces(answer: { canceled: boolean; filePaths: string[] }, window: BrowserWindow | null = null) {
  const showOpenDialog = vi.fn(() => Promise.resolve(answer))
  const e = {
    app: { getPath: (name: string) => `/home/clerc/${name}` },
    shell: { openPath: vi.fn(() => Promise.resolve('')), showItemInFolder: vi.fn() },
    dialog: { showOpenDialog },
    window: () => window,
  } as unknown as ElectronPieces
  return { e, showOpenDialog }
}

describe('electronDownloadDeps', () => {
  it('reads the Downloads and data folders from app.getPath and passes open / show to the shell', async () => {
    const { e } = pieces({ canceled: true, filePaths: [] })
    const deps = electronDownloadDeps(e)
    expect(deps.downloadsDir()).toBe('/home/clerc/downloads')
    expect(deps.dataDir()).toBe('/home/clerc/userData')
    await deps.openPath('/a.pdf')
    deps.showItemInFolder('/b.pdf')
    expect(e.shell.openPath).toHaveBeenCalledWith('/a.pdf')
    expect(e.shell.showItemInFolder).toHaveBeenCalledWith('/b.pdf')
  })

  it('asks for one folder attached to the main window, titled in the renderer’s words; a closed dialog gives null', async () => {
    const window = Object.create(null) as BrowserWindow
    const picked = pieces({ canceled: false, filePaths: ['/home/clerc/DSN'] }, window)
    expect(await electronDownloadDeps(picked.e).pickFolder('Dossier des récapitulatifs DSN')).toBe('/home/clerc/DSN')
    expect(picked.showOpenDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({ title: 'Dossier des récapitulatifs DSN', properties: ['openDirectory', 'createDirectory'] }),
    )
    expect(await electronDownloadDeps(pieces({ canceled: true, filePaths: [] }).e).pickFolder(undefined)).toBeNull()
  })
})

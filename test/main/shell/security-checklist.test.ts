/**
 * Electron security checklist, source-wide: what the behaviour tests of shell/, ipc/ and preload/ prove for the code
 * they exercise, this proves for every other file — no second window with weaker options, no raw ipcRenderer exposed,
 * no file:// load, no DevTools opened by code, no openExternal outside the guarded path. See docs/security.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|vue)$/.test(name) ? [path] : []
  })
}

/** Code of every file of the main, preload and renderer roots, comments removed (docs may name what is banned). */
const files = ['src-main', 'src-preload', 'src-renderer']
  .flatMap((dir) => sourceFiles(join(root, dir)))
  .map((path) => ({
    path: relative(root, path).replaceAll('\\', '/'),
    code: readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1'),
  }))

function filesMatching(pattern: RegExp): string[] {
  return files.filter((file) => pattern.test(file.code)).map((file) => file.path)
}

describe('Electron security checklist across the sources', () => {
  it('reads the three roots', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(files.map((f) => f.path)).toContain('src-main/shell/window.ts')
  })

  it('never weakens isolation: no nodeIntegration, contextIsolation off, sandbox off, webSecurity off or webview on', () => {
    expect(
      filesMatching(
        /nodeIntegration\w*\s*:\s*true|contextIsolation\s*:\s*false|sandbox\s*:\s*false|webSecurity\s*:\s*false|allowRunningInsecureContent\s*:\s*true|webviewTag\s*:\s*true|experimentalFeatures\s*:\s*true/,
      ),
    ).toEqual([])
  })

  it('creates BrowserWindows only in shell/window.ts, whose options are tested', () => {
    expect(filesMatching(/new\s+BrowserWindow\s*\(/)).toEqual(['src-main/shell/window.ts'])
  })

  it('loads no file:// page and never uses loadFile (the app:// protocol serves the renderer)', () => {
    expect(filesMatching(/\bloadFile\s*\(|['"`]file:\/\//)).toEqual([])
  })

  it('never opens DevTools from code (they are disabled in packaged builds by windowOptions)', () => {
    expect(filesMatching(/openDevTools\s*\(|devTools\s*:\s*true/)).toEqual([])
  })

  it('calls shell.openExternal only where the guards receive it', () => {
    expect(filesMatching(/shell\.openExternal/)).toEqual(['src-main/index.ts'])
    expect(files.find((f) => f.path === 'src-main/index.ts')?.code).toMatch(/openExternal:\s*\(url\)\s*=>\s*shell\.openExternal\(url\)/)
  })

  it('exposes one object, window.api, and never ipcRenderer or another Electron module', () => {
    expect(filesMatching(/exposeInMainWorld/)).toEqual(['src-preload/index.ts'])
    const preload = files.find((f) => f.path === 'src-preload/index.ts')?.code ?? ''
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1)
    expect(preload).toMatch(/exposeInMainWorld\('api', createWindowApi\(ipcRenderer\)\)/)
    expect(filesMatching(/from ['"]electron['"]/).filter((path) => path.startsWith('src-renderer/'))).toEqual([])
  })

  it('serves IPC only through ipcMain.handle in ipc/register.ts (sender-checked), never ipcMain.on or sendSync', () => {
    expect(filesMatching(/ipcMain\.(handle|on|once)\s*\(/)).toEqual(['src-main/ipc/register.ts'])
    expect(filesMatching(/ipcMain\.(on|once)\s*\(|sendSync\s*\(/)).toEqual([])
  })

  it('grants no permission anywhere (the only handlers are denyAllPermissions)', () => {
    expect(filesMatching(/setPermission(Request|Check)Handler/)).toEqual(['src-main/shell/guards.ts'])
  })
})

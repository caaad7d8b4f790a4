import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BrowserWindowConstructorOptions } from 'electron'

const windows = vi.hoisted(() => {
  /** Records the options and the `ready-to-show` listener of each window created. */
  class FakeBrowserWindow {
    static created: FakeBrowserWindow[] = []
    readonly listeners = new Map<string, () => void>()
    readonly show = vi.fn()
    constructor(readonly options: unknown) {
      FakeBrowserWindow.created.push(this)
    }
    once(name: string, listener: () => void): this {
      this.listeners.set(name, listener)
      return this
    }
  }
  return { FakeBrowserWindow }
})

vi.mock('electron', () => ({ BrowserWindow: windows.FakeBrowserWindow }))

import { createMainWindow, rendererUrl, trustedOrigins, windowOptions } from '../../../src-main/shell/window'

describe('windowOptions', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security, no webview', () => {
    const { webPreferences } = windowOptions('/opt/paie/out/preload/index.cjs', true)

    expect(webPreferences).toMatchObject({
      preload: '/opt/paie/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })

  it('fills V8 code cache at the first start (no heat check): later starts skip compiling the start-up scripts', () => {
    expect(windowOptions('/p.cjs', true).webPreferences?.v8CacheOptions).toBe('bypassHeatCheck')
  })

  it('disables DevTools in packaged builds only', () => {
    expect(windowOptions('/p.cjs', true).webPreferences?.devTools).toBe(false)
    expect(windowOptions('/p.cjs', false).webPreferences?.devTools).toBe(true)
  })

  it('starts hidden so the window appears only once painted', () => {
    expect(windowOptions('/p.cjs', true).show).toBe(false)
  })
})

describe('rendererUrl', () => {
  it('loads the app protocol when packaged, whatever the environment says', () => {
    expect(rendererUrl('http://localhost:5173', true)).toBe('app://paie/index.html')
    expect(rendererUrl(undefined, true)).toBe('app://paie/index.html')
  })

  it('loads the dev server in development', () => {
    expect(rendererUrl('http://localhost:5173', false)).toBe('http://localhost:5173')
    expect(rendererUrl(undefined, false)).toBe('app://paie/index.html')
  })

  it.each(['file:///tmp/evil.html', 'javascript:alert(1)', 'pas une url'])('ignores the non-http dev URL %s', (url) => {
    expect(rendererUrl(url, false)).toBe('app://paie/index.html')
  })
})

describe('trustedOrigins', () => {
  it('trusts only the app origin when packaged', () => {
    expect(trustedOrigins('http://localhost:5173', true)).toEqual(['app://paie'])
  })

  it('adds the dev server origin in development', () => {
    expect(trustedOrigins('http://localhost:5173/', false)).toEqual(['app://paie', 'http://localhost:5173'])
    expect(trustedOrigins(undefined, false)).toEqual(['app://paie'])
  })
})

describe('createMainWindow', () => {
  beforeEach(() => {
    windows.FakeBrowserWindow.created = []
  })

  it('creates the window with the given options and shows it once ready', () => {
    const options: BrowserWindowConstructorOptions = windowOptions('/p.cjs', true)

    createMainWindow(options)

    const [created] = windows.FakeBrowserWindow.created
    expect(created?.options).toBe(options)
    expect(created?.show).not.toHaveBeenCalled()
    created?.listeners.get('ready-to-show')?.()
    expect(created?.show).toHaveBeenCalledOnce()
  })
})

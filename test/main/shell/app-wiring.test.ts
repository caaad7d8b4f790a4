import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { channelNames } from '../../../src-shared/ipc/channels'

type Listener = (...args: unknown[]) => unknown

/**
 * Minimal fakes of the Electron modules src-main/index.ts touches, recording the order of calls. Vitest clears
 * `mock.calls` before each test, so what the later tests read is recorded in plain arrays and maps.
 */
const fake = vi.hoisted(() => {
  const calls: string[] = []
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })
  const appListeners = new Map<string, Listener>()
  const ipcListeners = new Map<string, Listener>()
  const privileged: unknown[] = []
  // A first start: an empty data folder, so the demo profile is the active one.
  const userData = `${process.env['TMPDIR'] ?? '/tmp'}/paie-wiring-${String(process.pid)}-${String(Date.now())}`

  class FakeBrowserWindow {
    static created: FakeBrowserWindow[] = []
    readonly webContents = { send: vi.fn<(channel: string, payload: unknown) => void>() }
    readonly isDestroyed = (): boolean => false
    readonly loadURL = vi.fn((url: string) => {
      calls.push(`loadURL ${url}`)
      return Promise.resolve()
    })
    constructor(readonly options: unknown) {
      calls.push('new BrowserWindow')
      FakeBrowserWindow.created.push(this)
    }
    once(): this {
      return this
    }
    on(): this {
      return this
    }
  }

  return {
    calls,
    markReady,
    appListeners,
    ipcListeners,
    privileged,
    FakeBrowserWindow,
    app: {
      isPackaged: true,
      getVersion: () => '1.4.2',
      getPath: vi.fn((name: string) => {
        calls.push(`getPath ${name}`)
        return userData
      }),
      enableSandbox: vi.fn(() => calls.push('enableSandbox')),
      requestSingleInstanceLock: () => true,
      on: vi.fn((name: string, listener: Listener) => {
        appListeners.set(name, listener)
      }),
      whenReady: () => ready.then(() => calls.push('ready')),
      isReady: () => true,
      quit: vi.fn(),
      exit: vi.fn(),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn((schemes: unknown) => {
        calls.push('registerSchemesAsPrivileged')
        privileged.push(schemes)
      }),
      handle: vi.fn((scheme: string) => calls.push(`protocol.handle ${scheme}`)),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(() => calls.push('setPermissionRequestHandler')),
        setPermissionCheckHandler: vi.fn(),
      },
    },
    shell: { openExternal: vi.fn(() => Promise.resolve()), openPath: vi.fn(() => Promise.resolve('')), showItemInFolder: vi.fn() },
    dialog: { showOpenDialog: vi.fn(() => Promise.resolve({ canceled: true, filePaths: [] })) },
    ipcMain: {
      handle: vi.fn((channel: string, listener: Listener) => {
        calls.push(`ipcMain.handle ${channel}`)
        ipcListeners.set(channel, listener)
      }),
      removeHandler: vi.fn(),
    },
  }
})

vi.mock('../../../src-main/demo', () => ({
  startDemoService: () => {
    fake.calls.push('startDemoService')
    return Promise.resolve({ baseUrl: 'http://127.0.0.1:48787', clientId: 'demo', clientSecret: 'x', close: () => Promise.resolve() })
  },
}))

vi.mock('electron', () => ({
  app: fake.app,
  protocol: fake.protocol,
  session: fake.session,
  shell: fake.shell,
  dialog: fake.dialog,
  ipcMain: fake.ipcMain,
  BrowserWindow: fake.FakeBrowserWindow,
}))

describe('main process wiring (src-main/index.ts)', () => {
  const savedDevUrl = process.env['ELECTRON_RENDERER_URL']

  beforeAll(async () => {
    process.env['ELECTRON_RENDERER_URL'] = 'https://evil.example/'
    await import('../../../src-main/index')
  })

  afterAll(() => {
    if (savedDevUrl === undefined) delete process.env['ELECTRON_RENDERER_URL']
    else process.env['ELECTRON_RENDERER_URL'] = savedDevUrl
  })

  it('declares the app scheme privileged and enforces the sandbox before the app is ready', () => {
    expect(fake.calls).toEqual(['getPath userData', 'registerSchemesAsPrivileged', 'enableSandbox'])
    expect(fake.privileged).toEqual([
      [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }],
    ])
  })

  it('guards every web contents created', () => {
    expect(fake.appListeners.has('web-contents-created')).toBe(true)
  })

  it('sets up permissions, protocol and IPC before loading the app page, ignoring the dev URL when packaged', async () => {
    fake.markReady()
    await vi.waitFor(() => {
      expect(fake.calls.at(-1)).toBe('loadURL app://paie/index.html')
    })

    expect(fake.calls.slice(3)).toEqual([
      'ready',
      'setPermissionRequestHandler',
      'startDemoService',
      'protocol.handle app',
      ...channelNames.map((channel) => `ipcMain.handle ${channel}`),
      'new BrowserWindow',
      'loadURL app://paie/index.html',
    ])
    const [window] = fake.FakeBrowserWindow.created
    expect(window?.options).toMatchObject({ webPreferences: { sandbox: true, contextIsolation: true, devTools: false } })
  })

  it('serves app:info to the app page only, with the app version and demo mode', async () => {
    const listener = fake.ipcListeners.get('app:info')
    const appFrame = { senderFrame: { url: 'app://paie/index.html', parent: null } }
    const foreignFrame = { senderFrame: { url: 'https://evil.example/', parent: null } }

    await expect(listener?.(appFrame, {})).resolves.toEqual({
      ok: true,
      value: { version: '1.4.2', demo: true, apiBaseUrl: 'http://127.0.0.1:48787', platform: process.platform },
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await expect(listener?.(foreignFrame, { nir: '185057800608436' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'EXPEDITEUR_REFUSE' },
    })
    expect(warn).toHaveBeenCalledOnce()
    expect(String(warn.mock.calls[0]?.[0])).toContain('EXPEDITEUR_REFUSE')
    expect(String(warn.mock.calls[0]?.[0])).not.toContain('185057800608436')
    warn.mockRestore()
  })

  it('serves sync:push on the demo connection and sends its progress to the main window', async () => {
    const listener = fake.ipcListeners.get('sync:push')
    const appFrame = { senderFrame: { url: 'app://paie/index.html', parent: null } }
    const item = {
      clientId: '3f2b8c1e-9d4a-4f6b-8e2a-1c5d7e9f0a2b',
      revision: 1,
      kind: 'evp',
      operation: 'create',
      payload: { siren: '832147607', matricule: 'A0001', periode: '2026-11', code_evp: 'HS25', quantite: '2' },
      targetServerId: null,
      fingerprint: 'evp|832147607|A0001|2026-11|HS25|2|||',
      scope: { kind: 'evp', siren: '832147607', matricule: 'A0001', periode: '2026-11' },
      reconcile: false,
      claimedServerIds: [],
    }
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'info').mockImplementation(() => undefined)

    // Nothing listens on the fake demo service's port: the road is broken, the entry goes back to the queue.
    const result = await listener?.(appFrame, { items: [item] })

    expect(result).toMatchObject({ ok: true, value: { outcomes: [{ result: 'requeue' }], pause: { code: 'RESEAU_INJOIGNABLE' } } })
    const [window] = fake.FakeBrowserWindow.created
    expect(window?.webContents.send).toHaveBeenCalledExactlyOnceWith('sync:changed', {
      done: 1,
      total: 1,
      clientId: item.clientId,
      result: 'requeue',
    })
    expect(JSON.stringify(logged.mock.calls)).not.toContain('A0001')
    vi.restoreAllMocks()
  })
})

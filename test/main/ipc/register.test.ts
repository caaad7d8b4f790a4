import { beforeEach, describe, expect, it, vi } from 'vitest'

import { channelNames } from '../../../src-shared/ipc/channels'
import type { AppInfo } from '../../../src-shared/ipc/contract'
import { createIpcDispatcher } from '../../../src-main/ipc/dispatcher'
import type { IpcFailure, IpcHandler, IpcHandlers, IpcSender } from '../../../src-main/ipc/dispatcher'
import { IPC_ERROR_MESSAGES, IpcHandlerError } from '../../../src-main/ipc/errors'
import { registerIpcHandlers, senderOf } from '../../../src-main/ipc/register'

type InvokeListener = (event: unknown, ...args: unknown[]) => Promise<unknown>

const ipcMain = vi.hoisted(() => ({
  handle: vi.fn<(channel: string, listener: InvokeListener) => void>(),
  removeHandler: vi.fn<(channel: string) => void>(),
}))

vi.mock('electron', () => ({ ipcMain }))

const APP_ORIGIN = 'app://paie'
const APP_INFO: AppInfo = { version: '0.1.0', demo: true, apiBaseUrl: '', platform: 'linux' }
const MAIN_FRAME: IpcSender = { url: 'app://paie/index.html#/', isMainFrame: true }

/** Handler of a channel these tests never call (the table must still be complete). */
function unused(): Promise<never> {
  return Promise.reject(new Error('canal non utilisé par ce test'))
}

function setup(answer: IpcHandler<'app:info'> = () => Promise.resolve(APP_INFO), trustedOrigins = [APP_ORIGIN]) {
  const appInfo = vi.fn(answer)
  const failures: IpcFailure[] = []
  const handlers: IpcHandlers = {
    'app:info': appInfo,
    'connection:probe': unused,
    'profile:active': unused,
    'profile:list': unused,
    'profile:save': unused,
    'profile:test': unused,
    'profile:activate': unused,
    'profile:remove': unused,
    'profile:signOut': unused,
    'sync:verify': unused,
    'reference:refresh': unused,
    'records:refresh': unused,
    'bulletins:list': unused,
    'bulletins:read': unused,
    'bulletins:compute': unused,
    'bulletins:act': unused,
    'sync:push': unused,
    'declarations:search': unused,
    'downloads:start': unused,
    'downloads:cancel': unused,
    'downloads:list': unused,
    'downloads:open': unused,
    'downloads:show': unused,
    'downloads:chooseFolder': unused,
    'salaries:sheet': unused,
    'codes:list': unused,
    'extractions:list': unused,
    'extractions:start': unused,
    'extractions:read': unused,
    'extractions:download': unused,
    'people:push': unused,
    'cumuls:list': unused,
    'cumuls:put': unused,
    'declarations:detail': unused,
    'declarations:recapitulatif': unused,
    'facturations:list': unused,
    'cabinet:users': unused,
    'cabinet:user': unused,
    'cabinet:assignments': unused,
  }
  const dispatch = createIpcDispatcher(handlers, { trustedOrigins, onFailure: (failure) => failures.push(failure) })
  return { appInfo, handlers, dispatch, failures }
}

describe('createIpcDispatcher', () => {
  it('answers the handler value in an ok envelope, with the parsed input and the sender', async () => {
    const { appInfo, dispatch, failures } = setup()

    await expect(dispatch('app:info', {}, MAIN_FRAME)).resolves.toEqual({ ok: true, value: APP_INFO })
    expect(appInfo).toHaveBeenCalledExactlyOnceWith({}, { channel: 'app:info', sender: MAIN_FRAME })
    expect(failures).toEqual([])
  })

  it('strips keys the output schema does not declare', async () => {
    const { dispatch } = setup(() => Promise.resolve({ ...APP_INFO, accessToken: 'jeton-secret' }))

    const result = await dispatch('app:info', {}, MAIN_FRAME)

    expect(result).toEqual({ ok: true, value: APP_INFO })
    expect(JSON.stringify(result)).not.toContain('jeton-secret')
  })

  it.each([
    ['an unexpected key', { nir: '185057800608436' }],
    ['a string', 'app'],
    ['nothing', undefined],
    ['null', null],
  ])('refuses %s as input with ENTREE_INVALIDE and never calls the handler', async (_label, input) => {
    const { appInfo, dispatch, failures } = setup()

    const result = await dispatch('app:info', input, MAIN_FRAME)

    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('ENTREE_INVALIDE')
    expect(result.error.message).toBe(IPC_ERROR_MESSAGES.ENTREE_INVALIDE)
    const issues = result.error.details as { code: unknown; path: unknown; message: unknown }[]
    expect(issues.length).toBeGreaterThan(0)
    for (const issue of issues) {
      expect(issue.code).toBeTypeOf('string')
      expect(Array.isArray(issue.path)).toBe(true)
      expect(issue.message).toBeTypeOf('string')
    }
    expect(appInfo).not.toHaveBeenCalled()
    expect(failures).toEqual([{ channel: 'app:info', code: 'ENTREE_INVALIDE' }])
  })

  it('does not echo or log the rejected input', async () => {
    const { dispatch, failures } = setup()

    const result = await dispatch('app:info', { nir: '185057800608436' }, MAIN_FRAME)

    expect(JSON.stringify(result)).not.toContain('185057800608436')
    expect(JSON.stringify(failures)).not.toContain('185057800608436')
  })

  it.each([
    'https://evil.example/index.html',
    'app://paie.evil/index.html',
    'app://autre/index.html',
    'app://paie:8080/index.html',
    'http://localhost:5173/',
    'file:///opt/paie/out/renderer/index.html',
    'about:blank',
    'pas une url',
  ])('refuses a main frame from the foreign origin %s', async (url) => {
    const { appInfo, dispatch } = setup()

    const result = await dispatch('app:info', {}, { url, isMainFrame: true })

    expect(result).toMatchObject({ ok: false, error: { code: 'EXPEDITEUR_REFUSE' } })
    expect(appInfo).not.toHaveBeenCalled()
  })

  it('refuses a sub-frame even of the app origin', async () => {
    const { appInfo, dispatch } = setup()

    const result = await dispatch('app:info', {}, { url: 'app://paie/index.html', isMainFrame: false })

    expect(result).toMatchObject({ ok: false, error: { code: 'EXPEDITEUR_REFUSE' } })
    expect(result.ok ? '' : result.error.message).toBe(IPC_ERROR_MESSAGES.EXPEDITEUR_REFUSE)
    expect(appInfo).not.toHaveBeenCalled()
  })

  it('refuses a sender the transport no longer knows', async () => {
    const { dispatch } = setup()

    await expect(dispatch('app:info', {}, null)).resolves.toMatchObject({ ok: false, error: { code: 'EXPEDITEUR_REFUSE' } })
  })

  it('trusts exactly the origins it is given', async () => {
    const { dispatch } = setup(undefined, [APP_ORIGIN, 'http://localhost:5173'])

    await expect(dispatch('app:info', {}, { url: 'http://localhost:5173/#/', isMainFrame: true })).resolves.toMatchObject({ ok: true })
    await expect(dispatch('app:info', {}, { url: 'http://localhost:5174/', isMainFrame: true })).resolves.toMatchObject({ ok: false })
  })

  it.each(['app:inconnu', '__proto__', 'toString', ''])('refuses the unknown channel %j', async (channel) => {
    const { dispatch } = setup()

    await expect(dispatch(channel, {}, MAIN_FRAME)).resolves.toMatchObject({ ok: false, error: { code: 'CANAL_INCONNU' } })
  })

  it('wraps a thrown error as ERREUR_INTERNE without its message or stack', async () => {
    const thrown = new Error('échec sur /home/clerc/secret.db')
    const { dispatch, failures } = setup(() => Promise.reject(thrown))

    const result = await dispatch('app:info', {}, MAIN_FRAME)

    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.error)).toEqual(['code', 'message'])
    expect(result.error.code).toBe('ERREUR_INTERNE')
    expect(result.error.message).toBe(IPC_ERROR_MESSAGES.ERREUR_INTERNE)
    const serialized = JSON.stringify(result)
    expect(serialized).not.toContain('secret.db')
    expect(serialized).not.toMatch(/\bat .*\(|stack/)
    expect(failures).toEqual([{ channel: 'app:info', code: 'ERREUR_INTERNE', cause: thrown }])
  })

  it('wraps a synchronous throw the same way', async () => {
    const { dispatch } = setup(() => {
      throw new TypeError('x is undefined')
    })

    await expect(dispatch('app:info', {}, MAIN_FRAME)).resolves.toMatchObject({ ok: false, error: { code: 'ERREUR_INTERNE' } })
  })

  it('keeps the code and wording parameters of an IpcHandlerError (the renderer words them)', async () => {
    const thrown = new IpcHandlerError('OUVERTURE_IMPOSSIBLE', 'openPath failed: no application', undefined, {
      params: { raison: 'no application' },
    })
    const { dispatch } = setup(() => Promise.reject(thrown))

    await expect(dispatch('app:info', {}, MAIN_FRAME)).resolves.toEqual({
      ok: false,
      error: { code: 'OUVERTURE_IMPOSSIBLE', message: 'openPath failed: no application', params: { raison: 'no application' } },
    })
  })

  it('keeps the code, message and details of an IpcHandlerError, not its stack or cause', async () => {
    const thrown = new IpcHandlerError(
      'HORS_LIGNE',
      'Pas de connexion au service de paie.',
      { reprise: '2025-01-01T00:00:00Z' },
      { cause: new Error('ECONNREFUSED 10.0.0.1') },
    )
    const { dispatch } = setup(() => Promise.reject(thrown))

    const result = await dispatch('app:info', {}, MAIN_FRAME)

    expect(result).toEqual({
      ok: false,
      error: { code: 'HORS_LIGNE', message: 'Pas de connexion au service de paie.', details: { reprise: '2025-01-01T00:00:00Z' } },
    })
    expect(JSON.stringify(result)).not.toContain('ECONNREFUSED')
  })

  it('answers ERREUR_INTERNE when the handler breaks the output contract', async () => {
    const broken = { ...APP_INFO, version: 42 } as unknown as AppInfo
    const { dispatch, failures } = setup(() => Promise.resolve(broken))

    await expect(dispatch('app:info', {}, MAIN_FRAME)).resolves.toMatchObject({ ok: false, error: { code: 'ERREUR_INTERNE' } })
    expect(failures).toHaveLength(1)
  })
})

function fakeEvent(frame: { url: string; parent: object | null } | null) {
  return { senderFrame: frame }
}

describe('registerIpcHandlers', () => {
  beforeEach(() => {
    ipcMain.handle.mockReset()
    ipcMain.removeHandler.mockReset()
  })

  function registeredListener(channel: string): InvokeListener {
    const call = ipcMain.handle.mock.calls.find(([name]) => name === channel)
    if (call === undefined) throw new Error(`no handler for ${channel}`)
    return call[1]
  }

  it('registers one ipcMain handler per contract channel, and removes them all', () => {
    const { handlers } = setup()

    const unregister = registerIpcHandlers(handlers, { trustedOrigins: [APP_ORIGIN] })

    expect(ipcMain.handle.mock.calls.map(([channel]) => channel)).toEqual([...channelNames])
    unregister()
    expect(ipcMain.removeHandler.mock.calls.map(([channel]) => channel)).toEqual([...channelNames])
  })

  it('serves a request from the main frame of the app origin', async () => {
    const { appInfo, handlers } = setup()
    registerIpcHandlers(handlers, { trustedOrigins: [APP_ORIGIN] })

    const result = await registeredListener('app:info')(fakeEvent({ url: 'app://paie/index.html', parent: null }), {})

    expect(result).toEqual({ ok: true, value: APP_INFO })
    expect(appInfo).toHaveBeenCalledOnce()
  })

  it('refuses a sub-frame, a foreign origin and a vanished frame', async () => {
    const { appInfo, handlers } = setup()
    registerIpcHandlers(handlers, { trustedOrigins: [APP_ORIGIN] })
    const listener = registeredListener('app:info')

    const subFrame = await listener(fakeEvent({ url: 'app://paie/index.html', parent: {} }), {})
    const foreign = await listener(fakeEvent({ url: 'https://evil.example/', parent: null }), {})
    const vanished = await listener(fakeEvent(null), {})

    for (const result of [subFrame, foreign, vanished]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'EXPEDITEUR_REFUSE' } })
    }
    expect(appInfo).not.toHaveBeenCalled()
  })

  it('parses the input it receives from the renderer', async () => {
    const { appInfo, handlers } = setup()
    registerIpcHandlers(handlers, { trustedOrigins: [APP_ORIGIN] })

    const result = await registeredListener('app:info')(fakeEvent({ url: 'app://paie/index.html', parent: null }), { x: 1 })

    expect(result).toMatchObject({ ok: false, error: { code: 'ENTREE_INVALIDE' } })
    expect(appInfo).not.toHaveBeenCalled()
  })
})

describe('senderOf', () => {
  it('reads the frame URL and whether it is top-level', () => {
    expect(senderOf(fakeEvent({ url: 'app://paie/a', parent: null }) as never)).toEqual({ url: 'app://paie/a', isMainFrame: true })
    expect(senderOf(fakeEvent({ url: 'app://paie/a', parent: {} }) as never)).toEqual({ url: 'app://paie/a', isMainFrame: false })
  })

  it('gives null when the frame is gone or disposed', () => {
    const disposed = {
      get senderFrame(): never {
        throw new Error('Render frame was disposed')
      },
    }
    expect(senderOf(fakeEvent(null) as never)).toBeNull()
    expect(senderOf(disposed)).toBeNull()
  })
})

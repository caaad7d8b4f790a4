import { describe, expect, it, vi } from 'vitest'
import type { Session, WebContents } from 'electron'

import {
  createNavigationGuard,
  createWindowOpenHandler,
  DEFAULT_EXTERNAL_HOSTS,
  denyAllPermissions,
  guardWebContents,
  isAllowedExternal,
} from '../../../src-main/shell/guards'
import type { GuardOptions, NavigationEvent } from '../../../src-main/shell/guards'

const ALLOWED = ['www.net-entreprises.fr']

/** Guard options whose `openExternal` is a mock, also returned on its own for assertions. */
function options(externalHosts: readonly string[] = DEFAULT_EXTERNAL_HOSTS) {
  const openExternal = vi.fn<(url: string) => Promise<void>>(() => Promise.resolve())
  const guard: GuardOptions = { trustedOrigins: ['app://paie'], externalHosts, openExternal }
  return { guard, openExternal }
}

/** A navigation event whose `preventDefault` is a mock, also returned on its own for assertions. */
function navigation(url: string) {
  const preventDefault = vi.fn<() => void>()
  const event: NavigationEvent = { url, preventDefault }
  return { event, preventDefault }
}

describe('isAllowedExternal', () => {
  it('opens nothing with the default, empty allow-list', () => {
    expect(DEFAULT_EXTERNAL_HOSTS).toEqual([])
    expect(isAllowedExternal('https://www.net-entreprises.fr/', DEFAULT_EXTERNAL_HOSTS)).toBe(false)
  })

  it('accepts an https URL of an allowed host, whatever the case', () => {
    expect(isAllowedExternal('https://www.net-entreprises.fr/declarations?x=1', ALLOWED)).toBe(true)
    expect(isAllowedExternal('https://WWW.Net-Entreprises.fr/', ALLOWED)).toBe(true)
  })

  it.each([
    'http://www.net-entreprises.fr/',
    'https://evil.www.net-entreprises.fr/',
    'https://www.net-entreprises.fr.evil.com/',
    'https://user:pass@www.net-entreprises.fr/',
    'https://www.net-entreprises.fr:8443/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'app://paie/index.html',
    'pas une url',
  ])('refuses %s', (url) => {
    expect(isAllowedExternal(url, ALLOWED)).toBe(false)
  })
})

describe('createNavigationGuard', () => {
  it('lets the app navigate within its own origin', () => {
    const { event, preventDefault } = navigation('app://paie/index.html#/dossiers')

    createNavigationGuard(options().guard)(event)

    expect(preventDefault).not.toHaveBeenCalled()
  })

  it.each(['https://evil.example/', 'file:///etc/passwd', 'app://autre/index.html', 'http://localhost:5173/', 'about:blank'])(
    'blocks navigation to %s and opens nothing',
    (url) => {
      const { guard, openExternal } = options()
      const { event, preventDefault } = navigation(url)

      createNavigationGuard(guard)(event)

      expect(preventDefault).toHaveBeenCalledOnce()
      expect(openExternal).not.toHaveBeenCalled()
    },
  )

  it('blocks an allowed external link too, and opens it in the browser instead', () => {
    const { guard, openExternal } = options(ALLOWED)
    const { event, preventDefault } = navigation('https://www.net-entreprises.fr/')

    createNavigationGuard(guard)(event)

    expect(preventDefault).toHaveBeenCalledOnce()
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://www.net-entreprises.fr/')
  })
})

describe('createWindowOpenHandler', () => {
  it('denies every new window, even of the app origin', () => {
    const { guard, openExternal } = options()
    const handler = createWindowOpenHandler(guard)

    expect(handler({ url: 'app://paie/index.html' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('opens an allowed https link in the browser, and still denies the window', () => {
    const { guard, openExternal } = options(ALLOWED)

    expect(createWindowOpenHandler(guard)({ url: 'https://www.net-entreprises.fr/' })).toEqual({ action: 'deny' })
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://www.net-entreprises.fr/')
  })

  it('survives a browser that fails to open', async () => {
    const { guard, openExternal } = options(ALLOWED)
    openExternal.mockImplementation(() => Promise.reject(new Error('no browser')))

    expect(createWindowOpenHandler(guard)({ url: 'https://www.net-entreprises.fr/' })).toEqual({ action: 'deny' })
    await Promise.resolve()
    expect(openExternal).toHaveBeenCalledOnce()
  })
})

/** A web contents that records its listeners and window-open handler. */
function fakeWebContents() {
  const listeners = new Map<string, ((event: NavigationEvent) => void)[]>()
  let windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  const contents = {
    on(name: string, listener: (event: NavigationEvent) => void) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener])
      return contents
    },
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      windowOpenHandler = handler
    },
  }
  return {
    contents: contents as unknown as WebContents,
    /** Emits a navigation-like event and returns its `preventDefault` mock. */
    emit(name: string, url: string) {
      const { event, preventDefault } = navigation(url)
      for (const listener of listeners.get(name) ?? []) listener(event)
      return preventDefault
    },
    openWindow(url: string) {
      return windowOpenHandler?.({ url })
    },
  }
}

describe('guardWebContents', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('blocks a foreign %s', (name) => {
    const fake = fakeWebContents()
    guardWebContents(fake.contents, options().guard)

    expect(fake.emit(name, 'https://evil.example/')).toHaveBeenCalledOnce()
    expect(fake.emit(name, 'app://paie/index.html#/')).not.toHaveBeenCalled()
  })

  it('refuses <webview> and denies window.open', () => {
    const fake = fakeWebContents()
    guardWebContents(fake.contents, options().guard)

    expect(fake.emit('will-attach-webview', 'app://paie/index.html')).toHaveBeenCalledOnce()
    expect(fake.openWindow('app://paie/index.html')).toEqual({ action: 'deny' })
  })
})

describe('denyAllPermissions', () => {
  it('refuses every permission request and check', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined
    let check: ((...args: unknown[]) => boolean) | undefined
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => {
        request = handler
      },
      setPermissionCheckHandler: (handler: typeof check) => {
        check = handler
      },
    } as unknown as Session

    denyAllPermissions(session)

    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn()
      request?.({}, permission, callback)
      expect(callback).toHaveBeenCalledExactlyOnceWith(false)
      expect(check?.(null, permission, 'app://paie', {})).toBe(false)
    }
    expect(request).toBeTypeOf('function')
    expect(check).toBeTypeOf('function')
  })
})

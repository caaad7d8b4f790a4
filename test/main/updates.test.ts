import { describe, expect, it, vi } from 'vitest'
import { startUpdateChecks, updateSkipReason, type Updater } from '../../src-main/updates'

function fakeUpdater(check: () => Promise<unknown> = () => Promise.resolve(null)): Updater & { feeds: unknown[]; checks: number } {
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    feeds: [] as unknown[],
    checks: 0,
    setFeedURL(options: unknown) {
      updater.feeds.push(options)
    },
    checkForUpdates() {
      updater.checks += 1
      return check()
    },
  }
  return updater
}

describe('updateSkipReason', () => {
  it('checks only a packaged app with an https feed URL', () => {
    expect(updateSkipReason(false, 'https://maj.example/paie')).toBe('non-empaquete')
    expect(updateSkipReason(true, undefined)).toBe('url-absente')
    expect(updateSkipReason(true, '  ')).toBe('url-absente')
    expect(updateSkipReason(true, 'http://maj.example/paie')).toBe('url-non-https')
    expect(updateSkipReason(true, 'pas une url')).toBe('url-non-https')
    expect(updateSkipReason(true, 'https://maj.example/paie')).toBeNull()
  })
})

describe('startUpdateChecks', () => {
  it('does not even load electron-updater in development or without a URL', async () => {
    const loadUpdater = vi.fn(() => Promise.resolve(fakeUpdater()))
    await expect(startUpdateChecks({ isPackaged: false, feedUrl: 'https://maj.example/paie', loadUpdater })).resolves.toBe('non-empaquete')
    await expect(startUpdateChecks({ isPackaged: true, feedUrl: undefined, loadUpdater })).resolves.toBe('url-absente')
    expect(loadUpdater).not.toHaveBeenCalled()
  })

  it('sets the generic feed, downloads in the background and installs on quit', async () => {
    const updater = fakeUpdater()
    await expect(
      startUpdateChecks({ isPackaged: true, feedUrl: 'https://maj.example/paie', loadUpdater: () => Promise.resolve(updater) }),
    ).resolves.toBeNull()
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://maj.example/paie', channel: 'latest' }])
    expect(updater.checks).toBe(1)
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true })
  })

  it('logs a failed check without throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const updater = fakeUpdater(() => Promise.reject(new Error('net::ERR_NAME_NOT_RESOLVED')))
    await expect(
      startUpdateChecks({ isPackaged: true, feedUrl: 'https://maj.example/paie', loadUpdater: () => Promise.resolve(updater) }),
    ).resolves.toBeNull()
    expect(warn).toHaveBeenCalledExactlyOnceWith('Mises à jour : vérification impossible {"cause":"Error: net::ERR_NAME_NOT_RESOLVED"}')
    warn.mockRestore()
  })
})

/**
 * The packaged shape of the app in real Electron: the window opens on the app:// protocol, window.api is the only
 * bridge (no Node, no ipcRenderer), app:info answers demo mode with the embedded sandbox, and the "Démo" label shows.
 */
import { resolve } from 'node:path'
import { _electron as electron, type ElectronApplication } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let app: ElectronApplication

beforeAll(async () => {
  app = await electron.launch({ args: [resolve('out/main/index.js')], env: { ...process.env, ELECTRON_ENABLE_LOGGING: '0' } })
})
afterAll(async () => {
  await app.close()
})

describe('real Electron', () => {
  it('loads the renderer from app:// with an isolated, sandboxed bridge', async () => {
    const page = await app.firstWindow()
    await page.waitForLoadState('domcontentloaded')
    expect(page.url().startsWith('app://paie/')).toBe(true)
    const exposed = await page.evaluate(() => {
      const scope = globalThis as unknown as Record<string, unknown>
      return {
        require: typeof scope['require'],
        process: typeof scope['process'],
        ipcRenderer: typeof scope['ipcRenderer'],
        api: typeof scope['api'],
      }
    })
    expect(exposed).toEqual({ require: 'undefined', process: 'undefined', ipcRenderer: 'undefined', api: 'object' })
  })

  it('answers app:info in demo mode against the embedded sandbox', async () => {
    const page = await app.firstWindow()
    const info = await page.evaluate(async () => {
      const api = (
        globalThis as unknown as {
          api: { 'app:info': (i: object) => Promise<{ ok: boolean; value?: { demo: boolean; apiBaseUrl: string } }> }
        }
      ).api
      return api['app:info']({})
    })
    expect(info.ok).toBe(true)
    expect(info.value?.demo).toBe(true)
    expect(info.value?.apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    await expect(page.getByText('Démo').first().isVisible()).resolves.toBe(true)
  })
})

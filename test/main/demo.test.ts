import { describe, expect, it } from 'vitest'
import { startDemoService } from '../../src-main/demo'
import { log } from '../../src-main/log'
import type { SandboxOptions } from '../../src-sandbox'

describe('demo mode (src-main/demo.ts)', () => {
  it('starts the sandbox through its public entry on a free loopback port, reporting to main’s log', async () => {
    const calls: SandboxOptions[] = []
    let closed = 0
    const demo = await startDemoService((options = {}) => {
      calls.push(options)
      const close = (): Promise<void> => {
        closed++
        return Promise.resolve()
      }
      return Promise.resolve({
        url: 'http://127.0.0.1:5123',
        port: 5123,
        store: null as never,
        faults: null as never,
        issuedTokens: () => [],
        close,
      })
    })

    expect(calls).toEqual([{ port: 0, logger: log }])
    expect(demo).toMatchObject({ baseUrl: 'http://127.0.0.1:5123', clientId: 'demo-gestionnaire', clientSecret: 'demo-secret-sandbox' })
    await demo.close()
    expect(closed).toBe(1)
  })
})

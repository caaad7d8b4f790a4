/**
 * The `Date` header over real HTTP: every answer (success, error, 429, unknown route) carries exactly one, in
 * IMF-fixdate form, read from the sandbox clock (here shifted years back by `today`), never Node's real clock.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import { startSandbox } from '../../src-sandbox/server'
import { call, tokenFor } from './helpers'

const SHIFTED_TODAY = '2019-03-04'
let sandbox: RunningSandbox
let token: string

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, today: SHIFTED_TODAY, rateLimit: false })
  token = await tokenFor(sandbox.url)
})
afterAll(async () => {
  await sandbox.close()
})

/** Raw `Date` header lines of one GET (node:http keeps duplicates apart in rawHeaders). */
function rawDates(path: string, bearer?: string): Promise<{ status: number; dates: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request(`${sandbox.url}${path}`, { headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` } }, (res) => {
      const dates: string[] = []
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        if (res.rawHeaders[i]?.toLowerCase() === 'date') dates.push(res.rawHeaders[i + 1] ?? '')
      res.resume()
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, dates })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** Sandbox clock now: noon UTC of `today` plus the real time elapsed since start (a few seconds at most). */
function expectSandboxInstant(header: string | null): void {
  expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
  const at = Date.parse(header ?? '')
  const noon = Date.parse(`${SHIFTED_TODAY}T12:00:00.000Z`)
  expect(at).toBeGreaterThanOrEqual(noon - 1000)
  expect(at).toBeLessThan(noon + 120_000)
}

describe('Date header on the sandbox clock', () => {
  it('is on a success, an error and an unknown route, exactly once', async () => {
    for (const [path, bearer, status] of [
      ['/api/health', undefined, 200],
      ['/api/moi', undefined, 401],
      ['/api/nulle-part', token, 404],
    ] as const) {
      const res = await rawDates(path, bearer)
      expect(res.status).toBe(status)
      expect(res.dates).toHaveLength(1)
      expectSandboxInstant(res.dates[0] ?? null)
    }
  })

  it('is on a 429 of the rate limit', async () => {
    const limitedSandbox = await startSandbox({ seed: 7, today: SHIFTED_TODAY, rateLimit: { limit: 1, windowMs: 60_000 } })
    try {
      const statuses: number[] = []
      let last: Response | null = null
      for (let i = 0; i < 2; i++) {
        last = await fetch(`${limitedSandbox.url}/api/health`)
        await last.arrayBuffer()
        statuses.push(last.status)
      }
      expect(statuses).toEqual([200, 429])
      expectSandboxInstant(last?.headers.get('date') ?? null)
    } finally {
      await limitedSandbox.close()
    }
  })

  it('is on a burst 429 and on injected 5xx', async () => {
    sandbox.faults.set({ burst429: 1, errorRate: 1 })
    const burst = await call(sandbox.url, '/api/health')
    expect(burst.status).toBe(429)
    expectSandboxInstant(burst.headers.get('date'))
    const injected = await call(sandbox.url, '/api/health')
    expect([500, 502, 503]).toContain(injected.status)
    expectSandboxInstant(injected.headers.get('date'))
    sandbox.faults.reset()
  })

  it('follows a clock given as `now`', async () => {
    const fixed = await startSandbox({ seed: 7, today: '2026-11-16', now: () => new Date('2031-07-14T08:09:10.500Z'), rateLimit: false })
    try {
      const res = await fetch(`${fixed.url}/api/health`)
      expect(res.headers.get('date')).toBe('Mon, 14 Jul 2031 08:09:10 GMT')
    } finally {
      await fixed.close()
    }
  })
})

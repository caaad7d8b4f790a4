/**
 * Rate limit over real HTTP: RateLimit-* headers on every /api answer, 429 TROP_DE_REQUETES with Retry-After over
 * the limit, one window per client (and per address before authentication).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import { call, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

let sandbox: RunningSandbox

beforeAll(async () => {
  // A long window, so the test never crosses it: limit 4 per minute.
  sandbox = await startTestSandbox({ rateLimit: { limit: 4, windowMs: 60_000 } })
})
afterAll(async () => {
  await sandbox.close()
})

describe('rate limit', () => {
  it('counts down per client, then answers 429 with Retry-After and the RateLimit headers', async () => {
    // The token request counts for the address, not for the client.
    const token = await tokenFor(sandbox.url)
    const remaining: string[] = []
    for (let i = 0; i < 4; i++) {
      const res = await call(sandbox.url, '/api/moi', { token })
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-limit')).toBe('4')
      expect(res.headers.get('ratelimit-policy')).toBe('4;w=60')
      remaining.push(res.headers.get('ratelimit-remaining') ?? '')
    }
    expect(remaining).toEqual(['3', '2', '1', '0'])
    const over = await call<ErrorBody>(sandbox.url, '/api/moi', { token })
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('TROP_DE_REQUETES')
    expect(over.body.recuperable).toBe(true)
    const retryAfter = Number(over.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(over.headers.get('ratelimit-remaining')).toBe('0')
    expect(Number(over.headers.get('ratelimit-reset'))).toBe(retryAfter)
  })

  it('keeps a separate window for another client', async () => {
    const token = await tokenFor(sandbox.url, 'gestionnaire-restreint')
    const res = await call(sandbox.url, '/api/moi', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('ratelimit-remaining')).toBe('3')
  })

  it('limits unauthenticated calls per address, errors included', async () => {
    // Two token requests so far from 127.0.0.1: two more fit in the window.
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await call(sandbox.url, '/api/health')).status)
    expect(statuses).toEqual([200, 200, 429])
    const unauthenticated = await call(sandbox.url, '/api/dossiers')
    expect(unauthenticated.status).toBe(429)
    expect(unauthenticated.headers.get('ratelimit-limit')).toBe('4')
  })
})

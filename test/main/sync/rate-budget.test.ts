/**
 * The rate budget alone, with a fake clock and hand-made headers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRateBudget, type RateBudget, type RateRelease } from '../../../src-main/sync/rate-budget'
import { DEFAULT_SYNC_CONCURRENCY, MAX_SYNC_CONCURRENCY, sizeConcurrency } from '../../../src-main/sync/pacing'

function headers(limit: number, remaining: number, reset: number, extra: Record<string, string> = {}): Headers {
  return new Headers({
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(remaining),
    'RateLimit-Reset': String(reset),
    ...extra,
  })
}

/** Starts `acquire` and reports whether it resolved yet. */
function track(budget: RateBudget, signal?: AbortSignal): { readonly settled: () => boolean; readonly value: Promise<RateRelease | null> } {
  let done = false
  const value = budget.acquire(signal).then((r) => {
    done = true
    return r
  })
  return { settled: () => done, value }
}

describe('createRateBudget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('lets an initial burst go before any header, then waits for the first answer', async () => {
    const budget = createRateBudget({ initialBurst: 2, now: Date.now })
    const first = await budget.acquire()
    await budget.acquire()
    const third = track(budget)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(third.settled()).toBe(false)

    budget.observe({ status: 200, headers: headers(10, 8, 1), durationMs: 5 })
    first?.()
    await vi.advanceTimersByTimeAsync(0)

    expect(third.settled()).toBe(true)
    expect(budget.state()).toMatchObject({ limit: 10, inFlight: 2 })
  })

  it('counts requests in flight against the remaining room and waits for the reset when it is used up', async () => {
    const budget = createRateBudget({ initialBurst: 1, now: Date.now })
    const r1 = await budget.acquire()
    budget.observe({ status: 200, headers: headers(3, 2, 1), durationMs: 1 })
    r1?.()
    await budget.acquire()
    await budget.acquire()
    const blocked = track(budget)
    await vi.advanceTimersByTimeAsync(999)
    expect(blocked.settled()).toBe(false)

    await vi.advanceTimersByTimeAsync(2)

    expect(blocked.settled()).toBe(true)
    expect(budget.state().left).toBe(2)
  })

  it('caps the window end at its first answer + the policy window, though each Reset rounds up to a whole second', async () => {
    const policy = { 'RateLimit-Policy': '3;w=1' }
    const budget = createRateBudget({ initialBurst: 1, now: Date.now })
    const r1 = await budget.acquire()
    budget.observe({ status: 200, headers: headers(3, 2, 1, policy), durationMs: 1 })
    r1?.()
    const r2 = await budget.acquire()
    const r3 = await budget.acquire()
    await vi.advanceTimersByTimeAsync(600)
    // 600 ms later, two more answers of the same window still say "reset in 1 s" (rounded up).
    budget.observe({ status: 200, headers: headers(3, 1, 1, policy), durationMs: 1 })
    budget.observe({ status: 200, headers: headers(3, 0, 1, policy), durationMs: 1 })
    r2?.()
    r3?.()
    const blocked = track(budget)
    await vi.advanceTimersByTimeAsync(399)
    expect(blocked.settled()).toBe(false)
    await vi.advanceTimersByTimeAsync(2)
    // Without the policy the wait would have lasted until 600 + 1 000 ms.
    expect(blocked.settled()).toBe(true)
  })

  it('never raises the room from a late answer of the same window, but trusts a new window', async () => {
    const budget = createRateBudget({ initialBurst: 4, now: Date.now })
    const permits = await Promise.all([budget.acquire(), budget.acquire(), budget.acquire(), budget.acquire()])
    budget.observe({ status: 200, headers: headers(20, 16, 1), durationMs: 3 })
    permits[0]?.()
    // A late answer of an earlier request of the same window says 19 remaining: ignored (3 still in flight).
    budget.observe({ status: 200, headers: headers(20, 19, 1), durationMs: 50 })
    permits[1]?.()
    expect(budget.state().left).toBeLessThanOrEqual(14)

    vi.advanceTimersByTime(10)
    const late = await budget.acquire()
    vi.advanceTimersByTime(5)
    // Started after the answer with the highest count, and counts fewer: the server opened a new window.
    budget.observe({ status: 200, headers: headers(20, 19, 1), durationMs: 2 })
    late?.()
    expect(budget.state().left).toBe(19 - 2)
  })

  it('holds every request after a 429 until Retry-After is over', async () => {
    const budget = createRateBudget({ now: Date.now })
    const r = await budget.acquire()
    budget.observe({ status: 429, headers: headers(20, 0, 1, { 'Retry-After': '3' }) })
    r?.()
    const next = track(budget)
    await vi.advanceTimersByTimeAsync(2_999)
    expect(next.settled()).toBe(false)
    await vi.advanceTimersByTimeAsync(2)
    expect(next.settled()).toBe(true)
  })

  it('lets everything go when the server announces no limit', async () => {
    const budget = createRateBudget({ initialBurst: 1, now: Date.now })
    const r = await budget.acquire()
    budget.observe({ status: 200, headers: new Headers() })
    r?.()
    const all = await Promise.all(Array.from({ length: 50 }, () => budget.acquire()))
    expect(all.every((x) => x !== null)).toBe(true)
    expect(budget.state()).toMatchObject({ left: Infinity, inFlight: 50 })
  })

  it('resolves null when the wait is aborted, and allows a new burst when no answer ever came', async () => {
    const budget = createRateBudget({ initialBurst: 1, now: Date.now })
    const r = await budget.acquire()
    const controller = new AbortController()
    const waiting = track(budget, controller.signal)
    controller.abort()
    await expect(waiting.value).resolves.toBeNull()

    r?.()
    r?.()
    expect(budget.state()).toMatchObject({ inFlight: 0, left: 1 })
    await expect(budget.acquire()).resolves.toBeTypeOf('function')
  })
})

describe('sizeConcurrency', () => {
  it('keeps rate × latency × 1.5 requests in flight, within bounds, and the default while the rate is unknown', () => {
    expect(sizeConcurrency({ limit: 200, windowMs: 1000 }, 40)).toBe(12)
    expect(sizeConcurrency({ limit: 100, windowMs: 1000 }, 5)).toBe(2)
    expect(sizeConcurrency({ limit: 10_000, windowMs: 1000 }, 50)).toBe(MAX_SYNC_CONCURRENCY)
    expect(sizeConcurrency({ limit: null, windowMs: null }, 40)).toBe(DEFAULT_SYNC_CONCURRENCY)
    expect(sizeConcurrency({ limit: 200, windowMs: 1000 }, null)).toBe(DEFAULT_SYNC_CONCURRENCY)
  })

  it('reads the window length from RateLimit-Policy into the budget state', () => {
    const budget = createRateBudget({ now: () => 0 })
    budget.observe({ status: 200, headers: headers(200, 199, 1, { 'RateLimit-Policy': '200;w=1' }), durationMs: 3 })
    expect(budget.state()).toMatchObject({ limit: 200, windowMs: 1000 })
  })
})

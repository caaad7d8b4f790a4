import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from '../../../src-shared/domain/backoff'

const JUST_UNDER_ONE = 1 - Number.EPSILON

describe('Retry-After', () => {
  it('wins over the exponential delay, whatever the failure count and the jitter', () => {
    expect(backoffDelay(1, 30_000, 0)).toBe(30_000)
    expect(backoffDelay(12, 2_000, 0.9)).toBe(2_000)
    expect(backoffDelay(3, 0, 0.5)).toBe(0)
  })

  it('is capped at 5 minutes and never negative', () => {
    expect(backoffDelay(1, 3_600_000, 0)).toBe(BACKOFF_CAP_MS)
    expect(backoffDelay(1, Number.POSITIVE_INFINITY, 0)).toBe(BACKOFF_CAP_MS)
    expect(backoffDelay(1, -5, 0)).toBe(0)
  })

  it('is ignored when unreadable (NaN): the exponential delay applies, never setTimeout(NaN)', () => {
    expect(backoffDelay(2, Number.NaN, 0.5)).toBe(1_000)
  })
})

describe('exponential backoff with full jitter', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 16_000],
    [6, 32_000],
    [7, 64_000],
    [8, 128_000],
    [9, 256_000],
    [10, BACKOFF_CAP_MS],
    [11, BACKOFF_CAP_MS],
    [50, BACKOFF_CAP_MS],
    [10_000, BACKOFF_CAP_MS],
  ])('after %i failure(s) the ceiling is %i ms', (failures, ceiling) => {
    expect(backoffDelay(failures, null, 0)).toBe(0)
    expect(backoffDelay(failures, null, 0.5)).toBe(ceiling / 2)
    expect(backoffDelay(failures, null, JUST_UNDER_ONE)).toBe(ceiling - 1)
  })

  it('starts at the base of 1 s and caps at 5 min', () => {
    expect(BACKOFF_BASE_MS).toBe(1_000)
    expect(BACKOFF_CAP_MS).toBe(300_000)
  })

  it('gives an integer in [0, min(cap, 1 s × 2^(n−1))) for random in [0, 1) (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (failures, random) => {
        const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (failures - 1))
        const delay = backoffDelay(failures, null, random)
        return Number.isInteger(delay) && delay >= 0 && delay < ceiling
      }),
    )
  })

  it('grows with the jitter: a larger random never gives a shorter delay (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a]
          return backoffDelay(n, null, lo) <= backoffDelay(n, null, hi)
        },
      ),
    )
  })

  it('stays in range when given out-of-range inputs', () => {
    expect(backoffDelay(1, null, 1)).toBe(999)
    expect(backoffDelay(1, null, -0.5)).toBe(0)
    expect(backoffDelay(Number.NaN, null, 0.5)).toBe(500)
    expect(backoffDelay(0, null, 0.5)).toBe(500)
  })
})

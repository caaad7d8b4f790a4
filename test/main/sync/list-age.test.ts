import { describe, expect, it } from 'vitest'
import { createListAges, LIST_MAX_AGE_AT_WRITE_MS } from '../../../src-main/sync/list-age'

/** A clock the test moves by hand, ms. */
function handClock(start = Date.parse('2026-11-16T09:00:00Z')): { now: () => Date; advance: (ms: number) => void } {
  let at = start
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms
    },
  }
}

describe('createListAges', () => {
  it('lets a write leave up to the bound after its list, not one ms later', () => {
    const clock = handClock()
    const ages = createListAges(clock.now)
    expect(ages.expiry('evp|A|1')).toBeUndefined()
    ages.listed('evp|A|1')
    const expired = ages.expiry('evp|A|1')!
    clock.advance(LIST_MAX_AGE_AT_WRITE_MS)
    expect(expired()).toBe(false)
    clock.advance(1)
    expect(expired()).toBe(true)
  })

  it('reports the longest list-to-request time and the creates sent back, per push', () => {
    const clock = handClock()
    const ages = createListAges(clock.now, 500)
    ages.listed('a')
    const listedA = clock.now().getTime()
    clock.advance(200)
    ages.listed('b')
    ages.wrote('a', [listedA + 120, listedA + 340.6], false)
    ages.wrote('b', [listedA + 250], false)
    ages.wrote('b', [], true)
    ages.wrote('unknown-group', [listedA + 9_999], false)
    expect(ages.summary()).toEqual({ listeAgeMaxMs: 341, listesTropAnciennes: 1 })
  })
})

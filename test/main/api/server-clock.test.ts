import { describe, expect, it } from 'vitest'
import { SERVER_CLOCK_TOLERANCE_MS, createServerClock } from '../../../src-main/api/server-clock'

describe('createServerClock', () => {
  it('has no estimate before a readable Date header', () => {
    const clock = createServerClock()
    clock.observe(null, 1000)
    clock.observe('demain midi', 1000)
    expect(clock.offsetMs()).toBeNull()
    expect(clock.toServerMs(5000)).toBeNull()
  })

  it('takes Date minus the local receipt time, keeping the most recent sample', () => {
    const clock = createServerClock()
    const local = Date.parse('2026-11-16T10:00:00.000Z')
    clock.observe('Mon, 16 Nov 2026 10:00:05 GMT', local)
    expect(clock.offsetMs()).toBe(5000)
    clock.observe('Mon, 16 Nov 2026 09:59:58 GMT', local + 1000)
    expect(clock.offsetMs()).toBe(-3000)
    expect(clock.toServerMs(local)).toBe(local - 3000)
    clock.observe('illisible', local)
    expect(clock.offsetMs()).toBe(-3000)
  })

  it('documents a tolerance above the one-second resolution of Date', () => {
    expect(SERVER_CLOCK_TOLERANCE_MS).toBe(2000)
  })
})

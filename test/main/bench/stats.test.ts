import { describe, expect, it } from 'vitest'

import { parseRunArgs } from '../../../bench/run'
import { figure, laneBusyShare, median, meets, percentile, renderMarkdown } from '../../../bench/stats'

describe('bench statistics', () => {
  it('median of odd and even counts, nearest-rank percentile', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
    const values = Array.from({ length: 200 }, (_, i) => i + 1)
    expect(percentile(values, 95)).toBe(190)
    expect(percentile([7], 95)).toBe(7)
  })

  it('checks a figure against its target (a NaN never meets one)', () => {
    expect(meets(0.7, { op: '>=', value: 0.7 })).toBe(true)
    expect(meets(21, { op: '<=', value: 20 })).toBe(false)
    expect(meets(Number.NaN, { op: '<=', value: 20 })).toBe(false)
    expect(meets(3, { op: 'report' })).toBeNull()
    expect(figure('k', 'what', 'ms', { op: '<=', value: 50 }, [60, 40, 45])).toMatchObject({ median: 45, min: 40, max: 60, met: true })
  })

  it('writes the machine and one table row per figure', () => {
    const md = renderMarkdown(
      [figure('sync.loopback.entriesPerSecond', 'drain', 'entries/s', { op: '>=', value: 1500 }, [1200, 1300, 1250])],
      { cpuModel: 'CPU X', cores: 2, ramGB: 8, os: 'Debian', node: 'v22', chromium: 'Chromium 1', loadAverage: { start: 1, end: 2 } },
      ['3 runs'],
      ['a note'],
    )
    expect(md).toContain('CPU X, 2 cores')
    expect(md).toContain('| `sync.loopback.entriesPerSecond` | drain | 1,250 entries/s | 1,200–1,300 | >= 1,500 entries/s | **no** |')
    expect(md).toContain('- a note')
  })

  it('reads --out, --runs and --quick', () => {
    expect(parseRunArgs(['--out', 'x', '--runs=5', '--quick'])).toMatchObject({ runs: 5, quick: true })
    expect(parseRunArgs([]).runs).toBe(3)
    expect(() => parseRunArgs(['--runs', '0'])).toThrow(/--runs/)
    expect(() => parseRunArgs(['--vite'])).toThrow(/inconnue/)
    expect(parseRunArgs(['--only', 'loopback']).onlyLoopback).toBe(true)
    expect(parseRunArgs([]).onlyLoopback).toBe(false)
    expect(parseRunArgs(['--only', 'cabinet'])).toMatchObject({ onlyCabinet: true, onlyLoopback: false })
    expect(parseRunArgs([]).onlyCabinet).toBe(false)
    expect(parseRunArgs(['--only', 'import'])).toMatchObject({ onlyImport: true, onlyLoopback: false })
    expect(() => parseRunArgs(['--only', 'queue'])).toThrow(/--only/)
    expect(parseRunArgs(['--only', 'sync'])).toMatchObject({ onlySync: true, onlyLoopback: false })
    expect(parseRunArgs([]).onlySync).toBe(false)
    expect(parseRunArgs(['--only', 'rate'])).toMatchObject({ onlyRate: true, onlyImport: false, onlyLoopback: false })
    expect(parseRunArgs([]).onlyRate).toBe(false)
  })

  it("counts the time main's push lane ran a push: a push waits in the lane for the one before it", () => {
    // Push 1 runs 0–100; push 2 arrives at 50 but runs 100–180; push 3 arrives at 300 and runs 300–350.
    const calls = [
      { arrivedAt: 50, answeredAt: 180 },
      { arrivedAt: 0, answeredAt: 100 },
      { arrivedAt: 300, answeredAt: 350 },
    ]
    expect(laneBusyShare(calls, 0, 400)).toBeCloseTo(230 / 400)
    // Only the part inside the window counts.
    expect(laneBusyShare(calls, 100, 200)).toBeCloseTo(80 / 100)
    expect(laneBusyShare([], 0, 100)).toBe(0)
    expect(laneBusyShare(calls, 10, 10)).toBe(0)
  })
})

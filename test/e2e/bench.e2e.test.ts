/**
 * The bench cannot rot: `runBench` in quick mode (small sizes, one run) writes bench.json with every key and
 * bench.md with every figure and the machine. No timing is asserted here (targets are for the bench itself).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { FIGURE_KEYS, runBench } from '../../bench/bench'

const out = mkdtempSync(join(tmpdir(), 'paie-bench-'))
afterAll(() => {
  rmSync(out, { recursive: true, force: true })
})

describe('npm run bench -- --quick', () => {
  it('writes bench.json with every key and bench.md with every figure and the machine', async () => {
    await runBench({ out, quick: true, runs: 1 })

    const json = z
      .object({
        quick: z.literal(true),
        runs: z.literal(1),
        machine: z.object({
          cpuModel: z.string().min(1),
          cores: z.number().int().positive(),
          ramGB: z.number().positive(),
          os: z.string().min(1),
          node: z.string().min(1),
          chromium: z.string().min(1),
        }),
        figures: z.record(z.string(), z.number()),
        details: z.array(z.object({ key: z.string(), runs: z.array(z.number()).length(1) })),
      })
      .parse(JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')))
    expect(Object.keys(json.figures).sort()).toEqual([...FIGURE_KEYS].sort())
    for (const key of FIGURE_KEYS) expect(Number.isFinite(json.figures[key]), key).toBe(true)
    // Scenarios ran to their end: every entry synced, one list per scope at most.
    expect(json.figures['reconcile.requestsPerScope']).toBeLessThanOrEqual(1)

    const md = readFileSync(join(out, 'bench.md'), 'utf8')
    for (const key of FIGURE_KEYS) expect(md).toContain(`\`${key}\``)
    expect(md).toContain(json.machine.cpuModel)
    expect(md).toContain(json.machine.chromium)
  })
})

/**
 * CPU profiles of the bench page (Chrome DevTools Protocol `Profiler`), saved as `.cpuprofile` (open in Chrome
 * DevTools, Performance panel) with a Markdown summary of where the time went: self time per function, top first.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'

/** The part of a `.cpuprofile` the summary reads. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  }[]
  readonly samples?: readonly number[]
  readonly timeDeltas?: readonly number[]
}

/** Self time per function (ms), top `top` first, with the total sampled time. */
export function summarizeProfile(profile: CpuProfile, top = 25): { totalMs: number; rows: { fn: string; ms: number }[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  let total = 0
  const deltas = profile.timeDeltas ?? []
  ;(profile.samples ?? []).forEach((id, i) => {
    const node = byId.get(id)
    const us = deltas[i] ?? 0
    total += us
    if (node === undefined) return
    const { functionName, url, lineNumber } = node.callFrame
    const file = url.split('/').slice(-1)[0] ?? ''
    const key = `${functionName === '' ? '(anonymous)' : functionName} ${file}${file === '' ? '' : `:${lineNumber + 1}`}`
    self.set(key, (self.get(key) ?? 0) + us)
  })
  const rows = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ fn, ms: us / 1000 }))
  return { totalMs: total / 1000, rows }
}

/** Profiles `work` in `page`; writes `<dir>/<name>.cpuprofile` and `<dir>/<name>-profile.md`. */
export async function profiled<T>(context: BrowserContext, page: Page, dir: string, name: string, work: () => Promise<T>): Promise<T> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile } = await cdp.send('Profiler.stop')
    await cdp.detach()
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile))
    const { totalMs, rows } = summarizeProfile(profile)
    const lines = [
      `# CPU profile: ${name}`,
      '',
      `Sampled time: ${totalMs.toFixed(0)} ms (idle included). Self time per function, top ${rows.length}:`,
      '',
      '| self ms | function |',
      '|---:|---|',
      ...rows.map((r) => `| ${r.ms.toFixed(1)} | \`${r.fn}\` |`),
      '',
    ]
    writeFileSync(join(dir, `${name}-profile.md`), lines.join('\n'))
  }
}

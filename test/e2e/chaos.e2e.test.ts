/**
 * Chaos: 2,000 entries over every dossier (EVP, absences, professional expenses) enter through the app's own
 * outbox store and sync to a sandbox PROCESS that keeps its store in a file, while faults fall at random from a
 * seeded PRNG: ~10% 5xx, ~5% commit-then-drop-connection, 429 bursts, every token expired once, latency jitter;
 * the renderer is reloaded at random moments (at least 5 times) and the sandbox process is killed (SIGKILL) and
 * started again once. At the end: every entry synced exactly once or rejected with a reason, nothing lost or
 * doubled on the server, and the audit log accounts for every write (chaos-audit.ts says exactly how).
 *
 * Seed: CHAOS_SEED (default fixed for CI); `npm run chaos -- --seed N` runs another. Prints one line
 * `CHAOS FIGURES {…}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxStore } from '../../src-main/sandbox/store/types'
import { chaosVerdict } from './chaos-audit'
import { chaosEntries, chaosSchedule, seededRandom, type ChaosEvent } from './chaos-plan'
import { startWorkstation, TODAY, type Workstation } from './harness/app'
import { startSandboxProcess, type SandboxProcess } from './harness/sandbox-process'
import { enqueueThroughApp, readAudit, readOutbox, readStateCounts } from './page-data'
import { until } from './support'

const SEED = Number(process.env['CHAOS_SEED'] ?? '20261122')
const ENTRIES = 2_000
const RELOADS = 6
const FAULTS = { errorRate: 0.1, dropAfterCommitRate: 0.05, latencyMs: 2, latencyJitterMs: 30, burstRetryAfterSeconds: 1 } as const

let sandbox: SandboxProcess
let ws: Workstation
let initial: SandboxStore
const figures: Record<string, unknown> = { seed: SEED }

beforeAll(async () => {
  sandbox = await startSandboxProcess({ seed: SEED, today: TODAY })
  initial = sandbox.readStore()
  ws = await startWorkstation({ external: { url: sandbox.url, store: initial } })
})
afterAll(async () => {
  process.stdout.write(`\nCHAOS FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
  await sandbox.close()
})

/** Sums fault counts over the sandbox's lives (read before each kill, and at the end). */
function addCounts(into: Record<string, number>, counts: Record<string, number>): void {
  for (const [k, n] of Object.entries(counts)) into[k] = (into[k] ?? 0) + n
}

async function faultCounts(): Promise<Record<string, number>> {
  const res = await fetch(`${sandbox.url}/__sandbox/fault-counts`)
  return (await res.json()) as Record<string, number>
}

describe(`chaos (seed ${SEED})`, () => {
  it('syncs 2,000 entries exactly once through faults, reloads and a sandbox restart, with a complete audit', async () => {
    const random = seededRandom(SEED)
    const page = (): Workstation['page'] => ws.page
    await page().click('[data-testid="refresh-reference"]')
    for (const d of initial.dossiers) await page().waitForSelector(`[data-testid="dossier-row-${d.siren}"]`, { timeout: 60_000 })

    const inputs = chaosEntries(initial, ENTRIES, random)
    const schedule: ChaosEvent[] = chaosSchedule(random, RELOADS)
    const injected: Record<string, number> = {}
    const done: Record<string, number> = { reloads: 0, sandboxRestarts: 0, tokenExpiries: 0, bursts429: 0 }

    await sandbox.setFaults(FAULTS)
    const started = Date.now()
    // Entries enter through the app's outbox store; the page stays on the cabinet screen (live counts per dossier).
    const entered = await enqueueThroughApp(page(), inputs)
    expect(entered.refused).toEqual([])
    expect(entered.saved).toBe(ENTRIES)

    let settled = 0
    const finished = until('every entry synced or rejected', async () => {
      let counts: Awaited<ReturnType<typeof readStateCounts>>
      try {
        counts = await readStateCounts(page())
      } catch {
        return false // the page is reloading
      }
      settled = (counts.synced ?? 0) + (counts.rejected ?? 0)
      while (schedule.length > 0 && schedule[0]!.at * ENTRIES <= settled) {
        const event = schedule.shift()!
        if (event.what === 'reload') {
          await page().reload()
          await page().waitForSelector('[data-testid="online-indicator"]')
          done['reloads']! += 1
        } else if (event.what === 'restart-sandbox') {
          addCounts(injected, await faultCounts())
          await sandbox.kill()
          // Down for a moment: the queue pauses on "connection refused" and resumes on its own.
          await new Promise((ok) => setTimeout(ok, 500 + Math.floor(random() * 1_000)))
          await sandbox.restart()
          await sandbox.setFaults(FAULTS)
          done['sandboxRestarts']! += 1
        } else if (event.what === 'expire-tokens') {
          await sandbox.expireTokens()
          done['tokenExpiries']! += 1
        } else {
          await sandbox.setFaults({ burst429: 2 + Math.floor(random() * 4) })
          done['bursts429']! += 1
        }
      }
      return settled === ENTRIES
    }, 170_000).then(() => null, (error: unknown) => error)
    const timedOut = await finished
    figures['durationSeconds'] = Math.round((Date.now() - started) / 100) / 10
    addCounts(injected, await faultCounts())
    await sandbox.setFaults({ errorRate: 0, dropAfterCommitRate: 0, latencyMs: 0, latencyJitterMs: 0, burst429: 0 })

    const verdict = chaosVerdict(await readOutbox(page()), await readAudit(page()), initial, sandbox.readStore())
    Object.assign(figures, verdict.figures, done, { faults: injected })
    if (timedOut !== null) process.stdout.write(`\nCHAOS PROBLEMS ${JSON.stringify(verdict.problems, (_key: string, value: unknown) => (Array.isArray(value) ? value.slice(0, 5) : value))}\n`)
    expect(timedOut).toBeNull()
    expect(done['reloads']).toBeGreaterThanOrEqual(5)
    expect(done['sandboxRestarts']).toBe(1)
    expect((injected['error500'] ?? 0) + (injected['error502'] ?? 0) + (injected['error503'] ?? 0)).toBeGreaterThan(0)
    expect(injected['dropAfterCommit'] ?? 0).toBeGreaterThan(0)
    expect(verdict.figures['entries']).toBe(ENTRIES)
    expect(verdict.problems).toEqual({ notSettled: [], rejectedWithoutReason: [], duplicates: [], lost: [], orphans: [], wrongRecord: [], unaccounted: [], acknowledgedButMissing: [] })
    expect(verdict.figures['synced']! + verdict.figures['rejected']!).toBe(ENTRIES)
  })
})

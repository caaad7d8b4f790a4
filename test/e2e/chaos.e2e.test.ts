/**
 * Chaos: 2,000 entries over every dossier (EVP, absences, professional expenses) enter through the app's own
 * outbox store and sync to a sandbox PROCESS that keeps its store in a file, while faults fall at random from a
 * seeded PRNG: ~10% 5xx, ~5% commit-then-drop-connection, ~3% commit-then-500, ~3% late commits (held past the
 * client's timeout but before the settle time; once, for a while, past the settle time too), 429 bursts, every token
 * expired once, latency jitter; the renderer is reloaded at random moments (at least 5 times), the sandbox process is
 * killed (SIGKILL) and started again once, and a SECOND WRITER (another API client) enters records in the same
 * dossiers: copies of entries still queued, and other records of the same employees and periods. At the end every
 * entry is synced exactly once, rejected with a reason, or « à vérifier » with its candidates; nothing is lost or
 * silently doubled on the service, and the audit log accounts for every write (chaos-audit.ts says exactly how).
 *
 * Seed: CHAOS_SEED (default fixed for CI); `npm run chaos -- --seed N` runs another. Prints one line
 * `CHAOS FIGURES {…}`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxStore } from '../../src-sandbox/store/types'
import { DEMO_CREDENTIALS } from '../../src-sandbox/store/seed'
import { chaosVerdict, noProblems } from './chaos-audit'
import { chaosEntries, chaosSchedule, seededRandom, type ChaosEvent } from './chaos-plan'
import { createSecondWriter, secondWriterRound } from './chaos-writer'
import { ARTIFACTS, startWorkstation, TODAY, type Workstation } from './harness/app'
import { startSandboxProcess, type SandboxProcess } from './harness/sandbox-process'
import { enqueueThroughApp, readAudit, readOutbox, readStateCounts } from './page-data'
import { until } from './support'

const SEED = Number(process.env['CHAOS_SEED'] ?? '20261122')
const ENTRIES = 2_000
const RELOADS = 6
/**
 * Late commits: held 5.5 s, past the client's 5 s timeout (test/e2e/harness/app.ts) but before the settle time
 * (timeout + 1 s margin = 6 s): the entry is `unknown`, then finds its record and is linked, never resent.
 */
const LATE_MS = 5_500
/**
 * During one spell of the run, late commits held 10 s: past the settle time (6 s) and the entry's window (last write
 * + settle + 2 s of clock tolerance). Reconciled before the late commit, the entry finds nothing, is sent again, and
 * its "doublon probable" check (6 s or more after the resend, so after the late commit) flags the late record;
 * reconciled after it, the entry meets a record created outside its window: « à vérifier ». Never a silent duplicate.
 * (10 s is the longest a late commit may be held for the check to come after it: twice the settle time. The rate
 * stays low: every push waits for its slowest write, so many timeouts at once delay every reconciliation.)
 */
const LONG_LATE = { commitLateRate: 0.08, commitLateMs: 10_000 } as const
const LONG_LATE_SPELL_MS = 8_000
const FAULTS = {
  errorRate: 0.1,
  dropAfterCommitRate: 0.05,
  commitThen500Rate: 0.03,
  commitLateRate: 0.03,
  commitLateMs: LATE_MS,
  latencyMs: 2,
  latencyJitterMs: 30,
  burstRetryAfterSeconds: 1,
} as const
/** Rounds of the second writer; each copies IDENTICAL of the app's queued entries and writes DIFFERENT records. */
const SECOND_WRITER_ROUNDS = 8
const IDENTICAL_PER_ROUND = Math.round((0.02 * ENTRIES) / SECOND_WRITER_ROUNDS)
const DIFFERENT_PER_ROUND = Math.round((0.05 * ENTRIES) / SECOND_WRITER_ROUNDS)
/** Longest run: 2,000 entries, settle times of 6 s, "doublon probable" checks 6 s after a resend. */
const TIME_LIMIT_MS = 200_000

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
  it('syncs 2,000 entries exactly once through faults, reloads, a sandbox restart and a second writer, with a complete audit', async () => {
    const random = seededRandom(SEED)
    const page = (): Workstation['page'] => ws.page
    await page().click('[data-testid="refresh-reference"]')
    for (const d of initial.dossiers) await page().waitForSelector(`[data-testid="dossier-row-${d.siren}"]`, { timeout: 60_000 })

    const inputs = chaosEntries(initial, ENTRIES, random)
    const schedule: ChaosEvent[] = chaosSchedule(random, RELOADS, SECOND_WRITER_ROUNDS)
    const injected: Record<string, number> = {}
    const done: Record<string, number> = {
      reloads: 0,
      sandboxRestarts: 0,
      tokenExpiries: 0,
      bursts429: 0,
      secondWriterRounds: 0,
      longLateSpells: 0,
    }
    const writer = createSecondWriter(sandbox.url)
    /** Writes of the second writer and the end of the long-late spell run beside the loop; awaited at the end. */
    const background: Promise<void>[] = []
    /** Faults now (the long-late spell changes them for a while; a restart sets them again). */
    let faults: Record<string, number> = { ...FAULTS }

    await sandbox.setFaults(FAULTS)
    const started = Date.now()
    // Entries enter through the app's outbox store; the page stays on the cabinet screen (live counts per dossier).
    const entered = await enqueueThroughApp(page(), inputs)
    expect(entered.refused).toEqual([])
    expect(entered.saved).toBe(ENTRIES)

    let settled = 0
    const finished = until(
      'every entry synced, rejected or à vérifier, and every "doublon probable" check done',
      async () => {
        let counts: Awaited<ReturnType<typeof readStateCounts>>
        try {
          counts = await readStateCounts(page())
        } catch {
          return false // the page is reloading
        }
        settled = (counts.synced ?? 0) + (counts.rejected ?? 0) + (counts.to_check ?? 0)
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
            await sandbox.setFaults(faults)
            done['sandboxRestarts']! += 1
          } else if (event.what === 'expire-tokens') {
            await sandbox.expireTokens()
            done['tokenExpiries']! += 1
          } else if (event.what === 'burst429') {
            await sandbox.setFaults({ burst429: 2 + Math.floor(random() * 4) })
            done['bursts429']! += 1
          } else if (event.what === 'second-writer') {
            const round = secondWriterRound(
              await readOutbox(page()),
              initial,
              { identical: IDENTICAL_PER_ROUND, different: DIFFERENT_PER_ROUND },
              random,
            )
            background.push(writer.write(round))
            done['secondWriterRounds']! += 1
          } else {
            faults = { ...FAULTS, ...LONG_LATE }
            await sandbox.setFaults(faults)
            done['longLateSpells']! += 1
            background.push(
              new Promise<void>((ok) => setTimeout(ok, LONG_LATE_SPELL_MS)).then(async () => {
                faults = { ...FAULTS }
                await sandbox.setFaults(faults).catch(() => undefined) // down: set again by the restart
              }),
            )
          }
        }
        if (settled !== ENTRIES) return false
        // Every entry is settled: the run ends once no "doublon probable" check is still due.
        try {
          return (await readOutbox(page())).every((r) => r.verifyAfter == null)
        } catch {
          return false
        }
      },
      TIME_LIMIT_MS,
    ).then(
      () => null,
      (error: unknown) => error,
    )
    const timedOut = await finished
    figures['durationSeconds'] = Math.round((Date.now() - started) / 100) / 10
    await Promise.all(background)
    addCounts(injected, await faultCounts())
    await sandbox.setFaults({
      errorRate: 0,
      dropAfterCommitRate: 0,
      commitThen500Rate: 0,
      commitLateRate: 0,
      latencyMs: 0,
      latencyJitterMs: 0,
      burst429: 0,
    })

    const rows = await readOutbox(page())
    const audit = await readAudit(page())
    const verdict = chaosVerdict(rows, audit, initial, sandbox.readStore(), { app: DEMO_CREDENTIALS.client_id, other: writer.clientId })
    Object.assign(
      figures,
      verdict.figures,
      { commitThen500: injected['commitThen500'] ?? 0, commitLate: injected['commitLate'] ?? 0, secondWriterWrites: writer.counts },
      done,
      { faults: injected },
    )
    mkdirSync(ARTIFACTS, { recursive: true })
    writeFileSync(
      resolve(ARTIFACTS, 'chaos-entries.json'),
      JSON.stringify(
        {
          problems: verdict.problems,
          toCheck: rows.filter((r) => r.state === 'to_check').map((r) => ({ ...r, trail: audit.filter((a) => a.clientId === r.clientId) })),
          flagged: rows.filter((r) => (r.duplicates ?? []).length > 0),
          timedOut: rows
            .filter((r) =>
              audit.some((a) => a.clientId === r.clientId && a.method === 'POST' && a.status === null && a.durationMs >= 4_900),
            )
            .map((r) => ({ ...r, trail: audit.filter((a) => a.clientId === r.clientId) })),
        },
        null,
        1,
      ),
    )
    const hasProblems = Object.values(verdict.problems).some((list: string[]) => list.length > 0)
    if (timedOut !== null || hasProblems)
      process.stdout.write(
        `\nCHAOS PROBLEMS ${JSON.stringify(verdict.problems, (_key: string, value: unknown) => (Array.isArray(value) ? value.slice(0, 8) : value))}\n`,
      )
    expect(timedOut).toBeNull()
    expect(done['reloads']).toBeGreaterThanOrEqual(5)
    expect(done['sandboxRestarts']).toBe(1)
    expect(done['secondWriterRounds']).toBe(SECOND_WRITER_ROUNDS)
    expect(done['longLateSpells']).toBe(1)
    expect((injected['error500'] ?? 0) + (injected['error502'] ?? 0) + (injected['error503'] ?? 0)).toBeGreaterThan(0)
    expect(injected['dropAfterCommit'] ?? 0).toBeGreaterThan(0)
    expect(injected['commitThen500'] ?? 0).toBeGreaterThan(0)
    expect(injected['commitLate'] ?? 0).toBeGreaterThan(0)
    expect(verdict.figures['entries']).toBe(ENTRIES)
    // The message names the non-empty lists (3 items each): CI's log keeps only the first line of a failure.
    const named = (Object.entries(verdict.problems) as [string, string[]][])
      .filter(([, list]) => list.length > 0)
      .map(([kind, list]) => `${kind} (${list.length}): ${list.slice(0, 3).join(' | ')}`)
      .join(' ; ')
    expect(verdict.problems, `problèmes : ${named}`).toEqual(noProblems())
    expect(verdict.figures['secondWriterIdentical']).toBeGreaterThan(0)
    expect(verdict.figures['secondWriterDifferent']).toBeGreaterThan(0)
    expect(Number(verdict.figures['synced']) + Number(verdict.figures['rejected']) + Number(verdict.figures['toCheck'])).toBe(ENTRIES)
  })
})

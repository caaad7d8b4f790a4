/**
 * Statistics and the report of the bench: median and spread over runs, the figures with their targets, and the
 * machine they ran on. Pure functions (tested in node) plus the machine probe.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'

/** A target: the figure must be at least (`>=`) or at most (`<=`) `value`; `report` has none. */
export type Target = { readonly op: '>=' | '<='; readonly value: number } | { readonly op: 'report' }

/** One figure of the report. */
export interface Figure {
  /** Key in bench.json, e.g. `enqueue.entriesPerSecond`. */
  readonly key: string
  /** What it is, in a few words (English, for the engineers). */
  readonly label: string
  readonly unit: string
  readonly target: Target
  /** Median over runs. */
  readonly median: number
  readonly min: number
  readonly max: number
  /** One value per run. */
  readonly runs: readonly number[]
  /** True / false against the target; null without a target. */
  readonly met: boolean | null
}

/** Median of `values` (mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** The `p`-th percentile (0..100) of `values`, nearest-rank method; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}

/** Whether `value` meets `target` (null for `report`). */
export function meets(value: number, target: Target): boolean | null {
  if (target.op === 'report') return null
  if (!Number.isFinite(value)) return false
  return target.op === '>=' ? value >= target.value : value <= target.value
}

/** Builds a figure from its per-run values. */
export function figure(key: string, label: string, unit: string, target: Target, runs: readonly number[]): Figure {
  const m = median(runs)
  return { key, label, unit, target, median: m, min: Math.min(...runs), max: Math.max(...runs), runs: [...runs], met: meets(m, target) }
}

/** The machine a run happened on. */
export interface MachineInfo {
  readonly cpuModel: string
  readonly cores: number
  readonly ramGB: number
  readonly os: string
  readonly node: string
  readonly chromium: string
  /** 1-minute load average at the start and at the end of the bench (other work on the machine). */
  readonly loadAverage: { readonly start: number; readonly end: number }
}

/** OS name from /etc/os-release when present, else `os.type() os.release()`. */
function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1]
    if (pretty !== undefined) return `${pretty} (${os.type()} ${os.release()}, ${os.arch()})`
  } catch {
    // not Linux
  }
  return `${os.type()} ${os.release()} (${os.arch()})`
}

/** Version line of the Chromium binary at `path` (`Chromium 156.0.8078.79 …`). */
export function chromiumVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'inconnue'
  }
}

/** Facts about this machine; `loadStart` is the load average read when the bench started. */
export function machineInfo(chromium: string, loadStart: number): MachineInfo {
  const cpus = os.cpus()
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'inconnu',
    cores: cpus.length,
    ramGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: osName(),
    node: process.version,
    chromium,
    loadAverage: { start: loadStart, end: os.loadavg()[0] ?? 0 },
  }
}

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US')
  if (Math.abs(n) >= 10) return n.toFixed(1)
  return n.toFixed(2)
}

function targetText(t: Target, unit: string): string {
  return t.op === 'report' ? 'report' : `${t.op} ${fmt(t.value)} ${unit}`.trim()
}

/** The Markdown report: machine, conditions, then one row per figure (median, spread, target, verdict). */
export function renderMarkdown(
  figures: readonly Figure[],
  machine: MachineInfo,
  conditions: readonly string[],
  notes: readonly string[],
): string {
  const lines = [
    '# Benchmarks — Paie hors ligne',
    '',
    '## Machine',
    '',
    `- CPU: ${machine.cpuModel}, ${machine.cores} cores`,
    `- RAM: ${machine.ramGB} GB`,
    `- OS: ${machine.os}`,
    `- Node: ${machine.node}`,
    `- Chromium: ${machine.chromium}`,
    `- Load average (1 min) at start / end: ${machine.loadAverage.start.toFixed(2)} / ${machine.loadAverage.end.toFixed(2)}`,
    '',
    '## Conditions',
    '',
    ...conditions.map((c) => `- ${c}`),
    '',
    '## Figures (median of the runs, spread = min–max)',
    '',
    '| key | what | median | spread | target | met |',
    '|---|---|---:|---|---|---|',
    ...figures.map(
      (f) =>
        `| \`${f.key}\` | ${f.label} | ${fmt(f.median)} ${f.unit} | ${fmt(f.min)}–${fmt(f.max)} | ${targetText(f.target, f.unit)} | ${f.met === null ? '—' : f.met ? 'yes' : '**no**'} |`,
    ),
    '',
  ]
  if (notes.length > 0) lines.push('## Notes', '', ...notes.map((n) => `- ${n}`), '')
  return lines.join('\n')
}

/** One `sync:push` call as the runner saw it (performance.now(), ms). */
export interface PushCall {
  readonly arrivedAt: number
  readonly answeredAt: number
}

/**
 * Share of `[from, to]` during which main's push lane was running a push. Pushes of a profile run one at a time (the
 * lane), so push k runs from max(its arrival, the end of push k-1) to its answer; a share near 1 says the drain
 * waited for main (its requests and their CPU), a low one that main waited for the renderer (claims, outcomes).
 */
export function laneBusyShare(calls: readonly PushCall[], from: number, to: number): number {
  let busy = 0
  let previousEnd = -Infinity
  for (const c of [...calls].sort((a, b) => a.arrivedAt - b.arrivedAt)) {
    const start = Math.max(c.arrivedAt, previousEnd, from)
    const end = Math.min(c.answeredAt, to)
    if (end > start) busy += end - start
    previousEnd = Math.max(previousEnd, c.answeredAt)
  }
  return to > from ? busy / (to - from) : 0
}

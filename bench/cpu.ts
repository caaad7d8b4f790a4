/**
 * CPU seconds spent by each process of the bench during a scenario (Linux `/proc`): the runner standing for
 * Electron's main, the sandbox child, and Chromium's processes (browser process, where IndexedDB runs; renderers;
 * others). A drain is spread over all of them on a shared machine: the split says which one bounds it.
 * Elsewhere than Linux, every figure is 0.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** CPU seconds per role of process. */
export type CpuSplit = Record<'runner' | 'sandbox' | 'browser' | 'renderer' | 'other', number>

interface ProcInfo {
  readonly pid: number
  readonly ppid: number
  /** utime + stime, clock ticks. */
  readonly ticks: number
  readonly cmdline: string
}

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ: 100 on every Linux the bench runs on). */
const TICKS_PER_SECOND = 100

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ppid = Number(rest[1])
    const ticks = Number(rest[11]) + Number(rest[12])
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
    return { pid, ppid, ticks, cmdline }
  } catch {
    return null
  }
}

/** Every process descending from this one, this one included. */
function descendants(): ProcInfo[] {
  let pids: number[]
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
  } catch {
    return []
  }
  const all = pids.map(readProc).filter((p): p is ProcInfo => p !== null)
  const children = new Map<number, ProcInfo[]>()
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p])
  const out: ProcInfo[] = []
  const self = all.find((p) => p.pid === process.pid)
  const stack = self === undefined ? [] : [self]
  while (stack.length > 0) {
    const p = stack.pop()
    if (p === undefined) break
    out.push(p)
    stack.push(...(children.get(p.pid) ?? []))
  }
  return out
}

function roleOf(p: ProcInfo): keyof CpuSplit {
  if (p.pid === process.pid) return 'runner'
  if (p.cmdline.includes('sandbox-child')) return 'sandbox'
  if (!/chrom/i.test(p.cmdline)) return 'other'
  if (p.cmdline.includes('--type=renderer')) return 'renderer'
  return p.cmdline.includes('--type=') ? 'other' : 'browser'
}

/** Ticks per pid now. */
function snapshot(): Map<number, { role: keyof CpuSplit; ticks: number }> {
  return new Map(descendants().map((p) => [p.pid, { role: roleOf(p), ticks: p.ticks }]))
}

/**
 * Starts counting; the returned function gives the CPU seconds each role spent since (a process started meanwhile
 * counts from 0; one that ended meanwhile is lost: the sandbox child and the browser outlive a scenario).
 */
export function cpuMeter(): () => CpuSplit {
  const before = snapshot()
  return () => {
    const split: CpuSplit = { runner: 0, sandbox: 0, browser: 0, renderer: 0, other: 0 }
    for (const [pid, now] of snapshot()) {
      const then = before.get(pid)?.ticks ?? 0
      split[now.role] += (now.ticks - then) / TICKS_PER_SECOND
    }
    return split
  }
}

/** `runner 12.3 s, sandbox 4.1 s, …` */
export function formatCpu(split: CpuSplit): string {
  return Object.entries(split)
    .map(([role, s]) => `${role} ${s.toFixed(1)} s`)
    .join(', ')
}

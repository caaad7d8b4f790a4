/**
 * `npm run bench -- [--out DIR] [--runs N] [--quick] [--profile] [--only loopback|sync|cabinet|import|rate]`: runs the bench (bench/bench.ts) and writes
 * DIR/bench.json and DIR/bench.md (default DIR: bench-results); `--profile` adds CPU profiles of the bench page
 * (paste, drain) of the last run. Progress goes to stderr.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runBench } from './bench'

/** Command-line options. */
export interface RunArgs {
  readonly out: string
  readonly runs: number
  readonly quick: boolean
  readonly profile: boolean
  /** `--only loopback`: the grid paste and its loopback drain only. */
  readonly onlyLoopback: boolean
  /** `--only sync`: the grid paste, its loopback drain and the 20 ms latency drains. */
  readonly onlySync: boolean
  /** `--only cabinet`: the cabinet-sized workload only. */
  readonly onlyCabinet: boolean
  /** `--only import`: the spreadsheet import only. */
  readonly onlyImport: boolean
  /** `--only rate`: the rate-limited drain only. */
  readonly onlyRate: boolean
}

/**
 * Parses `--out DIR`, `--runs N` (>= 1), `--quick` and `--profile`; `--x=v` accepted too.
 * @throws Error for an unknown option or a missing / bad value.
 */
export function parseRunArgs(argv: readonly string[]): RunArgs {
  let out = 'bench-results'
  let runs = 3
  let quick = false
  let profile = false
  let onlyLoopback = false
  let onlySync = false
  let onlyCabinet = false
  let onlyImport = false
  let onlyRate = false
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? ''
    const eq = arg.indexOf('=')
    const flag = eq < 0 ? arg : arg.slice(0, eq)
    const value = (): string => {
      const v = eq < 0 ? argv[++i] : arg.slice(eq + 1)
      if (v === undefined || v === '') throw new Error(`${flag} attend une valeur`)
      return v
    }
    if (flag === '--quick') quick = true
    else if (flag === '--profile') profile = true
    else if (flag === '--out') out = value()
    else if (flag === '--only') {
      const v = value()
      if (v !== 'loopback' && v !== 'sync' && v !== 'cabinet' && v !== 'import' && v !== 'rate')
        throw new Error('--only attend : loopback, sync, cabinet, import ou rate')
      if (v === 'loopback') onlyLoopback = true
      else if (v === 'sync') onlySync = true
      else if (v === 'cabinet') onlyCabinet = true
      else if (v === 'rate') onlyRate = true
      else onlyImport = true
    } else if (flag === '--runs') {
      const v = value()
      if (!/^\d+$/.test(v) || Number(v) < 1) throw new Error('--runs attend un entier >= 1')
      runs = Number(v)
    } else
      throw new Error(
        `Option inconnue : ${arg} (attendu : --out DIR, --runs N, --quick, --profile, --only loopback|sync|cabinet|import|rate)`,
      )
  }
  return { out: resolve(out), runs, quick, profile, onlyLoopback, onlySync, onlyCabinet, onlyImport, onlyRate }
}

async function main(): Promise<void> {
  const args = parseRunArgs(process.argv.slice(2))
  const report = await runBench({ ...args, log: (line) => process.stderr.write(`${line}\n`) })
  process.stdout.write(`${JSON.stringify(report.figures, null, 2)}\nÉcrit : ${args.out}/bench.json, ${args.out}/bench.md\n`)
}

const entry = process.argv[1]
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  })
}

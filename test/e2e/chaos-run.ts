/**
 * `npm run chaos -- [--seed N] [--no-build]`: runs the chaos suite (test/e2e/chaos.e2e.test.ts) with another seed
 * (CHAOS_SEED); builds the app first (the e2e global setup) unless `--no-build`. Exit code: the suite's.
 */
import { spawnSync } from 'node:child_process'

/**
 * Parses `--seed N` / `--seed=N` (whole number) and `--no-build`.
 * @throws Error (French message) on anything else
 */
function parseChaosArgs(argv: readonly string[]): { seed: number | null; build: boolean } {
  let seed: number | null = null
  let build = true
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--no-build') {
      build = false
      continue
    }
    const raw = arg.startsWith('--seed=') ? arg.slice('--seed='.length) : arg === '--seed' ? argv[++i] : undefined
    if (raw === undefined) throw new Error(`Option inconnue : ${arg} (attendu : --seed N, --no-build)`)
    if (!/^\d+$/.test(raw)) throw new Error('--seed attend un nombre entier')
    seed = Number(raw)
  }
  return { seed, build }
}

const options = parseChaosArgs(process.argv.slice(2))
const env = {
  ...process.env,
  ...(options.seed === null ? {} : { CHAOS_SEED: String(options.seed) }),
  ...(options.build ? {} : { E2E_SKIP_BUILD: '1' }),
}
const result = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts', 'test/e2e/chaos.e2e.test.ts'], { stdio: 'inherit', env })
process.exit(result.status ?? 1)

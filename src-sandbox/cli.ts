/**
 * `npm run sandbox` (tsx src-sandbox/cli.ts [--port N] [--seed N] [--today AAAA-MM-JJ] [--store-file PATH]
 * [--no-rate-limit]):
 * starts the sandbox payroll API on 127.0.0.1 (port 8787 by default), prints its URL and the demo credentials, and
 * stays up until SIGINT/SIGTERM. With `--store-file`, the data is kept in that file (store/persist.ts): a sandbox
 * killed and started again on the same file serves every record it acknowledged.
 * Writes to stdout/stderr directly (the lint rule forbids console).
 */
import { pathToFileURL } from 'node:url'
import { startSandbox } from './server'
import { SEED_CLIENTS } from './store/seed'

/** Command-line options. */
export interface CliOptions {
  readonly port: number
  readonly seed: number
  /** Business date of the data set (`YYYY-MM-DD`); default today. */
  readonly today?: string
  /** File the store is kept in; default none (memory only). */
  readonly storeFile?: string
  /** `--no-rate-limit`: no per-client request limit (and no RateLimit-* headers); default the sandbox's limit. */
  readonly noRateLimit?: boolean
}

/**
 * Parses `--port N` (0…65535, default 8787), `--seed N` (integer, default 1), `--today AAAA-MM-JJ`,
 * `--store-file PATH` and `--no-rate-limit`; `--x=V` accepted too.
 * @throws Error (French message) for an unknown option, a missing value, or a value out of range.
 */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const out: { port: number; seed: number; today?: string; storeFile?: string; noRateLimit?: boolean } = { port: 8787, seed: 1 }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--no-rate-limit') {
      out.noRateLimit = true
      continue
    }
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    if (flag !== '--port' && flag !== '--seed' && flag !== '--today' && flag !== '--store-file') {
      throw new Error(`Option inconnue : ${arg} (attendu : --port N, --seed N, --today AAAA-MM-JJ, --store-file CHEMIN, --no-rate-limit)`)
    }
    const raw = inline ?? argv[++i]
    if (flag === '--today') {
      if (raw === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new Error('--today attend une date AAAA-MM-JJ')
      out.today = raw
      continue
    }
    if (flag === '--store-file') {
      if (raw === undefined || raw === '') throw new Error('--store-file attend un chemin de fichier')
      out.storeFile = raw
      continue
    }
    if (raw === undefined || !/^\d+$/.test(raw)) throw new Error(`${flag} attend un nombre entier`)
    const value = Number(raw)
    if (flag === '--port') {
      if (value > 65535) throw new Error('--port attend un nombre entre 0 et 65535')
      out.port = value
    } else {
      out.seed = value
    }
  }
  return out
}

/** Banner printed at start: URL, OpenAPI document, each seed client with its secret, rights and purpose. */
export function banner(url: string, seed: number): string {
  const lines = [
    `API de paie (bac à sable) à l’écoute sur ${url}  (graine ${seed})`,
    `  Document OpenAPI : ${url}/api/openapi.json`,
    `  Jeton : POST ${url}/api/auth/token (grant_type=client_credentials, formulaire)`,
    '',
    'Identifiants de démonstration :',
  ]
  for (const c of SEED_CLIENTS) {
    lines.push(`  - ${c.client_id} / ${c.client_secret}  — ${c.utilisateur}`)
    lines.push(`      ${c.description}`)
  }
  lines.push('', 'Ctrl+C pour arrêter.', '')
  return lines.join('\n')
}

/** Runs the CLI until a stop signal. */
export async function main(argv: readonly string[]): Promise<void> {
  const options = parseCliArgs(argv)
  const sandbox = await startSandbox({
    port: options.port,
    seed: options.seed,
    ...(options.today === undefined ? {} : { today: options.today }),
    ...(options.storeFile === undefined ? {} : { storeFile: options.storeFile }),
    ...(options.noRateLimit === true ? { rateLimit: false as const } : {}),
  })
  process.stdout.write(banner(sandbox.url, options.seed))
  const stop = (): void => {
    process.stdout.write('\nArrêt du bac à sable…\n')
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

const entry = process.argv[1]
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}

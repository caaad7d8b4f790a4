/**
 * `npm run sandbox` (tsx src-main/sandbox/cli.ts [--port N] [--seed N]): starts the sandbox payroll API on
 * 127.0.0.1 (port 8787 by default), prints its URL and the demo credentials, and stays up until SIGINT/SIGTERM.
 * Writes to stdout/stderr directly (the lint rule forbids console).
 */
import { pathToFileURL } from 'node:url'
import { startSandbox } from './server'
import { SEED_CLIENTS } from './store/seed'

/** Command-line options. */
export interface CliOptions {
  readonly port: number
  readonly seed: number
}

/**
 * Parses `--port N` (0…65535, default 8787) and `--seed N` (integer, default 1); `--x=N` accepted too.
 * @throws Error (French message) for an unknown option or a value that is not a whole number in range.
 */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const out = { port: 8787, seed: 1 }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    if (flag !== '--port' && flag !== '--seed') throw new Error(`Option inconnue : ${arg} (attendu : --port N, --seed N)`)
    const raw = inline ?? argv[++i]
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
  const sandbox = await startSandbox({ port: options.port, seed: options.seed })
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

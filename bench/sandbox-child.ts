/**
 * The sandbox payroll API in its own process for the bench (`node --import tsx bench/sandbox-child.ts '<json>'`),
 * so that the server does not share the runner's event loop with the executor and Playwright, as a real service
 * would not. Options (JSON, argv[2]): `{ seed, today, rateLimit: { limit, windowMs } | false, faults }`.
 * Prints `READY <url>` once listening; stops on SIGTERM or when stdin closes (the runner died).
 */
import { startSandbox, type SandboxOptions } from '../src-sandbox/server'

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined }

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as Pick<SandboxOptions, 'seed' | 'today' | 'rateLimit' | 'faults'>
  const sandbox = await startSandbox({ ...options, logger: quiet })
  process.stdout.write(`READY ${sandbox.url}\n`)
  const stop = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGTERM', stop)
  process.stdin.on('close', stop)
  process.stdin.resume()
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})

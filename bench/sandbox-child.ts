/**
 * The sandbox payroll API in its own process for the bench (`node --import tsx bench/sandbox-child.ts '<json>'`),
 * so that the server does not share the runner's event loop with the executor and Playwright, as a real service
 * would not. Options (JSON, argv[2]): `{ seed, today, rateLimit: { limit, windowMs } | false, faults, cabinetScale? }`
 * (`cabinetScale`: the seed scaled to a whole cabinet, src-sandbox/store/seed-scale.ts).
 * Prints `READY <url>` once listening; stops on SIGTERM or when stdin closes (the runner died).
 */
import { startSandbox, type SandboxOptions } from '../src-sandbox/server'
import { createSeedStore } from '../src-sandbox/store/seed'
import { scaleToCabinet, type CabinetScale } from '../src-sandbox/store/seed-scale'

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined }

async function main(): Promise<void> {
  const { cabinetScale, ...options } = JSON.parse(process.argv[2] ?? '{}') as Pick<
    SandboxOptions,
    'seed' | 'today' | 'rateLimit' | 'faults'
  > & {
    cabinetScale?: CabinetScale
  }
  const initialStore =
    cabinetScale === undefined ? undefined : scaleToCabinet(createSeedStore({ seed: options.seed, today: options.today }), cabinetScale)
  const sandbox = await startSandbox({ ...options, ...(initialStore === undefined ? {} : { initialStore }), logger: quiet })
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

/** Builds the app once before the end-to-end suites (skipped when E2E_SKIP_BUILD=1, as .ci/run builds first). */
import { execFileSync } from 'node:child_process'

export default function setup(): void {
  if (process.env['E2E_SKIP_BUILD'] === '1') return
  execFileSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' })
}

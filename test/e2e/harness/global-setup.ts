/**
 * Builds the app once before the end-to-end suites (skipped when E2E_SKIP_BUILD=1, as .ci/run builds first), clears
 * the previous run's operation counts, and after every suite file merges the counts into artifacts/operations.json.
 */
import { execFileSync } from 'node:child_process'
import { OPERATIONS_DIR, OPERATIONS_FILE, clearOperations, writeOperationsReport } from './operations'

/** Vitest global setup. @returns the teardown, run once after all suite files (failed ones included). */
export default function setup(): () => void {
  clearOperations(OPERATIONS_DIR, OPERATIONS_FILE)
  if (process.env['E2E_SKIP_BUILD'] !== '1') execFileSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' })
  return () => {
    writeOperationsReport(OPERATIONS_DIR, OPERATIONS_FILE)
  }
}

/**
 * Runs the real-Electron suite where the Electron binary exists; elsewhere says clearly that it was skipped.
 * (On this project's build machines the Electron installer cannot download its binary.)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * Path of the installed Electron binary, or null. Reads electron's own path.txt rather than `require('electron')`,
 * which would try to download the binary.
 */
function electronBinary(): string | null {
  const root = resolve('node_modules/electron')
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH']
  const pathFile = resolve(root, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron'
  const full = override !== undefined && override !== '' ? resolve(override, relative) : resolve(root, 'dist', relative)
  return existsSync(pathFile) || override ? (existsSync(full) ? full : null) : null
}

const binary = electronBinary()
if (binary === null) {
  process.stdout.write(
    'SKIPPED real-Electron suite (test/e2e-electron): the Electron binary is not installed on this machine ' +
      '(its installer downloads from GitHub). Everything behind the IPC contract runs in real Chromium (npm run test:e2e); ' +
      'run `npm run test:e2e-electron` where `npm ci` installs Electron.\n',
  )
  process.exit(0)
}
const result = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.e2e-electron.config.ts'], { stdio: 'inherit' })
process.exit(result.status ?? 1)

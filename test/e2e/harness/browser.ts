/**
 * Debian's Chromium driven by playwright-core (the browser build cannot be downloaded here). A persistent profile
 * lets IndexedDB survive a browser restart, as the clerk's data survives closing the app.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

/**
 * An American system (`--lang=en-US`, locale en-US): the app must still show and read dates jj/mm/aaaa and speak
 * French (issue 13, point 6); the time zone stays Paris.
 */
export const BROWSER_LOCALE = 'en-US'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--lang=${BROWSER_LOCALE}`,
]

/** Path of the system Chromium (`command -v chromium`), or CHROMIUM_PATH. @throws when none is installed. */
export function chromiumPath(): string {
  const fromEnv = process.env['CHROMIUM_PATH']
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim()
  } catch {
    throw new Error('Chromium introuvable : apt-get install -y chromium (ou CHROMIUM_PATH=...)')
  }
}

/** A fresh profile folder for one scenario. */
export function newProfileDir(): string {
  return mkdtempSync(join(tmpdir(), 'paie-e2e-profile-'))
}

/** Opens Chromium on `profileDir` (same folder = same IndexedDB after a restart). */
export async function openBrowser(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    locale: BROWSER_LOCALE,
    timezoneId: 'Europe/Paris',
  })
}

/**
 * Process id of the Chromium browser process running on `profileDir` (Linux: the one process whose command line
 * has `--user-data-dir=<profileDir>` and no `--type=`, which only its child processes carry).
 * @throws when there is not exactly one
 */
export function browserPid(profileDir: string): number {
  const flag = `--user-data-dir=${profileDir}`
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let args: string[]
    try {
      args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')
    } catch {
      continue // the process ended meanwhile
    }
    if (args.includes(flag) && !args.some((a) => a.startsWith('--type='))) found.push(Number(name))
  }
  if (found.length !== 1)
    throw new Error(`Processus Chromium du profil ${profileDir} : ${found.length} trouvés (${found.join(', ')}), un attendu`)
  return found[0] ?? 0
}

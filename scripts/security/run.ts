/**
 * `npm run security`: runs electronegativity on the sources and on the built app (out/, built first if missing),
 * reads its CSV reports and fails on any MEDIUM/HIGH finding not justified in security/electronegativity-allowlist.json
 * (and on any allow-list entry that matches nothing). Reports are kept in security/reports/ (git-ignored).
 *
 * The AvailableSecurityFixesGlobalCheck is excluded: it downloads Electron's release list (no network here) and the
 * Electron version is pinned in package-lock.json; upgrades are Dependabot's job. The version is passed with `-e`.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Allowlist, evaluate, formatVerdict, parseElectronegativityCsv, type ScannedFinding } from './electronegativity'

const root = resolve(import.meta.dirname, '../..')
const reports = join(root, 'security/reports')
const require = createRequire(import.meta.url)
const cli = require.resolve('@doyensec/electronegativity/dist/index.js')
const electronVersion = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version

/** Attempts per scan: electronegativity writes its CSV header and rows with two racing writes (util/file.js), which
 * sometimes leaves the header over the first row; such a report is refused by the parser and the scan is run again. */
const SCAN_ATTEMPTS = 3

/**
 * The tool's environment: libuv's thread pool cut to one thread, so that the two writes of its report (the header's
 * `writeFile` with flag `w`, the rows' with flag `a`, issued together) run in the order they were issued. With the
 * default four threads, the header's truncating open sometimes ran after the rows were appended (3 corrupt reports of
 * 6 attempts in one run of 2026-11-28, under Node 22.23.5: the CI run failed after its three attempts at `out`).
 */
const TOOL_ENV = { ...process.env, UV_THREADPOOL_SIZE: '1' }

/** Runs electronegativity on `input` and returns its findings. @throws Error after {@link SCAN_ATTEMPTS} corrupt reports. */
function scan(name: string, input: string): ScannedFinding[] {
  const output = join(reports, `${name}.csv`)
  for (let attempt = 1; ; attempt++) {
    rmSync(output, { force: true })
    execFileSync(
      process.execPath,
      [cli, '-i', input, '-o', output, '-r', '-v', 'false', '-e', electronVersion, '-x', 'AvailableSecurityFixesGlobalCheck'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: TOOL_ENV,
      },
    )
    if (!existsSync(output)) throw new Error(`electronegativity n'a pas écrit ${output}`)
    try {
      return parseElectronegativityCsv(readFileSync(output, 'utf8')).map((finding) => ({ ...finding, scan: name }))
    } catch (error) {
      if (attempt >= SCAN_ATTEMPTS) throw error
      process.stderr.write(
        `Rapport ${name} corrompu par l'outil (${error instanceof Error ? error.message : String(error)}) : nouvel essai ${String(attempt + 1)}/${String(SCAN_ATTEMPTS)}\n`,
      )
    }
  }
}

mkdirSync(reports, { recursive: true })
if (!existsSync(join(root, 'out/main/index.js'))) execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' })

// The sources are scanned as one application (one CSP, one set of global checks): the src-* roots and package.json,
// copied outside the repository (a copy inside would be linted and type-checked twice).
const sources = mkdtempSync(join(tmpdir(), 'paie-electronegativity-'))
for (const dir of ['src-main', 'src-sandbox', 'src-preload', 'src-renderer', 'src-shared'])
  cpSync(join(root, dir), join(sources, dir), { recursive: true })
cpSync(join(root, 'package.json'), join(sources, 'package.json'))

let findings: ScannedFinding[]
try {
  findings = [...scan('sources', sources), ...scan('out', join(root, 'out'))]
} finally {
  rmSync(sources, { recursive: true, force: true })
}
const allowlist = Allowlist.parse(JSON.parse(readFileSync(join(root, 'security/electronegativity-allowlist.json'), 'utf8'))).entries
const verdict = evaluate(findings, allowlist)
console.log(formatVerdict(verdict))
process.exitCode = verdict.unjustified.length + verdict.staleEntries.length === 0 ? 0 : 1

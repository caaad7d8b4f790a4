/**
 * Log scan (issue 6): reads every log the end-to-end suites wrote (test/e2e/artifacts/logs/*.log) and fails on any
 * NIR, IBAN, BIC, amount, any seed client secret (the demo one, the profiles suite's) or any access token the sandboxes issued. Run after the suites by
 * .ci/run (`npx vitest run -c vitest.logscan.config.ts`). No log at all is a failure: a scan of nothing proves nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SEED_CLIENTS } from '../../src-sandbox/store/seed'
import { createSeedStore } from '../../src-sandbox/store/seed'
import { collectIdentifiers, scanLogText } from './detectors'

const LOG_DIR = resolve(import.meta.dirname, '../e2e/artifacts/logs')
const logFiles = existsSync(LOG_DIR)
  ? readdirSync(LOG_DIR)
      .filter((name) => name.endsWith('.log'))
      .sort()
  : []

/** Tokens the suites' sandboxes issued, from the `<suite>.tokens.json` files the harness writes. */
function issuedTokens(): string[] {
  if (!existsSync(LOG_DIR)) return []
  return readdirSync(LOG_DIR)
    .filter((name) => name.endsWith('.tokens.json'))
    .flatMap((name) => JSON.parse(readFileSync(resolve(LOG_DIR, name), 'utf8')) as string[])
}

describe('logs written by the end-to-end runs', () => {
  it('exist and are not empty, and the sandboxes issued tokens to look for', () => {
    expect(logFiles.length, `no log file in ${LOG_DIR}: run the end-to-end suites first`).toBeGreaterThan(0)
    const lines = logFiles.reduce(
      (total, name) => total + readFileSync(resolve(LOG_DIR, name), 'utf8').split('\n').filter(Boolean).length,
      0,
    )
    expect(lines).toBeGreaterThan(0)
    expect(issuedTokens().length).toBeGreaterThan(0)
  })

  const known = {
    identifiers: [
      ...collectIdentifiers(createSeedStore({ seed: 1, today: '2026-11-16' })),
      ...collectIdentifiers(createSeedStore({ seed: 20_261, today: '2026-11-16' })),
    ],
    secrets: [...SEED_CLIENTS.map((c) => c.client_secret), ...issuedTokens()],
  }

  it.each(logFiles.length > 0 ? logFiles : ['(aucun fichier)'])('%s holds no NIR, IBAN, BIC, amount, secret or token', (name) => {
    const path = resolve(LOG_DIR, name)
    expect(existsSync(path), `${path} missing`).toBe(true)
    const findings = scanLogText(readFileSync(path, 'utf8'), known)
    expect(findings).toEqual([])
  })

  it('knows the seed identifiers it looks for', () => {
    expect(known.identifiers.length).toBeGreaterThan(10)
  })
})

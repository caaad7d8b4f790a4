import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  Allowlist,
  evaluate,
  formatVerdict,
  parseElectronegativityCsv,
  type ScannedFinding,
} from '../../../scripts/security/electronegativity'

/** A report as electronegativity 1.10 writes it (header with ", ", quoted cells, unquoted check id and URL). */
const SAMPLE = `issue, severity, confidence, filename, location, sample, description, url
CSP_GLOBAL_CHECK,"LOW","FIRM","renderer/index.html","6:0","default-src 'self'; script-src 'self'","One or more CSP directives detected seems to be vulnerable",https://github.com/doyensec/electronegativity/wiki/CSP_GLOBAL_CHECK
OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","main/index.js","10041:1","options.openExternal(url).catch(() => {});","Review the use of openExternal",https://github.com/doyensec/electronegativity/wiki/OPEN_EXTERNAL_JS_CHECK
CONTEXT_ISOLATION_JS_CHECK,"HIGH","FIRM","main/index.js","10266:20","const mainWindow = new BrowserWindow(options);","Review the use of the contextIsolation option",https://github.com/doyensec/electronegativity/wiki/CONTEXT_ISOLATION_JS_CHECK
NODE_INTEGRATION_JS_CHECK,"HIGH","FIRM","main/other.js","3:4","new BrowserWindow({ webPreferences: { nodeIntegration: true } })","Disable nodeIntegration for untrusted origins",https://github.com/doyensec/electronegativity/wiki/NODE_INTEGRATION_JS_CHECK
LIMIT_NAVIGATION_GLOBAL_CHECK,"HIGH","CERTAIN","N/A","0:0",N/A,"Missing navigation limits",https://github.com/doyensec/electronegativity/wiki/LIMIT_NAVIGATION_GLOBAL_CHECK
`

const scanned = (scan: string): ScannedFinding[] => parseElectronegativityCsv(SAMPLE).map((finding) => ({ ...finding, scan }))
const entry = (check: string, file: string): { check: string; file: string; reason: string } => ({
  check,
  file,
  reason: 'justified by a test that holds the property',
})

describe('parseElectronegativityCsv', () => {
  it('reads every row with its severity, confidence, file, location and sample', () => {
    const findings = parseElectronegativityCsv(SAMPLE)
    expect(findings).toHaveLength(5)
    expect(findings[1]).toEqual({
      check: 'OPEN_EXTERNAL_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'TENTATIVE',
      file: 'main/index.js',
      location: '10041:1',
      sample: 'options.openExternal(url).catch(() => {});',
      description: 'Review the use of openExternal',
    })
    expect(findings[4]?.sample).toBe('N/A')
  })

  it('reads an empty report (header only) as no finding', () => {
    expect(parseElectronegativityCsv('issue, severity, confidence, filename, location, sample, description, url\n')).toEqual([])
  })

  it('refuses a report without its header or with an unknown severity (a corrupt report must fail the run)', () => {
    expect(() => parseElectronegativityCsv(SAMPLE.split('\n').slice(1).join('\n'))).toThrow(/en-tête/)
    expect(() => parseElectronegativityCsv(SAMPLE.replace('"HIGH","FIRM"', '"CRITICAL","FIRM"'))).toThrow(/ligne 4/)
  })
})

describe('evaluate', () => {
  it('fails every MEDIUM/HIGH finding no entry justifies, and only reports LOW ones', () => {
    const verdict = evaluate(scanned('out'), [])
    expect(verdict.unjustified.map((f) => f.check)).toEqual([
      'OPEN_EXTERNAL_JS_CHECK',
      'CONTEXT_ISOLATION_JS_CHECK',
      'NODE_INTEGRATION_JS_CHECK',
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
    ])
    expect(verdict.belowThreshold.map((f) => f.check)).toEqual(['CSP_GLOBAL_CHECK'])
    expect(formatVerdict(verdict).split('\n').at(-1)).toBe('FAIL: 4 unjustified, 0 stale allow-list entries')
  })

  it('justifies a finding only when both the check id and the file pattern (on scan:file) match', () => {
    const verdict = evaluate(scanned('out'), [
      entry('CONTEXT_ISOLATION_JS_CHECK', '^out:main/index\\.js$'),
      entry('NODE_INTEGRATION_JS_CHECK', '^sources:'),
      entry('OPEN_EXTERNAL_JS_CHECK', '^out:main/other\\.js$'),
    ])
    expect(verdict.justified.map(({ finding }) => finding.check)).toEqual(['CONTEXT_ISOLATION_JS_CHECK'])
    expect(verdict.unjustified.map((f) => f.check)).toEqual([
      'OPEN_EXTERNAL_JS_CHECK',
      'NODE_INTEGRATION_JS_CHECK',
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
    ])
  })

  it('reports an entry that no longer matches anything as stale, which fails the run', () => {
    const verdict = evaluate(scanned('out'), [
      entry('OPEN_EXTERNAL_JS_CHECK', '^out:'),
      entry('CONTEXT_ISOLATION_JS_CHECK', '^out:'),
      entry('NODE_INTEGRATION_JS_CHECK', '^out:'),
      entry('LIMIT_NAVIGATION_GLOBAL_CHECK', '^out:'),
      entry('WEBVIEW_JS_CHECK', '.*'),
    ])
    expect(verdict.unjustified).toEqual([])
    expect(verdict.staleEntries.map((e) => e.check)).toEqual(['WEBVIEW_JS_CHECK'])
    expect(formatVerdict(verdict)).toMatch(/ENTRÉE PÉRIMÉE {2}WEBVIEW_JS_CHECK[\s\S]*FAIL: 0 unjustified, 1 stale/)
  })

  it('passes when every MEDIUM/HIGH finding is justified and every entry is used', () => {
    const verdict = evaluate(scanned('out'), [
      entry('OPEN_EXTERNAL_JS_CHECK', '^out:'),
      entry('CONTEXT_ISOLATION_JS_CHECK', '^out:'),
      entry('NODE_INTEGRATION_JS_CHECK', '^out:'),
      entry('LIMIT_NAVIGATION_GLOBAL_CHECK', '^out:'),
    ])
    expect(formatVerdict(verdict).split('\n').at(-1)).toBe('PASS: 4 justified, 1 below MEDIUM')
  })
})

describe('the checked-in allow-list', () => {
  it('parses, gives a reason naming a test for every entry, and never justifies Node integration or a webview', () => {
    const allowlist = Allowlist.parse(
      JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../security/electronegativity-allowlist.json'), 'utf8')),
    )
    expect(allowlist.entries.length).toBeGreaterThan(0)
    for (const e of allowlist.entries) expect(e.reason).toMatch(/test\//)
    expect(allowlist.entries.map((e) => e.check)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/NODE_INTEGRATION|WEBVIEW|DEV_TOOLS/)]),
    )
  })

  it('rejects an entry without a reason or with a broken pattern', () => {
    expect(Allowlist.safeParse({ entries: [{ check: 'X_CHECK', file: '.*', reason: '' }] }).success).toBe(false)
    expect(Allowlist.safeParse({ entries: [{ check: 'X_CHECK', file: '(', reason: 'a long enough reason, test/x' }] }).success).toBe(false)
  })
})

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS, OPERATION_IDS } from '../../../src-shared/api/endpoints'
import { REMOVED_PATHS, pathPlaceholders, type EndpointDef } from '../../../src-shared/api/endpoint-def'
import { REFERENCE_PATH, referenceOperations, referencePathsWithoutMethod } from '../../support/reference'

const rows: [string, EndpointDef][] = OPERATION_IDS.map((id) => [id, ENDPOINTS[id]])
const has = (method: string | null, path: string): boolean =>
  rows.some(([, d]) => d.path === path && (method === null || d.method === method))

describe('endpoint table against the published reference', () => {
  it('reads a non-trivial list of operations from the reference', () => {
    // The parser itself must work, or the coverage checks below would pass on nothing.
    expect(referenceOperations().length).toBeGreaterThanOrEqual(32)
    expect(referencePathsWithoutMethod().length).toBeGreaterThanOrEqual(14)
  })

  it('has every operation whose method and path the reference gives', () => {
    const missing = referenceOperations().filter((op) => !has(op.method, op.path))
    expect(missing).toEqual([])
  })

  it('has every path the reference names without a method', () => {
    const missing = referencePathsWithoutMethod().filter((p) => !has(null, p))
    expect(missing).toEqual([])
  })

  it('has the DELETE of a benefit in kind (V1.12.0) and the advances retrieval (V1.13.0)', () => {
    const del = rows.find(([, d]) => d.method === 'DELETE' && d.path.startsWith('/api/avantages-nature/'))
    expect(del?.[1].since).toBe('1.12.0')
    const acomptes = rows.find(([, d]) => d.method === 'GET' && d.path === '/api/acomptes')
    expect(acomptes?.[1].since).toBe('1.13.0')
  })

  it('answers the removed singular employee path as removed, not as an operation', () => {
    expect(REMOVED_PATHS.map((r) => r.path)).toContain('/api/salarie/{matricule}')
    expect(has(null, '/api/salarie/{matricule}')).toBe(false)
  })

  it('reads the project’s own copy of the reference, and follows its latest version', () => {
    expect(REFERENCE_PATH).toBe(resolve(import.meta.dirname, '../../../docs/payroll-api-reference.md'))
    const text = readFileSync(REFERENCE_PATH, 'utf8')
    const versions = [...text.matchAll(/\bV(\d+)\.(\d+)\.(\d+)\b/g)].map((m) => `${m[1] ?? ''}.${m[2] ?? ''}.${m[3] ?? ''}`)
    expect(versions.length).toBeGreaterThanOrEqual(10)
    const latest = (list: readonly string[]): string => [...list].sort(compareVersions).at(-1) ?? ''
    expect(latest(rows.map(([, d]) => d.since))).toBe(latest(versions))
  })
})

/** Orders `1.9.0` before `1.13.0`. */
function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)]
  for (let i = 0; i < 3; i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

describe('endpoint table consistency', () => {
  it('has unique method + path pairs', () => {
    const keys = rows.map(([, d]) => `${d.method} ${d.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it.each(rows)('%s: path params schema matches the path placeholders', (_id, def) => {
    const placeholders = pathPlaceholders(def.path).sort()
    const keys = def.params === undefined ? [] : Object.keys(def.params.shape).sort()
    expect(keys).toEqual(placeholders)
  })

  it.each(rows)('%s: paths under /api, plural entity names, a version, a category unless public', (_id, def) => {
    expect(def.path.startsWith('/api/')).toBe(true)
    expect(def.since).toMatch(/^1\.\d+\.\d+$/)
    if (def.auth) expect(def.category === null ? ['/api/moi'] : [def.path]).toContain(def.path)
    else expect(def.category).toBeNull()
    if (def.method === 'GET') expect(def.body).toBeUndefined()
    if (def.status === 204) expect(def.response).toBe('none')
  })
})

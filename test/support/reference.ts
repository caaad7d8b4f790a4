/**
 * Reads the operations the payroll API reference lists (docs/payroll-api-reference.md, a copy of
 * ../shared/payroll-api-reference.md): method + path from its tables, bare paths from its "named without a method"
 * list.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const REFERENCE_PATH = resolve(import.meta.dirname, '../../docs/payroll-api-reference.md')

export interface ReferenceOperation {
  method: string | null
  path: string
}

/** Operations with a method and a full path: rows `| METHOD | /api/... |` of the reference's tables. */
export function referenceOperations(text: string = readFileSync(REFERENCE_PATH, 'utf8')): ReferenceOperation[] {
  const ops: ReferenceOperation[] = []
  for (const line of text.split('\n')) {
    const row = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/api\/[^\s|]*)\s*\|/.exec(line)
    if (row?.[1] !== undefined && row[2] !== undefined) ops.push({ method: row[1], path: row[2] })
  }
  return ops
}

/** Paths named without a method: bullets `- /api/...` of the reference (every current path of each bullet). */
export function referencePathsWithoutMethod(text: string = readFileSync(REFERENCE_PATH, 'utf8')): string[] {
  const paths: string[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith('- /api/')) continue
    for (const m of line.matchAll(/(\/api\/[\w{}\-/]+)/g)) {
      const p = m[1]
      // "(… replaces /api/facturation)" names a removed path, not a current one.
      if (p !== undefined && !line.includes(`replaces ${p}`)) paths.push(p.replace(/\/$/, ''))
    }
  }
  return paths
}

import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { buildCsp, buildMetaCsp } from '../../../src-main/shell/csp'

/** `"a x; b y z"` → `{ a: ['x'], b: ['y', 'z'] }`. */
function parseCsp(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

describe('buildCsp', () => {
  const policy = parseCsp(buildCsp())

  it('has the required directives with exactly the required sources', () => {
    expect(policy).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'worker-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    })
  })

  it('allows no inline script, no eval, no wildcard and no remote host', () => {
    const sources = Object.values(policy).flat()
    expect(sources).not.toContain("'unsafe-inline'")
    expect(sources).not.toContain("'unsafe-eval'")
    expect(sources).not.toContain('*')
    for (const source of sources) expect(source).not.toMatch(/^(https?:|wss?:|blob:)/)
  })

  it('writes each directive once', () => {
    const names = buildCsp()
      .split(';')
      .map((directive) => directive.trim().split(' ')[0])
    expect(new Set(names).size).toBe(names.length)
  })
})

describe('buildMetaCsp', () => {
  it('is the header policy minus frame-ancestors, which a <meta> cannot carry', () => {
    const header = parseCsp(buildCsp())
    const meta = parseCsp(buildMetaCsp())

    expect(meta['frame-ancestors']).toBeUndefined()
    expect({ ...meta, 'frame-ancestors': header['frame-ancestors'] }).toEqual(header)
  })

  it('is exactly the policy written in src-renderer/index.html', async () => {
    const html = await readFile(path.resolve('src-renderer/index.html'), 'utf8')
    const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)

    expect(match?.[1]).toBe(buildMetaCsp())
  })
})

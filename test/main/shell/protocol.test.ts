import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildCsp } from '../../../src-main/shell/csp'
import { contentTypeFor, createAppProtocolHandler, privilegedSchemes, resolveAppFile } from '../../../src-main/shell/protocol'

const ROOT = path.resolve('/opt/paie/out/renderer')

describe('resolveAppFile', () => {
  it.each([
    ['app://paie/index.html', 'index.html'],
    ['app://paie/', 'index.html'],
    ['app://paie', 'index.html'],
    ['app://PAIE/index.html', 'index.html'],
    ['app://paie/assets/index-abc.js?v=2#/dossiers', 'assets/index-abc.js'],
    ['app://paie/assets/caf%C3%A9.svg', 'assets/café.svg'],
  ])('serves %s from %s under the root', (url, relative) => {
    expect(resolveAppFile(ROOT, url)).toBe(path.join(ROOT, relative))
  })

  it.each([
    'app://paie/..%2f..%2fetc%2fpasswd',
    'app://paie/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'app://paie/assets/..%2F..%2F..%2Fsecret',
    'app://paie/..%5c..%5cWindows%5cwin.ini',
    'app://paie/assets/%2e',
    'app://paie/index.html%00.png',
    'app://paie/C:%5CWindows%5Cwin.ini',
    'app://paie/%E0%A4%A',
    'app://paie/assets/',
    'app://paie//etc/passwd',
  ])('refuses the traversal or malformed path %s', (url) => {
    expect(resolveAppFile(ROOT, url)).toBeNull()
  })

  it.each(['app://autre/index.html', 'app://paie.evil/index.html', 'https://paie/index.html', 'file:///etc/passwd', 'index.html'])(
    'refuses the foreign URL %s',
    (url) => {
      expect(resolveAppFile(ROOT, url)).toBeNull()
    },
  )

  it('keeps URL-normalized dot segments inside the root', () => {
    // The URL parser already folds `/../` and `/%2e%2e/` segments: they can never climb above the root.
    expect(resolveAppFile(ROOT, 'app://paie/../../etc/passwd')).toBe(path.join(ROOT, 'etc', 'passwd'))
    expect(resolveAppFile(ROOT, 'app://paie/%2e%2e/%2E%2E/etc/passwd')).toBe(path.join(ROOT, 'etc', 'passwd'))
    expect(resolveAppFile(ROOT, 'app://paie/%2e%2e')).toBe(path.join(ROOT, 'index.html'))
  })

  it('never resolves outside the root, whatever the encoding', () => {
    const hostile = ['..', '%2e%2e', '%2E%2e', '.%2e', '%2e.', '..%2f', '..%5c', '%252e%252e%252f', '%c0%ae%c0%ae%2f', '....//']
    for (const first of hostile) {
      for (const second of hostile) {
        const file = resolveAppFile(ROOT, `app://paie/${first}/${second}/etc/passwd`)
        if (file !== null) expect(file.startsWith(ROOT + path.sep)).toBe(true)
      }
    }
  })

  it('applies the same rules with Windows paths', () => {
    const root = 'C:\\Program Files\\Paie\\resources\\app.asar\\out\\renderer'
    expect(resolveAppFile(root, 'app://paie/assets/a.js', path.win32)).toBe(`${root}\\assets\\a.js`)
    expect(resolveAppFile(root, 'app://paie/..%5c..%5csecret.txt', path.win32)).toBeNull()
    expect(resolveAppFile(root, 'app://paie/..%2f..%2fsecret.txt', path.win32)).toBeNull()
    expect(resolveAppFile(root, 'app://paie/C:%2fWindows%2fwin.ini', path.win32)).toBeNull()
  })
})

describe('privilegedSchemes', () => {
  it('declares app as standard, secure and fetchable, with V8 code cache, without bypassing CSP', () => {
    expect(privilegedSchemes()).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ])
  })
})

describe('contentTypeFor', () => {
  it('maps the renderer build files and defaults to octet-stream', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeFor('/x/assets/INDEX.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeFor('/x/a.css')).toBe('text/css; charset=utf-8')
    expect(contentTypeFor('/x/a.exe')).toBe('application/octet-stream')
  })
})

describe('createAppProtocolHandler', () => {
  let base: string
  let root: string

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'paie-protocol-'))
    root = path.join(base, 'renderer')
    await mkdir(path.join(root, 'assets'), { recursive: true })
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Paie</title>')
    await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)')
    await writeFile(path.join(base, 'secret.txt'), 'NIR 185057800608436')
  })

  afterAll(async () => {
    await rm(base, { recursive: true, force: true })
  })

  it('serves a file with its type, the CSP and nosniff', async () => {
    const response = await createAppProtocolHandler(root)(new Request('app://paie/index.html'))

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(buildCsp())
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    await expect(response.text()).resolves.toBe('<!doctype html><title>Paie</title>')
  })

  it('serves nested assets', async () => {
    const response = await createAppProtocolHandler(root)(new Request('app://paie/assets/app.js'))

    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    await expect(response.text()).resolves.toBe('console.log(1)')
  })

  it('answers 404, with the CSP, to an encoded traversal towards a real file', async () => {
    const response = await createAppProtocolHandler(root)(new Request('app://paie/..%2fsecret.txt'))

    expect(response.status).toBe(404)
    expect(response.headers.get('content-security-policy')).toBe(buildCsp())
    await expect(response.text()).resolves.not.toContain('185057800608436')
  })

  it('answers 404 to a missing file and to a directory', async () => {
    const handler = createAppProtocolHandler(root)

    expect((await handler(new Request('app://paie/absent.js'))).status).toBe(404)
    expect((await handler(new Request('app://paie/assets'))).status).toBe(404)
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const handler = createAppProtocolHandler(root)

    const head = await handler(new Request('app://paie/index.html', { method: 'HEAD' }))
    const post = await handler(new Request('app://paie/index.html', { method: 'POST', body: 'x' }))

    expect(head.status).toBe(200)
    await expect(head.text()).resolves.toBe('')
    expect(post.status).toBe(405)
    expect(post.headers.get('content-security-policy')).toBe(buildCsp())
  })

  it('answers 500 without detail when the file cannot be read', async () => {
    const denied = Object.assign(new Error('EACCES: permission denied, open /opt/paie/x'), { code: 'EACCES' })
    const handler = createAppProtocolHandler(root, () => Promise.reject(denied))

    const response = await handler(new Request('app://paie/index.html'))

    expect(response.status).toBe(500)
    await expect(response.text()).resolves.not.toContain('/opt/paie')
  })
})

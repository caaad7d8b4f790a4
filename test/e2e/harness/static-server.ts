/**
 * Serves the built renderer (out/renderer) over http on 127.0.0.1 (Chromium refuses module scripts from file://),
 * with the app's Content-Security-Policy header so the page runs under the same policy as in Electron.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, resolve, sep } from 'node:path'
import { buildCsp } from '../../../src-main/shell/csp'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

/** Starts the server on a free loopback port (or `port`). @throws when `root` has no index.html. */
export async function serveRenderer(root: string, port = 0): Promise<StaticServer> {
  if (!existsSync(resolve(root, 'index.html')))
    throw new Error(`Renderer non construit : ${root}/index.html absent (npx electron-vite build)`)
  const csp = buildCsp()
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`)
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': csp,
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => {
          ok()
        })
      }),
  }
}

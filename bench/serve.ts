/**
 * Static server of the bench: the built app (out/renderer) at `/` and the bench page (out/bench) at `/__bench/`,
 * on ONE loopback origin, so that the bench page and the app share IndexedDB. Both answers carry the app's
 * Content-Security-Policy header.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, resolve, sep } from 'node:path'
import { buildCsp } from '../src-main/shell/csp'

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/** A running static server. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  close(): Promise<void>
}

/** Serves `appRoot` at `/` and `benchRoot` at `/__bench/` on a free loopback port. */
export async function serveBench(appRoot: string, benchRoot: string): Promise<BenchServer> {
  const csp = buildCsp()
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const [root, rest] = pathname.startsWith('/__bench/') ? [benchRoot, pathname.slice('/__bench'.length)] : [appRoot, pathname]
    const file = resolve(root, `.${rest === '/' ? '/index.html' : rest}`)
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    // Revalidated at every load (`no-cache` + ETag, 304 when unchanged): the page's scripts then come from
    // Chromium's HTTP cache, where V8's code cache is kept, as the app's scripts come from app:// with `codeCache`
    // in Electron (src-main/shell/protocol.ts). A first load is still a cold one.
    const stat = statSync(file)
    const etag = `W/"${String(stat.size)}-${String(Math.floor(stat.mtimeMs))}"`
    const headers = { 'content-security-policy': csp, 'cache-control': 'no-cache', etag }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end()
      return
    }
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => {
          ok()
        })
      }),
  }
}

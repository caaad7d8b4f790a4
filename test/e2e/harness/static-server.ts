/**
 * Serves built pages over http on 127.0.0.1 (Chromium refuses module scripts from file://), with the app's
 * Content-Security-Policy header and the app protocol's content types (src-main/shell/protocol.ts
 * `contentTypeFor`), so the page runs under the same policy as in Electron. The end-to-end harness serves the
 * renderer alone ({@link serveRenderer}); the bench serves the renderer and its bench page on one origin
 * (bench/serve.ts).
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve, sep } from 'node:path'
import { buildCsp } from '../../../src-main/shell/csp'
import { contentTypeFor } from '../../../src-main/shell/protocol'

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  close(): Promise<void>
}

/** A folder served under a path prefix (`/` for the root; others end with `/`). */
export interface StaticMount {
  readonly prefix: string
  readonly root: string
}

/** Options of {@link serveStatic}. */
export interface StaticOptions {
  /** Port to listen on; 0 (default): a free one. */
  readonly port?: number
  /**
   * `no-store` (default): every load fetches every file again. `revalidate`: `no-cache` with an ETag, a 304 when
   * unchanged, so the files come from Chromium's HTTP cache, where V8 keeps its code cache (as the app's scripts come
   * from app:// with `codeCache` in Electron).
   */
  readonly cache?: 'no-store' | 'revalidate'
}

/**
 * Starts a server for `mounts` (the first whose prefix starts the path serves it; `/` serves index.html). A path
 * outside its root, a folder or a missing file is a 404.
 */
export async function serveStatic(mounts: readonly StaticMount[], options: StaticOptions = {}): Promise<StaticServer> {
  const csp = buildCsp()
  const revalidate = options.cache === 'revalidate'
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const mount = mounts.find((m) => pathname.startsWith(m.prefix))
    const rest = mount === undefined ? '' : `/${pathname.slice(mount.prefix.length)}`
    const file = mount === undefined ? '' : resolve(mount.root, `.${rest === '/' ? '/index.html' : rest}`)
    if (mount === undefined || !file.startsWith(mount.root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    const headers: Record<string, string> = { 'content-security-policy': csp, 'cache-control': revalidate ? 'no-cache' : 'no-store' }
    if (revalidate) {
      const stat = statSync(file)
      headers['etag'] = `W/"${String(stat.size)}-${String(Math.floor(stat.mtimeMs))}"`
      if (req.headers['if-none-match'] === headers['etag']) {
        res.writeHead(304, headers).end()
        return
      }
    }
    res.writeHead(200, { ...headers, 'content-type': contentTypeFor(file) })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((ok) => server.listen(options.port ?? 0, '127.0.0.1', ok))
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

/** Serves the built renderer `root` on a free loopback port (or `port`). @throws when `root` has no index.html. */
export async function serveRenderer(root: string, port = 0): Promise<StaticServer> {
  if (!existsSync(resolve(root, 'index.html')))
    throw new Error(`Renderer non construit : ${root}/index.html absent (npx electron-vite build)`)
  return serveStatic([{ prefix: '/', root }], { port })
}

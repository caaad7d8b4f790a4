/**
 * The `app://paie/` protocol that serves the built renderer (out/renderer) instead of `file://`.
 *
 * `file://` pages share one opaque origin with every file on disk; a custom standard scheme gives the app its
 * own origin (`app://paie`), which the IPC sender check and the navigation guards rely on.
 */
import { readFile as fsReadFile } from 'node:fs/promises'
import path from 'node:path'

import type { CustomScheme } from 'electron'

import { buildCsp } from './csp'
import { APP_HOST, APP_SCHEME } from './origin'

/**
 * Schemes to pass to `protocol.registerSchemesAsPrivileged` before the app is ready: `app` is standard
 * (real origin, relative URLs resolve), secure (like https: Web Locks, IndexedDB, crypto.subtle) and
 * allowed for `fetch`. It does not bypass CSP and allows no service worker. It is deliberately not
 * `corsEnabled`: the page's own module scripts are same-origin and load without it, and leaving it unset keeps
 * the app's files unreadable from any other origin.
 *
 * `codeCache`: V8 keeps the compiled code of the app's scripts (Electron's default is http(s) only; a custom scheme
 * needs `standard` and `codeCache`, Electron ≥ 28, `session.setCodeCachePath`). Without it every start of the app
 * parses and compiles its start-up JavaScript again (~2 MB; the home's first-render profile, docs/performance.md):
 * with it, the starts after the first reuse the compiled code. V8 checks each cached entry against its script's
 * source, so an update never runs stale code.
 */
export function privilegedSchemes(): CustomScheme[] {
  return [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]
}

/** Characters refused anywhere in a decoded path: NUL, Windows separators and drive colons. */
const FORBIDDEN_PATH_CHARACTERS = /[\0\\:]/

/**
 * Absolute path of the file under `root` that an `app://paie/…` URL designates, or `null` when the URL must
 * not be served: another scheme or host, a malformed percent-encoding, a `..` or `.` segment (plain or
 * percent-encoded such as `..%2f`), a backslash, a colon, a NUL, a directory (`/x/`), or a path resolving
 * outside `root`. The query and fragment are ignored; `/` serves `index.html`.
 *
 * @param root folder of the built renderer (absolute, or relative to the working directory)
 * @param url the request URL as received by the protocol handler
 * @param pathApi `node:path` flavour, for testing Windows resolution on any OS
 */
export function resolveAppFile(root: string, url: string, pathApi: path.PlatformPath = path): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host.toLowerCase() !== APP_HOST) return null

  let pathname: string
  try {
    pathname = decodeURIComponent(parsed.pathname)
  } catch {
    return null
  }
  if (pathname === '' || pathname === '/') pathname = '/index.html'
  if (FORBIDDEN_PATH_CHARACTERS.test(pathname) || pathname.endsWith('/')) return null
  const segments = pathname.split('/').slice(1)
  if (segments.some((segment) => segment === '..' || segment === '.' || segment === '')) return null

  const base = pathApi.resolve(root)
  const file = pathApi.resolve(base, ...segments)
  const relative = pathApi.relative(base, file)
  if (relative === '' || relative === '..' || relative.startsWith(`..${pathApi.sep}`) || pathApi.isAbsolute(relative)) {
    return null
  }
  return file
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

/** MIME type for a file name by its extension (case-insensitive); `application/octet-stream` when unknown. */
export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** Headers of every response of the protocol, errors included: the CSP and no MIME sniffing. */
function baseHeaders(contentType: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': buildCsp(),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  })
}

function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: baseHeaders('text/plain; charset=utf-8') })
}

/** Reads a whole file; the default is `fs.promises.readFile`. */
export type FileReader = (file: string) => Promise<Uint8Array<ArrayBuffer>>

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR'])

/**
 * Handler for `protocol.handle('app', …)`: serves files of `root` for GET and HEAD, with {@link baseHeaders}.
 * Answers 405 to other methods, 404 to refused URLs (see {@link resolveAppFile}) and missing files, and 500
 * (without detail) to other read errors.
 */
export function createAppProtocolHandler(root: string, readFile: FileReader = fsReadFile): (request: Request) => Promise<Response> {
  return async function handleAppRequest(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method Not Allowed')
    const file = resolveAppFile(root, request.url)
    if (file === null) return textResponse(404, 'Introuvable')
    let body: Uint8Array<ArrayBuffer>
    try {
      body = await readFile(file)
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined
      return typeof code === 'string' && NOT_FOUND_CODES.has(code)
        ? textResponse(404, 'Introuvable')
        : textResponse(500, 'Erreur de lecture')
    }
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: baseHeaders(contentTypeFor(file)) })
  }
}

/**
 * The application's own origin and how URLs are compared with it.
 *
 * Pages are served from the custom scheme `app://paie/` (registered as standard and secure in protocol.ts).
 * Node's `URL#origin` is `'null'` for schemes it does not know, so origins are computed here as
 * `protocol//host`, lower-cased, the way Chromium computes them for a standard scheme.
 */

/** Custom scheme serving the renderer. */
export const APP_SCHEME = 'app'

/** Host part of the application's URLs. */
export const APP_HOST = 'paie'

/** The application's own origin: the only one trusted in a packaged build. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/** URL of the renderer's entry page in a built application. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/**
 * Origin of a URL as `scheme://host[:port]`, lower-cased (`'app://paie'`, `'http://localhost:5173'`),
 * or `null` when the string is not an absolute URL or has no host (`about:blank`, `data:`, `file:///x`).
 */
export function originOf(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.host === '') return null
  return `${parsed.protocol}//${parsed.host}`.toLowerCase()
}

/**
 * True when `url` belongs to one of the `trusted` origins (each written `scheme://host[:port]`, e.g. `APP_ORIGIN`).
 * Comparison is exact on the whole origin: `app://paie.evil` and `app://paie:8080` do not match `app://paie`.
 */
export function isTrustedUrl(url: string, trusted: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== null && trusted.some((candidate) => candidate.toLowerCase() === origin)
}

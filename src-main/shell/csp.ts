/**
 * Content Security Policy of the renderer.
 *
 * Sent as a header on every response of the `app://` protocol, and repeated in `src-renderer/index.html`
 * as a `<meta>` (minus the directives a `<meta>` cannot carry) so the page is also protected when it is
 * served by something else (Vite in development, the end-to-end harness). A test keeps the two identical.
 *
 * The renderer never talks to the network (main does), runs no inline script and no inline style:
 * Vue's compiled templates and `:style` bindings go through the CSSOM, which CSP does not restrict, and the
 * build extracts component styles to `.css` files, so `style-src 'self'` suffices.
 */

/** Directive name → source list, in the order they are written. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>

/** The policy of the application. `frame-ancestors` only works as a header (ignored in a `<meta>`). */
export const APP_CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'connect-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  // pdf.js's worker (DSN summaries shown in the app) is a module script of the app's own origin: no blob:, no data:.
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
}

/** Directives that browsers ignore (with a console warning) when the policy comes from a `<meta>` element. */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'sandbox'])

/**
 * Serializes a policy for the `Content-Security-Policy` header:
 * `"default-src 'self'; script-src 'self'; …; frame-ancestors 'none'"`.
 */
export function buildCsp(directives: CspDirectives = APP_CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')
}

/** Same policy for `<meta http-equiv="Content-Security-Policy">`: header-only directives left out. */
export function buildMetaCsp(directives: CspDirectives = APP_CSP_DIRECTIVES): string {
  return buildCsp(Object.fromEntries(Object.entries(directives).filter(([name]) => !HEADER_ONLY_DIRECTIVES.has(name))))
}

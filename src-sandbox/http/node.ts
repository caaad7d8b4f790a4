/**
 * Access to the Node request and response behind a Hono context (@hono/node-server puts them in `c.env`), for the
 * fault switches that act on the connection itself, and the caller's address. Absent when the app is called with
 * `app.request()` (no socket): callers fall back to plain answers.
 */
import type { HttpBindings } from '@hono/node-server'

/** The Node bindings of a request, or null when it did not come through a socket. */
export function nodeBindings(c: { readonly env: unknown }): HttpBindings | null {
  const env = c.env as Partial<HttpBindings> | undefined
  if (env?.incoming === undefined || env.outgoing === undefined) return null
  return { incoming: env.incoming, outgoing: env.outgoing }
}

/** Remote address of the request's socket (`'127.0.0.1'`, `'::1'`, `'::ffff:127.0.0.1'`), or undefined. */
export function remoteAddress(c: { readonly env: unknown }): string | undefined {
  return nodeBindings(c)?.incoming.socket.remoteAddress
}

/** Destroys the request's socket without answering. @returns false when there is no socket to destroy. */
export function dropConnection(c: { readonly env: unknown }): boolean {
  const node = nodeBindings(c)
  if (node === null) return false
  node.incoming.socket.destroy()
  return true
}

/** Resolves after `ms` milliseconds (0 or less: next macrotask). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}

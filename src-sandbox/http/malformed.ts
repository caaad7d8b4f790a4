/**
 * Spoiled JSON answers for the `malformedResponses` fault switch: what a client meets behind a broken proxy, a
 * captive portal or a server that drifted from its contract. The status stays the operation's (2xx): only the body
 * (and for `html` the content type) lies.
 */
import type { MalformedMode } from '../faults'

/** `value` with every field of another JSON type (string → number, number → string, object ↔ array…). */
export function wrongTypes(value: unknown): unknown {
  if (typeof value === 'string') return 42
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return 'vrai'
  if (value === null || value === undefined) return { inattendu: true }
  if (Array.isArray(value)) return value.length === 0 ? 'aucun' : Object.fromEntries(value.map((v, i) => [String(i), wrongTypes(v)]))
  return Object.keys(value).length === 0 ? [] : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrongTypes(v)]))
}

const HTML_PAGE =
  '<!DOCTYPE html><html lang="fr"><head><title>Connexion requise</title></head><body><h1>Portail du réseau</h1><p>Identifiez-vous pour accéder à Internet.</p></body></html>'

/**
 * The spoiled answer of a JSON `value` with `status` and `headers` (rate-limit headers kept).
 * @param oversizeBytes size of an `oversized` body
 */
export function malformedResponse(
  mode: Exclude<MalformedMode, 'off'>,
  value: unknown,
  status: number,
  headers: Readonly<Record<string, string>>,
  oversizeBytes: number,
): Response {
  const json = { ...headers, 'Content-Type': 'application/json; charset=utf-8' }
  switch (mode) {
    case 'wrong-type':
      return new Response(JSON.stringify(wrongTypes(value)), { status, headers: json })
    case 'truncated-json': {
      const text = JSON.stringify(value)
      return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), { status, headers: json })
    }
    case 'oversized': {
      // A valid JSON document, just far too big: `{"bourrage":"aaaa…"}`.
      const padding = Math.max(0, oversizeBytes - '{"bourrage":""}'.length)
      return new Response(`{"bourrage":"${'a'.repeat(padding)}"}`, { status, headers: json })
    }
    case 'html':
      return new Response(HTML_PAGE, { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
  }
}

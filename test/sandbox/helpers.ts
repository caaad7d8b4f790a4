/**
 * Helpers of the sandbox tests: real HTTP on 127.0.0.1 with raw `fetch`, tokens for the seed's clients.
 */
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src-sandbox/server'
import { SEED_CLIENTS, SEED_DOSSIERS } from '../../src-sandbox/store/seed'
import type { SandboxStore } from '../../src-sandbox/store/types'
import type { BridgeError } from '../../src-shared/api/common'

/** Business date every suite builds its data around (a Monday). */
export const TODAY = '2026-11-16'

/** Starts a sandbox with a fixed seed and date, no rate limit unless asked. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ seed: 7, today: TODAY, rateLimit: false, ...options })
}

/** SIREN of a seed dossier: A is the big one; GP002 (gestionnaire-2) ended A yesterday, starts B tomorrow, has C. */
export function sirenOf(cle: 'A' | 'B' | 'C' | 'D'): string {
  const found = SEED_DOSSIERS.find((d) => d.cle === cle)
  if (found === undefined) throw new Error(`dossier ${cle} absent du seed`)
  return found.siren
}

/** Secret of a seed client. */
export function secretOf(clientId: string): string {
  const found = SEED_CLIENTS.find((c) => c.client_id === clientId)
  if (found === undefined) throw new Error(`client ${clientId} absent du seed`)
  return found.client_secret
}

/** Raw token request (form-encoded, RFC 6749 §4.4). */
export function requestToken(url: string, clientId: string, secret: string, scope?: string): Promise<Response> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret })
  if (scope !== undefined) form.set('scope', scope)
  return fetch(`${url}/api/auth/token`, { method: 'POST', body: form })
}

/** An access token for a seed client. @throws Error when the sandbox refuses. */
export async function tokenFor(url: string, clientId = 'demo-gestionnaire', scope?: string): Promise<string> {
  const res = await requestToken(url, clientId, secretOf(clientId), scope)
  if (res.status !== 200) throw new Error(`jeton refusé : ${res.status} ${await res.text()}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/** Answer of {@link call}: status, headers and the JSON body (null when there is none). */
export interface CallResult<T = unknown> {
  status: number
  headers: Headers
  body: T
}

/** JSON request with an optional bearer token; the body is sent as JSON. */
export async function call<T = unknown>(
  url: string,
  path: string,
  init: { token?: string; method?: string; body?: unknown } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {}
  if (init.token !== undefined) headers['authorization'] = `Bearer ${init.token}`
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(url + path, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: (text === '' ? null : JSON.parse(text)) as T }
}

/** Shorthand for an error answer's body. */
export type ErrorBody = BridgeError

/** Query string with repeated keys for arrays. */
export function qs(params: Record<string, string | number | readonly string[] | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value as readonly string[]) search.append(key, v)
    else search.append(key, String(value))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

/** `YYYY-MM-DD` of `date` moved by `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * The n-th employee of a dossier with exactly one contract over [du, au], open-ended, and no absence in that range
 * (so entries can be created for them without meeting the seed's own data).
 */
export function quietEmployee(
  store: SandboxStore,
  siren: string,
  du: string,
  au: string,
  n = 0,
): { matricule: string; numero: string; nic: string } {
  const quiet = store.salaries.filter((s) => {
    if (s.siren !== siren) return false
    const mine = store.contrats.filter(
      (c) => c.siren === siren && c.matricule === s.matricule && c.date_debut <= au && (c.date_fin === null || c.date_fin >= du),
    )
    const absent = store.absences.some((a) => a.siren === siren && a.matricule === s.matricule && a.date_debut <= au && a.date_fin >= du)
    const [only] = mine
    return mine.length === 1 && only !== undefined && only.date_fin === null && only.date_debut <= du && !absent
  })
  const s = quiet[n]
  const c = store.contrats.find((x) => x.siren === siren && x.matricule === s?.matricule)
  if (s === undefined || c === undefined) throw new Error('pas assez de salariés sans absence dans le seed')
  return { matricule: s.matricule, numero: c.numero_contrat, nic: c.nic }
}

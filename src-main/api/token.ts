/**
 * Bearer token for the API (assumption: OAuth2 client credentials at POST /api/auth/token, see
 * docs/api-assumptions.md). Held in main's memory only: never written, never sent over IPC, never logged.
 */
import type { TokenResponse } from '../../src-shared/api/cabinet'

export interface TokenSource {
  /** Current token, fetched when missing or within `marginMs` of expiry. Concurrent callers share one request. */
  get(): Promise<string>
  /** Forgets the token (after a 401) so the next `get` fetches a new one. */
  invalidate(token: string): void
  /** Categories granted by the last token (its `scope`), empty before the first. */
  grantedScope(): string[]
}

/**
 * Creates a token cache around `fetchToken` (which performs the token request).
 * @param now clock in ms (tests move it); @param marginMs refresh this long before `expires_in` runs out.
 */
export function createTokenSource(fetchToken: () => Promise<TokenResponse>, now: () => number = Date.now, marginMs = 30_000): TokenSource {
  let current: { token: string; expiresAt: number; scope: string[] } | null = null
  let pending: Promise<string> | null = null

  async function refresh(): Promise<string> {
    const answer = await fetchToken()
    current = { token: answer.access_token, expiresAt: now() + answer.expires_in * 1000, scope: answer.scope.split(' ').filter(Boolean) }
    return answer.access_token
  }

  return {
    async get() {
      if (current !== null && now() < current.expiresAt - marginMs) return current.token
      pending ??= refresh().finally(() => {
        pending = null
      })
      return pending
    },
    invalidate(token) {
      if (current?.token === token) current = null
    },
    grantedScope() {
      return current?.scope ?? []
    },
  }
}

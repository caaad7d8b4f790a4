/**
 * Access tokens of the sandbox (assumption, not shown in reference: OAuth2 client credentials, RFC 6749 §4.4,
 * bearer tokens per RFC 6750). Tokens are 32 random bytes (base64url), kept in memory with their expiry.
 *
 * Expiry runs on the real clock (`Date.now()`), not on the sandbox's business clock, so a test that moves the
 * business date does not expire its tokens; `expireAll()` (fault switch) expires every issued token at once.
 */
import { randomBytes } from 'node:crypto'
import type { Categorie } from '../../src-shared/api/categories'

/** What an issued token stands for. */
export interface TokenGrant {
  readonly clientId: string
  /** Cabinet user the client acts for. */
  readonly matriculeUtilisateur: string
  /** Categories granted to this token (the client's rights, narrowed by the requested scope). */
  readonly droits: readonly Categorie[]
  /** Expiry, milliseconds since the epoch (real clock). */
  expiresAt: number
}

/** Result of looking a bearer token up. */
export type TokenLookup =
  | { readonly kind: 'valid'; readonly grant: TokenGrant }
  | { readonly kind: 'expired'; readonly grant: TokenGrant }
  | { readonly kind: 'unknown' }

/** In-memory token registry. */
export interface TokenRegistry {
  /** Issues a new token valid for `ttlSeconds`. */
  issue(grant: Omit<TokenGrant, 'expiresAt'>, ttlSeconds: number): string
  /** Looks a token up; never throws. */
  lookup(token: string): TokenLookup
  /** Makes every issued token expired (fault switch `expireTokens`); tokens issued afterwards work. */
  expireAll(): void
  /** Number of tokens held (issued and not yet forgotten). */
  size(): number
  /** Every token this registry ever issued, oldest first, forgotten ones included (for the log scan of the tests). */
  issued(): readonly string[]
}

/** Expired tokens are kept this long (ms) so they answer JETON_EXPIRE rather than NON_AUTHENTIFIE, then forgotten. */
const FORGET_AFTER_MS = 24 * 3600 * 1000

/**
 * Creates an empty registry.
 * @param clock real time in ms (injectable for unit tests), default `Date.now`.
 */
export function createTokenRegistry(clock: () => number = Date.now): TokenRegistry {
  const tokens = new Map<string, TokenGrant>()
  const history: string[] = []

  function sweep(now: number): void {
    for (const [token, grant] of tokens) {
      if (grant.expiresAt + FORGET_AFTER_MS < now) tokens.delete(token)
    }
  }

  return {
    issue(grant, ttlSeconds) {
      const now = clock()
      sweep(now)
      const token = randomBytes(32).toString('base64url')
      tokens.set(token, { ...grant, droits: [...grant.droits], expiresAt: now + ttlSeconds * 1000 })
      history.push(token)
      return token
    },
    lookup(token) {
      const grant = tokens.get(token)
      if (grant === undefined) return { kind: 'unknown' }
      return grant.expiresAt <= clock() ? { kind: 'expired', grant } : { kind: 'valid', grant }
    },
    expireAll() {
      const now = clock()
      for (const grant of tokens.values()) grant.expiresAt = Math.min(grant.expiresAt, now - 1)
    },
    size() {
      return tokens.size
    },
    issued() {
      return [...history]
    },
  }
}

/**
 * Bearer token of an `Authorization` header (RFC 6750 §2.1: `Bearer <token68>`, scheme case-insensitive),
 * or null when the header is missing or malformed.
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header)
  return match?.[1] ?? null
}

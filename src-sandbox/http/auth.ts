/**
 * Authentication and rights of a request (assumption, not shown in reference: bearer tokens from the
 * client-credentials endpoint; one right per API category since V1.11.0, granted per client and carried by the
 * token's scope).
 */
import type { Categorie } from '../../src-shared/api/categories'
import type { Session } from '../handlers/context'
import type { SandboxStore } from '../store/types'
import { droitManquant, jetonExpire, nonAuthentifie } from './errors'
import { bearerToken, type TokenRegistry } from './tokens'

/**
 * The session of a request from its `Authorization` header.
 * @throws SandboxRefusal 401 NON_AUTHENTIFIE (missing, malformed or unknown token, or a client or user that no longer
 * exists), 401 JETON_EXPIRE (expired token, `WWW-Authenticate: Bearer error="invalid_token"`).
 */
export function authenticate(authorization: string | undefined, tokens: TokenRegistry, store: SandboxStore): Session {
  const token = bearerToken(authorization)
  if (token === null) throw nonAuthentifie()
  const found = tokens.lookup(token)
  if (found.kind === 'unknown') throw nonAuthentifie()
  if (found.kind === 'expired') throw jetonExpire()
  const client = store.clients.find((c) => c.client_id === found.grant.clientId)
  const utilisateur = store.utilisateurs.find((u) => u.matricule === found.grant.matriculeUtilisateur)
  if (client === undefined || utilisateur === undefined) throw nonAuthentifie()
  return { client, utilisateur, droits: found.grant.droits }
}

/** Client id of a valid token, or null (used to key the rate limiter; never throws). */
export function clientIdOf(authorization: string | undefined, tokens: TokenRegistry): string | null {
  const token = bearerToken(authorization)
  if (token === null) return null
  const found = tokens.lookup(token)
  return found.kind === 'valid' ? found.grant.clientId : null
}

/**
 * Checks the right an operation needs.
 * @param category the operation's category (null: every authenticated caller).
 * @throws SandboxRefusal 403 DROIT_MANQUANT with `droit_requis` and the right's French label.
 */
export function requireRight(session: Session, category: Categorie | null): void {
  if (category !== null && !session.droits.includes(category)) throw droitManquant(category)
}

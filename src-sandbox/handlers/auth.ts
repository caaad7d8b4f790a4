/**
 * Token endpoint, health check and the signed-in user.
 * Token (assumption, not shown in reference: OAuth2 client-credentials grant, RFC 6749 §4.4, form-encoded, as the
 * Silae partner API): an unknown client or a wrong secret answers 401 CLIENT_INVALIDE; the answer's `scope` lists the
 * granted categories, space separated, narrowed by the optional `scope` parameter (RFC 6749 §3.3).
 */
import { timingSafeEqual } from 'node:crypto'
import { CATEGORIES, type Categorie } from '../../src-shared/api/categories'
import { ERROR_CODES } from '../../src-shared/api/common'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import { API_VERSION } from '../../src-shared/api/openapi'
import { SandboxRefusal } from '../http/errors'
import { instantOf, sessionOf, type HandlerContext, type Handlers } from './context'

function clientInvalide(message: string): SandboxRefusal {
  return new SandboxRefusal(401, ERROR_CODES.clientInvalide, message)
}

/** Constant-time comparison of two secrets (different lengths compare unequal). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8')
  const y = Buffer.from(b, 'utf8')
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Categories a token gets: the client's rights, restricted to the requested ones when `scope` is given
 * (unknown names are ignored). Order of CATEGORIES.
 */
export function grantedCategories(droits: readonly Categorie[], scope: string | undefined): Categorie[] {
  const requested = scope === undefined ? null : new Set(scope.split(/\s+/).filter((s) => s !== ''))
  return CATEGORIES.filter((c) => droits.includes(c) && (requested === null || requested.has(c)))
}

function obtenirJeton(req: ParsedRequestOf<'obtenirJeton'>, ctx: HandlerContext) {
  const { client_id, client_secret, scope } = req.body
  const client = ctx.store.clients.find((c) => c.client_id === client_id)
  if (client === undefined || !sameSecret(client.client_secret, client_secret)) {
    throw clientInvalide('Identifiants du client d’API invalides : vérifiez l’identifiant et le secret.')
  }
  const utilisateur = ctx.store.utilisateurs.find((u) => u.matricule === client.matricule_utilisateur)
  if (utilisateur?.actif !== true) {
    throw clientInvalide('Le compte utilisateur lié à ce client d’API est désactivé.')
  }
  const droits = grantedCategories(client.droits, scope)
  const accessToken = ctx.tokens.issue(
    { clientId: client.client_id, matriculeUtilisateur: utilisateur.matricule, droits },
    ctx.tokenTtlSeconds,
  )
  return { access_token: accessToken, token_type: 'Bearer' as const, expires_in: ctx.tokenTtlSeconds, scope: droits.join(' ') }
}

function moi(_req: ParsedRequestOf<'moi'>, ctx: HandlerContext) {
  const session = sessionOf(ctx)
  return { utilisateur: session.utilisateur, cabinet: ctx.store.cabinet, droits: [...session.droits], version_api: API_VERSION }
}

/** Handlers of the token, health and signed-in user operations. */
export const authHandlers = {
  obtenirJeton,
  sante: (_req, ctx) => ({ statut: 'ok' as const, version: API_VERSION, date: instantOf(ctx) }),
  moi,
} satisfies Partial<Handlers>

/**
 * What every sandbox handler receives besides its parsed request, and the typed handler map that proves every
 * operation of the endpoint table is implemented.
 */
import { randomUUID } from 'node:crypto'
import type { Categorie } from '../../src-shared/api/categories'
import type { OperationId, ParsedRequestOf, ResponseOf } from '../../src-shared/api/endpoints'
import type { ApiClientCredentials, SandboxStore } from '../store/types'
import type { UtilisateurCabinet } from '../store/wire-types'
import type { TokenRegistry } from '../http/tokens'
import { nonAuthentifie } from '../http/errors'
import type { RecapitulatifInput } from '../pdf'

/** The signed-in caller: the API client, the cabinet user it acts for, the categories of its token. */
export interface Session {
  readonly client: ApiClientCredentials
  readonly utilisateur: UtilisateurCabinet
  readonly droits: readonly Categorie[]
}

/** Renders the PDF summary of a DSN (src-sandbox/pdf.ts `renderRecapitulatifPdf`). */
export type RecapitulatifRenderer = (input: RecapitulatifInput) => Promise<Uint8Array>

/** Context of one request. */
export interface HandlerContext {
  readonly store: SandboxStore
  /** Sandbox business clock (assignment dates, creation instants, payslip computation dates). */
  readonly now: () => Date
  /** The caller; null only on the operations without authentication (token, health). */
  readonly session: Session | null
  readonly tokens: TokenRegistry
  /** Lifetime of issued tokens, in seconds. */
  readonly tokenTtlSeconds: number
  readonly renderPdf: RecapitulatifRenderer
}

/** Handler of one operation: parsed request in, the operation's typed answer out (throws SandboxRefusal to refuse). */
export type Handler<K extends OperationId> = (req: ParsedRequestOf<K>, ctx: HandlerContext) => ResponseOf<K> | Promise<ResponseOf<K>>

/** One handler per operation of ENDPOINTS: a missing or misspelt one is a compile error. */
export type Handlers = { readonly [K in OperationId]: Handler<K> }

/** The caller of an authenticated operation. @throws SandboxRefusal 401 NON_AUTHENTIFIE when there is none. */
export function sessionOf(ctx: HandlerContext): Session {
  if (ctx.session === null) throw nonAuthentifie()
  return ctx.session
}

/** Today on the sandbox clock, `YYYY-MM-DD` (UTC). */
export function todayOf(ctx: HandlerContext): string {
  return ctx.now().toISOString().slice(0, 10)
}

/** Now on the sandbox clock as an ISO 8601 instant (UTC, milliseconds). */
export function instantOf(ctx: HandlerContext): string {
  return ctx.now().toISOString()
}

/** Server-set fields of a new entry record (src-shared/api/entries.ts `Server`). */
export interface CreatedFields {
  readonly id: string
  /** Sandbox clock, ISO 8601 UTC; `date_modification` equals it at creation. */
  readonly date_creation: string
  readonly date_modification: string
  /** `client_id` of the caller's API client (never changed by a PATCH). */
  readonly cree_par: string
}

/**
 * Id, instants and creator of a record created now by the caller (assumption: not shown in reference, see
 * docs/api-assumptions.md #37). @throws SandboxRefusal 401 NON_AUTHENTIFIE without a session.
 */
export function createdFields(ctx: HandlerContext): CreatedFields {
  const now = instantOf(ctx)
  return { id: randomUUID(), date_creation: now, date_modification: now, cree_par: sessionOf(ctx).client.client_id }
}

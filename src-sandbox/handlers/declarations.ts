/**
 * Social declarations (DSN): monthly (V1.1.0) and event-based (V1.4.0), searched across the dossiers of the
 * cabinet with sending dates (V1.7.0), read by id (path assumed), and the PDF summary (V1.7.0,
 * /api/declarations/{id}/recapitulatif).
 */
import type { PageOf } from '../../src-shared/api/common'
import type { Declaration, DeclarationEvenementielle } from '../../src-shared/api/declarations'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import { introuvable } from '../http/errors'
import type { HandlerContext, Handlers } from './context'
import { dossierOfRecord } from './entry-lists'
import { matchesFilter, paginate } from './lists'
import { fromCents, toCents } from './money'
import { requireVisible, sirensInScope } from './scope'

type AnyDeclaration = Declaration | DeclarationEvenementielle
type SearchQuery = ParsedRequestOf<'listerDeclarations'>['query']

/**
 * Declarations matching a search, latest period first, then SIREN, NIC and id (stable).
 * `date_envoi_du`/`date_envoi_au` compare the day (UTC) of the first sending; unsent ones never match them.
 * Without `siren`, every dossier assigned to the caller today.
 */
export function searchDeclarations<T extends AnyDeclaration>(ctx: HandlerContext, all: readonly T[], q: SearchQuery): PageOf<T> {
  const sirens = sirensInScope(ctx, q.siren)
  const items = all.filter((d) => {
    if (!sirens.has(d.siren) || !matchesFilter(q.statut, d.statut)) return false
    if (q.periode_du !== undefined && d.periode < q.periode_du) return false
    if (q.periode_au !== undefined && d.periode > q.periode_au) return false
    if (q.date_envoi_du === undefined && q.date_envoi_au === undefined) return true
    const day = d.date_envoi?.slice(0, 10)
    if (day === undefined) return false
    return (q.date_envoi_du === undefined || day >= q.date_envoi_du) && (q.date_envoi_au === undefined || day <= q.date_envoi_au)
  })
  items.sort((a, b) => {
    if (a.periode !== b.periode) return a.periode < b.periode ? 1 : -1
    const ka = `${a.siren}${a.nic}${a.id}`
    const kb = `${b.siren}${b.nic}${b.id}`
    return ka < kb ? -1 : ka > kb ? 1 : 0
  })
  return paginate(items, q)
}

function findDeclaration(ctx: HandlerContext, id: string): AnyDeclaration {
  const found: AnyDeclaration | undefined =
    ctx.store.declarations.find((d) => d.id === id) ?? ctx.store.declarationsEvenementielles.find((d) => d.id === id)
  return requireVisible(ctx, found, 'Déclaration')
}

/**
 * The PDF summary of a DSN, rendered by pdf.ts.
 * @throws SandboxRefusal 404 INTROUVABLE (unknown or not visible declaration, or summary not available yet).
 */
async function telechargerRecapitulatif(req: ParsedRequestOf<'telechargerRecapitulatif'>, ctx: HandlerContext): Promise<Uint8Array> {
  const declaration = findDeclaration(ctx, req.params.id)
  if (!declaration.recapitulatif_disponible) {
    throw introuvable('Le récapitulatif de cette déclaration n’est pas encore disponible.')
  }
  return ctx.renderPdf({ declaration, dossier: dossierOfRecord(ctx, declaration.siren), ...totalsOf(ctx, declaration) })
}

/**
 * Totals printed on a monthly summary: sums of the computed payslips of the establishment and period, in euros
 * (integer cents added up). None for an event-based DSN or when no payslip of the period is computed.
 */
export function totalsOf(ctx: HandlerContext, d: AnyDeclaration): { totals?: { brut: string; net_a_payer: string } } {
  if (d.nature !== '01') return {}
  const computed = ctx.store.bulletins.filter(
    (b) => b.siren === d.siren && b.nic === d.nic && b.periode === d.periode && b.brut !== null && b.net_a_payer !== null,
  )
  if (computed.length === 0) return {}
  const sum = (pick: (b: (typeof computed)[number]) => string | null) =>
    fromCents(computed.reduce((total, b) => total + toCents(pick(b) ?? '0'), 0))
  return { totals: { brut: sum((b) => b.brut), net_a_payer: sum((b) => b.net_a_payer) } }
}

/** Handlers of the DSN operations. */
export const declarationHandlers = {
  listerDeclarations: (req, ctx) => searchDeclarations(ctx, ctx.store.declarations, req.query),
  listerDeclarationsEvenementielles: (req, ctx) => searchDeclarations(ctx, ctx.store.declarationsEvenementielles, req.query),
  lireDeclaration: (req, ctx) => findDeclaration(ctx, req.params.id),
  telechargerRecapitulatif,
} satisfies Partial<Handlers>

/**
 * Dossiers (V1.0.0; periode_paie_en_cours and nic per establishment V1.3.0) and code lists (codification:
 * absence codes V1.1.0, per dossier V1.1.0, codes-evp and codes-primes-indemnites V1.4.0 with visibility V1.9.0,
 * dynamic lists /api/codes/{nomCode} V1.5.0).
 */
import type { CodeAbsence, CodeEvp } from '../../src-shared/api/codification'
import type { PageOf } from '../../src-shared/api/common'
import type { Dossier } from '../../src-shared/api/dossiers'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import { introuvable } from '../http/errors'
import type { HandlerContext, Handlers } from './context'
import { byKeys, paginate } from './lists'
import { requireDossier, sirensInScope } from './scope'

function listerDossiers(req: ParsedRequestOf<'listerDossiers'>, ctx: HandlerContext): PageOf<Dossier> {
  const sirens = sirensInScope(ctx, req.query.siren)
  const items = ctx.store.dossiers.filter((d) => sirens.has(d.siren)).sort(byKeys((d) => d.siren))
  return paginate(items, req.query)
}

/** Absence codes available on a dossier (codesAbsencesParDossier), in the order of the cabinet list. */
function listerCodesAbsencesDossier(req: ParsedRequestOf<'listerCodesAbsencesDossier'>, ctx: HandlerContext): CodeAbsence[] {
  requireDossier(ctx, req.params.siren)
  const available = new Set(ctx.store.codesAbsencesParDossier[req.params.siren] ?? [])
  return ctx.store.codesAbsences.filter((c) => available.has(c.code))
}

/** EVP codes of a dossier, in grid order (`ordre`, then code); hidden codes included with `masque: true`. */
function listerCodesEvp(req: ParsedRequestOf<'listerCodesEvp'>, ctx: HandlerContext): CodeEvp[] {
  requireDossier(ctx, req.query.siren)
  return [...(ctx.store.codesEvp[req.query.siren] ?? [])].sort((a, b) => a.ordre - b.ordre || a.code.localeCompare(b.code))
}

/** A dynamic code list by name. @throws SandboxRefusal 404 INTROUVABLE for a name the service does not publish. */
function lireListeCodes(req: ParsedRequestOf<'lireListeCodes'>, ctx: HandlerContext) {
  const liste = ctx.store.listesCodes.find((l) => l.nom === req.params.nomCode)
  if (liste === undefined) throw introuvable(`Liste de codes « ${req.params.nomCode} » introuvable.`)
  return liste
}

/** Handlers of the dossier and codification operations. */
export const dossierHandlers = {
  listerDossiers,
  lireDossier: (req, ctx) => requireDossier(ctx, req.params.siren),
  listerCodesAbsences: (_req, ctx) => ctx.store.codesAbsences,
  listerCodesAbsencesDossier,
  listerCodesEvp,
  listerCodesPrimesIndemnites: (req, ctx) => {
    requireDossier(ctx, req.query.siren)
    return ctx.store.codesPrimesIndemnites[req.query.siren] ?? []
  },
  lireListeCodes,
} satisfies Partial<Handlers>

/**
 * Cumuls: GET /api/cumuls (V1.1.0; filters on categories and cumuls, and on the engine code, V1.3.0) and
 * PUT /api/dossiers/{siren}/cumuls (reference: method and path fully given; Cumuls.PutDto, Cumuls.ItemPutDto,
 * Cumuls.PutRetourDto named, fields assumed in src-shared/api/bulletins.ts).
 */
import type { Cumul } from '../../src-shared/api/bulletins'
import { ERROR_CODES, type PageOf } from '../../src-shared/api/common'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import type { HandlerContext, Handlers } from './context'
import { byKeys, matchesFilter, paginate } from './lists'
import { findSalarie, requireDossier } from './scope'

function listerCumuls(req: ParsedRequestOf<'listerCumuls'>, ctx: HandlerContext): PageOf<Cumul> {
  const q = req.query
  requireDossier(ctx, q.siren)
  const items = ctx.store.cumuls
    .filter(
      (c) =>
        c.siren === q.siren &&
        (q.matricule === undefined || c.matricule === q.matricule) &&
        (q.annee === undefined || c.annee === q.annee) &&
        matchesFilter(q.categorie, c.categorie) &&
        matchesFilter(q.cumul, c.code_cumul) &&
        (q.code_moteur === undefined || c.code_moteur === q.code_moteur),
    )
    .sort(
      byKeys(
        (c) => c.matricule,
        (c) => String(c.annee),
        (c) => c.categorie,
        (c) => c.code_cumul,
      ),
    )
  return paginate(items, q)
}

/**
 * Replaces the listed cumuls of a dossier's year. Assumption: an item for an unknown employee, or a `code_cumul`
 * the service has never computed (no template to take its category, engine code and label from), is refused
 * alone and reported by its index; the other items are applied.
 */
function mettreAJourCumuls(req: ParsedRequestOf<'mettreAJourCumuls'>, ctx: HandlerContext) {
  const { siren } = req.params
  requireDossier(ctx, siren)
  const { annee, elements } = req.body
  let crees = 0
  let misAJour = 0
  const erreurs: { index: number; code: string; message: string }[] = []
  elements.forEach((item, index) => {
    if (findSalarie(ctx, siren, item.matricule) === undefined) {
      erreurs.push({ index, code: ERROR_CODES.introuvable, message: `Salarié ${item.matricule} introuvable dans le dossier ${siren}.` })
      return
    }
    const existing = ctx.store.cumuls.find(
      (c) => c.siren === siren && c.matricule === item.matricule && c.annee === annee && c.code_cumul === item.code_cumul,
    )
    if (existing !== undefined) {
      existing.valeur = item.valeur
      misAJour += 1
      return
    }
    const template = ctx.store.cumuls.find((c) => c.code_cumul === item.code_cumul)
    if (template === undefined) {
      erreurs.push({ index, code: 'CUMUL_INCONNU', message: `Le cumul ${item.code_cumul} n’existe pas.` })
      return
    }
    ctx.store.cumuls.push({
      siren,
      matricule: item.matricule,
      annee,
      categorie: template.categorie,
      code_cumul: item.code_cumul,
      code_moteur: template.code_moteur,
      libelle: template.libelle,
      valeur: item.valeur,
    })
    crees += 1
  })
  return { crees, mis_a_jour: misAJour, erreurs }
}

/** Handlers of the cumuls operations. */
export const cumulHandlers = { listerCumuls, mettreAJourCumuls } satisfies Partial<Handlers>

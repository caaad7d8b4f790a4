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

/** Categories whose cumuls count hours or days, never below zero (assumption #70). */
export const CATEGORIES_NON_NEGATIVES: ReadonlySet<string> = new Set(['heures', 'conges'])

/** Codes of the per-item refusals of a PUT of cumuls (assumption #70). */
export const CUMUL_ERRORS = {
  salarieInconnu: ERROR_CODES.introuvable,
  cumulInconnu: 'CUMUL_INCONNU',
  doublon: 'DOUBLON',
  valeurNegative: 'VALEUR_NEGATIVE',
} as const

type Item = ParsedRequestOf<'mettreAJourCumuls'>['body']['elements'][number]
type ItemError = { index: number; code: string; message: string }

/**
 * Why one item of a PUT is refused, or null when it is applied (assumption #70), in this order: an employee not in the
 * dossier; a `code_cumul` the service has never computed (no template to take its category, engine code and label
 * from); the same employee and code already given by an earlier item of the request; a negative value for a cumul of
 * hours or days (categories `heures`, `conges`). The amount's format is the body schema's (`Montant`): a bad one
 * refuses the whole request (400 REQUETE_INVALIDE naming `body.elements[<i>].valeur`).
 */
function refusal(
  ctx: HandlerContext,
  siren: string,
  item: Item,
  template: Cumul | undefined,
  seen: ReadonlySet<string>,
): Omit<ItemError, 'index'> | null {
  if (findSalarie(ctx, siren, item.matricule) === undefined)
    return { code: CUMUL_ERRORS.salarieInconnu, message: `Salarié ${item.matricule} introuvable dans le dossier ${siren}.` }
  if (template === undefined) return { code: CUMUL_ERRORS.cumulInconnu, message: `Le cumul ${item.code_cumul} n’existe pas.` }
  if (seen.has(`${item.matricule}|${item.code_cumul}`))
    return { code: CUMUL_ERRORS.doublon, message: `Le cumul ${item.code_cumul} du salarié ${item.matricule} est donné deux fois.` }
  if (CATEGORIES_NON_NEGATIVES.has(template.categorie) && item.valeur.startsWith('-'))
    return { code: CUMUL_ERRORS.valeurNegative, message: `Le cumul ${item.code_cumul} (${template.libelle}) ne peut pas être négatif.` }
  return null
}

/**
 * Replaces the listed cumuls of a dossier's year. Each refused item (see {@link refusal}) is reported by its index in
 * `elements` and left out; the other items are applied (assumption #70). Journalled with every write.
 */
function mettreAJourCumuls(req: ParsedRequestOf<'mettreAJourCumuls'>, ctx: HandlerContext) {
  const { siren } = req.params
  requireDossier(ctx, siren)
  const { annee, elements } = req.body
  let crees = 0
  let misAJour = 0
  const erreurs: ItemError[] = []
  const seen = new Set<string>()
  elements.forEach((item, index) => {
    const template = ctx.store.cumuls.find((c) => c.code_cumul === item.code_cumul)
    const refused = refusal(ctx, siren, item, template, seen)
    if (refused !== null || template === undefined) {
      if (refused !== null) erreurs.push({ index, ...refused })
      return
    }
    seen.add(`${item.matricule}|${item.code_cumul}`)
    const existing = ctx.store.cumuls.find(
      (c) => c.siren === siren && c.matricule === item.matricule && c.annee === annee && c.code_cumul === item.code_cumul,
    )
    if (existing !== undefined) {
      existing.valeur = item.valeur
      misAJour += 1
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

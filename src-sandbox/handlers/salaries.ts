/**
 * Employees (salariés): list with presence over [du, au] (V1.2.0; the one rule of src-shared/domain/presence.ts), multi nic (V1.4.0) and a search; single reads
 * by both paths (payment information V1.3.0, safe opening date V1.7.0); PATCH of employees and of bank details
 * (reference: methods and paths fully given, Salarie.PatchRetourDto with per-item errors — fields assumed, #64; an IBAN
 * already held by another employee of the dossier is refused per item).
 */
import type { PageOf } from '../../src-shared/api/common'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import type { Salarie, SalarieDetail } from '../../src-shared/api/salaries'
import { ERROR_CODES } from '../../src-shared/api/common'
import type { HandlerContext, Handlers } from './context'
import { listedOver } from '../../src-shared/domain/presence'
import { byKeys, foldText, matchesFilter, omitKeys, paginate } from './lists'
import { findSalarie, requireDossier, requireSalarie, sirensInScope } from './scope'

/** List shape of an employee (the detail without NIR, regime, permit, payment info, safe opening date). */
export function salarieSummary(s: SalarieDetail): Salarie {
  return omitKeys(s, ['nir', 'regime_social', 'titre_sejour', 'informations_paiement', 'date_ouverture_coffre'])
}

/** Search by name or matricule, case- and accent-insensitive (`'eloise'` finds `'Éloïse'`). */
export function matchesRecherche(s: SalarieDetail, recherche: string | undefined): boolean {
  if (recherche === undefined || recherche.trim() === '') return true
  const needle = foldText(recherche.trim())
  const hay = [s.matricule, s.nom, s.prenom, s.nom_usage ?? '', `${s.prenom} ${s.nom}`, `${s.nom} ${s.prenom}`].map(foldText)
  return hay.some((h) => h.includes(needle))
}

function listerSalaries(req: ParsedRequestOf<'listerSalaries'>, ctx: HandlerContext): PageOf<Salarie> {
  const q = req.query
  const sirens = sirensInScope(ctx, q.siren)
  const items = ctx.store.salaries
    .filter(
      (s) =>
        sirens.has(s.siren) && matchesFilter(q.nic, s.nic) && listedOver(s, { du: q.du, au: q.au }) && matchesRecherche(s, q.recherche),
    )
    .sort(
      byKeys(
        (s) => s.siren,
        (s) => s.matricule,
      ),
    )
  const page = paginate(items, q)
  return { ...page, elements: page.elements.map(salarieSummary) }
}

/** One refused item of Salarie.PatchRetourDto (#64). */
interface RetourErreur {
  index: number
  matricule: string
  code: string
  message: string
  champ: string | null
}

function notFoundItem(index: number, matricule: string, siren: string): RetourErreur {
  return {
    index,
    matricule,
    code: ERROR_CODES.introuvable,
    message: `Salarié ${matricule} introuvable dans le dossier ${siren}.`,
    champ: 'matricule',
  }
}

/**
 * Another employee of the dossier already paid on `iban` (assumption #64: the service refuses one account for two
 * employees of a dossier, REGLE_METIER at `iban`; the client cannot check it offline: its sheets hold masked IBANs).
 */
function ibanHolder(ctx: HandlerContext, siren: string, iban: string, matricule: string): SalarieDetail | undefined {
  return ctx.store.salaries.find(
    (o) => o.siren === siren && o.matricule !== matricule && o.informations_paiement.coordonnees_bancaires?.iban === iban,
  )
}

/** PATCH /api/dossiers/{siren}/salaries: only the fields given change; unknown matricules are reported per item. */
function modifierSalaries(req: ParsedRequestOf<'modifierSalaries'>, ctx: HandlerContext): { modifies: string[]; erreurs: RetourErreur[] } {
  const { siren } = req.params
  requireDossier(ctx, siren)
  const modifies: string[] = []
  const erreurs: RetourErreur[] = []
  req.body.salaries.forEach((item, index) => {
    const s = findSalarie(ctx, siren, item.matricule)
    if (s === undefined) {
      erreurs.push(notFoundItem(index, item.matricule, siren))
      return
    }
    if (item.nom_usage !== undefined) s.nom_usage = item.nom_usage
    if (item.email !== undefined) s.email = item.email
    if (item.titre_sejour !== undefined) s.titre_sejour = item.titre_sejour
    if (item.coffre_active !== undefined) {
      // Assumption: the safe is "opened" the first time it is activated (V1.5.0 activation, V1.7.0 opening date).
      if (item.coffre_active && s.date_ouverture_coffre === null) s.date_ouverture_coffre = ctx.now().toISOString().slice(0, 10)
      s.coffre_active = item.coffre_active
    }
    if (item.regime_social !== undefined) {
      const r = item.regime_social
      s.regime_social = {
        regime: r.regime ?? s.regime_social.regime,
        prevoyance_individuelle: r.prevoyance_individuelle ?? s.regime_social.prevoyance_individuelle,
        prevoyance_etablissement: r.prevoyance_etablissement ?? s.regime_social.prevoyance_etablissement,
      }
    }
    if (!modifies.includes(s.matricule)) modifies.push(s.matricule)
  })
  return { modifies, erreurs }
}

/** PATCH …/salaries/coordonnees-bancaires: new IBAN/BIC; payment by transfer from then on. */
function modifierCoordonneesBancaires(
  req: ParsedRequestOf<'modifierCoordonneesBancaires'>,
  ctx: HandlerContext,
): { modifies: string[]; erreurs: RetourErreur[] } {
  const { siren } = req.params
  requireDossier(ctx, siren)
  const modifies: string[] = []
  const erreurs: RetourErreur[] = []
  req.body.salaries.forEach((item, index) => {
    const s = findSalarie(ctx, siren, item.matricule)
    if (s === undefined) {
      erreurs.push(notFoundItem(index, item.matricule, siren))
      return
    }
    const holder = ibanHolder(ctx, siren, item.iban, s.matricule)
    if (holder !== undefined) {
      erreurs.push({
        index,
        matricule: item.matricule,
        code: ERROR_CODES.regleMetier,
        message: 'IBAN déjà enregistré pour un autre salarié du dossier : vérifiez les coordonnées bancaires.',
        champ: 'iban',
      })
      return
    }
    s.informations_paiement = {
      mode_paiement: 'virement',
      coordonnees_bancaires: { iban: item.iban, bic: item.bic, titulaire: item.titulaire },
    }
    if (!modifies.includes(s.matricule)) modifies.push(s.matricule)
  })
  return { modifies, erreurs }
}

/** Handlers of the employee operations. */
export const salarieHandlers = {
  listerSalaries,
  lireSalarie: (req, ctx) => requireSalarie(ctx, req.query.siren, req.params.matricule),
  lireSalarieDossier: (req, ctx) => requireSalarie(ctx, req.params.siren, req.params.matricule),
  modifierSalaries,
  modifierCoordonneesBancaires,
} satisfies Partial<Handlers>

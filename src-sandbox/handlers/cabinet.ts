/**
 * The cabinet: its users (V1.13.0: list, read by matricule, create), assignments of users to dossiers with start and
 * end dates of effect (V1.1.0 / V1.13.0), billing counters (/api/facturations, cabinet level since V1.5.0).
 */
import type { PageOf } from '../../src-shared/api/common'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import { conflit, introuvable, regleMetier } from '../http/errors'
import type { Facturation, UtilisateurCabinet } from '../store/wire-types'
import type { HandlerContext, Handlers } from './context'
import { byKeys, paginate, rangesOverlap } from './lists'
import { requireDossier, sirensInScope } from './scope'

function listerUtilisateursCabinet(req: ParsedRequestOf<'listerUtilisateursCabinet'>, ctx: HandlerContext): PageOf<UtilisateurCabinet> {
  return paginate([...ctx.store.utilisateurs].sort(byKeys((u) => u.matricule)), req.query)
}

function lireUtilisateurCabinet(req: ParsedRequestOf<'lireUtilisateurCabinet'>, ctx: HandlerContext): UtilisateurCabinet {
  const user = ctx.store.utilisateurs.find((u) => u.matricule === req.params.matricule)
  if (user === undefined) throw introuvable(`Utilisateur du cabinet ${req.params.matricule} introuvable.`)
  return user
}

/** Creates an active user. @throws SandboxRefusal 409 CONFLIT when the matricule is taken. */
function creerUtilisateurCabinet(req: ParsedRequestOf<'creerUtilisateurCabinet'>, ctx: HandlerContext): UtilisateurCabinet {
  const b = req.body
  if (ctx.store.utilisateurs.some((u) => u.matricule === b.matricule)) {
    throw conflit(`Le matricule ${b.matricule} est déjà attribué à un utilisateur du cabinet.`)
  }
  const user: UtilisateurCabinet = { ...b, droits: [...b.droits], actif: true }
  ctx.store.utilisateurs.push(user)
  return user
}

function listerAffectationsDossier(req: ParsedRequestOf<'listerAffectationsDossier'>, ctx: HandlerContext): AffectationDossier[] {
  requireDossier(ctx, req.params.siren)
  return ctx.store.affectations
    .filter((a) => a.siren === req.params.siren)
    .sort(
      byKeys(
        (a) => a.matricule_utilisateur,
        (a) => a.date_debut,
      ),
    )
}

/**
 * Assigns a user to the dossier from `date_debut` to `date_fin` (inclusive; null: open).
 * @throws SandboxRefusal 403/404 for the dossier; 422 at `body.matricule_utilisateur` (unknown user) or `body.date_debut`
 * (CHEVAUCHEMENT: an assignment of the same user to the dossier already covers part of these dates).
 */
function creerAffectationDossier(req: ParsedRequestOf<'creerAffectationDossier'>, ctx: HandlerContext): AffectationDossier {
  const { siren } = req.params
  requireDossier(ctx, siren)
  const b = req.body
  if (!ctx.store.utilisateurs.some((u) => u.matricule === b.matricule_utilisateur)) {
    throw regleMetier(
      'body.matricule_utilisateur',
      'UTILISATEUR_INCONNU',
      `L’utilisateur ${b.matricule_utilisateur} n’existe pas dans le cabinet.`,
    )
  }
  const dateFin = b.date_fin ?? null
  const overlap = ctx.store.affectations.find(
    (a) =>
      a.siren === siren &&
      a.matricule_utilisateur === b.matricule_utilisateur &&
      rangesOverlap(a.date_debut, a.date_fin, b.date_debut, dateFin),
  )
  if (overlap !== undefined) {
    const fin = overlap.date_fin === null ? 'sans date de fin' : `jusqu’au ${overlap.date_fin}`
    throw regleMetier(
      'body.date_debut',
      'CHEVAUCHEMENT',
      `L’utilisateur ${b.matricule_utilisateur} est déjà affecté à ce dossier du ${overlap.date_debut} ${fin}.`,
    )
  }
  const affectation: AffectationDossier = {
    matricule_utilisateur: b.matricule_utilisateur,
    siren,
    date_debut: b.date_debut,
    date_fin: dateFin,
  }
  ctx.store.affectations.push(affectation)
  return affectation
}

/**
 * Ends the assignment of `matricule_utilisateur` to the dossier that starts on `date_debut`: its end becomes
 * `date_fin` (inclusive; the schema already refused an end before the start). Moving the end of an assignment that
 * already has one is allowed (a correction); the same end again answers the record unchanged. Assumption: not shown
 * in reference (docs/api-assumptions.md #57, #75). The change is journalled like every write (store file).
 * @throws SandboxRefusal 403/404 for the dossier; 422 at `body.date_debut` (AFFECTATION_INCONNUE: no assignment of
 * this user to the dossier starts that day) or `body.date_fin` (CHEVAUCHEMENT: the new end reaches into another
 * assignment of the same user to the dossier).
 */
function terminerAffectationDossier(req: ParsedRequestOf<'terminerAffectationDossier'>, ctx: HandlerContext): AffectationDossier {
  const { siren } = req.params
  requireDossier(ctx, siren)
  const b = req.body
  const mine = ctx.store.affectations.filter((a) => a.siren === siren && a.matricule_utilisateur === b.matricule_utilisateur)
  const target = mine.find((a) => a.date_debut === b.date_debut)
  if (target === undefined) {
    throw regleMetier(
      'body.date_debut',
      'AFFECTATION_INCONNUE',
      `Aucune affectation de l’utilisateur ${b.matricule_utilisateur} à ce dossier ne commence le ${b.date_debut}.`,
    )
  }
  const overlap = mine.find((a) => a !== target && rangesOverlap(a.date_debut, a.date_fin, b.date_debut, b.date_fin))
  if (overlap !== undefined) {
    throw regleMetier(
      'body.date_fin',
      'CHEVAUCHEMENT',
      `L’utilisateur ${b.matricule_utilisateur} a une autre affectation à ce dossier à partir du ${overlap.date_debut} : la fin doit la précéder.`,
    )
  }
  if (target.date_fin !== b.date_fin) target.date_fin = b.date_fin
  return { ...target }
}

/**
 * Billing counters. Assumption: scoped like every dossier list (only the dossiers assigned to the caller today);
 * filters `periode` and multi `siren`; sorted by period (latest first), then SIREN.
 */
function listerFacturations(req: ParsedRequestOf<'listerFacturations'>, ctx: HandlerContext): PageOf<Facturation> {
  const q = req.query
  const sirens = sirensInScope(ctx, q.siren)
  const items = ctx.store.facturations
    .filter((f) => sirens.has(f.siren) && (q.periode === undefined || f.periode === q.periode))
    .sort((a, b) => (a.periode === b.periode ? a.siren.localeCompare(b.siren) : b.periode.localeCompare(a.periode)))
  return paginate(items, q)
}

/** Handlers of the cabinet operations. */
export const cabinetHandlers = {
  listerUtilisateursCabinet,
  lireUtilisateurCabinet,
  creerUtilisateurCabinet,
  listerAffectationsDossier,
  creerAffectationDossier,
  terminerAffectationDossier,
  listerFacturations,
} satisfies Partial<Handlers>

/**
 * Assignment scoping (reference V1.13.0: "start and end date of effect on the assignment of a cabinet user to a
 * dossier"). Assumption: a token acts for one cabinet user, who sees a dossier only while an assignment's
 * [date_debut, date_fin] (inclusive, date_fin null = open) contains today on the sandbox clock.
 * Lists leave the other dossiers out silently; a path or query naming one answers 403 DOSSIER_NON_AFFECTE;
 * an unknown SIREN answers 404; a record read by id in a dossier not assigned answers 404 INTROUVABLE (its
 * existence is not disclosed); an entry id no record holds answers 404 ELEMENT_INTROUVABLE.
 */
import type { AffectationDossier, Dossier } from '../../src-shared/api/dossiers'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import { dossierNonAffecte, elementIntrouvable, introuvable } from '../http/errors'
import { sessionOf, todayOf, type HandlerContext } from './context'

/** True when `affectation` is in effect on `day` (YYYY-MM-DD). */
export function affectationEnVigueur(affectation: AffectationDossier, day: string): boolean {
  return affectation.date_debut <= day && (affectation.date_fin === null || affectation.date_fin >= day)
}

/** SIRENs the caller is assigned to today. */
export function assignedSirens(ctx: HandlerContext): Set<string> {
  const user = sessionOf(ctx).utilisateur.matricule
  const day = todayOf(ctx)
  const out = new Set<string>()
  for (const a of ctx.store.affectations) {
    if (a.matricule_utilisateur === user && affectationEnVigueur(a, day)) out.add(a.siren)
  }
  return out
}

/** True when the caller may see records of dossier `siren` today. */
export function canSee(ctx: HandlerContext, siren: string): boolean {
  return assignedSirens(ctx).has(siren)
}

/**
 * The dossier named by a path or query, checked for the caller.
 * @throws SandboxRefusal 404 INTROUVABLE (unknown SIREN), 403 DOSSIER_NON_AFFECTE (not assigned today).
 */
export function requireDossier(ctx: HandlerContext, siren: string): Dossier {
  const dossier = ctx.store.dossiers.find((d) => d.siren === siren)
  if (dossier === undefined) throw introuvable(`Dossier ${siren} introuvable.`)
  if (!canSee(ctx, siren)) throw dossierNonAffecte(siren)
  return dossier
}

/**
 * SIRENs a list covers: those of the filter, each checked by {@link requireDossier}; without a filter, every
 * dossier assigned to the caller today.
 */
export function sirensInScope(ctx: HandlerContext, filter: readonly string[] | undefined): Set<string> {
  if (filter === undefined) return assignedSirens(ctx)
  for (const siren of filter) requireDossier(ctx, siren)
  return new Set(filter)
}

/** Employee of a dossier, or undefined. */
export function findSalarie(ctx: HandlerContext, siren: string, matricule: string): SalarieDetail | undefined {
  return ctx.store.salaries.find((s) => s.siren === siren && s.matricule === matricule)
}

/**
 * Employee named by a path (or a query with the dossier), dossier checked first.
 * @throws SandboxRefusal 404/403 for the dossier, 404 INTROUVABLE for an unknown matricule.
 */
export function requireSalarie(ctx: HandlerContext, siren: string, matricule: string): SalarieDetail {
  requireDossier(ctx, siren)
  const salarie = findSalarie(ctx, siren, matricule)
  if (salarie === undefined) throw introuvable(`Salarié ${matricule} introuvable dans le dossier ${siren}.`)
  return salarie
}

/**
 * A record found by id, visible only when its dossier is assigned to the caller today.
 * @throws SandboxRefusal 404 INTROUVABLE (unknown id, or a dossier not assigned) with `label` in the message.
 */
export function requireVisible<T extends { siren: string }>(ctx: HandlerContext, record: T | undefined, label: string): T {
  if (record === undefined || !canSee(ctx, record.siren)) throw introuvable(`${label} introuvable.`)
  return record
}

/**
 * An entry record (absence, EVP, prime, avantage, frais) named by id in a path, for PATCH and DELETE.
 * The two 404s differ on purpose (docs/api-assumptions.md #40): a client may take ELEMENT_INTROUVABLE as "already
 * gone", never the generic INTROUVABLE, which also hides a record of a dossier the caller is not assigned to.
 * @param chemin where the id is (`params.id`, `params.absenceId`).
 * @throws SandboxRefusal 404 ELEMENT_INTROUVABLE (no record of this kind holds the id), 404 INTROUVABLE (the record
 *   exists in a dossier not assigned to the caller today).
 */
export function requireVisibleEntry<T extends { siren: string }>(
  ctx: HandlerContext,
  record: T | undefined,
  label: string,
  chemin: string,
): T {
  if (record === undefined) throw elementIntrouvable(label, chemin)
  return requireVisible(ctx, record, label)
}

/**
 * Assignments of cabinet users to dossiers (issue 18, point 1), pure: an assignment runs from `date_debut` to
 * `date_fin`, both days included, `date_fin` null = open (reference V1.13.0 "start and end date of effect";
 * docs/api-assumptions.md #57). Days are `YYYY-MM-DD`, compared as strings.
 */
import type { AffectationDossier } from '../../src-shared/api/dossiers'

/** Where an assignment stands on a day: not started, running, or ended. */
export type AssignmentState = 'a_venir' | 'en_cours' | 'terminee'

/** State of `a` on `day` (`YYYY-MM-DD`). */
export function assignmentState(a: AffectationDossier, day: string): AssignmentState {
  if (day < a.date_debut) return 'a_venir'
  if (a.date_fin !== null && day > a.date_fin) return 'terminee'
  return 'en_cours'
}

/** SIRENs `matricule` is assigned to on `day` (the « mes dossiers » filter). */
export function assignedSirensAt(affectations: readonly AffectationDossier[], matricule: string, day: string): Set<string> {
  return new Set(
    affectations.filter((a) => a.matricule_utilisateur === matricule && assignmentState(a, day) === 'en_cours').map((a) => a.siren),
  )
}

/** A user's assignments, latest start first, then by SIREN. */
export function assignmentsOfUser<T extends AffectationDossier>(affectations: readonly T[], matricule: string): T[] {
  return affectations
    .filter((a) => a.matricule_utilisateur === matricule)
    .sort((a, b) => b.date_debut.localeCompare(a.date_debut) || a.siren.localeCompare(b.siren))
}

/** A dossier's assignments (its assignees over time), by user then latest start first. */
export function assigneesOfDossier<T extends AffectationDossier>(affectations: readonly T[], siren: string): T[] {
  return affectations
    .filter((a) => a.siren === siren)
    .sort((a, b) => a.matricule_utilisateur.localeCompare(b.matricule_utilisateur) || b.date_debut.localeCompare(a.date_debut))
}

/**
 * The assignment of the same user to the same dossier that already covers part of [`debut`, `fin`] (`fin` null:
 * open), if any: the service refuses such an overlap (CHEVAUCHEMENT), so the form says it before sending.
 */
export function overlapping(
  affectations: readonly AffectationDossier[],
  input: { siren: string; matricule_utilisateur: string; date_debut: string; date_fin: string | null },
): AffectationDossier | undefined {
  return affectations.find(
    (a) =>
      a.siren === input.siren &&
      a.matricule_utilisateur === input.matricule_utilisateur &&
      (a.date_fin === null || a.date_fin >= input.date_debut) &&
      (input.date_fin === null || input.date_fin >= a.date_debut),
  )
}

/**
 * Another assignment of the same user to the same dossier that `a` would reach into if it ended on `fin`, if any: the
 * service refuses such an end (CHEVAUCHEMENT, docs/api-assumptions.md #75), so the form says it before sending.
 * Assignments are told apart by their start (one user starts at most one assignment a day on a dossier).
 */
export function endClash(affectations: readonly AffectationDossier[], a: AffectationDossier, fin: string): AffectationDossier | undefined {
  const others = affectations.filter((x) => x.date_debut !== a.date_debut)
  return overlapping(others, { ...a, date_fin: fin })
}

/** Whether `a` can still be ended on `day`: it has no end, or ends later than `day`. */
export function endable(a: AffectationDossier, day: string): boolean {
  return a.date_fin === null || a.date_fin > day
}

/** `YYYY-MM-DD` of an instant (ms since the epoch) in the workstation's local time: « today » for the clerk. */
export function localDay(ms: number): string {
  const d = new Date(ms)
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

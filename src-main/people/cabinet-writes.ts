/**
 * The cabinet's writes as people writes (issue 18 point 1, docs/api-assumptions.md #80–#82): a user created
 * (POST /api/cabinet/utilisateurs), a user assigned to a dossier (POST …/affectations-dossier) and an assignment's end
 * (PATCH …/affectations-dossier), each in its own request, and the read that tells whether one is already applied
 * before any resend (#81):
 * - a user: the cabinet's users listed; none of that matricule → absent (sent); one of that matricule with the same
 *   name, first name, e-mail, profile and rights → applied; one with other fields → ambiguous (`to_check`: someone
 *   else created that matricule, never linked on a guess);
 * - an assignment: the dossier's assignments listed; none of that user starting that day → absent; one with the same
 *   end → applied; one with another end → ambiguous (`to_check`);
 * - an assignment's end: the same list; the assignment ending on that day → applied; else absent (a PATCH sets a value:
 *   resent once the settle time has passed, the service answering the same end unchanged, #75).
 * Used by people/writes.ts, which owns the exactly-once rule (#63): these functions only read and send.
 */
import type { UtilisateurCabinet } from '../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { PeopleWriteItem } from '../../src-shared/domain/people-writes'
import { fetchUtilisateurs } from '../cabinet/read'
import type { BulletinDeps } from '../bulletins/workflow'
import { withPermit } from './permit'

/** What the read of a cabinet write says: applied, absent (to send), or ambiguous (to the clerk). */
export type CabinetReadVerdict = 'applied' | 'absent' | 'ambiguous'

type CabinetItem = Extract<PeopleWriteItem, { kind: 'utilisateur' | 'affectation' | 'fin_affectation' }>

/** True when `u`, as the service lists it, is the user the write creates (pure): same fields, rights in any order. */
export function isUtilisateurOf(u: UtilisateurCabinet, w: PeopleWriteItem): boolean {
  if (w.kind !== 'utilisateur') return false
  const p = w.payload
  const rights = (list: readonly string[]): string => [...list].sort().join(',')
  return (
    u.matricule === p.matricule &&
    u.nom.trim() === p.nom.trim() &&
    u.prenom.trim() === p.prenom.trim() &&
    u.email.toLowerCase() === p.email.toLowerCase() &&
    u.profil === p.profil &&
    rights(u.droits) === rights(p.droits)
  )
}

/** What the listed assignments say of an assignment or its end (pure, module comment). */
export function assignmentVerdict(list: readonly AffectationDossier[], w: PeopleWriteItem): CabinetReadVerdict {
  if (w.kind !== 'affectation' && w.kind !== 'fin_affectation') return 'absent'
  const same = list.find((a) => a.matricule_utilisateur === w.matricule && a.date_debut === w.payload.date_debut)
  if (same === undefined) return 'absent'
  if (same.date_fin === w.payload.date_fin) return 'applied'
  return w.kind === 'affectation' ? 'ambiguous' : 'absent'
}

/**
 * Reads the service to tell whether cabinet write `w` of dossier `siren` (null for a user) is applied (module
 * comment).
 * @throws ApiError when the read fails (the caller sends nothing then)
 */
export async function readCabinetWrite(deps: BulletinDeps, siren: string | null, w: CabinetItem): Promise<CabinetReadVerdict> {
  if (w.kind === 'utilisateur') {
    const { utilisateurs } = await fetchUtilisateurs(deps.client, { budget: deps.budget })
    const same = utilisateurs.find((u) => u.matricule === w.payload.matricule)
    if (same === undefined) return 'absent'
    return isUtilisateurOf(same, w) ? 'applied' : 'ambiguous'
  }
  if (siren === null) throw new Error('an assignment belongs to a dossier')
  const list = await withPermit(deps.budget, () => deps.client.call('listerAffectationsDossier', { params: { siren } }))
  return assignmentVerdict(list, w)
}

/**
 * Sends cabinet write `w` (its own request).
 * @throws ApiError as the typed client raises it (the caller classifies it)
 */
export async function sendCabinetWrite(deps: BulletinDeps, siren: string | null, w: CabinetItem): Promise<void> {
  if (w.kind === 'utilisateur') {
    await withPermit(deps.budget, () => deps.client.call('creerUtilisateurCabinet', { body: w.payload }))
    return
  }
  if (siren === null) throw new Error('an assignment belongs to a dossier')
  const matricule_utilisateur = w.matricule
  if (w.kind === 'affectation') {
    const body = { matricule_utilisateur, ...w.payload }
    await withPermit(deps.budget, () => deps.client.call('creerAffectationDossier', { params: { siren }, body }))
  } else {
    const body = { matricule_utilisateur, ...w.payload }
    await withPermit(deps.budget, () => deps.client.call('terminerAffectationDossier', { params: { siren }, body }))
  }
}

/** True when `w` is a cabinet write. */
export function isCabinetItem(w: PeopleWriteItem): w is CabinetItem {
  return w.kind === 'utilisateur' || w.kind === 'affectation' || w.kind === 'fin_affectation'
}

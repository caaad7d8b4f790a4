/**
 * Builders of the cabinet's people writes (issue 18; docs/api-assumptions.md #80) as `people:push` receives them: a
 * user created (`utilisateur`), an assignment (`affectation`) and its end (`fin_affectation`), each with a new
 * `clientId`, never sent before. `extra` overrides any field (a repeat after a lost answer, a changed payload).
 */
import { randomUUID } from 'node:crypto'

import type { PeopleWriteItem } from '../../src-shared/domain/people-writes'

/** A cabinet user `matricule` created (Lucie Petit, gestionnaire with the `dossiers` right). */
export function userWrite(matricule: string, extra: Partial<PeopleWriteItem> = {}): PeopleWriteItem {
  return {
    clientId: randomUUID(),
    matricule,
    afterLostAnswer: false,
    windowStart: null,
    kind: 'utilisateur',
    payload: { matricule, nom: 'Petit', prenom: 'Lucie', email: 'lucie.petit@cabinet.fr', profil: 'gestionnaire', droits: ['dossiers'] },
    ...extra,
  } as PeopleWriteItem
}

/** User `matricule` assigned to the push's dossier from `date_debut` to `date_fin` (both included; null: open). */
export function assignWrite(
  matricule: string,
  date_debut: string,
  date_fin: string | null,
  extra: Partial<PeopleWriteItem> = {},
): PeopleWriteItem {
  return {
    clientId: randomUUID(),
    matricule,
    afterLostAnswer: false,
    windowStart: null,
    kind: 'affectation',
    payload: { date_debut, date_fin },
    ...extra,
  } as PeopleWriteItem
}

/** The assignment of `matricule` to the push's dossier that starts on `date_debut` ends on `date_fin` (included). */
export function endWrite(matricule: string, date_debut: string, date_fin: string, extra: Partial<PeopleWriteItem> = {}): PeopleWriteItem {
  return {
    clientId: randomUUID(),
    matricule,
    afterLostAnswer: false,
    windowStart: null,
    kind: 'fin_affectation',
    payload: { date_debut, date_fin },
    ...extra,
  } as PeopleWriteItem
}

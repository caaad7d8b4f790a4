/**
 * The cached cabinet users and assignments (issue 18, point 1): main reads them (`cabinet:users`,
 * `cabinet:assignments`); the renderer keeps them in Dexie (`cabinetUsers`, `affectations`, schema v11) with the
 * instant of each read (`cabinetReads`), readable offline with their age. Writes (a user created, an assignment, its
 * end) are people writes (db/cabinet-writes.ts, docs/api-assumptions.md #58, #80): the cache is read again once the
 * service holds them.
 */
import type { UtilisateurCabinet } from '../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { CabinetAssignmentsResult, CabinetUsersResult } from '../../src-shared/domain/cabinet'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb } from '../db/schema'

/** The part of `window.api` the users screens use. */
export type CabinetApi = Pick<WindowApi, 'cabinet:users' | 'cabinet:user' | 'cabinet:assignments'>

/** What the cache holds: users, assignments, the signed-in user's matricule and the instants of the reads. */
export interface CachedCabinet {
  readonly utilisateurs: UtilisateurCabinet[]
  readonly affectations: AffectationDossier[]
  /** Matricule of the signed-in user at the last assignments read; null before. */
  readonly moi: string | null
  readonly usersFetchedAt: string | null
  readonly assignmentsFetchedAt: string | null
}

/** Replaces the cached users with main's answer (one transaction); on `ok: false` the cache is left as it was. */
export async function refreshUsers(db: PaieDb, api: Pick<CabinetApi, 'cabinet:users'>): Promise<IpcResult<CabinetUsersResult>> {
  const result = await api['cabinet:users']({})
  if (!result.ok) return result
  await db.transaction('rw', db.cabinetUsers, db.cabinetReads, async () => {
    await db.cabinetUsers.clear()
    await db.cabinetUsers.bulkPut(result.value.utilisateurs)
    await db.cabinetReads.put({ key: 'utilisateurs', fetchedAt: result.value.fetchedAt })
  })
  return result
}

/**
 * Replaces the cached assignments of the dossiers read with main's answer (one transaction; other dossiers kept);
 * on `ok: false` the cache is left as it was.
 */
export async function refreshAssignments(
  db: PaieDb,
  api: Pick<CabinetApi, 'cabinet:assignments'>,
): Promise<IpcResult<CabinetAssignmentsResult>> {
  const result = await api['cabinet:assignments']({})
  if (!result.ok) return result
  const { fetchedAt, utilisateur, sirens, affectations } = result.value
  await db.transaction('rw', db.affectations, db.cabinetReads, async () => {
    await db.affectations.where('siren').anyOf(sirens).delete()
    await db.affectations.bulkPut(affectations)
    await db.cabinetReads.put({ key: 'affectations', fetchedAt, utilisateur, sirens })
  })
  return result
}

/** Everything cached (users by matricule, assignments in key order). */
export async function loadCabinet(db: PaieDb): Promise<CachedCabinet> {
  return db.transaction('r', db.cabinetUsers, db.affectations, db.cabinetReads, async () => {
    const [utilisateurs, affectations, users, assignments] = await Promise.all([
      db.cabinetUsers.orderBy('matricule').toArray(),
      db.affectations.toArray(),
      db.cabinetReads.get('utilisateurs'),
      db.cabinetReads.get('affectations'),
    ])
    return {
      utilisateurs,
      affectations,
      moi: assignments?.key === 'affectations' ? assignments.utilisateur : null,
      usersFetchedAt: users?.fetchedAt ?? null,
      assignmentsFetchedAt: assignments?.fetchedAt ?? null,
    }
  })
}

/**
 * Cabinet store (issue 18, point 1): the cabinet's users and the assignments of users to dossiers, cached (readable
 * offline with their age); the signed-in user's dossiers today (« mes dossiers »); creating a user and assigning one
 * to a dossier, online actions through main (not queued: docs/api-assumptions.md #58): offline they are refused at
 * once, nothing sent, nothing kept. An assignment is ended the same way (`endAssignment`).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

import type { UtilisateurCabinet } from '../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { CabinetAssignInput, CabinetEndAssignmentInput } from '../../src-shared/domain/cabinet'
import type { ChannelRawInput, IpcResult } from '../../src-shared/ipc/contract'
import { assignedSirensAt, localDay } from '../services/assignments'
import type { Reported } from '../i18n/reported'
import { appServices } from '../services/app-services'
import { loadCabinet, refreshAssignments, refreshUsers, type CabinetApi } from '../services/cabinet-cache'
import { useSyncStore } from './sync'

let injectedApi: CabinetApi | null = null

/** Replaces `window.api` for this store (unit tests). */
export function useCabinetApi(api: CabinetApi | null): void {
  injectedApi = api
}

function api(): CabinetApi {
  return injectedApi ?? window.api
}

/** Outcome of an online action: done, refused by the service or main (worded by the view), or not tried offline. */
export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; offline: true } | { ok: false; offline: false; error: Reported }

export const useCabinetStore = defineStore('cabinet', () => {
  const utilisateurs = shallowRef<UtilisateurCabinet[]>([])
  const affectations = shallowRef<AffectationDossier[]>([])
  /** Matricule of the signed-in user (from the last assignments read); null before. */
  const moi = ref<string | null>(null)
  const usersFetchedAt = ref<string | null>(null)
  const assignmentsFetchedAt = ref<string | null>(null)
  const loading = ref(false)
  /** Why the last read failed (the cache stays shown). */
  const error = ref<Reported | null>(null)
  /** « Mes dossiers »: the cabinet screen shows only the dossiers assigned to the signed-in user today. */
  const mineOnly = ref(false)

  /** SIRENs assigned to the signed-in user today (local day of the workstation); null when not known yet. */
  const mySirens = computed(() =>
    moi.value === null ? null : assignedSirensAt(affectations.value, moi.value, localDay(appServices().now())),
  )

  async function load(): Promise<void> {
    const cached = await loadCabinet(appServices().db)
    utilisateurs.value = cached.utilisateurs
    affectations.value = cached.affectations
    moi.value = cached.moi
    usersFetchedAt.value = cached.usersFetchedAt
    assignmentsFetchedAt.value = cached.assignmentsFetchedAt
  }

  /** Reads users (`withUsers`) and assignments through main, then the cache; false when a read failed. */
  async function refresh(withUsers = true): Promise<boolean> {
    if (loading.value) return false
    loading.value = true
    try {
      const db = appServices().db
      const users = withUsers ? await refreshUsers(db, api()) : null
      const assignments = await refreshAssignments(db, api())
      const failed = users?.ok === false ? users : !assignments.ok ? assignments : null
      error.value = failed === null ? null : failed.error
      await load()
      return failed === null
    } finally {
      loading.value = false
    }
  }

  function online(): boolean {
    return useSyncStore().online
  }

  /** Reads one user from the service and caches it. */
  async function readUser(matricule: string): Promise<ActionOutcome<UtilisateurCabinet>> {
    const result = await api()['cabinet:user']({ matricule })
    if (!result.ok) return { ok: false, offline: false, error: result.error }
    await appServices().db.cabinetUsers.put(result.value)
    await load()
    return result
  }

  /** Creates a user (online only); the new user is cached at once. */
  async function createUser(input: ChannelRawInput<'cabinet:createUser'>): Promise<ActionOutcome<UtilisateurCabinet>> {
    if (!online()) return { ok: false, offline: true }
    const result = await api()['cabinet:createUser'](input)
    if (!result.ok) return { ok: false, offline: false, error: result.error }
    await appServices().db.cabinetUsers.put(result.value)
    await load()
    return result
  }

  /** Assigns a user to a dossier with dates (online only); the assignment is cached at once. */
  function assign(input: CabinetAssignInput): Promise<ActionOutcome<AffectationDossier>> {
    return sendAssignment(() => api()['cabinet:assign'](input))
  }

  /**
   * Ends an assignment on a date (online only; PATCH, docs/api-assumptions.md #75); the cached assignment takes the
   * service's answer at once, so « mes dossiers » follows.
   */
  function endAssignment(input: CabinetEndAssignmentInput): Promise<ActionOutcome<AffectationDossier>> {
    return sendAssignment(() => api()['cabinet:endAssignment'](input))
  }

  /** Sends an assignment write (online only) and caches the service's record at once. */
  async function sendAssignment(send: () => Promise<IpcResult<AffectationDossier>>): Promise<ActionOutcome<AffectationDossier>> {
    if (!online()) return { ok: false, offline: true }
    const result = await send()
    if (!result.ok) return { ok: false, offline: false, error: result.error }
    await appServices().db.affectations.put(result.value)
    await load()
    return result
  }

  return {
    utilisateurs,
    affectations,
    moi,
    usersFetchedAt,
    assignmentsFetchedAt,
    loading,
    error,
    mineOnly,
    mySirens,
    load,
    refresh,
    readUser,
    createUser,
    assign,
    endAssignment,
  }
})

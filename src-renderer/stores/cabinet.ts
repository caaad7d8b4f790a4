/**
 * Cabinet store (issue 18, point 1): the cabinet's users and the assignments of users to dossiers, cached (readable
 * offline with their age); the signed-in user's dossiers today (« mes dossiers »); creating a user, assigning one to a
 * dossier and ending an assignment, queued like any write (people writes, db/cabinet-writes.ts,
 * docs/api-assumptions.md #80–#82): the screens show the cache with the pending writes applied, each with its state,
 * and the service's cache is read again once a drain synced one of them.
 */
import { defineStore, storeToRefs } from 'pinia'
import { computed, effectScope, ref, shallowRef, watch, type EffectScope } from 'vue'

import type { UtilisateurCabinet } from '../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { CabinetAssignInput, CabinetEndAssignmentInput } from '../../src-shared/domain/cabinet'
import { isCabinetKind, type UtilisateurPayload } from '../../src-shared/domain/people-writes'
import {
  applySynced,
  cabinetWrites,
  enqueueAssignment,
  enqueueAssignmentEnd,
  enqueueUserCreation,
  pendingUsers,
  projectAssignments,
  type CabinetWriteRow,
} from '../db/cabinet-writes'
import { cancelPeopleWrite, type PeopleDrainReport, type PeopleWriteRow } from '../db/people-writes'
import { assignedSirensAt, localDay } from '../services/assignments'
import type { Reported } from '../i18n/reported'
import { appServices } from '../services/app-services'
import { loadCabinet, refreshAssignments, refreshUsers, type CabinetApi } from '../services/cabinet-cache'
import { usePeopleWritesStore } from './peopleWrites'

let injectedApi: CabinetApi | null = null

/** Replaces `window.api` for this store (unit tests). */
export function useCabinetApi(api: CabinetApi | null): void {
  injectedApi = api
}

function api(): CabinetApi {
  return injectedApi ?? window.api
}

/** How long a read of the cache after a drain waits for the read in flight, in ms. */
const READ_WAIT_MS = 30_000

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
    await loadWrites()
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

  /** The cabinet's writes still pending or refused, oldest first. */
  const writes = shallowRef<CabinetWriteRow[]>([])
  /** The cached assignments with the pending writes applied (each marked with its write's state). */
  const shownAssignments = computed(() => projectAssignments(affectations.value, writes.value))
  /** The cached users, then those whose creation is pending. */
  const shownUsers = computed(() => [...utilisateurs.value, ...pendingUsers(utilisateurs.value, writes.value)])
  let following: EffectScope | null = null

  /** Reads the cabinet's writes from the queue again. */
  async function loadWrites(): Promise<void> {
    writes.value = await cabinetWrites(appServices().db)
  }

  /** Reads one user from the service and caches it. */
  async function readUser(matricule: string): Promise<{ ok: true; value: UtilisateurCabinet } | { ok: false; error: Reported }> {
    const result = await api()['cabinet:user']({ matricule })
    if (!result.ok) return result
    await appServices().db.cabinetUsers.put(result.value)
    await load()
    return result
  }

  /** Shows the new write, then sends what is due (a failed drain leaves it queued, shown as such). */
  async function queued(row: PeopleWriteRow): Promise<PeopleWriteRow> {
    await loadWrites()
    void usePeopleWritesStore()
      .drain()
      .catch(() => undefined)
    return row
  }

  /**
   * Queues the creation of a user (#80), sent when the service answers.
   * @throws ZodError when the body does not pass the API's schema (the form checks it first)
   */
  async function createUser(payload: UtilisateurPayload): Promise<PeopleWriteRow> {
    const { db, outboxEnv } = appServices()
    return queued(await enqueueUserCreation(db, outboxEnv, payload))
  }

  /** Queues the assignment of a user to a dossier with dates (#80). @throws ZodError on dates that do not pass */
  async function assign(input: CabinetAssignInput): Promise<PeopleWriteRow> {
    const { db, outboxEnv } = appServices()
    return queued(await enqueueAssignment(db, outboxEnv, input))
  }

  /** Queues the end of an assignment (PATCH, #75, #80). @throws ZodError when the end precedes the start */
  async function endAssignment(input: CabinetEndAssignmentInput): Promise<PeopleWriteRow> {
    const { db, outboxEnv } = appServices()
    return queued(await enqueueAssignmentEnd(db, outboxEnv, input))
  }

  /** Cancels a queued, refused or to-check cabinet write; false when it is in another state. */
  async function cancelWrite(clientId: string): Promise<boolean> {
    const { db, outboxEnv } = appServices()
    const done = await cancelPeopleWrite(db, outboxEnv, clientId)
    await loadWrites()
    return done
  }

  /**
   * After a drain: the writes read again; when one of ours was synced, what the service accepted is put in the cache
   * (a dossier the signed-in user no longer sees cannot be read again), then the service's users and assignments read.
   */
  async function afterDrain(report: PeopleDrainReport): Promise<void> {
    await loadWrites()
    if (!report.syncedRows.some((r) => isCabinetKind(r.kind))) return
    await applySynced(appServices().db, report.syncedRows)
    await load()
    for (let waited = 0; loading.value && waited < READ_WAIT_MS; waited += 100) await new Promise((ok) => setTimeout(ok, 100))
    await refresh()
  }

  /** Follows the people-writes drains (once per store): each one's outcome shows on the cabinet screens. */
  function follow(): void {
    if (following !== null) return
    following = effectScope(true)
    following.run(() => {
      const { lastDrain } = storeToRefs(usePeopleWritesStore())
      watch(lastDrain, (report) => {
        if (report !== null) afterDrain(report).catch(() => undefined)
      })
    })
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
    writes,
    shownAssignments,
    shownUsers,
    load,
    loadWrites,
    refresh,
    readUser,
    createUser,
    assign,
    endAssignment,
    cancelWrite,
    follow,
  }
})

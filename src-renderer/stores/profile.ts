/**
 * Connection profiles as the renderer sees them (main owns them: src-main/profiles/service.ts): the active one
 * (its database, the "Démo" label, why it cannot connect), the list for the settings screen, and the actions.
 * No secret ever comes back from main: profiles carry `secret: 'enregistre' | 'absent'`.
 *
 * Switching profile reloads the window on the new profile's database (main.ts opens the database of the active
 * profile at start-up), so no store can keep data of the previous profile.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

import type { IpcResult } from '../../src-shared/ipc/contract'
import type {
  ActiveProfile,
  ProfileSummary,
  ProfileInput,
  ProfilesState,
  ConnectionTestResult,
  ConnectionTestInput,
} from '../../src-shared/domain/profiles'
import { profileDbName } from '../../src-shared/domain/profiles'
import { countPendingIn } from '../db/pending'
import type { Reported } from '../i18n/reported'

/** Reloads the app at its home page (on the newly active profile's database). */
function reloadApp(): void {
  window.location.hash = '#/'
  window.location.reload()
}

export const useProfileStore = defineStore('profile', () => {
  /** The active profile; set by main.ts before the app mounts. */
  const active = ref<ActiveProfile | null>(null)
  /** Every profile, the demo one first (after `loadList`). */
  const profils = ref<ProfileSummary[]>([])
  /** Why the last list load failed (main's code, worded by the view); null after a success. */
  const listError = ref<Reported | null>(null)

  function setActive(profile: ActiveProfile): void {
    active.value = profile
  }

  function applyList(state: ProfilesState): void {
    profils.value = state.profils
  }

  /** Reads the profiles from main. */
  async function loadList(): Promise<void> {
    const result = await window.api['profile:list']({})
    if (result.ok) {
      applyList(result.value)
      listError.value = null
    } else {
      listError.value = result.error
    }
  }

  /** Tests then saves a profile (main tests the credentials first; nothing is saved on failure). */
  async function save(input: ProfileInput): Promise<IpcResult<ProfileSummary>> {
    const result = await window.api['profile:save'](input)
    if (result.ok) await loadList()
    return result
  }

  /** GET /api/health and /api/moi with a stored profile or typed credentials. */
  function test(input: ConnectionTestInput): Promise<IpcResult<ConnectionTestResult>> {
    return window.api['profile:test'](input)
  }

  /** Activates a profile, then reloads the window on its database. */
  async function activate(id: string): Promise<IpcResult<ActiveProfile>> {
    const result = await window.api['profile:activate']({ id })
    if (result.ok) reloadApp()
    return result
  }

  /** Signs out of a profile: main deletes its secret from the keychain; its entries stay on this workstation. */
  async function signOut(id: string): Promise<IpcResult<ProfilesState>> {
    const result = await window.api['profile:signOut']({ id })
    if (result.ok) {
      applyList(result.value)
      if (id === active.value?.id) reloadApp()
    }
    return result
  }

  /**
   * Removes a profile that is not active. Refused here, before main is asked, while the profile's own database
   * still holds entries not sent (never lose a clerk's work): activate it and let them sync first.
   * @returns why it was refused (`PROFIL_NON_VIDE` with the count `n`, or main's code; worded by the view, place
   *   `demande`), or null when removed
   */
  async function remove(id: string): Promise<Reported | null> {
    const pending = await countPendingIn(profileDbName(id))
    if (pending > 0) return { code: 'PROFIL_NON_VIDE', message: `${String(pending)} entries not sent`, params: { n: pending } }
    const result = await window.api['profile:remove']({ id })
    if (!result.ok) return result.error
    applyList(result.value)
    return null
  }

  return { active, profils, listError, setActive, loadList, save, test, activate, signOut, remove }
})

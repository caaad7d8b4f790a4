// @vitest-environment happy-dom
/**
 * The cabinet's writes on the users screens (issue 18, point 1; docs/api-assumptions.md #80–#82): a user's creation
 * queued offline, shown pending in the list, cancelled by the clerk, typed again and sent once back online; a refusal
 * in the service's own words, cancellable; a user whose creation is queued assigned and the assignment ended offline,
 * the three sent in order once online, then shown as the service holds them.
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'

import { enqueueUserCreation } from '../../../src-renderer/db/cabinet-writes'
import UserView from '../../../src-renderer/features/users/UserView.vue'
import UsersView from '../../../src-renderer/features/users/UsersView.vue'
import { appServices } from '../../../src-renderer/services/app-services'
import { usePeopleWritesStore } from '../../../src-renderer/stores/peopleWrites'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { SIREN } from '../support/fixtures'
import { byTestId as testId, settled as until, withRights } from '../support/screens'
import { setUpUsersScreens, typeUser } from './cabinet-service'

const screens = setUpUsersScreens()
let wrapper: VueWrapper | undefined

describe('a user’s creation as a queued write', () => {
  it('queues a creation offline, shows it pending, lets the clerk cancel it, and sends it once back online', async () => {
    await withRights(screens.app, ['cabinet'])
    wrapper = screens.mount(UsersView)
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP001')).exists()).toBe(true)
    })
    useSyncStore(screens.app.pinia).online = false
    await typeUser(wrapper, 'GP011', 'Marc', 'Blanc', 'marc.blanc@cabinet.fr')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP011')).attributes('data-pending')).toBe('queued')
    })
    expect(wrapper.find(testId('user-create-result')).text()).toMatch(/GP011 enregistrée : envoyée dès que le service répond/)
    expect(wrapper.find(testId('user-row-GP011')).text()).toMatch(/création en attente/)
    const [row] = await screens.app.db.peopleWrites.toArray()
    if (row === undefined) throw new Error('une écriture attendue')
    expect(row).toMatchObject({ kind: 'utilisateur', siren: '', matricule: 'GP011', state: 'queued' })
    expect(wrapper.find(testId(`cabinet-write-${row.clientId}`)).text()).toMatch(
      /Création de l’utilisateur Marc Blanc \(GP011\).*En attente d’envoi/,
    )
    expect(screens.svc.writes).toEqual([])

    // Cancelled by the clerk: kept, never sent, gone from the list.
    await wrapper.find(testId(`cabinet-write-cancel-${row.clientId}`)).trigger('click')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP011')).exists()).toBe(false)
    })
    expect((await screens.app.db.peopleWrites.get(row.clientId))?.state).toBe('cancelled')

    // Typed again, then the service answers: sent once, held.
    await typeUser(wrapper, 'GP011', 'Marc', 'Blanc', 'marc.blanc@cabinet.fr')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP011')).attributes('data-pending')).toBe('queued')
    })
    useSyncStore(screens.app.pinia).online = true
    await usePeopleWritesStore(screens.app.pinia).drain()
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP011')).attributes('data-pending')).toBe('')
    })
    expect(screens.svc.writes).toEqual(['user:GP011'])
  })

  it('shows a refusal in the service’s words, cancellable', async () => {
    await withRights(screens.app, ['cabinet'])
    screens.svc.refusal = { utilisateur: { code: 'CONFLIT', message: 'Le matricule GP012 est déjà utilisé dans le cabinet.' } }
    wrapper = screens.mount(UsersView)
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP001')).exists()).toBe(true)
    })
    await typeUser(wrapper, 'GP012', 'Ana', 'Roy', 'ana.roy@cabinet.fr')
    await until(() => {
      expect(wrapper?.find('[data-testid^="cabinet-write-"][data-state="rejected"]').text()).toMatch(
        /Refusée par le service : Le matricule GP012 est déjà utilisé dans le cabinet\./,
      )
    })
    expect(wrapper.find(testId('user-row-GP012')).exists()).toBe(false)
    await wrapper.find('[data-testid^="cabinet-write-cancel-"]').trigger('click')
    await until(() => {
      expect(wrapper?.find(testId('cabinet-writes')).exists()).toBe(false)
    })
  })
})

describe('a pending user assigned and the assignment ended offline', () => {
  it('shows a user whose creation is queued, assigns and ends offline, then sends in order once online', async () => {
    await withRights(screens.app, ['cabinet'])
    useSyncStore(screens.app.pinia).online = false
    const { db, outboxEnv } = appServices()
    await enqueueUserCreation(db, outboxEnv, {
      matricule: 'GP010',
      nom: 'Petit',
      prenom: 'Lucie',
      email: 'lucie.petit@cabinet.fr',
      profil: 'gestionnaire',
      droits: [],
    })
    wrapper = screens.mount(UserView, { matricule: 'GP010' })
    await until(() => {
      expect(wrapper?.find(testId('user-field-matricule')).text()).toBe('GP010')
    })
    await wrapper.find(testId('assign-dossier')).setValue(SIREN)
    await wrapper.find(testId('assign-debut')).setValue('01/07/2026')
    await wrapper.find(testId('assign-form')).trigger('submit')
    const key = `${SIREN}-GP010-2026-07-01`
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${key}`)).attributes('data-pending')).toBe('queued')
    })
    expect(wrapper.find(testId(`assignment-${key}`)).attributes('data-state')).toBe('en_cours')
    await wrapper.find(testId(`assignment-end-${key}`)).trigger('click')
    await until(() => {
      expect(wrapper?.find(testId('end-form')).exists()).toBe(true)
    })
    await wrapper.find(testId('end-date')).setValue('31/10/2026')
    await wrapper.find(testId('end-form')).trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId('confirm-yes')).exists()).toBe(true)
    })
    await wrapper.find(testId('confirm-yes')).trigger('click')
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${key}`)).attributes('data-state')).toBe('terminee')
    })
    expect(wrapper.find(testId('end-result')).text()).toMatch(/31\/10\/2026 enregistrée/)
    expect(wrapper.findAll('[data-testid^="cabinet-write-"][data-state="queued"]')).toHaveLength(3)
    expect(screens.svc.writes).toEqual([])

    useSyncStore(screens.app.pinia).online = true
    await usePeopleWritesStore(screens.app.pinia).drain()
    expect(screens.svc.writes).toEqual([
      'user:GP010',
      `affectation:${SIREN}:GP010:2026-07-01`,
      `fin_affectation:${SIREN}:GP010:2026-07-01:2026-10-31`,
    ])
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${key}`)).attributes('data-pending')).toBe('')
    })
    expect(wrapper.find(testId(`assignment-${key}`)).attributes('data-state')).toBe('terminee')
    expect(wrapper.find(testId('cabinet-writes')).exists()).toBe(false)
  })
})

// @vitest-environment happy-dom
/**
 * The users screens (issue 18, point 1): the list read through main and cached, a user created and an assignment
 * ended as people writes (db/cabinet-writes.ts) the service then holds, a user's record with the dossiers assigned and
 * where each stands today, an assignment refused before queuing when it overlaps; « mes dossiers » on the cabinet
 * screen follows once the service holds the writes; without the `cabinet` right the screens say why and ask nothing.
 * The writes offline, cancelled, refused and in order: cabinet-writes-view.test.ts.
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'

import CabinetView from '../../../src-renderer/features/cabinet/CabinetView.vue'
import UserView from '../../../src-renderer/features/users/UserView.vue'
import UsersView from '../../../src-renderer/features/users/UsersView.vue'
import { useCabinetApi } from '../../../src-renderer/stores/cabinet'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { SIREN, SIREN_2 } from '../support/fixtures'
import { byTestId as testId, settled as until, withRights } from '../support/screens'
import { setUpUsersScreens, typeUser } from './cabinet-service'

const screens = setUpUsersScreens()
let wrapper: VueWrapper | undefined

describe('UsersView', () => {
  it('lists the users with their dossiers today, and creates one as a queued write the service then holds', async () => {
    await withRights(screens.app, ['dossiers', 'cabinet'])
    wrapper = screens.mount(UsersView)
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP002')).exists()).toBe(true)
    })
    expect(wrapper.find(testId('user-row-GP001')).text()).toMatch(/\(vous\)/)
    expect(wrapper.find(testId('user-row-GP001')).findAll('td').at(-1)?.text()).toBe('1')
    expect(wrapper.find(testId('user-row-GP002')).findAll('td').at(-1)?.text()).toBe('0')

    await wrapper.find(testId('user-create')).trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId('field-error-email')).exists()).toBe(true)
    })
    expect(screens.svc.writes).toEqual([])

    await wrapper.find(testId('user-droit-cabinet')).setValue(true)
    await typeUser(wrapper, 'GP010', 'Lucie', 'Petit', 'lucie.petit@cabinet.fr')
    await vi.waitFor(async () => {
      expect((await screens.app.db.cabinetUsers.get('GP010'))?.droits).toEqual(['cabinet'])
    })
    expect(screens.svc.writes).toEqual(['user:GP010'])
    expect(screens.app.api.peoplePushes.map((p) => p.siren)).toEqual([null])
    expect(wrapper.find(testId('user-create-result')).attributes('data-ok')).toBe('true')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP010')).attributes('data-pending')).toBe('')
    })
    expect(wrapper.find(testId('cabinet-writes')).exists()).toBe(false)

    // The same matricule again is said on the field: nothing queued.
    await typeUser(wrapper, 'GP010', 'Lucie', 'Petit', 'lucie.petit@cabinet.fr')
    await until(() => {
      expect(wrapper?.find(testId('field-error-matricule')).text()).toMatch(/déjà celui d’un utilisateur/)
    })
    expect(await screens.app.db.peopleWrites.count()).toBe(1)
  })

  it('says why without the cabinet right and asks nothing', async () => {
    await withRights(screens.app, ['dossiers', 'facturation'])
    let asked = 0
    useCabinetApi({
      'cabinet:users': () => {
        asked += 1
        return Promise.reject(new Error('non'))
      },
      'cabinet:user': () => Promise.reject(new Error('non')),
      'cabinet:assignments': () => Promise.reject(new Error('non')),
    })
    wrapper = screens.mount(UsersView)
    await until(() => {
      expect(wrapper?.find(testId('right-missing-cabinet')).exists()).toBe(true)
    })
    expect(asked).toBe(0)
    expect(wrapper.find(testId('user-create-form')).exists()).toBe(false)
  })
})

describe('UserView', () => {
  it('shows the dossiers assigned with where each stands, refuses an overlap before sending, then assigns', async () => {
    await withRights(screens.app, ['cabinet'])
    wrapper = screens.mount(UserView, { matricule: 'GP001' })
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${SIREN_2}-GP001-2024-01-01`)).exists()).toBe(true)
    })
    expect(wrapper.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).attributes('data-state')).toBe('en_cours')
    expect(wrapper.find(testId(`assignment-${SIREN_2}-GP001-2024-01-01`)).attributes('data-state')).toBe('terminee')

    await wrapper.find(testId('assign-dossier')).setValue(SIREN)
    await wrapper.find(testId('assign-debut')).setValue('01/12/2026')
    await wrapper.find(testId('assign-form')).trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId('assign-result')).text()).toMatch(/déjà affecté.*01\/01\/2024 sans date de fin/)
    })
    expect(screens.svc.writes).toEqual([])

    await wrapper.find(testId('assign-dossier')).setValue(SIREN_2)
    await wrapper.find(testId('assign-debut')).setValue('01/12/2026')
    await wrapper.find(testId('assign-fin')).setValue('31/12/2026')
    await wrapper.find(testId('assign-form')).trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${SIREN_2}-GP001-2026-12-01`)).exists()).toBe(true)
    })
    expect(wrapper.find(testId(`assignment-${SIREN_2}-GP001-2026-12-01`)).attributes('data-state')).toBe('a_venir')
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${SIREN_2}-GP001-2026-12-01`)).attributes('data-pending')).toBe('')
    })
    expect(screens.svc.writes).toEqual([`affectation:${SIREN_2}:GP001:2026-12-01`])
  })
})

describe('ending an assignment', () => {
  async function openEnd(): Promise<VueWrapper> {
    await withRights(screens.app, ['cabinet', 'dossiers'])
    const w = screens.mount(UserView, { matricule: 'GP001' })
    await until(() => {
      expect(w.find(testId(`assignment-end-${SIREN}-GP001-2024-01-01`)).exists()).toBe(true)
    })
    // An assignment already ended offers no « Terminer ».
    expect(w.find(testId(`assignment-end-${SIREN_2}-GP001-2024-01-01`)).exists()).toBe(false)
    await w.find(testId(`assignment-end-${SIREN}-GP001-2024-01-01`)).trigger('click')
    await until(() => {
      expect(w.find(testId('end-form')).exists()).toBe(true)
    })
    return w
  }

  it('checks the date, asks for confirmation, ends it, and « mes dossiers » follows', async () => {
    const w = await openEnd()
    expect((w.find(testId('end-date')).element as HTMLInputElement).value).toBe('20/11/2026')
    await w.find(testId('end-date')).setValue('31/12/2023')
    await w.find(testId('end-form')).trigger('submit')
    await until(() => {
      expect(w.find(testId('field-error-date_fin')).text()).toMatch(/précède la date de début/)
    })
    expect(w.find(testId('confirm-dialog')).exists()).toBe(false)

    await w.find(testId('end-date')).setValue('19/11/2026')
    await w.find(testId('end-form')).trigger('submit')
    await until(() => {
      expect(w.find(testId('confirm-message')).text()).toMatch(/ne sera plus affecté\(e\) au dossier .* après le 19\/11\/2026/)
    })
    expect(screens.svc.writes).toEqual([])
    await w.find(testId('confirm-yes')).trigger('click')
    await until(() => {
      expect(w.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).attributes('data-state')).toBe('terminee')
    })
    expect(w.find(testId('end-result')).attributes('data-ok')).toBe('true')
    expect(w.find(testId('end-result')).text()).toMatch(/Fin d’affectation au 19\/11\/2026 enregistrée/)
    await vi.waitFor(async () => {
      expect((await screens.app.db.affectations.get([SIREN, 'GP001', '2024-01-01']))?.date_fin).toBe('2026-11-19')
    })
    expect(screens.svc.writes).toEqual([`fin_affectation:${SIREN}:GP001:2024-01-01:2026-11-19`])

    w.unmount()
    wrapper = screens.mount(CabinetView)
    await until(() => {
      expect(wrapper?.find(testId('my-dossiers-help')).attributes('data-count')).toBe('0')
    })
  })

  it('is offered on the dossier’s assignees too, naming the user', async () => {
    await withRights(screens.app, ['cabinet', 'dossiers'])
    const w = screens.mount(UsersView)
    await until(() => {
      expect(w.find(testId('user-row-GP002')).exists()).toBe(true)
    })
    await w.find(testId('dossier-assignees-select')).setValue(SIREN_2)
    await until(() => {
      expect(w.find(testId(`assignment-end-${SIREN_2}-GP002-2026-12-01`)).exists()).toBe(true)
    })
    expect(w.find(testId(`assignment-end-${SIREN_2}-GP001-2024-01-01`)).exists()).toBe(false)
    await w.find(testId(`assignment-end-${SIREN_2}-GP002-2026-12-01`)).trigger('click')
    await until(() => {
      expect(w.find(testId('end-form')).text()).toMatch(/Terminer l’affectation de Julien Roux \(GP002\)/)
    })
    await w.find(testId('end-cancel')).trigger('click')
    await until(() => {
      expect(w.find(testId('end-form')).exists()).toBe(false)
    })
  })

  it('refuses an end reaching into a later assignment before queuing; offline the end is queued and shown', async () => {
    screens.svc.assignments = [
      { siren: SIREN, matricule_utilisateur: 'GP001', date_debut: '2024-01-01', date_fin: '2026-11-30' },
      { siren: SIREN, matricule_utilisateur: 'GP001', date_debut: '2026-12-01', date_fin: null },
    ]
    const w = await openEnd()
    await w.find(testId('end-date')).setValue('15/12/2026')
    await w.find(testId('end-form')).trigger('submit')
    await until(() => {
      expect(w.find(testId('field-error-date_fin')).text()).toMatch(/empiète .* à partir du 01\/12\/2026/)
    })
    expect(w.find(testId('confirm-dialog')).exists()).toBe(false)

    useSyncStore(screens.app.pinia).online = false
    await w.find(testId('end-date')).setValue('25/11/2026')
    await w.find(testId('end-form')).trigger('submit')
    await until(() => {
      expect(w.find(testId('confirm-yes')).exists()).toBe(true)
    })
    await w.find(testId('confirm-yes')).trigger('click')
    await until(() => {
      expect(w.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).attributes('data-pending')).toBe('queued')
    })
    expect(screens.svc.writes).toEqual([])
    expect(w.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).text()).toMatch(/25\/11\/2026/)
    expect((await screens.app.db.affectations.get([SIREN, 'GP001', '2024-01-01']))?.date_fin).toBe('2026-11-30')
  })
})

describe('« mes dossiers » on the cabinet screen', () => {
  it('says the cabinet right is missing instead of offering the filter', async () => {
    await withRights(screens.app, ['dossiers'])
    wrapper = screens.mount(CabinetView)
    await until(() => {
      expect(wrapper?.find(testId('my-dossiers-help')).text()).toMatch(/Cabinet/)
    })
    expect(wrapper.find(testId('my-dossiers')).attributes('disabled')).toBeDefined()
  })

  it('narrows the dossiers to those assigned to the signed-in user today', async () => {
    await withRights(screens.app, ['cabinet', 'dossiers'])
    wrapper = screens.mount(UsersView)
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP001')).exists()).toBe(true)
    })
    wrapper.unmount()
    wrapper = screens.mount(CabinetView)
    await until(() => {
      expect(wrapper?.find(testId('my-dossiers-help')).attributes('data-count')).toBe('1')
    })
    expect(wrapper.findAll('[data-testid^="dossier-row-"]')).toHaveLength(2)
    await wrapper.find(testId('my-dossiers')).setValue(true)
    expect(wrapper.findAll('[data-testid^="dossier-row-"]').map((r) => r.attributes('data-testid'))).toEqual([`dossier-row-${SIREN}`])
  })
})

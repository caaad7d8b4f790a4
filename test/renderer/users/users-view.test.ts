// @vitest-environment happy-dom
/**
 * The users screens (issue 18, point 1): the list read through main and cached, a user created online (offline: said
 * at once, nothing sent), a user's record with the dossiers assigned and where each stands today, an assignment
 * refused before sending when it overlaps, one sent and shown; « mes dossiers » on the cabinet screen; without the
 * `cabinet` right the screens say why and ask nothing.
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import CabinetView from '../../../src-renderer/features/cabinet/CabinetView.vue'
import UserView from '../../../src-renderer/features/users/UserView.vue'
import UsersView from '../../../src-renderer/features/users/UsersView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useCabinetApi } from '../../../src-renderer/stores/cabinet'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { UtilisateurCabinet } from '../../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../../src-shared/api/dossiers'
import { SIREN, SIREN_2 } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { byTestId, settled, withRights } from '../support/screens'

let app: TestApp
let wrapper: VueWrapper | undefined
let users: UtilisateurCabinet[]
let assignments: AffectationDossier[]
let writes: string[]

function user(matricule: string, prenom: string, nom: string): UtilisateurCabinet {
  return { matricule, prenom, nom, email: `${prenom.toLowerCase()}@cabinet.fr`, profil: 'gestionnaire', actif: true, droits: ['dossiers'] }
}

beforeEach(async () => {
  app = await testApp()
  writes = []
  users = [user('GP001', 'Claire', 'Martin'), user('GP002', 'Julien', 'Roux')]
  // The test clock is 2026-11-20: GP001 holds SIREN today, held SIREN_2 until the 19th.
  assignments = [
    { siren: SIREN, matricule_utilisateur: 'GP001', date_debut: '2024-01-01', date_fin: null },
    { siren: SIREN_2, matricule_utilisateur: 'GP001', date_debut: '2024-01-01', date_fin: '2026-11-19' },
    { siren: SIREN_2, matricule_utilisateur: 'GP002', date_debut: '2026-12-01', date_fin: null },
  ]
  const at = '2026-11-20T08:59:00.000Z'
  useCabinetApi({
    'cabinet:users': () => Promise.resolve({ ok: true, value: { fetchedAt: at, utilisateurs: users } }),
    'cabinet:user': ({ matricule }) => {
      const u = users.find((x) => x.matricule === matricule)
      return Promise.resolve(
        u === undefined ? { ok: false, error: { code: 'INTROUVABLE', message: 'introuvable' } } : { ok: true, value: u },
      )
    },
    'cabinet:createUser': (input) => {
      writes.push(`user:${input.matricule}`)
      const created = { ...input, droits: input.droits ?? [], actif: true }
      users = [...users, created]
      return Promise.resolve({ ok: true, value: created })
    },
    'cabinet:assignments': () =>
      Promise.resolve({
        ok: true,
        value: { fetchedAt: at, utilisateur: 'GP001', sirens: [SIREN, SIREN_2], affectations: assignments, refused: [] },
      }),
    'cabinet:assign': ({ siren, ...rest }) => {
      writes.push(`assign:${siren}:${rest.matricule_utilisateur}`)
      const a = { siren, ...rest }
      assignments = [...assignments, a]
      return Promise.resolve({ ok: true, value: a })
    },
    'cabinet:endAssignment': ({ siren, matricule_utilisateur, date_debut, date_fin }) => {
      writes.push(`end:${siren}:${matricule_utilisateur}:${date_debut}:${date_fin}`)
      const same = (a: AffectationDossier): boolean =>
        a.siren === siren && a.matricule_utilisateur === matricule_utilisateur && a.date_debut === date_debut
      assignments = assignments.map((a) => (same(a) ? { ...a, date_fin } : a))
      return Promise.resolve({ ok: true, value: { siren, matricule_utilisateur, date_debut, date_fin } })
    },
  })
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  useCabinetApi(null)
  await app.dispose()
})

const testId = byTestId

const until = settled

describe('UsersView', () => {
  it('lists the users with their dossiers today, and creates one online', async () => {
    await withRights(app, ['dossiers', 'cabinet'])
    wrapper = mountIn(app, UsersView, {}, createAppRouter())
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
    expect(writes).toEqual([])

    await wrapper.find(testId('user-matricule')).setValue('GP010')
    await wrapper.find(testId('user-prenom')).setValue('Lucie')
    await wrapper.find(testId('user-nom')).setValue('Petit')
    await wrapper.find(testId('user-email')).setValue('lucie.petit@cabinet.fr')
    await wrapper.find(testId('user-droit-cabinet')).setValue(true)
    await wrapper.find('form').trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP010')).exists()).toBe(true)
    })
    expect(writes).toEqual(['user:GP010'])
    expect(wrapper.find(testId('user-create-result')).attributes('data-ok')).toBe('true')
    expect((await app.db.cabinetUsers.get('GP010'))?.droits).toEqual(['cabinet'])
  })

  it('refuses a creation offline at once, sending nothing', async () => {
    await withRights(app, ['cabinet'])
    wrapper = mountIn(app, UsersView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP001')).exists()).toBe(true)
    })
    useSyncStore(app.pinia).online = false
    await wrapper.find(testId('user-matricule')).setValue('GP011')
    await wrapper.find(testId('user-prenom')).setValue('Marc')
    await wrapper.find(testId('user-nom')).setValue('Blanc')
    await wrapper.find(testId('user-email')).setValue('marc.blanc@cabinet.fr')
    await wrapper.find('form').trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId('user-create-result')).text()).toMatch(/hors connexion.*Rien n’a été enregistré/)
    })
    expect(writes).toEqual([])
  })

  it('says why without the cabinet right and asks nothing', async () => {
    await withRights(app, ['dossiers', 'facturation'])
    let asked = 0
    useCabinetApi({
      'cabinet:users': () => {
        asked += 1
        return Promise.reject(new Error('non'))
      },
      'cabinet:user': () => Promise.reject(new Error('non')),
      'cabinet:createUser': () => Promise.reject(new Error('non')),
      'cabinet:assignments': () => Promise.reject(new Error('non')),
      'cabinet:assign': () => Promise.reject(new Error('non')),
      'cabinet:endAssignment': () => Promise.reject(new Error('non')),
    })
    wrapper = mountIn(app, UsersView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('right-missing-cabinet')).exists()).toBe(true)
    })
    expect(asked).toBe(0)
    expect(wrapper.find(testId('user-create-form')).exists()).toBe(false)
  })
})

describe('UserView', () => {
  it('shows the dossiers assigned with where each stands, refuses an overlap before sending, then assigns', async () => {
    await withRights(app, ['cabinet'])
    wrapper = mountIn(app, UserView, { matricule: 'GP001' }, createAppRouter())
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
    expect(writes).toEqual([])

    await wrapper.find(testId('assign-dossier')).setValue(SIREN_2)
    await wrapper.find(testId('assign-debut')).setValue('01/12/2026')
    await wrapper.find(testId('assign-fin')).setValue('31/12/2026')
    await wrapper.find(testId('assign-form')).trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${SIREN_2}-GP001-2026-12-01`)).exists()).toBe(true)
    })
    expect(writes).toEqual([`assign:${SIREN_2}:GP001`])
    expect(wrapper.find(testId(`assignment-${SIREN_2}-GP001-2026-12-01`)).attributes('data-state')).toBe('a_venir')
  })
})

describe('ending an assignment', () => {
  async function openEnd(): Promise<VueWrapper> {
    await withRights(app, ['cabinet', 'dossiers'])
    const w = mountIn(app, UserView, { matricule: 'GP001' }, createAppRouter())
    wrapper = w
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
    expect(writes).toEqual([])
    await w.find(testId('confirm-yes')).trigger('click')
    await until(() => {
      expect(w.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).attributes('data-state')).toBe('terminee')
    })
    expect(writes).toEqual([`end:${SIREN}:GP001:2024-01-01:2026-11-19`])
    expect(w.find(testId('end-result')).attributes('data-ok')).toBe('true')
    expect(w.find(testId('end-result')).text()).toMatch(/terminée.*19\/11\/2026/)
    expect((await app.db.affectations.get([SIREN, 'GP001', '2024-01-01']))?.date_fin).toBe('2026-11-19')

    w.unmount()
    wrapper = mountIn(app, CabinetView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('my-dossiers-help')).attributes('data-count')).toBe('0')
    })
  })

  it('is offered on the dossier’s assignees too, naming the user', async () => {
    await withRights(app, ['cabinet', 'dossiers'])
    const w = mountIn(app, UsersView, {}, createAppRouter())
    wrapper = w
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

  it('refuses an end reaching into a later assignment before sending, and says so offline', async () => {
    assignments = [
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

    useSyncStore(app.pinia).online = false
    await w.find(testId('end-date')).setValue('25/11/2026')
    await w.find(testId('end-form')).trigger('submit')
    await until(() => {
      expect(w.find(testId('confirm-yes')).exists()).toBe(true)
    })
    await w.find(testId('confirm-yes')).trigger('click')
    await until(() => {
      expect(w.find(testId('end-result')).text()).toMatch(/hors connexion.*Rien n’a été enregistré/)
    })
    expect(writes).toEqual([])
    expect(w.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).attributes('data-state')).toBe('en_cours')
  })
})

describe('« mes dossiers » on the cabinet screen', () => {
  it('says the cabinet right is missing instead of offering the filter', async () => {
    await withRights(app, ['dossiers'])
    wrapper = mountIn(app, CabinetView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('my-dossiers-help')).text()).toMatch(/Cabinet/)
    })
    expect(wrapper.find(testId('my-dossiers')).attributes('disabled')).toBeDefined()
  })

  it('narrows the dossiers to those assigned to the signed-in user today', async () => {
    await withRights(app, ['cabinet', 'dossiers'])
    wrapper = mountIn(app, UsersView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP001')).exists()).toBe(true)
    })
    wrapper.unmount()
    wrapper = mountIn(app, CabinetView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('my-dossiers-help')).attributes('data-count')).toBe('1')
    })
    expect(wrapper.findAll('[data-testid^="dossier-row-"]')).toHaveLength(2)
    await wrapper.find(testId('my-dossiers')).setValue(true)
    expect(wrapper.findAll('[data-testid^="dossier-row-"]').map((r) => r.attributes('data-testid'))).toEqual([`dossier-row-${SIREN}`])
  })
})

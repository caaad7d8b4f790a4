// @vitest-environment happy-dom
/**
 * The users screens (issue 18, point 1): the list read through main and cached, a user created, assigned and an
 * assignment ended as people writes (queued, offline too, shown with their state, cancellable, a refusal in the
 * service's words; docs/api-assumptions.md #80–#82), a user's record with the dossiers assigned and where each stands
 * today, an assignment refused before queuing when it overlaps; « mes dossiers » on the cabinet screen follows once the
 * service holds the writes; without the `cabinet` right the screens say why and ask nothing.
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import CabinetView from '../../../src-renderer/features/cabinet/CabinetView.vue'
import UserView from '../../../src-renderer/features/users/UserView.vue'
import UsersView from '../../../src-renderer/features/users/UsersView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useCabinetApi, useCabinetStore } from '../../../src-renderer/stores/cabinet'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { usePeopleWritesStore } from '../../../src-renderer/stores/peopleWrites'
import { enqueueUserCreation } from '../../../src-renderer/db/cabinet-writes'
import { appServices } from '../../../src-renderer/services/app-services'
import type { UtilisateurCabinet } from '../../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../../src-shared/api/dossiers'
import type { PeoplePushInput, PeoplePushResult, PeopleWriteItem } from '../../../src-shared/domain/people-writes'
import type { IpcResult } from '../../../src-shared/ipc/contract'
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
    'cabinet:assignments': () =>
      Promise.resolve({
        ok: true,
        value: { fetchedAt: at, utilisateur: 'GP001', sirens: [SIREN, SIREN_2], affectations: assignments, refused: [] },
      }),
  })
  // The service behind `people:push`: applies each cabinet write to `users` / `assignments`, or refuses it.
  app.api.people = (input) => serve(input)
})

/** A refusal the fake service gives instead of applying a write, by its kind; none by default. */
let refusal: Partial<Record<PeopleWriteItem['kind'], { code: string; message: string }>> = {}

function apply(siren: string | null, w: PeopleWriteItem): void {
  if (w.kind === 'utilisateur') users = [...users, { ...w.payload, actif: true }]
  else if (w.kind === 'affectation' && siren !== null)
    assignments = [...assignments, { siren, matricule_utilisateur: w.matricule, ...w.payload }]
  else if (w.kind === 'fin_affectation') {
    const same = (a: AffectationDossier): boolean =>
      a.siren === siren && a.matricule_utilisateur === w.matricule && a.date_debut === w.payload.date_debut
    assignments = assignments.map((a) => (same(a) ? { ...a, date_fin: w.payload.date_fin } : a))
  }
}

function serve(input: PeoplePushInput): IpcResult<PeoplePushResult> {
  const outcomes = input.writes.map((w) => {
    const refused = refusal[w.kind]
    if (w.kind === 'utilisateur') writes.push(`user:${w.matricule}`)
    else if (w.kind === 'affectation') writes.push(`affectation:${input.siren ?? ''}:${w.matricule}:${w.payload.date_debut}`)
    else if (w.kind === 'fin_affectation') {
      writes.push(`fin_affectation:${input.siren ?? ''}:${w.matricule}:${w.payload.date_debut}:${w.payload.date_fin}`)
    }
    if (refused === undefined) apply(input.siren, w)
    return {
      clientId: w.clientId,
      result: refused === undefined ? ('synced' as const) : ('rejected' as const),
      error: refused ?? null,
      serverId: null,
      sentAt: '2026-11-20T09:00:00.000Z',
      settleUntil: null,
    }
  })
  return { ok: true, value: { outcomes } }
}
afterEach(async () => {
  refusal = {}
  wrapper?.unmount()
  wrapper = undefined
  // A drain and the reads after it end before the database goes away.
  const busy = (): boolean => usePeopleWritesStore(app.pinia).draining || useCabinetStore(app.pinia).loading
  for (let quiet = 0; quiet < 3; quiet = busy() ? 0 : quiet + 1) await new Promise((ok) => setTimeout(ok, 20))
  useCabinetApi(null)
  await app.dispose()
})

const testId = byTestId

const until = settled

describe('UsersView', () => {
  it('lists the users with their dossiers today, and creates one as a queued write the service then holds', async () => {
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
    await vi.waitFor(async () => {
      expect((await app.db.cabinetUsers.get('GP010'))?.droits).toEqual(['cabinet'])
    })
    expect(writes).toEqual(['user:GP010'])
    expect(app.api.peoplePushes.map((p) => p.siren)).toEqual([null])
    expect(wrapper.find(testId('user-create-result')).attributes('data-ok')).toBe('true')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP010')).attributes('data-pending')).toBe('')
    })
    expect(wrapper.find(testId('cabinet-writes')).exists()).toBe(false)

    // The same matricule again is said on the field: nothing queued.
    await wrapper.find(testId('user-matricule')).setValue('GP010')
    await wrapper.find(testId('user-prenom')).setValue('Lucie')
    await wrapper.find(testId('user-nom')).setValue('Petit')
    await wrapper.find(testId('user-email')).setValue('lucie.petit@cabinet.fr')
    await wrapper.find('form').trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId('field-error-matricule')).text()).toMatch(/déjà celui d’un utilisateur/)
    })
    expect(await app.db.peopleWrites.count()).toBe(1)
  })

  it('queues a creation offline, shows it pending, lets the clerk cancel it, and sends it once back online', async () => {
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
      expect(wrapper?.find(testId('user-row-GP011')).attributes('data-pending')).toBe('queued')
    })
    expect(wrapper.find(testId('user-create-result')).text()).toMatch(/GP011 enregistrée : envoyée dès que le service répond/)
    expect(wrapper.find(testId('user-row-GP011')).text()).toMatch(/création en attente/)
    const [row] = await app.db.peopleWrites.toArray()
    if (row === undefined) throw new Error('une écriture attendue')
    expect(row).toMatchObject({ kind: 'utilisateur', siren: '', matricule: 'GP011', state: 'queued' })
    expect(wrapper.find(testId(`cabinet-write-${row.clientId}`)).text()).toMatch(
      /Création de l’utilisateur Marc Blanc \(GP011\).*En attente d’envoi/,
    )
    expect(writes).toEqual([])

    // Cancelled by the clerk: kept, never sent, gone from the list.
    await wrapper.find(testId(`cabinet-write-cancel-${row.clientId}`)).trigger('click')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP011')).exists()).toBe(false)
    })
    expect((await app.db.peopleWrites.get(row.clientId))?.state).toBe('cancelled')

    // Typed again, then the service answers: sent once, held.
    await wrapper.find(testId('user-matricule')).setValue('GP011')
    await wrapper.find(testId('user-prenom')).setValue('Marc')
    await wrapper.find(testId('user-nom')).setValue('Blanc')
    await wrapper.find(testId('user-email')).setValue('marc.blanc@cabinet.fr')
    await wrapper.find('form').trigger('submit')
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP011')).attributes('data-pending')).toBe('queued')
    })
    useSyncStore(app.pinia).online = true
    await usePeopleWritesStore(app.pinia).drain()
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP011')).attributes('data-pending')).toBe('')
    })
    expect(writes).toEqual(['user:GP011'])
  })

  it('shows a refusal in the service’s words, cancellable', async () => {
    await withRights(app, ['cabinet'])
    refusal = { utilisateur: { code: 'CONFLIT', message: 'Le matricule GP012 est déjà utilisé dans le cabinet.' } }
    wrapper = mountIn(app, UsersView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('user-row-GP001')).exists()).toBe(true)
    })
    await wrapper.find(testId('user-matricule')).setValue('GP012')
    await wrapper.find(testId('user-prenom')).setValue('Ana')
    await wrapper.find(testId('user-nom')).setValue('Roy')
    await wrapper.find(testId('user-email')).setValue('ana.roy@cabinet.fr')
    await wrapper.find('form').trigger('submit')
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

  it('says why without the cabinet right and asks nothing', async () => {
    await withRights(app, ['dossiers', 'facturation'])
    let asked = 0
    useCabinetApi({
      'cabinet:users': () => {
        asked += 1
        return Promise.reject(new Error('non'))
      },
      'cabinet:user': () => Promise.reject(new Error('non')),
      'cabinet:assignments': () => Promise.reject(new Error('non')),
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
    expect(wrapper.find(testId(`assignment-${SIREN_2}-GP001-2026-12-01`)).attributes('data-state')).toBe('a_venir')
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${SIREN_2}-GP001-2026-12-01`)).attributes('data-pending')).toBe('')
    })
    expect(writes).toEqual([`affectation:${SIREN_2}:GP001:2026-12-01`])
  })

  it('shows a user whose creation is queued, assigns and ends offline, then sends in order once online', async () => {
    await withRights(app, ['cabinet'])
    useSyncStore(app.pinia).online = false
    const { db, outboxEnv } = appServices()
    await enqueueUserCreation(db, outboxEnv, {
      matricule: 'GP010',
      nom: 'Petit',
      prenom: 'Lucie',
      email: 'lucie.petit@cabinet.fr',
      profil: 'gestionnaire',
      droits: [],
    })
    wrapper = mountIn(app, UserView, { matricule: 'GP010' }, createAppRouter())
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
    expect(writes).toEqual([])

    useSyncStore(app.pinia).online = true
    await usePeopleWritesStore(app.pinia).drain()
    expect(writes).toEqual(['user:GP010', `affectation:${SIREN}:GP010:2026-07-01`, `fin_affectation:${SIREN}:GP010:2026-07-01:2026-10-31`])
    await until(() => {
      expect(wrapper?.find(testId(`assignment-${key}`)).attributes('data-pending')).toBe('')
    })
    expect(wrapper.find(testId(`assignment-${key}`)).attributes('data-state')).toBe('terminee')
    expect(wrapper.find(testId('cabinet-writes')).exists()).toBe(false)
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
    expect(w.find(testId('end-result')).attributes('data-ok')).toBe('true')
    expect(w.find(testId('end-result')).text()).toMatch(/Fin d’affectation au 19\/11\/2026 enregistrée/)
    await vi.waitFor(async () => {
      expect((await app.db.affectations.get([SIREN, 'GP001', '2024-01-01']))?.date_fin).toBe('2026-11-19')
    })
    expect(writes).toEqual([`fin_affectation:${SIREN}:GP001:2024-01-01:2026-11-19`])

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

  it('refuses an end reaching into a later assignment before queuing; offline the end is queued and shown', async () => {
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
      expect(w.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).attributes('data-pending')).toBe('queued')
    })
    expect(writes).toEqual([])
    expect(w.find(testId(`assignment-${SIREN}-GP001-2024-01-01`)).text()).toMatch(/25\/11\/2026/)
    expect((await app.db.affectations.get([SIREN, 'GP001', '2024-01-01']))?.date_fin).toBe('2026-11-30')
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

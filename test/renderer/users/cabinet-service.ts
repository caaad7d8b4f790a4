/**
 * A fake payroll service for the users screens' tests (issue 18, point 1): its users and assignments read through
 * `cabinet:*`, and the cabinet's people writes (`people:push`, docs/api-assumptions.md #80) applied to them, or refused
 * by kind with the service's French reason. Every write it receives is logged in `writes` (`user:GP010`,
 * `affectation:<siren>:<matricule>:<début>`, `fin_affectation:<siren>:<matricule>:<début>:<fin>`).
 */
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach } from 'vitest'
import type { Component } from 'vue'

import { createAppRouter } from '../../../src-renderer/router'
import { useCabinetApi, useCabinetStore } from '../../../src-renderer/stores/cabinet'
import { usePeopleWritesStore } from '../../../src-renderer/stores/peopleWrites'
import type { UtilisateurCabinet } from '../../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../../src-shared/api/dossiers'
import type { PeoplePushInput, PeoplePushResult, PeopleWriteItem } from '../../../src-shared/domain/people-writes'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { SIREN, SIREN_2 } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { byTestId } from '../support/screens'

/** The fake service's state, changed by the tests and by the writes it applies. */
export interface CabinetService {
  users: UtilisateurCabinet[]
  assignments: AffectationDossier[]
  writes: string[]
  /** A refusal given instead of applying a write, by its kind; none by default. */
  refusal: Partial<Record<PeopleWriteItem['kind'], { code: string; message: string }>>
}

/** A user of the cabinet (profile gestionnaire, active, right `dossiers`). */
export function user(matricule: string, prenom: string, nom: string): UtilisateurCabinet {
  return { matricule, prenom, nom, email: `${prenom.toLowerCase()}@cabinet.fr`, profil: 'gestionnaire', actif: true, droits: ['dossiers'] }
}

function apply(svc: CabinetService, siren: string | null, w: PeopleWriteItem): void {
  if (w.kind === 'utilisateur') svc.users = [...svc.users, { ...w.payload, actif: true }]
  else if (w.kind === 'affectation' && siren !== null) {
    svc.assignments = [...svc.assignments, { siren, matricule_utilisateur: w.matricule, ...w.payload }]
  } else if (w.kind === 'fin_affectation') {
    const same = (a: AffectationDossier): boolean =>
      a.siren === siren && a.matricule_utilisateur === w.matricule && a.date_debut === w.payload.date_debut
    svc.assignments = svc.assignments.map((a) => (same(a) ? { ...a, date_fin: w.payload.date_fin } : a))
  }
}

function serve(svc: CabinetService, input: PeoplePushInput): IpcResult<PeoplePushResult> {
  const outcomes = input.writes.map((w) => {
    const refused = svc.refusal[w.kind]
    if (w.kind === 'utilisateur') svc.writes.push(`user:${w.matricule}`)
    else if (w.kind === 'affectation') svc.writes.push(`affectation:${input.siren ?? ''}:${w.matricule}:${w.payload.date_debut}`)
    else if (w.kind === 'fin_affectation') {
      svc.writes.push(`fin_affectation:${input.siren ?? ''}:${w.matricule}:${w.payload.date_debut}:${w.payload.date_fin}`)
    }
    if (refused === undefined) apply(svc, input.siren, w)
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

/**
 * Installs the fake service on `app`. The test clock is 2026-11-20: GP001 holds SIREN today, held SIREN_2 until the
 * 19th; GP002 starts on SIREN_2 on 2026-12-01.
 */
export function installCabinetService(app: TestApp): CabinetService {
  const svc: CabinetService = {
    users: [user('GP001', 'Claire', 'Martin'), user('GP002', 'Julien', 'Roux')],
    assignments: [
      { siren: SIREN, matricule_utilisateur: 'GP001', date_debut: '2024-01-01', date_fin: null },
      { siren: SIREN_2, matricule_utilisateur: 'GP001', date_debut: '2024-01-01', date_fin: '2026-11-19' },
      { siren: SIREN_2, matricule_utilisateur: 'GP002', date_debut: '2026-12-01', date_fin: null },
    ],
    writes: [],
    refusal: {},
  }
  const at = '2026-11-20T08:59:00.000Z'
  useCabinetApi({
    'cabinet:users': () => Promise.resolve({ ok: true, value: { fetchedAt: at, utilisateurs: svc.users } }),
    'cabinet:user': ({ matricule }) => {
      const u = svc.users.find((x) => x.matricule === matricule)
      return Promise.resolve(
        u === undefined ? { ok: false, error: { code: 'INTROUVABLE', message: 'introuvable' } } : { ok: true, value: u },
      )
    },
    'cabinet:assignments': () =>
      Promise.resolve({
        ok: true,
        value: { fetchedAt: at, utilisateur: 'GP001', sirens: [SIREN, SIREN_2], affectations: svc.assignments, refused: [] },
      }),
  })
  app.api.people = (input) => serve(svc, input)
  return svc
}

/** Waits until no drain nor read is running (the database must outlive them), then removes the service and `app`. */
export async function disposeQuietly(app: TestApp): Promise<void> {
  const busy = (): boolean => usePeopleWritesStore(app.pinia).draining || useCabinetStore(app.pinia).loading
  for (let quiet = 0; quiet < 3; quiet = busy() ? 0 : quiet + 1) await new Promise((ok) => setTimeout(ok, 20))
  useCabinetApi(null)
  await app.dispose()
}

/** Types a new user's matricule, first name, name and e-mail in UserCreateForm, then submits it. */
export async function typeUser(wrapper: VueWrapper, matricule: string, prenom: string, nom: string, email: string): Promise<void> {
  await wrapper.find(byTestId('user-matricule')).setValue(matricule)
  await wrapper.find(byTestId('user-prenom')).setValue(prenom)
  await wrapper.find(byTestId('user-nom')).setValue(nom)
  await wrapper.find(byTestId('user-email')).setValue(email)
  await wrapper.find(byTestId('user-create-form')).trigger('submit')
}

/** The users screens' test set-up: a fresh app with the fake service before each test, both removed after it. */
export interface UsersScreens {
  /** This test's app (throws outside a test). */
  readonly app: TestApp
  /** This test's fake service (throws outside a test). */
  readonly svc: CabinetService
  /** Mounts `view` in this test's app with the app's router; the last one mounted is unmounted after the test. */
  mount: (view: Component, props?: Record<string, unknown>) => VueWrapper
}

/**
 * Registers, in the calling test file, a `beforeEach` that makes a test app with {@link installCabinetService} and an
 * `afterEach` that unmounts the last view mounted and disposes of both ({@link disposeQuietly}).
 */
export function setUpUsersScreens(): UsersScreens {
  let app: TestApp | undefined
  let svc: CabinetService | undefined
  let mounted: VueWrapper | undefined
  beforeEach(async () => {
    app = await testApp()
    svc = installCabinetService(app)
  })
  afterEach(async () => {
    mounted?.unmount()
    mounted = undefined
    svc = undefined
    if (app !== undefined) await disposeQuietly(app)
    app = undefined
  })
  function current(): { app: TestApp; svc: CabinetService } {
    if (app === undefined || svc === undefined) throw new Error('setUpUsersScreens: only inside a test')
    return { app, svc }
  }
  return {
    get app() {
      return current().app
    },
    get svc() {
      return current().svc
    },
    mount(view, props = {}) {
      mounted = mountIn(current().app, view, props, createAppRouter())
      return mounted
    },
  }
}

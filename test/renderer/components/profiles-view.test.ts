// @vitest-environment happy-dom
/**
 * Settings › Profiles as the clerk uses it (ProfilesView.vue with ProfileRow.vue and ProfileForm.vue), against
 * a fake `window.api` holding the profiles main would: the form's French messages on invalid fields (nothing sent),
 * saving (main's refusal shown, a success switching the form to the saved profile with the secret cleared),
 * editing then cancelling, testing a stored profile, and the row actions (demo limited, confirmations honoured).
 */
import '../support/db'

import { flushPromises, mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import ProfilesView from '../../../src-renderer/features/settings/ProfilesView.vue'
import ProfileForm from '../../../src-renderer/features/settings/ProfileForm.vue'
import { emptyProfileForm } from '../../../src-renderer/features/settings/profileForm'
import type { ProfileFormValues } from '../../../src-renderer/features/settings/profileForm'
import { createAppI18n } from '../../../src-renderer/i18n'
import type { ProfileSummary, ProfileInput, ConnectionTestResult, ConnectionTestInput } from '../../../src-shared/domain/profiles'
import { until } from '../support/mount'

const STORED = 'p-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'

/** Main's side of the `profile:*` channels, in memory, with every call recorded. */
function fakeProfilesApi() {
  const calls: { channel: string; input: unknown }[] = []
  let profils: ProfileSummary[] = [
    { id: 'demo', nom: 'Démo', baseUrl: '', clientId: '', demo: true, secret: 'enregistre', actif: true },
    {
      id: STORED,
      nom: 'Cabinet Lefèvre',
      baseUrl: 'https://paie.lefevre.fr',
      clientId: 'lefevre-api',
      demo: false,
      secret: 'enregistre',
      actif: false,
    },
  ]
  const state = () => ({ actif: profils.find((p) => p.actif)?.id ?? 'demo', profils })
  const result: ConnectionTestResult = {
    version: '1.13.0',
    utilisateur: { nom: 'Martin', prenom: 'Léa', email: 'lea@lefevre.fr', profil: 'gestionnaire' },
    cabinet: { id: 'cab-1', raison_sociale: 'Cabinet Lefèvre' },
    categories: [{ categorie: 'absences', libelle: 'Absences', autorisee: true }],
    testeLe: '2026-11-20T09:00:00.000Z',
  }
  const api = {
    'profile:list': (input: unknown) => {
      calls.push({ channel: 'profile:list', input })
      return Promise.resolve({ ok: true as const, value: state() })
    },
    'profile:save': (input: ProfileInput) => {
      calls.push({ channel: 'profile:save', input })
      if (input.clientSecret === 'faux') {
        return Promise.resolve({
          ok: false as const,
          error: { code: 'IDENTIFIANTS_REFUSES', message: 'Identifiants refusés par le service de paie. Rien n’a été enregistré.' },
        })
      }
      const saved: ProfileSummary = {
        id: input.id ?? 'p-00000000-0000-4000-8000-000000000001',
        nom: input.nom,
        baseUrl: input.baseUrl,
        clientId: input.clientId,
        demo: false,
        secret: 'enregistre',
        actif: false,
      }
      profils = [...profils.filter((p) => p.id !== saved.id), saved]
      return Promise.resolve({ ok: true as const, value: saved })
    },
    'profile:test': (input: ConnectionTestInput) => {
      calls.push({ channel: 'profile:test', input })
      return Promise.resolve({ ok: true as const, value: result })
    },
    'profile:signOut': (input: { id: string }) => {
      calls.push({ channel: 'profile:signOut', input })
      profils = profils.map((p) => (p.id === input.id ? { ...p, secret: 'absent' as const } : p))
      return Promise.resolve({ ok: true as const, value: state() })
    },
    'profile:remove': (input: { id: string }) => {
      calls.push({ channel: 'profile:remove', input })
      profils = profils.filter((p) => p.id !== input.id)
      return Promise.resolve({ ok: true as const, value: state() })
    },
    'profile:activate': (input: { id: string }) => {
      calls.push({ channel: 'profile:activate', input })
      return Promise.resolve({
        ok: false as const,
        error: { code: 'PROFIL_INCONNU', message: 'Ce profil de connexion n’existe pas (ou plus).' },
      })
    },
  }
  return { api, calls, sent: (channel: string) => calls.filter((c) => c.channel === channel).map((c) => c.input) }
}

let wrapper: VueWrapper | undefined
let main: ReturnType<typeof fakeProfilesApi>

beforeEach(() => {
  main = fakeProfilesApi()
  Object.defineProperty(window, 'api', { value: main.api, configurable: true })
  setActivePinia(createPinia())
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  vi.restoreAllMocks()
})

async function mountView(): Promise<VueWrapper> {
  wrapper = mount(ProfilesView, { attachTo: document.body, global: { plugins: [createAppI18n('fr')] } })
  await flushPromises()
  return wrapper
}

function field(w: VueWrapper, name: string): HTMLInputElement {
  return w.find(`[data-testid="field-${name}"]`).element as HTMLInputElement
}

async function fill(w: VueWrapper, values: Partial<Record<'nom' | 'baseUrl' | 'clientId' | 'clientSecret', string>>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await w.find(`[data-testid="field-${name}"]`).setValue(value)
}

async function click(w: VueWrapper, testId: string): Promise<void> {
  await w.find(`[data-testid="${testId}"]`).trigger('click')
  await flushPromises()
}

describe('profile form', () => {
  it('shows each invalid field’s French message and sends nothing', async () => {
    const w = await mountView()
    await fill(w, { nom: '  ', baseUrl: 'http://paie.example.fr', clientId: '' })
    await w.find('[data-testid="profile-form"]').trigger('submit')
    await flushPromises()
    expect(w.find('[data-testid="field-error-nom"]').text()).toBe('Donnez un nom au profil.')
    expect(w.find('[data-testid="field-error-baseUrl"]').text()).toContain('Adresse du service invalide')
    expect(w.find('[data-testid="field-error-clientId"]').text()).toBe('Saisissez l’identifiant du client d’API.')
    expect(field(w, 'nom').getAttribute('aria-invalid')).toBe('true')
    expect(main.sent('profile:save')).toEqual([])

    await click(w, 'profile-test')
    expect(w.find('[data-testid="field-error-clientSecret"]').text()).toBe('Saisissez le secret du client d’API.')
    expect(main.sent('profile:test')).toEqual([])
  })

  it('shows main’s refusal and keeps what was typed', async () => {
    const w = await mountView()
    await fill(w, { nom: 'Cabinet Roux', baseUrl: 'https://paie.roux.fr/', clientId: 'roux', clientSecret: 'faux' })
    await w.find('[data-testid="profile-form"]').trigger('submit')
    await flushPromises()
    expect(main.sent('profile:save')).toEqual([
      { nom: 'Cabinet Roux', baseUrl: 'https://paie.roux.fr', clientId: 'roux', clientSecret: 'faux' },
    ])
    expect(w.find('[data-testid="profile-error"]').text()).toContain('Identifiants refusés')
    expect(w.find('[data-testid="profile-message"]').exists()).toBe(false)
    expect(field(w, 'nom').value).toBe('Cabinet Roux')
    expect(field(w, 'clientSecret').value).toBe('faux')
  })

  it('saves a new profile: message, list reloaded, form now editing it with the secret cleared', async () => {
    const w = await mountView()
    await fill(w, { nom: 'Cabinet Roux', baseUrl: 'https://paie.roux.fr', clientId: 'roux', clientSecret: 'secret-roux' })
    await w.find('[data-testid="profile-form"]').trigger('submit')
    await flushPromises()
    expect(w.find('[data-testid="profile-message"]').text()).toBe(
      'Profil « Cabinet Roux » enregistré : identifiants acceptés par le service.',
    )
    expect(w.find('[data-testid="profile-row-p-00000000-0000-4000-8000-000000000001"]').text()).toContain('Cabinet Roux')
    expect(field(w, 'clientSecret').value).toBe('')
    expect(w.text()).toContain('Modifier le profil « Cabinet Roux »')
    expect(w.find('[data-testid="profile-cancel"]').exists()).toBe(true)
    expect(main.sent('profile:list')).toHaveLength(2)
  })

  it('edits a stored profile (secret optional, kept when empty), then cancels back to a new profile', async () => {
    const w = await mountView()
    await click(w, `edit-${STORED}`)
    expect(field(w, 'nom').value).toBe('Cabinet Lefèvre')
    expect(field(w, 'baseUrl').value).toBe('https://paie.lefevre.fr')
    expect(field(w, 'clientSecret').value).toBe('')
    expect(w.find('[data-testid="profile-form"]').text()).toContain('Laisser vide pour garder le secret enregistré.')

    await fill(w, { nom: 'Cabinet Lefèvre & fils' })
    await w.find('[data-testid="profile-form"]').trigger('submit')
    await flushPromises()
    expect(main.sent('profile:save')).toEqual([
      { id: STORED, nom: 'Cabinet Lefèvre & fils', baseUrl: 'https://paie.lefevre.fr', clientId: 'lefevre-api' },
    ])

    await click(w, 'profile-cancel')
    expect(field(w, 'nom').value).toBe('')
    expect(field(w, 'baseUrl').value).toBe('https://')
    expect(w.find('[data-testid="profile-cancel"]').exists()).toBe(false)
    expect(w.find('[data-testid="profile-message"]').exists()).toBe(false)
    expect(w.text()).toContain('Nouveau profil')
  })

  it('tests the stored profile being edited without its secret, and shows who is connected', async () => {
    const w = await mountView()
    await click(w, `edit-${STORED}`)
    await click(w, 'profile-test')
    expect(main.sent('profile:test')).toEqual([{ id: STORED }])
    expect(w.find('[data-testid="test-result"]').text()).toContain('Léa Martin')
    expect(w.find('[data-testid="test-category-absences"]').attributes('data-autorisee')).toBe('true')
  })

  it('emits a new values object on input and never changes the one it was given', async () => {
    const given: ProfileFormValues = emptyProfileForm()
    const form = mount(ProfileForm, {
      props: { modelValue: given, fieldErrors: {}, busy: false },
      global: { plugins: [createAppI18n('fr')] },
    })
    await form.find('[data-testid="field-nom"]').setValue('Cabinet Roux')
    expect(given.nom).toBe('')
    expect(form.emitted('update:modelValue')?.[0]).toEqual([{ ...given, nom: 'Cabinet Roux' }])
    expect(form.find('[data-testid="profile-cancel"]').exists()).toBe(false)
    form.unmount()
  })
})

describe('profile rows', () => {
  it('offers only activate-or-test on the demo profile, and every action on a stored one', async () => {
    const w = await mountView()
    const demoButtons = w
      .find('[data-testid="profile-row-demo"]')
      .findAll('button')
      .map((b) => b.attributes('data-testid'))
    expect(demoButtons).toEqual(['test-demo'])
    const storedButtons = w
      .find(`[data-testid="profile-row-${STORED}"]`)
      .findAll('button')
      .map((b) => b.attributes('data-testid'))
    expect(storedButtons).toEqual([`activate-${STORED}`, `test-${STORED}`, `edit-${STORED}`, `signout-${STORED}`, `remove-${STORED}`])
    expect(w.find(`[data-testid="profile-secret-${STORED}"]`).text()).toBe('Secret dans le trousseau')
  })

  it('asks before signing out or removing, and does nothing when the clerk says no', async () => {
    const w = await mountView()
    const confirm = vi.fn<(message?: string) => boolean>(() => false)
    Object.defineProperty(window, 'confirm', { value: confirm, configurable: true })
    await click(w, `signout-${STORED}`)
    await click(w, `remove-${STORED}`)
    expect(confirm.mock.calls.map((c) => c[0])).toEqual([
      'Supprimer le secret du profil « Cabinet Lefèvre » du trousseau ? Les saisies restent sur ce poste.',
      'Supprimer le profil « Cabinet Lefèvre » et son secret du trousseau ?',
    ])
    expect(main.sent('profile:signOut')).toEqual([])
    expect(main.sent('profile:remove')).toEqual([])

    confirm.mockImplementation(() => true)
    await click(w, `signout-${STORED}`)
    expect(main.sent('profile:signOut')).toEqual([{ id: STORED }])
    expect(w.find(`[data-testid="profile-secret-${STORED}"]`).text()).toBe('Déconnecté (secret absent)')
    expect(w.find(`[data-testid="test-${STORED}"]`).attributes('disabled')).toBeDefined()
    expect(w.find(`[data-testid="signout-${STORED}"]`).exists()).toBe(false)

    await click(w, `remove-${STORED}`)
    // The store first counts the profile's unsent entries in its own database (IndexedDB), then asks main.
    await until('suppression demandée', () => main.sent('profile:remove').length > 0)
    await flushPromises()
    expect(main.sent('profile:remove')).toEqual([{ id: STORED }])
    expect(w.find(`[data-testid="profile-row-${STORED}"]`).exists()).toBe(false)
  })

  it('shows main’s refusal of an activation', async () => {
    const w = await mountView()
    await click(w, `activate-${STORED}`)
    expect(main.sent('profile:activate')).toEqual([{ id: STORED }])
    expect(w.find('[data-testid="profile-error"]').text()).toBe('Ce profil de connexion n’existe pas (ou plus).')
  })
})

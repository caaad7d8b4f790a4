/**
 * The connection-profile form and the profile list's actions as plain data (ProfilesView.vue, ProfileForm.vue,
 * ProfileRow.vue wire them): the form's values, what they become for `profile:save` and `profile:test` (parsed with
 * the IPC contract's own schemas, so the form refuses exactly what main would), the French message of each field,
 * and which actions a profile of the list offers. Pure.
 */
import type { ProfileSummary } from '../../../src-shared/domain/profiles'
import { ProfileInput, ConnectionTestInput } from '../../../src-shared/domain/profiles'
import { firstPerField, parseFrench } from '../../../src-shared/domain/validation/schema-issues'
import type { FieldIssue } from '../../../src-shared/domain/validation/types'

/** What the clerk typed: `id` null for a new profile; an empty secret keeps the stored one (edit) or is missing (new). */
export interface ProfileFormValues {
  id: string | null
  nom: string
  baseUrl: string
  clientId: string
  clientSecret: string
}

/** Names of the form's fields, in screen order. */
export const PROFILE_FIELDS = ['nom', 'baseUrl', 'clientId', 'clientSecret'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

/** The form's values or why they are refused: the first French message of each field. */
export type FormParse<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly fieldErrors: Readonly<Record<string, string>> }

/** A new profile's form: everything empty but the scheme of the address. */
export function emptyProfileForm(): ProfileFormValues {
  return { id: null, nom: '', baseUrl: 'https://', clientId: '', clientSecret: '' }
}

/** The form of an existing profile: its fields, the secret left empty (main never sends it back). */
export function profileFormOf(profile: ProfileSummary): ProfileFormValues {
  return { id: profile.id, nom: profile.nom, baseUrl: profile.baseUrl, clientId: profile.clientId, clientSecret: '' }
}

/**
 * The French field messages of a refused form (the one zod-issue mapper, schema-issues.ts): the first per field; an
 * issue of the whole form goes on `nom`.
 */
export function fieldErrorsOf(issues: readonly FieldIssue[]): Record<string, string> {
  return Object.fromEntries(firstPerField(issues).map((i) => [i.champ === '' ? 'nom' : i.champ, i.message]))
}

/** The input of `profile:save` (an empty secret is left out: main keeps the stored one), or the field messages. */
export function saveInputOf(values: ProfileFormValues): FormParse<ProfileInput> {
  const parsed = parseFrench(ProfileInput, {
    ...(values.id === null ? {} : { id: values.id }),
    nom: values.nom,
    baseUrl: values.baseUrl,
    clientId: values.clientId,
    ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
  })
  return parsed.ok ? { ok: true, value: parsed.data } : { ok: false, fieldErrors: fieldErrorsOf(parsed.issues) }
}

/**
 * The input of `profile:test`: the stored profile when editing without a new secret, else the typed credentials;
 * or the field messages.
 */
export function testInputOf(values: ProfileFormValues): FormParse<ConnectionTestInput> {
  const parsed = parseFrench(
    ConnectionTestInput,
    values.clientSecret === '' && values.id !== null
      ? { id: values.id }
      : { baseUrl: values.baseUrl, clientId: values.clientId, clientSecret: values.clientSecret },
  )
  return parsed.ok ? { ok: true, value: parsed.data } : { ok: false, fieldErrors: fieldErrorsOf(parsed.issues) }
}

/** What the clerk can do with a profile of the list. */
export type ProfileAction = 'activate' | 'test' | 'edit' | 'signout' | 'remove'

/** One action button of a profile row: its action, its i18n label key, its style, and whether it is disabled. */
export interface ProfileActionButton {
  readonly action: ProfileAction
  readonly label: `reglages.${string}`
  readonly style: 'primary' | 'danger' | null
  /** True when the action cannot run for this profile (testing a profile whose secret is not stored). */
  readonly unavailable: boolean
}

/**
 * The actions a profile offers, in screen order: activate (not the active one), test (always; unavailable without
 * a stored secret), and for a stored profile edit, sign out (secret stored) and remove (not the active one). The
 * demo profile is part of the app: it is never edited, signed out of or removed.
 */
export function profileActions(profile: ProfileSummary): ProfileActionButton[] {
  const buttons: ProfileActionButton[] = []
  if (!profile.actif) buttons.push({ action: 'activate', label: 'reglages.activer', style: 'primary', unavailable: false })
  buttons.push({ action: 'test', label: 'reglages.tester', style: null, unavailable: !profile.demo && profile.secret === 'absent' })
  if (profile.demo) return buttons
  buttons.push({ action: 'edit', label: 'reglages.modifier', style: null, unavailable: false })
  if (profile.secret === 'enregistre') buttons.push({ action: 'signout', label: 'reglages.deconnecter', style: null, unavailable: false })
  if (!profile.actif) buttons.push({ action: 'remove', label: 'reglages.supprimer', style: 'danger', unavailable: false })
  return buttons
}

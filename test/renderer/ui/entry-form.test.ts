// @vitest-environment happy-dom
/**
 * The one-entry form of a kind (EntryFormView → EntryForm), driven by the kind spec: what the clerk types, the
 * French message on the field at fault, the entry queued with its kind, and nothing typed lost when the save fails.
 * Real stores on a real IndexedDB (fake-indexeddb) holding the fixtures' reference.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { DOMWrapper, VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { useToasts } from '../../../src-renderer/components/useToasts'
import EntryFormView from '../../../src-renderer/features/entry-forms/EntryFormView.vue'
import { createAppI18n } from '../../../src-renderer/i18n'
import { useOutboxStore } from '../../../src-renderer/stores/outbox'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { ENTRY_KINDS, fieldLabelKey, specOf, type EntryKind } from '../../../src-shared/domain/entry-kinds'
import { mountAt, testApp, until } from '../support/mount'
import type { TestApp } from '../support/mount'
import { SIREN } from '../support/fixtures'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore().load()
})
afterEach(async () => {
  vi.restoreAllMocks()
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** Opens the form of `kind` for dossier Martin, at `path` (`?matricule=` preselects the employee). */
async function open(kind: EntryKind, path = '/?matricule=M001'): Promise<VueWrapper> {
  wrapper = await mountAt(app, path, EntryFormView, { siren: SIREN, kind })
  await flushPromises()
  return wrapper
}

function field(name: string): DOMWrapper<HTMLInputElement> {
  if (wrapper === undefined) throw new Error('non monté')
  return wrapper.find<HTMLInputElement>(`[data-testid="field-${name}"]`)
}

function errorOf(name: string): string | null {
  const error = wrapper?.find(`[data-testid="field-error-${name}"]`)
  return error?.exists() === true ? error.text() : null
}

/** Submits the form and waits until the save settled (the submit button is enabled again). */
async function submit(kind: EntryKind): Promise<void> {
  if (wrapper === undefined) throw new Error('non monté')
  await wrapper.find(`[data-testid="${kind}-form"]`).trigger('submit')
  await until('enregistrement terminé', async () => {
    await flushPromises()
    return wrapper?.find('[data-testid="submit"]').attributes('disabled') === undefined
  })
}

describe('formulaire d’absence (spec du type absence)', () => {
  it('la date de début remplit la date de fin, l’enregistrement met une absence en file, puis le formulaire se vide sauf le salarié', async () => {
    await open('absence')
    expect(wrapper?.find('h1').text()).toBe('Saisir une absence')
    await field('code_absence').setValue('CP')
    await field('date_debut').setValue('2026-11-02')
    // The end date follows, shown jj/mm/aaaa (DateInput).
    expect(field('date_fin').element.value).toBe('02/11/2026')
    await field('date_fin').setValue('2026-11-04')
    await field('demi_journee_fin').setValue(true)
    await field('commentaire').setValue('  congés de Toussaint  ')

    await submit('absence')

    const [entry] = await app.db.outbox.toArray()
    expect(await app.db.outbox.count()).toBe(1)
    expect(entry).toMatchObject({
      kind: 'absence',
      operation: 'create',
      state: 'queued',
      targetServerId: null,
      payload: {
        siren: SIREN,
        matricule: 'M001',
        code_absence: 'CP',
        date_debut: '2026-11-02',
        date_fin: '2026-11-04',
        demi_journee_debut: false,
        demi_journee_fin: true,
        commentaire: 'congés de Toussaint',
      },
    })
    expect(useToasts().toasts.value.map((t) => t.message)).toContain('Absence enregistrée (en attente d’envoi)')
    expect([
      field('code_absence').element.value,
      field('date_debut').element.value,
      field('date_fin').element.value,
      field('commentaire').element.value,
    ]).toEqual(['', '', '', ''])
    expect(field('demi_journee_fin').element.checked).toBe(false)
    expect(document.activeElement).toBe(field('code_absence').element)
    // The employee stays: the next absence is typed for the same person.
    await field('code_absence').setValue('CP')
    await field('date_debut').setValue('2026-11-09')
    await submit('absence')
    expect((await app.db.outbox.toArray()).map((e) => e.matricule)).toEqual(['M001', 'M001'])
  })

  it('dit en français sur le champ ce qui est refusé, n’enregistre rien et garde ce qui a été tapé', async () => {
    await open('absence')
    await field('code_absence').setValue('CP')
    await field('date_debut').setValue('2026-11-10')
    await field('date_fin').setValue('2026-11-05')

    await submit('absence')

    expect(errorOf('date_fin')).toBe('La date de fin précède la date de début')
    expect(field('date_fin').attributes('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('date_fin').element)
    expect(wrapper?.find('[data-testid="form-issues"]').text()).toContain('1 erreur')
    expect(await app.db.outbox.count()).toBe(0)
    expect([field('code_absence').element.value, field('date_debut').element.value, field('date_fin').element.value]).toEqual([
      'CP',
      '2026-11-10',
      '2026-11-05',
    ])
  })

  it('sans salarié choisi, le dit sur le champ salarié', async () => {
    await open('absence', '/')
    await field('code_absence').setValue('CP')
    await field('date_debut').setValue('2026-11-10')

    await submit('absence')

    expect(errorOf('matricule')).toBe('Champ obligatoire')
    expect(await app.db.outbox.count()).toBe(0)
  })

  it('un code sans demi-journée désactive et décoche les demi-journées, et le dit', async () => {
    await open('absence')
    await field('demi_journee_debut').setValue(true)
    expect(errorOf('demi_journee_debut')).toBeNull()

    await field('code_absence').setValue('MAL')
    await flushPromises()

    expect(field('demi_journee_debut').element.disabled).toBe(true)
    expect(field('demi_journee_fin').element.disabled).toBe(true)
    expect(field('demi_journee_debut').element.checked).toBe(false)
    expect(wrapper?.text()).toContain('Ce code ne permet pas les demi-journées.')
  })

  it('rien n’est perdu quand l’enregistrement échoue : le message en haut, les valeurs gardées, un nouvel essai enregistre', async () => {
    await open('absence')
    const outbox = useOutboxStore()
    vi.spyOn(outbox, 'enqueue').mockRejectedValueOnce(new Error('disque plein'))
    await field('code_absence').setValue('CP')
    await field('date_debut').setValue('2026-11-16')

    await submit('absence')

    expect(wrapper?.find('[data-testid="form-issues"]').text()).toContain('Une erreur inattendue est survenue : disque plein')
    expect([field('code_absence').element.value, field('date_debut').element.value, field('date_fin').element.value]).toEqual([
      'CP',
      '2026-11-16',
      '16/11/2026',
    ])
    expect(await app.db.outbox.count()).toBe(0)

    await submit('absence')

    expect((await app.db.outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([
      [
        'absence',
        {
          siren: SIREN,
          matricule: 'M001',
          code_absence: 'CP',
          date_debut: '2026-11-16',
          date_fin: '2026-11-16',
          demi_journee_debut: false,
          demi_journee_fin: false,
        },
      ],
    ])
  })
})

describe('formulaire de frais professionnels (spec du type frais)', () => {
  it('lit les montants en français, refuse un nombre illisible sur son champ, et demande les kilomètres des indemnités kilométriques', async () => {
    await open('frais')
    expect(field('periode').element.value).toBe('2026-11')
    expect(field('kilometres').exists()).toBe(false)
    await field('type_frais').setValue('repas')
    await field('date').setValue('2026-11-05')
    await field('montant').setValue('douze')

    await submit('frais')

    expect(errorOf('montant')).toBe('Nombre illisible : saisissez par exemple 12,50.')
    expect(await app.db.outbox.count()).toBe(0)

    await field('type_frais').setValue('indemnites_kilometriques')
    await field('montant').setValue('120,00')
    expect(field('kilometres').exists()).toBe(true)
    await submit('frais')

    expect(errorOf('kilometres')).toBe('Kilomètres requis pour les indemnités kilométriques.')
    expect(errorOf('montant')).toBeNull()
    expect(await app.db.outbox.count()).toBe(0)

    await field('kilometres').setValue('42,5')
    await submit('frais')

    const [entry] = await app.db.outbox.toArray()
    expect(entry).toMatchObject({
      kind: 'frais',
      operation: 'create',
      state: 'queued',
      payload: {
        siren: SIREN,
        matricule: 'M001',
        type_frais: 'indemnites_kilometriques',
        date: '2026-11-05',
        periode: '2026-11',
        montant: '120.00',
        kilometres: '42.5',
      },
    })
    expect(useToasts().toasts.value.map((t) => t.message)).toContain('Frais enregistrés (en attente d’envoi)')
    // The period stays for the next expense; the rest is emptied (kilometres hidden again with the type).
    expect([field('periode').element.value, field('type_frais').element.value, field('montant').element.value]).toEqual(['2026-11', '', ''])
    expect(field('kilometres').exists()).toBe(false)
  })
})

describe('formulaire de prime ou indemnité (spec du type prime)', () => {
  it('propose les codes du cache que le cabinet saisit, lit le montant en français, coche la prime nette et met la prime en file', async () => {
    const reference = useReferenceStore()
    // A code the GP side does not see (entered by the employer): never offered to the cabinet.
    const employerOnly = {
      code: 'POBJ',
      libelle: 'Prime sur objectifs',
      soumise_cotisations: true,
      visibilite: { gp: false, employeur: true },
    }
    reference.codesPrimes = { ...reference.codesPrimes, [SIREN]: [...(reference.codesPrimes[SIREN] ?? []), employerOnly] }
    await open('prime')
    expect(wrapper?.find('h1').text()).toBe('Saisir une prime ou une indemnité')
    const offered = field('code_prime')
      .findAll('option')
      .map((o) => o.element.value)
    expect(offered).toEqual(['', 'PREXC'])
    expect(field('periode').element.value).toBe('2026-11')
    // One contract: no contract to choose.
    expect(field('numero_contrat').exists()).toBe(false)

    await field('code_prime').setValue('PREXC')
    await field('montant').setValue('1 250,5')
    await field('prime_nette').setValue(true)
    await field('libelle_bulletin').setValue('Prime de fin d’année')
    await submit('prime')

    const [entry] = await app.db.outbox.toArray()
    expect(entry).toMatchObject({
      kind: 'prime',
      operation: 'create',
      state: 'queued',
      payload: {
        siren: SIREN,
        matricule: 'M001',
        periode: '2026-11',
        code_prime: 'PREXC',
        montant: '1250.5',
        prime_nette: true,
        libelle_bulletin: 'Prime de fin d’année',
      },
    })
    expect(useToasts().toasts.value.map((t) => t.message)).toContain('Prime enregistrée (en attente d’envoi)')
    expect([field('code_prime').element.value, field('montant').element.value]).toEqual(['', ''])
    expect(field('prime_nette').element.checked).toBe(false)
  })

  it('refuse sur son champ un montant illisible et une prime sans code, sans rien mettre en file', async () => {
    await open('prime')
    await field('montant').setValue('douze')
    await submit('prime')
    expect(errorOf('montant')).toBe('Nombre illisible : saisissez par exemple 12,50.')
    expect(errorOf('code_prime')).toBe('Champ obligatoire')
    expect(await app.db.outbox.count()).toBe(0)
  })
})

describe('formulaire d’avantage en nature (spec du type avantage)', () => {
  it('propose les types et modes d’évaluation du contrat en français et met l’avantage en file', async () => {
    await open('avantage')
    expect(wrapper?.find('h1').text()).toBe('Saisir un avantage en nature')
    const labels = field('type_avantage')
      .findAll('option')
      .map((o) => o.text())
    expect(labels).toEqual(['Choisir un type…', 'Logement', 'Véhicule', 'Nourriture', 'Outils numériques (NTIC)', 'Autre'])
    expect(
      field('mode_evaluation')
        .findAll('option')
        .map((o) => o.element.value),
    ).toEqual(['', 'forfait', 'reel'])

    await field('type_avantage').setValue('vehicule')
    await field('mode_evaluation').setValue('forfait')
    await field('montant').setValue('180,00')
    await submit('avantage')

    const [entry] = await app.db.outbox.toArray()
    expect(entry).toMatchObject({
      kind: 'avantage',
      operation: 'create',
      state: 'queued',
      payload: {
        siren: SIREN,
        matricule: 'M001',
        periode: '2026-11',
        type_avantage: 'vehicule',
        mode_evaluation: 'forfait',
        montant: '180.00',
      },
    })
    expect(useToasts().toasts.value.map((t) => t.message)).toContain('Avantage en nature enregistré (en attente d’envoi)')
  })
})

describe('textes des formulaires', () => {
  it('le nom de chaque type et chaque clé de libellé, d’aide et de formulaire des specs existent en français et en anglais', () => {
    const i18n = createAppI18n('fr').global
    const keys = ENTRY_KINDS.flatMap((kind) => {
      const spec = specOf(kind)
      const form = spec.form === undefined ? [] : [spec.form.title, spec.form.submit, spec.form.saved, spec.form.link]
      const fields = spec.fields.flatMap((f) => [
        fieldLabelKey(f),
        f.hint,
        f.placeholder,
        f.shownWhen?.requiredMessage,
        f.halfDay?.forbiddenHint,
      ])
      return [`types.${kind}`, ...form, ...fields].filter((key): key is string => key !== undefined)
    })
    expect(keys.length).toBeGreaterThan(30)
    const missing = keys.flatMap((key) =>
      (['fr', 'en'] as const).filter((locale) => !i18n.te(key, locale)).map((locale) => `${locale}:${key}`),
    )
    expect(missing).toEqual([])
  })
})

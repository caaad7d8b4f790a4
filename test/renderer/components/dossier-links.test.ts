// @vitest-environment happy-dom
/**
 * The dossier screen's links to its entry screens (DossierView.vue, app router): the EVP grid and the one-entry form
 * of every kind that has one (absence, frais, prime, avantage), each a route of the app that opens the spec-driven
 * form of its kind; a link whose right the credentials lack is disabled. Real stores on a real IndexedDB.
 */
import '../support/db'

import { flushPromises, mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import DossierView from '../../../src-renderer/features/dossier/DossierView.vue'
import EntryFormView from '../../../src-renderer/features/entry-forms/EntryFormView.vue'
import { displayName } from '../../../src-renderer/features/dossier/salarieFilter'
import { createAppI18n } from '../../../src-renderer/i18n'
import { createAppRouter } from '../../../src-renderer/router'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { FORM_KINDS } from '../../../src-shared/domain/entry-kinds'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp } from '../support/mount'
import type { TestApp } from '../support/mount'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

async function openDossier(): Promise<VueWrapper> {
  const router = createAppRouter()
  await router.push(`/dossiers/${SIREN}`)
  await router.isReady()
  wrapper = mountIn(app, DossierView, { siren: SIREN }, router)
  await flushPromises()
  return wrapper
}

describe('les liens de chaque salarié du dossier', () => {
  it('nomment le salarié dans leur titre et leur nom accessible, et suivent la langue de l’interface', async () => {
    const reference = useReferenceStore(app.pinia)
    const salaries = reference.salaries(SIREN)
    expect(salaries.length).toBeGreaterThanOrEqual(2)
    const router = createAppRouter()
    await router.push(`/dossiers/${SIREN}`)
    await router.isReady()
    const i18n = createAppI18n('fr')
    wrapper = mount(DossierView, { props: { siren: SIREN }, attachTo: document.body, global: { plugins: [app.pinia, i18n, router] } })
    await flushPromises()
    const view = wrapper
    /** [text, title, aria-label] of each link of employee `matricule`'s row. */
    const linksOf = (matricule: string) =>
      ['sheet-link', 'add-absence', 'add-frais'].map((id) => {
        const link = view.get(`[data-testid="${id}-${matricule}"]`)
        return [link.text(), link.attributes('title'), link.attributes('aria-label')]
      })
    for (const s of salaries) {
      const nom = displayName(s)
      expect(linksOf(s.matricule)).toEqual([
        ['Fiche', `Ouvrir la fiche de ${nom}`, `Ouvrir la fiche de ${nom}`],
        ['Absence', `Saisir une absence pour ${nom}`, `Saisir une absence pour ${nom}`],
        ['Frais', `Saisir des frais professionnels pour ${nom}`, `Saisir des frais professionnels pour ${nom}`],
      ])
    }
    i18n.global.locale.value = 'en'
    await flushPromises()
    const first = salaries[0]
    if (first === undefined) expect.fail('le dossier des fixtures a des salariés')
    const nom = displayName(first)
    expect(linksOf(first.matricule)).toEqual([
      ['Sheet', `Open the sheet of ${nom}`, `Open the sheet of ${nom}`],
      ['Absence', `Enter an absence for ${nom}`, `Enter an absence for ${nom}`],
      ['Expenses', `Enter professional expenses for ${nom}`, `Enter professional expenses for ${nom}`],
    ])
  })
})

describe('liens du dossier vers ses écrans de saisie', () => {
  it('ouvre la grille EVP et le formulaire de chaque type à formulaire : absence, frais, prime, avantage', async () => {
    expect(FORM_KINDS).toEqual(['absence', 'frais', 'prime', 'avantage'])
    const view = await openDossier()
    const links = view.findAll('nav.entry-links:not(.view-links) a')
    expect(links.map((a) => [a.attributes('data-testid'), a.text()])).toEqual([
      ['link-evp', 'Saisie EVP (grille)'],
      ['link-absence', 'Absence'],
      ['link-frais', 'Frais professionnels'],
      ['link-prime', 'Prime ou indemnité'],
      ['link-avantage', 'Avantage en nature'],
      ['link-import', 'Importer un tableur'],
    ])
    expect(view.find('[data-testid="link-import"]').attributes('href')).toBe(`#/dossiers/${SIREN}/import`)
    expect(view.find('[data-testid="link-prime"]').attributes('href')).toBe(`#/dossiers/${SIREN}/prime`)
    expect(view.find('[data-testid="link-avantage"]').attributes('href')).toBe(`#/dossiers/${SIREN}/avantage`)
  })

  it('chaque route de formulaire ouvre le formulaire piloté par la spec de son type', async () => {
    const router = createAppRouter()
    for (const kind of FORM_KINDS) {
      await router.push(`/dossiers/${SIREN}/${kind}`)
      const route = router.currentRoute.value
      expect(route.name).toBe(kind)
      const matched = route.matched[0]
      expect(matched?.components?.['default']).toBe(EntryFormView)
      const props = matched?.props['default']
      expect(typeof props === 'function' ? props(route) : null).toEqual({ siren: SIREN, kind })
    }
  })

  it('désactive le lien d’un type dont le droit manque, et dit pourquoi', async () => {
    const reference = useReferenceStore(app.pinia)
    reference.droits = reference.droits.filter((d) => d !== 'avantages_nature')
    const view = await openDossier()
    const avantage = view.find('[data-testid="link-avantage"]')
    expect(avantage.element.tagName).toBe('SPAN')
    expect(avantage.attributes('aria-disabled')).toBe('true')
    expect(view.find('[data-testid="right-missing-avantages_nature"]').exists()).toBe(true)
    expect(view.find('[data-testid="link-prime"]').element.tagName).toBe('A')
  })
})

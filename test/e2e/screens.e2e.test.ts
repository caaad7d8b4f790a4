/**
 * Issue 13, point 6, on every screen of the app in real Chromium started as an American system (`--lang=en-US`):
 * - axe-core (Deque's @axe-core/playwright) runs on every route (the prime and avantage forms, and the EVP grid with
 *   the contract rows of a salarié holding two contracts, included), plus the absence form showing its errors; the
 *   violations of each screen (rule id, impact, number of nodes) are written to test/e2e/artifacts/axe.json, and any
 *   serious or critical one fails the test;
 * - the main job with the keyboard only (Tab, Shift+Tab, Enter, arrows, typing): open a dossier, its absence form,
 *   fill it (the date typed jj/mm/aaaa), save, reach the queue and "Synchroniser"; every element reached shows a
 *   visible focus ring; the absence reaches the payroll service once;
 * - dates stay French (jj/mm/aaaa) although the browser says en-US.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { ARTIFACTS, startWithReference, type Workstation } from './harness/app'
import { BROWSER_LOCALE } from './harness/browser'
import { enqueueThroughApp } from './page-data'
import { BIG_SIREN, simpleEmployees, until } from './support'

let ws: Workstation
const figures: Record<string, number | string> = {}

let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  process.stdout.write(`\nSCREENS FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

/** One axe violation as written to axe.json. */
interface Violation {
  readonly id: string
  readonly impact: string
  readonly nodes: number
  readonly help: string
  readonly targets: string[]
}

/** What axe found on one screen: the violations (most severe first), how many rules passed, how long it took. */
interface AxeScreen {
  readonly violations: Violation[]
  readonly rulesPassed: number
  /** Rules axe could not decide (for a person to look at), with their node counts. */
  readonly incomplete: { id: string; impact: string; nodes: number }[]
  readonly ms: number
}

/** Runs axe (every rule of axe-core's default set: WCAG 2.x A and AA, best practices) on the page as it is. */
async function axe(page: Page): Promise<AxeScreen> {
  const started = Date.now()
  const results = await new AxeBuilder({ page }).analyze()
  const order = ['critical', 'serious', 'moderate', 'minor']
  return {
    violations: results.violations
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        nodes: v.nodes.length,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }))
      .sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact)),
    rulesPassed: results.passes.length,
    incomplete: results.incomplete.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', nodes: v.nodes.length })),
    ms: Date.now() - started,
  }
}

/** Where focus is: the focused element's test id (or tag and text) and whether a focus ring is drawn around it. */
const Focus = z.object({ testid: z.string().nullable(), tag: z.string(), text: z.string(), ring: z.boolean() })
async function focused(page: Page): Promise<z.infer<typeof Focus>> {
  return Focus.parse(
    await page.evaluate(`(() => {
    const e = document.activeElement
    if (e === null || e === document.body) return { testid: null, tag: 'body', text: '', ring: false }
    const s = getComputedStyle(e)
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
    const shadow = s.boxShadow !== 'none' && s.boxShadow !== ''
    return { testid: e.getAttribute('data-testid'), tag: e.tagName.toLowerCase(), text: (e.textContent ?? '').trim().slice(0, 60), ring: outline || shadow }
  })()`),
  )
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`, checking the focus ring of every
 * element passed on the way. @returns how many keys were pressed. @throws after `max` presses
 */
async function tabTo(page: Page, selector: string, options: { back?: boolean; max?: number } = {}): Promise<number> {
  const key = options.back === true ? 'Shift+Tab' : 'Tab'
  for (let presses = 1; presses <= (options.max ?? 80); presses += 1) {
    await page.keyboard.press(key)
    const at = await focused(page)
    if (at.tag !== 'body') expect(at.ring, `focus ring on ${at.testid ?? `${at.tag} « ${at.text} »`}`).toBe(true)
    if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) === true`)) return presses
  }
  throw new Error(`${selector} : pas atteint au clavier en ${String(options.max ?? 80)} appuis sur ${key}`)
}

describe('every screen, in an en-US Chromium', () => {
  const screens: ({ screen: string; url: string } & AxeScreen)[] = []
  let clientId = ''

  it('passes axe on every route with no serious or critical violation (test/e2e/artifacts/axe.json)', async () => {
    const page = ws.page
    const dossier = ws.store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const code = (ws.store.codesEvp[BIG_SIREN] ?? []).find((c) => !c.masque && c.format === 'quantite')!.code
    const [matricule] = simpleEmployees(ws.store, BIG_SIREN, dossier.periode_paie_en_cours)
    // One entry kept queued (the service is away) so the queue and the entry screen have something to show.
    await ws.stopSandbox()
    const entered = await enqueueThroughApp(page, [
      { kind: 'evp', payload: { siren: BIG_SIREN, matricule, periode: dossier.periode_paie_en_cours, code_evp: code, quantite: '2.5' } },
    ])
    expect(entered.saved).toBe(1)
    clientId = z.string().parse(
      await page.evaluate(`(async () => {
      const db = await new Promise((ok, ko) => { const r = indexedDB.open('paie-demo'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
      const rows = await new Promise((ok) => { const r = db.transaction('outbox').objectStore('outbox').getAll(); r.onsuccess = () => ok(r.result) })
      db.close()
      return rows[0].clientId
    })()`),
    )

    // The dossier screens on the smallest dossier with EVP codes: the same markup as the 250-employee one, a few
    // rows (axe takes about a minute on a grid of 250 employees).
    const headcount = (siren: string): number => ws.store.salaries.filter((x) => x.siren === siren).length
    const small = ws.store.dossiers
      .filter((d) => (ws.store.codesEvp[d.siren] ?? []).some((c) => !c.masque) && headcount(d.siren) > 0)
      .sort((a, b) => headcount(a.siren) - headcount(b.siren))[0]!.siren
    figures['axeDossierHeadcount'] = headcount(small)
    const smallSalarie = ws.store.salaries.find((x) => x.siren === small && x.contrats.length > 0)!
    const periode = dossier.periode_paie_en_cours
    const twoContracts = ws.store.salaries.find(
      (x) =>
        x.siren === BIG_SIREN &&
        x.contrats.filter((c) => c.date_debut <= `${periode}-28` && (c.date_fin === null || c.date_fin >= `${periode}-01`)).length === 2,
    )!.matricule
    const routes: { screen: string; hash: string; ready: string; then?: () => Promise<void> }[] = [
      { screen: 'cabinet', hash: '#/', ready: `[data-testid="dossier-row-${BIG_SIREN}"]` },
      { screen: 'dossier', hash: `#/dossiers/${small}`, ready: '[data-testid="link-absence"]' },
      { screen: 'evp', hash: `#/dossiers/${small}/evp`, ready: '[data-testid="evp-grid"]' },
      { screen: 'absence', hash: `#/dossiers/${small}/absence`, ready: '[data-testid="absence-form"]' },
      {
        screen: 'absence (erreurs affichées)',
        hash: `#/dossiers/${small}/absence`,
        ready: '[data-testid="absence-form"]',
        then: async () => {
          await page.click('[data-testid="submit"]')
          await page.waitForSelector('[data-testid="form-issues"]')
        },
      },
      { screen: 'frais', hash: `#/dossiers/${small}/frais`, ready: '[data-testid="frais-form"]' },
      { screen: 'prime', hash: `#/dossiers/${small}/prime`, ready: '[data-testid="prime-form"]' },
      { screen: 'avantage', hash: `#/dossiers/${small}/avantage`, ready: '[data-testid="avantage-form"]' },
      { screen: 'acomptes', hash: `#/dossiers/${BIG_SIREN}/acomptes`, ready: '[data-testid="acomptes-view"]' },
      { screen: 'import', hash: `#/dossiers/${small}/import`, ready: '[data-testid="import-drop"]' },
      // The payslips of the period (issue 15): the list with its filters and the action bar (the control before
      // sending, in the confirmation, is checked by month-close.e2e).
      { screen: 'bulletins', hash: `#/dossiers/${small}/bulletins`, ready: '[data-testid="bulletins-view"]' },
      // The grid of the big dossier filtered to its employees holding two contracts: the contract column and rows.
      {
        screen: 'evp (contrats multiples)',
        hash: `#/dossiers/${BIG_SIREN}/evp?q=${twoContracts}`,
        ready: '[data-testid="contract-column"]',
      },
      { screen: 'queue', hash: '#/queue', ready: `[data-testid="queue-row-${clientId}"]` },
      { screen: 'entry', hash: `#/entries/${clientId}`, ready: '[data-testid="entry-state"]' },
      { screen: 'profiles', hash: '#/settings/profiles', ready: '[data-testid="profile-table"]' },
      { screen: 'declarations', hash: '#/declarations', ready: '[data-testid="declaration-filters"]' },
      // The dossier's people (issue 16), the service away: the sheet from the employee list, the extractions offline.
      { screen: 'fiche salarié', hash: `#/dossiers/${small}/salaries/${smallSalarie.matricule}`, ready: '[data-testid="sheet-identity"]' },
      {
        screen: 'contrat',
        hash: `#/dossiers/${small}/salaries/${smallSalarie.matricule}/contrats/${smallSalarie.contrats[0]?.numero_contrat ?? 'C1'}`,
        ready: '[data-testid="contrat-view"]',
      },
      {
        // Its errors shown: the empty form submitted offline is refused field by field before anything is kept.
        screen: 'nouveau contrat',
        hash: `#/dossiers/${small}/salaries/${smallSalarie.matricule}/nouveau-contrat`,
        ready: '[data-testid="contrat-create"][data-ready="true"]',
        then: async () => {
          await page.click('[data-testid="contrat-create-submit"]')
          await page.waitForSelector('[data-testid="field-error-nature_contrat"]')
        },
      },
      { screen: 'extractions', hash: `#/dossiers/${small}/extractions`, ready: '[data-testid="extractions-offline"]' },
      // The cumuls (issue 16, point 4), the service away: never read on this workstation, said offline.
      { screen: 'cumuls', hash: `#/dossiers/${small}/cumuls`, ready: '[data-testid="cumuls-offline"]' },
      {
        screen: 'declaration',
        hash: `#/declarations/${ws.store.declarationsEvenementielles[0]!.id}`,
        ready: '[data-testid="declaration-view"]',
      },
      { screen: 'facturation', hash: '#/facturation', ready: '[data-testid="billing-view"]' },
      { screen: 'utilisateurs', hash: '#/utilisateurs', ready: '[data-testid="users-view"]' },
      { screen: 'utilisateur', hash: '#/utilisateurs/GP001', ready: '[data-testid="user-view"]' },
    ]
    for (const route of routes) {
      await page.goto(`${base}${route.hash}`)
      await page.waitForSelector(route.ready)
      await route.then?.()
      screens.push({ screen: route.screen, url: route.hash, ...(await axe(page)) })
    }
    writeFileSync(resolve(ARTIFACTS, 'axe.json'), `${JSON.stringify({ browserLocale: BROWSER_LOCALE, screens }, null, 2)}\n`)
    const serious = screens.flatMap((s) =>
      s.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${s.screen}: ${v.id} (${v.impact}, ${String(v.nodes)}) ${v.targets.join(' | ')}`),
    )
    figures['screens'] = screens.length
    figures['violations'] = screens.reduce((n, s) => n + s.violations.length, 0)
    expect(serious).toEqual([])
    // The grid with its contract column: no violation at all (every row header says something).
    for (const s of screens.filter((x) => x.screen.startsWith('evp')))
      expect(
        s.violations.map((v) => v.id),
        s.screen,
      ).toEqual([])
    expect(screens).toHaveLength(routes.length)
    // axe did run on each screen: dozens of rules applied and passed.
    for (const s of screens) expect(s.rulesPassed, s.screen).toBeGreaterThan(15)
    await ws.restartSandbox()
  })

  it('does the main job with the keyboard only, focus always visible, and shows French dates to an en-US browser', async () => {
    const page = ws.page
    expect(await page.evaluate('navigator.language')).toBe(BROWSER_LOCALE)
    const dossier = ws.store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const periode = dossier.periode_paie_en_cours
    const [matricule] = simpleEmployees(ws.store, BIG_SIREN, periode).slice(-1)
    expect(matricule).toBeDefined()
    const before = ws.store.absences.length
    const [year, month] = periode.split('-')
    const typedDate = `17/${month ?? ''}/${year ?? ''}`
    let keys = 0

    // Cabinet → the dossier → its absence form.
    await page.goto(`${base}#/`)
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`)
    keys += await tabTo(page, `[data-testid="dossier-row-${BIG_SIREN}"] a`, { max: 120 })
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="link-absence"]')
    keys += await tabTo(page, '[data-testid="link-absence"]')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="absence-form"]')

    // The form: employee (combobox: type, arrow, Enter), code (type-ahead in the list), start date typed jj/mm/aaaa
    // (the end date follows), Enter saves.
    keys += await tabTo(page, '[data-testid="field-matricule"]')
    await page.keyboard.type(matricule ?? '')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    keys += await tabTo(page, '[data-testid="field-code_absence"]')
    await page.keyboard.type('MAL')
    expect(await page.inputValue('[data-testid="field-code_absence"]')).toBe('MAL')
    keys += await tabTo(page, '[data-testid="field-date_debut"]')
    await page.keyboard.type(typedDate)
    keys += await tabTo(page, '[data-testid="field-date_fin"]')
    expect(await page.inputValue('[data-testid="field-date_debut"]')).toBe(typedDate)
    expect(await page.inputValue('[data-testid="field-date_fin"]')).toBe(typedDate)
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="toast"][data-kind="success"]')

    // Back up to the queue in the navigation, then forward to "Synchroniser".
    keys += await tabTo(page, '[data-testid="nav-file"]', { back: true })
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="queue-view"]')
    keys += await tabTo(page, '[data-testid="sync-now"]')
    await page.keyboard.press('Enter')
    await until('the absence synced', () => Promise.resolve(ws.store.absences.length > before), 30_000)
    figures['keyPresses'] = keys

    const created = ws.store.absences.slice(before).filter((a) => a.matricule === matricule)
    expect(created).toHaveLength(1)
    expect(created[0]).toMatchObject({ code_absence: 'MAL', date_debut: `${periode}-17`, date_fin: `${periode}-17` })

    // French dates although the browser is American: the row's summary and its "Mis à jour" instant.
    const row = page.locator('[data-testid^="queue-row-"][data-state]').filter({ hasText: 'Maladie' }).first()
    await until('the row synced', async () => (await row.getAttribute('data-state')) === 'synced', 20_000)
    expect(await row.textContent()).toContain(typedDate)
    expect((await row.locator('.c-date').textContent())?.trim()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    await ws.screenshot('keyboard-absence-synced')
  })
})

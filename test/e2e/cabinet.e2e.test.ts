/**
 * Issue 18, the cabinet, in real Chromium against the sandbox:
 * - billing: the twelve closed months of the sandbox's counters as a table and two charts (screenshots), the figures
 *   of one month equal to the sandbox's rows summed over the dossiers, and its exits equal to the event-based DSN
 *   « fin de contrat » the sandbox holds for that month;
 * - declarations: a cross-dossier search, an event-based DSN opened, its PDF summary rendered in the app (screenshot);
 * - users: offline (the sandbox stopped), a user created, assigned to three dossiers with dates (one already ended, one
 *   ended with « Terminer »): queued, shown with their state, kept across a browser restart; back online each is
 *   applied once (the sandbox's operation counts) in order; then « mes dossiers », and one of the signed-in user's
 *   assignments ended online: « mes dossiers » follows;
 * - rights: credentials without the `cabinet` right: the users screen says why, billing and declarations work.
 */
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createSeedStore } from '../../src-sandbox/store/seed'
import { CATEGORIES } from '../../src-shared/api/categories'
import { TODAY, startWorkstation, type Workstation } from './harness/app'
import { attributeValues, testIdSuffixes, until, waitOnline } from './support'

let ws: Workstation
const figures: Record<string, number | string> = {}

beforeAll(async () => {
  ws = await startWorkstation()
  // The reference first (dossiers with their names and current payroll month), as the clerk's day starts.
  await referenceOf(ws)
})
afterAll(async () => {
  process.stdout.write(`\nCABINET FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

const id = (testId: string): string => `[data-testid="${testId}"]`

async function attr(selector: string, name: string, on: Workstation = ws): Promise<string> {
  return (await on.page.getAttribute(selector, name)) ?? ''
}

/** Serious or critical axe violations on the page as it is (rule id, impact, first targets); [] when none. */
async function seriousViolations(w: Workstation = ws): Promise<string[]> {
  const results = await new AxeBuilder({ page: w.page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact ?? ''}) ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
}

/**
 * Pixels drawn on the canvas `selector`: `any` counts the non-transparent ones, `dark` those darker than mid-grey
 * (text and lines on a white page).
 */
async function paintedPixels(selector: string, kind: 'any' | 'dark'): Promise<number> {
  const n: unknown = await ws.page.evaluate(`(() => {
    const canvas = document.querySelector(${JSON.stringify(selector)})
    if (!(canvas instanceof HTMLCanvasElement)) return 0
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
    let count = 0
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue
      if (${JSON.stringify(kind)} === 'any' || data[i] < 128) count += 1
    }
    return count
  })()`)
  return z.number().parse(n)
}

/** Loads the reference of workstation `w` (its cabinet screen's « Actualiser »). */
async function referenceOf(w: Workstation): Promise<void> {
  await w.page.click('[data-testid="refresh-reference"]')
  await until('référentiel chargé', async () => (await attr('[data-testid="cache-age"]', 'data-fetched-at', w)) !== '')
}

describe('billing in pictures', () => {
  it('shows twelve months of counters with their charts, one month equal to the sandbox’s data', async () => {
    const page = ws.page
    await page.click(id('nav-facturation'))
    await until('compteurs lus', async () => (await attr(id('billing-cache-age'), 'data-fetched-at')) !== '')
    await until(
      'graphiques dessinés',
      async () =>
        (await attr(id('trend-chart'), 'data-rendered')) === 'true' && (await attr(id('breakdown-chart'), 'data-rendered')) === 'true',
    )
    const months = await page.locator('[data-testid^="billing-row-"]').count()
    expect(months).toBe(12)
    const periodes = [...new Set(ws.store.facturations.map((f) => f.periode))].sort()
    expect(periodes).toHaveLength(12)
    // Canvas drawn: the trend chart's canvas is not blank.
    const drawn = await paintedPixels('[data-testid="trend-chart"] canvas', 'any')
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
    expect(await seriousViolations()).toEqual([])
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
    const painted = await paintedPixels('[data-testid="pdf-page-1"]', 'dark')
    expect(painted).toBeGreaterThan(500)
    expect(refusedByCsp).toEqual([])
    figures['pixelsEcrits'] = painted
    await page.locator(id('pdf-viewer')).scrollIntoViewIfNeeded()
    await ws.screenshot('cabinet-declaration-pdf')
    expect(await seriousViolations()).toEqual([])
  })
})

describe('cabinet users and assignments', () => {
  it('creates a user, assigns three dossiers and ends one offline; applied once back online; « mes dossiers » follows', async () => {
    let page = ws.page
    await page.click(id('nav-utilisateurs'))
    await page.waitForSelector(id('user-row-GP004'))
    expect(await testIdSuffixes(page, 'user-row-')).toEqual(['GP001', 'GP002', 'GP003', 'GP004'])
    const before = ws.acceptedOperationCounts()
    const count = (op: string, from: Record<string, number | undefined>): number => from[op] ?? 0

    // The connection cut: the sandbox stops; the screens work from the cache and the queue.
    await ws.stopSandbox()
    await page.reload()
    await waitOnline(page, false)
    await page.click(id('nav-utilisateurs'))
    await page.waitForSelector(id('user-row-GP004'))
    await page.fill(id('user-matricule'), 'GP010')
    await page.fill(id('user-prenom'), 'Lucie')
    await page.fill(id('user-nom'), 'Petit')
    await page.fill(id('user-email'), 'lucie.petit@cabinet-lefevre.fr')
    await page.check(id('user-droit-dossiers'))
    await page.check(id('user-droit-salaries'))
    await page.click(id('user-create'))
    await page.waitForSelector(`${id('user-row-GP010')}[data-pending="queued"]`)
    expect(ws.store.utilisateurs.some((u) => u.matricule === 'GP010')).toBe(false)

    await page.click(id('user-link-GP010'))
    await page.waitForSelector(id('assign-form'))
    const [a, b, c] = ws.store.dossiers.map((d) => d.siren)
    if (a === undefined || b === undefined || c === undefined) throw new Error('trois dossiers attendus')
    const plan = [
      { siren: a, debut: '01/01/2026', fin: '30/06/2026', iso: '2026-01-01', state: 'terminee' },
      { siren: b, debut: '01/07/2026', fin: '', iso: '2026-07-01', state: 'en_cours' },
      { siren: c, debut: '01/01/2026', fin: '31/12/2030', iso: '2026-01-01', state: 'en_cours' },
    ]
    for (const p of plan) {
      await page.selectOption(id('assign-dossier'), p.siren)
      await page.fill(id('assign-debut'), p.debut)
      await page.fill(id('assign-fin'), p.fin)
      await page.click(id('assign-submit'))
      await page.waitForSelector(id(`assignment-${p.siren}-GP010-${p.iso}`))
      expect(await attr(id(`assignment-${p.siren}-GP010-${p.iso}`), 'data-state')).toBe(p.state)
      expect(await attr(id(`assignment-${p.siren}-GP010-${p.iso}`), 'data-pending')).toBe('queued')
    }
    // An overlapping assignment (with a queued one) is refused before it is queued.
    await page.selectOption(id('assign-dossier'), b)
    await page.fill(id('assign-debut'), '01/11/2026')
    await page.fill(id('assign-fin'), '')
    await page.click(id('assign-submit'))
    await until('chevauchement signalé', async () => ((await page.textContent(id('assign-result'))) ?? '').includes('déjà affecté'))

    // The open assignment to b ended on 31/10/2026 (« Terminer », a date, the confirmation), queued after it.
    await endAssignment(`${b}-GP010-2026-07-01`, '31/10/2026')
    const queued = '[data-testid^="cabinet-write-"][data-state="queued"]'
    expect(await page.locator(queued).count()).toBe(5)
    expect(ws.store.affectations.filter((x) => x.matricule_utilisateur === 'GP010')).toEqual([])
    await ws.screenshot('cabinet-user-assignments-offline')
    expect(await seriousViolations()).toEqual([])

    // A restart of the workstation, still offline: the five writes are still there, still queued.
    await ws.closeBrowser()
    page = await ws.reopenBrowser()
    await waitOnline(page, false)
    await page.click(id('nav-utilisateurs'))
    await page.click(id('user-link-GP010'))
    await until('écritures retrouvées', async () => (await page.locator(queued).count()) === 5)

    // The connection back: each write applied once, the user first, the end after its assignment.
    await ws.restartSandbox()
    await waitOnline(page, true)
    const held = (): (string | null)[][] =>
      ws.store.affectations.filter((x) => x.matricule_utilisateur === 'GP010').map((x) => [x.siren, x.date_debut, x.date_fin])
    await until('écritures appliquées', () => Promise.resolve(held().some(([siren, , fin]) => siren === b && fin === '2026-10-31')))
    expect(ws.store.utilisateurs.filter((u) => u.matricule === 'GP010')).toMatchObject([{ nom: 'Petit', droits: ['dossiers', 'salaries'] }])
    expect(held()).toEqual([
      [a, '2026-01-01', '2026-06-30'],
      [b, '2026-07-01', '2026-10-31'],
      [c, '2026-01-01', '2030-12-31'],
    ])
    // Counted once nothing is left in the queue: the sandbox holds a write before main's client has read its answer
    // (and counted it), so the store alone says too early that the last write's answer is in.
    await until('plus rien en attente', async () => (await page.locator(id('cabinet-writes')).count()) === 0)
    const counted = ws.acceptedOperationCounts()
    const applied = ['creerUtilisateurCabinet', 'creerAffectationDossier', 'terminerAffectationDossier'].map(
      (op) => count(op, counted) - count(op, before),
    )
    expect(applied).toEqual([1, 3, 1])
    figures['ecrituresCabinetAppliquees'] = applied.join('/')
    await until('affectations lues sur le service', async () => (await attr(id(`assignment-${b}-GP010-2026-07-01`), 'data-pending')) === '')
    expect(await attr(id(`assignment-${b}-GP010-2026-07-01`), 'data-state')).toBe('terminee')
    await ws.screenshot('cabinet-assignment-ended')
    expect(await seriousViolations()).toEqual([])

    // Back on the list: GP010 holds one dossier today (the other two ended); each dossier lists its assignees.
    await page.click(id('user-back'))
    await page.waitForSelector(id('user-row-GP010'))
    expect(
      (
        await page
          .locator(`${id('user-row-GP010')} td`)
          .last()
          .textContent()
      )?.trim(),
    ).toBe('1')
    await page.selectOption(id('dossier-assignees-select'), a)
    await page.waitForSelector(id(`assignment-${a}-GP010-2026-01-01`))
    expect(await attr(id(`assignment-${a}-GP010-2026-01-01`), 'data-state')).toBe('terminee')
    expect(await seriousViolations()).toEqual([])

    // « Mes dossiers » (the signed-in user, GP001): the dossiers assigned to GP001 today in the sandbox.
    await page.click(id('nav-cabinet'))
    await page.waitForSelector(id('my-dossiers'))
    const mine = ws.store.affectations.filter(
      (x) => x.matricule_utilisateur === 'GP001' && x.date_debut <= TODAY && (x.date_fin ?? TODAY) >= TODAY,
    )
    expect(Number(await attr(id('my-dossiers-help'), 'data-count'))).toBe(mine.length)
    await page.check(id('my-dossiers'))
    expect(new Set(await testIdSuffixes(page, 'dossier-row-'))).toEqual(new Set(mine.map((x) => x.siren)))
    figures['mesDossiers'] = mine.length

    // GP001's own assignment to one dossier ended yesterday: « mes dossiers » no longer lists it.
    const leaving = mine.find((x) => x.date_debut < TODAY && x.date_fin === null)
    if (leaving === undefined) throw new Error('une affectation ouverte de GP001 attendue')
    await page.click(id('nav-utilisateurs'))
    await page.click(id('user-link-GP001'))
    await endAssignment(`${leaving.siren}-GP001-${leaving.date_debut}`, isoToFr(dayBefore(TODAY)))
    const ended = (): boolean =>
      ws.store.affectations.some(
        (x) =>
          x.matricule_utilisateur === 'GP001' &&
          x.siren === leaving.siren &&
          x.date_debut === leaving.date_debut &&
          x.date_fin === dayBefore(TODAY),
      )
    await until('fin tenue par le service', () => Promise.resolve(ended()), 30_000)
    await page.click(id('nav-cabinet'))
    await until('« mes dossiers » suit la fin', async () => Number(await attr(id('my-dossiers-help'), 'data-count')) === mine.length - 1)
    await page.check(id('my-dossiers'))
    const after = new Set(await testIdSuffixes(page, 'dossier-row-'))
    expect(after).toEqual(new Set(mine.filter((x) => x !== leaving).map((x) => x.siren)))
    figures['mesDossiersApresFin'] = after.size
    await ws.screenshot('cabinet-my-dossiers-after-end')
  })
})

/** Ends the assignment `key` (`<siren>-<matricule>-<date_debut>`) on `date` (jj/mm/aaaa): « Terminer », date, confirm. */
async function endAssignment(key: string, date: string): Promise<void> {
  const page = ws.page
  await page.click(id(`assignment-end-${key}`))
  await page.fill(id('end-date'), date)
  await page.click(id('end-submit'))
  await page.waitForSelector(id('confirm-yes'))
  await page.click(id('confirm-yes'))
  await until('fin d’affectation enregistrée', async () => (await attr(id('end-result'), 'data-ok')) === 'true')
  await page.waitForSelector(`${id(`assignment-${key}`)}[data-state="terminee"]`)
}

/** The day before `iso` (`YYYY-MM-DD`). */
function dayBefore(iso: string): string {
  return new Date(Date.parse(`${iso}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
}

/** `YYYY-MM-DD` as jj/mm/aaaa. */
function isoToFr(iso: string): string {
  return iso.split('-').reverse().join('/')
}

describe('rights', () => {
  it('without the cabinet right the users screen says why; billing and declarations work', async () => {
    const other = await startWorkstation({
      credentials: { client_id: 'gestionnaire-restreint', client_secret: 'restreint-secret-sandbox' },
    })
    try {
      await referenceOf(other)
      await other.page.click(id('nav-utilisateurs'))
      await other.page.waitForSelector(id('right-missing-cabinet'))
      expect(await other.page.locator(id('user-create-form')).count()).toBe(0)
      await other.page.click(id('nav-facturation'))
      await until('compteurs lus', async () => (await attr(id('billing-cache-age'), 'data-fetched-at', other)) !== '')
      expect(await other.page.locator('[data-testid^="billing-row-"]').count()).toBe(12)
      await other.page.click(id('nav-declarations'))
      await other.page.click(id('declarations-search'))
      await until('déclarations lues', async () => (await attr(id('declarations-cache-age'), 'data-fetched-at', other)) !== '')
      expect(Number(await attr(id('declarations-count'), 'data-count', other))).toBeGreaterThan(0)
      await other.page.click(id('nav-utilisateurs'))
      await other.page.waitForSelector(id('right-missing-cabinet'))
      await other.screenshot('cabinet-rights-sans-cabinet')
    } finally {
      await other.close()
    }
  })

  it('without the facturation right the billing screen says why; users work', async () => {
    const store = createSeedStore({ seed: 1, today: TODAY })
    const droits = CATEGORIES.filter((c) => c !== 'facturation')
    store.clients.push({ client_id: 'sans-facturation', client_secret: 'sans-facturation-secret', matricule_utilisateur: 'GP004', droits })
    const other = await startWorkstation({
      sandbox: { initialStore: store },
      credentials: { client_id: 'sans-facturation', client_secret: 'sans-facturation-secret' },
    })
    try {
      await referenceOf(other)
      await other.page.click(id('nav-facturation'))
      await other.page.waitForSelector(id('right-missing-facturation'))
      expect(await other.page.locator(id('billing-table')).count()).toBe(0)
      expect(await attr(id('billing-cache-age'), 'data-fetched-at', other)).toBe('')
      await other.screenshot('cabinet-rights-sans-facturation')
      expect(await seriousViolations(other)).toEqual([])
      await other.page.click(id('nav-utilisateurs'))
      await other.page.waitForSelector(id('user-row-GP004'))
      expect(await other.page.locator(id('right-missing-cabinet')).count()).toBe(0)
    } finally {
      await other.close()
    }
  })
})

/**
 * Issue 3, "offline day": the reference data is fetched in the morning, then the payroll service is unreachable all
 * day. Through the UI the clerk pastes a block of EVP into the grid and fills absence and expense forms; the browser is
 * closed and reopened on the same profile and everything is still queued; the service comes back and everything syncs
 * without a click, each entry exactly once on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import { startWorkstation, type Workstation } from './harness/app'
import { settledStateCounts } from './page-data'
import {
  BIG_SIREN,
  attributeValues,
  duplicates,
  lastToastId,
  nextToast,
  pasteText,
  simpleEmployees,
  stateCount,
  testIdSuffixes,
  until,
} from './support'

let ws: Workstation
const figures: Record<string, number> = {}

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nOFFLINE DAY FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

describe('offline day on the 250-employee dossier', () => {
  it('enters, survives a browser restart, and syncs everything exactly once without a click', async () => {
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const periode = dossier.periode_paie_en_cours
    const before = { evp: store.evp.length, absences: store.absences.length, frais: store.fraisProfessionnels.length }
    let page = ws.page

    // Morning, online: the reference cache is filled.
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })

    // The network goes away for the day.
    await ws.stopSandbox()

    // EVP: one paste of a two-column block covering every row of the grid.
    await page.goto(`${page.url().split('#')[0]}#/dossiers/${BIG_SIREN}/evp`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    const rows = await testIdSuffixes(page, 'row-')
    const cols = await testIdSuffixes(page, 'col-')
    expect(rows.length).toBeGreaterThanOrEqual(200)
    await page.click(`[data-testid="cell-${rows[0]}-${cols[0]}"]`)
    await pasteText(page, rows.map((_, i) => `${(i % 7) + 1},5\t${(i % 3) + 1}`).join('\r\n'))
    // Every pasted cell settled: saved (the grid's count) or refused (its error panel). An employee with several contracts has one row per contract.
    const pasted = new Set(cols.slice(0, 2))
    const gridSaved = async (): Promise<number> => Number(await page.locator('[data-testid="grid-saved"]').getAttribute('data-count'))
    const gridRefused = async (): Promise<number> =>
      (await testIdSuffixes(page, 'grid-error-')).filter((id) => pasted.has(id.slice(id.lastIndexOf('-') + 1))).length
    await until('grid paste saved', async () => (await gridSaved()) + (await gridRefused()) === rows.length * 2, 60_000)
    const savedInGrid = await gridSaved()
    figures['gridSaved'] = savedInGrid
    expect(savedInGrid).toBeGreaterThanOrEqual(400)
    await ws.screenshot('offline-entry-grid')

    // Absences and expenses through their forms.
    const people = simpleEmployees(store, BIG_SIREN, periode).slice(0, 25)
    expect(people).toHaveLength(25)
    const base = page.url().split('#')[0]
    for (const [i, matricule] of people.entries()) {
      await page.goto(`${base}#/dossiers/${BIG_SIREN}/absence?matricule=${matricule}`)
      await page.waitForSelector('[data-testid="absence-form"]')
      await page.selectOption('[data-testid="field-code_absence"]', 'MAL')
      await page.fill('[data-testid="field-date_debut"]', `${periode}-${String(17 + (i % 5)).padStart(2, '0')}`)
      await page.fill('[data-testid="field-date_fin"]', `${periode}-${String(18 + (i % 5)).padStart(2, '0')}`)
      // The toast of THIS save (an earlier one may still be on screen), shown once the entry is committed.
      let after = await lastToastId(page)
      await page.click('[data-testid="submit"]')
      expect(await nextToast(page, after)).toMatchObject({ kind: 'success' })
      await page.goto(`${base}#/dossiers/${BIG_SIREN}/frais?matricule=${matricule}`)
      await page.waitForSelector('[data-testid="frais-form"]')
      await page.selectOption('[data-testid="field-type_frais"]', 'repas')
      await page.fill('[data-testid="field-date"]', `${periode}-05`)
      await page.fill('[data-testid="field-montant"]', `${18 + i},40`)
      after = await lastToastId(page)
      await page.click('[data-testid="submit"]')
      expect(await nextToast(page, after)).toMatchObject({ kind: 'success' })
    }

    await page.goto(`${base}#/queue`)
    await page.waitForSelector('[data-testid="queue-view"]')
    // One consistent snapshot of the counts (one read transaction), once they stopped moving: every acknowledged
    // entry (each grid cell saved, each form) is counted, none synced.
    const beforeClose = await settledStateCounts(page)
    const entered = Object.values(beforeClose.counts).reduce((n, c) => n + c, 0)
    figures['entries'] = entered
    figures['msToSettleBeforeClose'] = beforeClose.waitedMs
    expect(entered).toBe(savedInGrid + 2 * people.length)
    expect(beforeClose.counts.synced ?? 0).toBe(0)
    await until('counts shown', async () => (await stateCount(page, 'total')) === entered)
    await until(
      'offline shown',
      async () => (await page.locator('[data-testid="online-indicator"]').getAttribute('data-online')) === 'false',
      20_000,
    )

    // The clerk closes the app; the next morning it is opened again, still offline.
    await ws.closeBrowser()
    page = await ws.reopenBrowser()
    await page.goto(`${base}#/queue`)
    await page.waitForSelector('[data-testid="queue-view"]')
    const afterRestart = await settledStateCounts(page)
    figures['msToSettleAfterRestart'] = afterRestart.waitedMs
    expect(Object.values(afterRestart.counts).reduce((n, c) => n + c, 0)).toBe(entered)
    expect((afterRestart.counts.queued ?? 0) + (afterRestart.counts.unknown ?? 0) + (afterRestart.counts.sending ?? 0)).toBe(entered)
    await until('counts after restart', async () => (await stateCount(page, 'total')) === entered)

    // The service is back: everything leaves without a click.
    const back = Date.now()
    await ws.restartSandbox()
    await until('all synced', async () => (await stateCount(page, 'synced')) === entered, 120_000)
    figures['secondsToSync'] = Math.round((Date.now() - back) / 100) / 10
    const synced = await settledStateCounts(page)
    expect(synced.counts).toEqual(expect.objectContaining({ synced: entered }))
    expect(Object.values(synced.counts).reduce((n, c) => n + c, 0)).toBe(entered)
    // The list agrees with the counters: every row shown is synced.
    await until(
      'rows shown synced',
      async () => {
        const states = await attributeValues(page, '[data-testid^="queue-row-"][data-state]', 'data-state')
        return states.length > 0 && states.every((s) => s === 'synced')
      },
      10_000,
    )
    await until(
      'online shown',
      async () => (await page.locator('[data-testid="online-indicator"]').getAttribute('data-online')) === 'true',
      20_000,
    )
    await ws.screenshot('offline-synced-queue')

    // On the server: every entry once, nothing missing.
    const created = [
      ...store.evp.slice(before.evp).map((r) => fingerprintOf('evp', r)),
      ...store.absences.slice(before.absences).map((r) => fingerprintOf('absence', r)),
      ...store.fraisProfessionnels.slice(before.frais).map((r) => fingerprintOf('frais', r)),
    ]
    figures['onServer'] = created.length
    figures['duplicates'] = duplicates(created, (f) => f).length
    figures['lost'] = entered - created.length
    expect(figures['duplicates']).toBe(0)
    // Each form was saved for the employee it was opened for.
    expect(new Set(store.absences.slice(before.absences).map((a) => a.matricule))).toEqual(new Set(people))
    expect(new Set(store.fraisProfessionnels.slice(before.frais).map((f) => f.matricule))).toEqual(new Set(people))
    expect(created.length).toBe(entered)
  })
})

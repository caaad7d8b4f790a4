/**
 * Issue 14, in real Chromium against the sandbox, through the screens only:
 * - the acomptes list (point 4, read only): the dossier's « Acomptes » link opens the period's advances as the
 *   sandbox holds them, one line each (compared id by id), their count and total in cents;
 * - offline (the sandbox stopped, the page reloaded on the grid, whose chunk is made slow): the same acomptes screen
 *   and the EVP grid's list of the period's records read from the cache, with the instant they were read and their
 *   age, and no line lost.
 * Screenshots: test/e2e/artifacts/acomptes-online.png, acomptes-offline.png, records-grid-offline.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { decimalToCents } from '../../src-shared/domain/decimal'
import { startWithReference, type Workstation } from './harness/app'
import { BIG_SIREN, testIdSuffixes, until } from './support'

let ws: Workstation

beforeAll(async () => {
  ;({ ws } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

/** Server ids of the lines « Service » of `kind` the period's records list shows, sorted. */
async function serviceLineIds(kind: string): Promise<string[]> {
  return (await testIdSuffixes(ws.page, `period-record-service|${kind}|`)).sort()
}

/** The instant the shown records were read (`data-fetched-at` of the age line; '' when never). */
async function fetchedAt(): Promise<string> {
  return (await ws.page.getAttribute('[data-testid="period-records-age"]', 'data-fetched-at')) ?? ''
}

describe('the acomptes and the period’s records, online then offline from the cache', () => {
  it('lists the sandbox’s acomptes with their total, then reads them and the grid’s records offline with their age', async () => {
    const page = ws.page
    const base = page.url().split('#')[0] ?? ''
    const dossier = ws.store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const periode = dossier.periode_paie_en_cours
    const acomptes = ws.store.acomptes.filter((a) => a.siren === BIG_SIREN && a.periode === periode)
    expect(acomptes.length).toBeGreaterThanOrEqual(2) // the seed's dossier A pays two advances a month
    const cents = acomptes.reduce((sum, a) => sum + decimalToCents(a.montant), 0n)
    const expectedTotal = `${String(cents / 100n)}.${String(cents % 100n).padStart(2, '0')}`
    const evpIds = ws.store.evp
      .filter((e) => e.siren === BIG_SIREN && e.periode === periode)
      .map((e) => e.id)
      .sort()
    expect(evpIds.length).toBeGreaterThan(0)

    // Online: from the dossier screen to its acomptes, read on the service.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}`)
    await page.click('[data-testid="link-acomptes"]')
    await page.waitForSelector('[data-testid="acomptes-view"]')
    await until('acomptes lus', async () => (await fetchedAt()) !== '', 30_000)
    await until('acomptes listés', async () => (await serviceLineIds('acompte')).length === acomptes.length, 30_000)
    expect(await serviceLineIds('acompte')).toEqual(acomptes.map((a) => a.id).sort())
    expect(await page.getAttribute('[data-testid="acomptes-total"]', 'data-total')).toBe(expectedTotal)
    expect(await page.textContent('[data-testid="acomptes-readonly"]')).toContain('Lecture seule')
    const acomptesReadAt = await fetchedAt()
    await ws.screenshot('acomptes-online')

    // The EVP grid reads the same period's records (its list shows the dossier's EVP as the service holds them).
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    await until('EVP du service listés', async () => (await serviceLineIds('evp')).length === evpIds.length, 30_000)
    // Opening it online read the period again: that read is the one the cache keeps.
    await until('période relue', async () => (await fetchedAt()) > acomptesReadAt, 30_000)
    const readAt = await fetchedAt()

    // The network goes away; the window is reloaded: everything is read from the cache, with its age. The grid's
    // chunk (its first screen after the reload) comes 3 s late, as on a loaded machine: the app shows itself once
    // that screen is resolved, so the move to the acomptes below is not undone by the router's first navigation.
    await ws.stopSandbox()
    const gridChunk = /\/assets\/EvpGridView-[^/]*\.js$/
    await page.route(gridChunk, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await route.continue()
    })
    await page.reload()
    await until(
      'hors ligne affiché',
      async () => (await page.locator('[data-testid="online-indicator"]').getAttribute('data-online')) === 'false',
      30_000,
    )
    await page.unroute(gridChunk)
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/acomptes`)
    await page.waitForSelector('[data-testid="acomptes-view"]')
    await until('acomptes lus du cache', async () => (await serviceLineIds('acompte')).length === acomptes.length, 30_000)
    expect(await serviceLineIds('acompte')).toEqual(acomptes.map((a) => a.id).sort())
    expect(await fetchedAt()).toBe(readAt)
    expect(await page.textContent('[data-testid="period-records-age"]')).toMatch(/^Lus sur le service le .+ \(il y a .+\)$/)
    expect(await page.getAttribute('[data-testid="acomptes-total"]', 'data-total')).toBe(expectedTotal)
    await ws.screenshot('acomptes-offline')

    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    await until('EVP lus du cache', async () => (await serviceLineIds('evp')).length === evpIds.length, 30_000)
    expect(await serviceLineIds('evp')).toEqual(evpIds)
    expect(await fetchedAt()).toBe(readAt)
    expect(await page.textContent('[data-testid="period-records-age"]')).toMatch(/^Lus sur le service le .+ \(il y a .+\)$/)
    await ws.screenshot('records-grid-offline')
  })
})

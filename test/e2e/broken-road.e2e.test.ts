/**
 * "Broken road": the payroll service fails in the three ways a road breaks — 5xx answers for a while, a burst of 429
 * with Retry-After, every token expired mid-run (refreshed transparently), and a token refused after expiry. Each time the clerk's entries are queued, the queue pauses
 * with the reason and the automatic resume time when the road is really broken, and then completes without a
 * click: on the server, each entry exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import { DEMO_CREDENTIALS } from '../../src-sandbox/store/seed'
import { startWorkstation, type Workstation } from './harness/app'
import { BIG_SIREN, duplicates, pasteText, pauseBannerText, simpleEmployees, stateCount, until } from './support'

/** Entries per phase. */
const PER_PHASE = 30
let ws: Workstation
const figures: Record<string, number | string> = {}

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nBROKEN ROAD FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

describe('a broken road to the payroll service, on the 250-employee dossier', () => {
  it('pauses with the reason and resume time, then completes every phase without a click', async () => {
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const before = store.evp.length
    const page = ws.page
    const base = page.url().split('#')[0]
    const people = simpleEmployees(store, BIG_SIREN, dossier.periode_paie_en_cours).slice(0, PER_PHASE)
    expect(people).toHaveLength(PER_PHASE)
    const faults = (): NonNullable<Workstation['sandbox']>['faults'] => ws.sandbox!.faults

    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })

    /**
     * Types one value per employee in column `code` of the grid, then shows the queue. `ready` runs once the grid's read
     * of the period's service records (six lists, issue 14) has ended, before anything is typed: a fault set there meets
     * the sync's writes, not that read.
     */
    async function enter(code: string, value: (i: number) => string, ready?: () => void): Promise<void> {
      const opened = Date.now()
      await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
      await page.waitForSelector('[data-testid="evp-grid"]')
      if (ready !== undefined) {
        await until(
          'period records read',
          async () =>
            Date.parse((await page.locator('[data-testid="period-records-age"]').getAttribute('data-fetched-at')) ?? '') >=
              opened - 1_000 && (await page.locator('[data-testid="period-records-refresh"]').isEnabled()),
          15_000,
        )
        ready()
      }
      for (const [i, matricule] of people.entries()) {
        await page.click(`[data-testid="cell-${matricule}-${code}"]`)
        await pasteText(page, value(i))
      }
      // Saves are held until the grid's read of the period is done, and leaving the grid drops those not started
      // (leaving asks first, and the harness answers yes): every pasted cell must be queued before the test leaves.
      await page.locator('[data-testid="grid-waiting"]').waitFor({ state: 'detached', timeout: 30_000 })
      await page.goto(`${base}#/queue`)
      await page.waitForSelector('[data-testid="queue-view"]')
    }

    /** Waits for the pause banner (polling), checks it names the reason and the resume time; returns its text. */
    async function bannerShown(phase: string): Promise<string> {
      const seen = { text: '' }
      await until(`${phase}: pause banner`, async () => (seen.text = (await pauseBannerText(page)) ?? '') !== '', 30_000)
      const shown = seen.text
      expect(shown).toMatch(/Envois en pause/)
      expect(shown).toMatch(/Reprise automatique (à|le) .*\d{1,2}:\d{2}/)
      figures[`${phase}Code`] = (await page.locator('[data-testid="pause-banner"]').getAttribute('data-code')) ?? ''
      figures[`${phase}Banner`] = shown
      return shown
    }

    // (a) The service answers 5xx: the queue pauses, backs off, and resumes once the service is back.
    faults().set({ errorRate: 1 })
    await enter('HS25', (i) => `${(i % 5) + 1},5`)
    await until('5xx: entries queued', async () => (await stateCount(page, 'total')) === PER_PHASE, 10_000)
    await bannerShown('errors5xx')
    await ws.screenshot('broken-road-paused')
    await new Promise((ok) => setTimeout(ok, 3_000))
    faults().set({ errorRate: 0 })
    let t0 = Date.now()
    await until('5xx: all synced', async () => (await stateCount(page, 'synced')) === PER_PHASE, 45_000)
    figures['errors5xxSecondsToResume'] = Math.round((Date.now() - t0) / 100) / 10
    await until('5xx: banner gone', async () => (await pauseBannerText(page)) === null, 10_000)

    // (b) A burst of 429 with Retry-After: 3 s: the queue waits what the server asked, then resumes.
    t0 = Date.now()
    await enter(
      'HS50',
      (i) => `${(i % 4) + 1}`,
      () => faults().set({ burst429: 5, burstRetryAfterSeconds: 3 }),
    )
    await bannerShown('burst429')
    await until('429: all synced', async () => (await stateCount(page, 'synced')) === 2 * PER_PHASE, 45_000)
    figures['burst429SecondsToSync'] = Math.round((Date.now() - t0) / 100) / 10
    expect(faults().get().burst429).toBe(0)
    await until('429: banner gone', async () => (await pauseBannerText(page)) === null, 10_000)

    // (c) Every token expires mid-run: main gets a new token on the 401 and the queue goes on (no pause needed).
    faults().expireTokens()
    t0 = Date.now()
    await enter('PANIER', (i) => `${12 + i},40`)
    // Every cell queued first: a phase that stalls then says whether its entries were saved or not sent.
    let tokenPauseSeen = false
    /** The check `done`, noting on each poll whether the pause banner shows (it must not, in this phase). */
    const watchingPause = (done: () => Promise<boolean>) => async (): Promise<boolean> => {
      if ((await pauseBannerText(page)) !== null) tokenPauseSeen = true
      return done()
    }
    await until(
      'expired token: entries queued',
      watchingPause(async () => (await stateCount(page, 'total')) === 3 * PER_PHASE),
      10_000,
    )
    await until(
      'expired token: all synced',
      watchingPause(async () => (await stateCount(page, 'synced')) === 3 * PER_PHASE),
      45_000,
    )
    figures['expiredTokenSecondsToSync'] = Math.round((Date.now() - t0) / 100) / 10
    figures['expiredTokenPauseSeen'] = String(tokenPauseSeen)
    expect(tokenPauseSeen).toBe(false)

    // (d) Tokens expire and the new one is refused (the API client's secret was rotated on the server): a 401 after
    // one refresh pauses the queue with its reason and resume time; once the secret is valid again, it completes.
    const client = store.clients.find((c) => c.client_id === DEMO_CREDENTIALS.client_id)!
    const secret = client.client_secret
    client.client_secret = 'secret-renouvele-cote-serveur'
    faults().expireTokens()
    t0 = Date.now()
    await enter('HNUIT', (i) => `${(i % 3) + 1}`)
    await until('token refused: entries queued', async () => (await stateCount(page, 'total')) === 4 * PER_PHASE, 10_000)
    await bannerShown('tokenRefused')
    await ws.screenshot('broken-road-token-refused')
    client.client_secret = secret
    await until('token refused: all synced', async () => (await stateCount(page, 'synced')) === 4 * PER_PHASE, 60_000)
    figures['tokenRefusedSecondsToSync'] = Math.round((Date.now() - t0) / 100) / 10
    await ws.screenshot('broken-road-synced')

    // On the server: every entry once, nothing missing.
    const entered = await stateCount(page, 'total')
    const created = store.evp.slice(before).map((r) => fingerprintOf('evp', r))
    figures['entries'] = entered
    figures['onServer'] = created.length
    figures['duplicates'] = duplicates(created, (f) => f).length
    figures['lost'] = entered - created.length
    expect(entered).toBe(4 * PER_PHASE)
    expect(figures['duplicates']).toBe(0)
    expect(created.length).toBe(entered)
  })
})

/**
 * Issue 13, point 7 (a screenshot of the demo profile after a sync showed the counters "Synchronisé" beside rows still
 * "En attente"): on the queue screen, entries queued while the service is away, then synced with the screen open. The
 * screen is read every 20 ms during the whole sync: the rows shown (all nine fit on screen) always say what the
 * counters say, and at the end every row reads "Synchronisé".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorkstation, type Workstation } from './harness/app'
import { enqueueThroughApp } from './page-data'
import { BIG_SIREN, pollUntil, queueScreen, simpleEmployees, until } from './support'

let ws: Workstation
const figures: Record<string, number> = {}

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nQUEUE LIVE FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

describe('the queue screen during a sync', () => {
  it('shows rows and counters that agree at every moment, and every row synced at the end', async () => {
    const page = ws.page
    const store = ws.store
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const code = (store.codesEvp[BIG_SIREN] ?? []).find((c) => !c.masque && c.format === 'quantite')!.code
    const people = simpleEmployees(store, BIG_SIREN, dossier.periode_paie_en_cours).slice(0, 9)
    expect(people).toHaveLength(9)

    await ws.stopSandbox()
    const entered = await enqueueThroughApp(
      page,
      people.map((matricule, i) => ({
        kind: 'evp',
        payload: { siren: BIG_SIREN, matricule, periode: dossier.periode_paie_en_cours, code_evp: code, quantite: `${i + 1}.5` },
      })),
    )
    expect(entered.saved).toBe(9)
    await page.goto(`${page.url().split('#')[0]}#/queue`)
    await until(
      'nine rows queued',
      async () => {
        const shown = await queueScreen(page)
        return shown.rows['queued'] === 9 && shown.counts['queued'] === 9
      },
      20_000,
    )

    await ws.restartSandbox()
    await page.click('[data-testid="sync-now"]')
    const samples: Awaited<ReturnType<typeof queueScreen>>[] = []
    await pollUntil('nine rows synced', async () => {
      const shown = await queueScreen(page)
      samples.push(shown)
      return shown.rows['synced'] === 9
    })
    figures['samples'] = samples.length
    figures['samplesWithSending'] = samples.filter((s) => (s.rows['sending'] ?? 0) > 0).length

    expect(samples.length).toBeGreaterThan(0)
    for (const sample of samples) {
      expect(sample.loading).toBe(0)
      expect(sample.rows).toEqual(sample.counts)
    }
    const last = await queueScreen(page)
    expect(last).toEqual({ rows: { synced: 9 }, badges: Array.from({ length: 9 }, () => 'Synchronisé'), counts: { synced: 9 }, loading: 0 })
    await ws.screenshot('queue-live-synced')
  })
})

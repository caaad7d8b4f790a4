/**
 * Issue 17, in real Chromium against the sandbox, through the screens only (files chosen on the screen's file input
 * with Playwright's setInputFiles); the EVP layouts are in import.e2e.test.ts:
 * - a cumuls file through the same steps (kind proposed, reasons on cells, a cell fixed with a French comma, the
 *   report's « what we could not take » .xlsx), kept into the cumuls drafts (not the outbox), next month remembered;
 * - an import interrupted by a reload from inside its transaction (the test-only probe) leaves none of its rows;
 * - bad files (empty, encrypted, not a spreadsheet, too big…) refused with a French reason, nothing queued;
 * - axe-core on the screens shown (no serious or critical violation).
 * Screenshots: test/e2e/artifacts/import-*.png.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { startWithReference, type Workstation } from './harness/app'
import {
  bigDossier,
  downloadedRows,
  encryptedWorkbook,
  openImportFile,
  rowStatus,
  seriousViolations,
  totalEntries,
  xlsx,
} from './import-files'
import type { Rows } from './import-files'
import { BIG_SIREN, simpleEmployees, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

describe('spreadsheet import, through the screens: cumuls and failures', () => {
  it('imports cumuls through the same steps: reasons on cells, the report and its export, the mapping remembered', async () => {
    const page = ws.page
    const store = ws.store
    const { dossier, periode } = bigDossier(store)
    const [m1, m2, m3] = simpleEmployees(store, BIG_SIREN, periode).slice(5, 8)
    if (m1 === undefined || m2 === undefined || m3 === undefined) throw new Error('trois salariés attendus')
    const before = await totalEntries(page, base)
    const headers = ['Matricule', 'Cumul', 'Montant']
    await openImportFile(page, base, BIG_SIREN, {
      name: `Cumuls ${dossier.raison_sociale} novembre 2026.xlsx`,
      buffer: xlsx([headers, [m1, 'Net imposable', 18250.75], ['ZZ999', 'NET_IMP', 1], [m2, 'NET_IMP', '12,345']]),
    })
    await page.waitForSelector('[data-testid="import-mapping"]', { timeout: 60_000 })
    expect(await page.inputValue('[data-testid="import-kind"]')).toBe('cumul')
    expect(await Promise.all([0, 1, 2].map((i) => page.inputValue(`[data-testid="import-column-${String(i)}"]`)))).toEqual([
      'matricule',
      'code',
      'valeur',
    ])
    await page.click('[data-testid="import-mapping-confirm"]')
    await until('aperçu des cumuls', async () => (await rowStatus(page, 2)) === 'pret')
    expect(await page.textContent('[data-testid="import-row-2"]')).toContain('18250,75')
    expect([await rowStatus(page, 3), await rowStatus(page, 4)]).toEqual(['erreur', 'erreur'])
    expect(await page.getAttribute('[data-testid="import-cell-3-0"]', 'title')).toContain('Matricule « ZZ999 » inconnu')
    expect(await page.getAttribute('[data-testid="import-cell-4-2"]', 'title')).toContain('2 décimales au plus')
    // Fixed in place with a French comma.
    await page.fill('[data-testid="import-cell-4-2"]', '12,34')
    await page.press('[data-testid="import-cell-4-2"]', 'Tab')
    await until('ligne corrigée', async () => (await rowStatus(page, 4)) === 'pret')
    const previewViolations = await seriousViolations(page)
    await ws.screenshot('import-cumuls-preview')
    await page.click('[data-testid="import-cumuls-keep"]')
    await page.waitForSelector('[data-testid="import-report"]')
    expect(await page.getAttribute('[data-testid="import-saved"]', 'data-saved')).toBe('2')
    expect(await page.textContent('[data-testid="import-left-3"]')).toContain('ZZ999')
    const exported = await downloadedRows(page)
    expect(exported[0]).toEqual(['Ligne', ...headers, 'Motif'])
    expect(exported[1]?.slice(0, 4)).toEqual(['3', 'ZZ999', 'NET_IMP', '1'])
    expect(exported[1]?.[4]).toContain('Matricule « ZZ999 » inconnu')
    const reportViolations = await seriousViolations(page)

    // Next month's file of the same employer: no mapping step.
    await openImportFile(page, base, BIG_SIREN, {
      name: `Cumuls ${dossier.raison_sociale} décembre 2026.xlsx`,
      buffer: xlsx([headers, [m3, 'NET_IMP', 17100]]),
    })
    await page.waitForSelector('[data-testid="import-recalled"]', { timeout: 60_000 })
    expect(await page.locator('[data-testid="import-mapping"]').count()).toBe(0)
    await until('aperçu sans correspondance', async () => (await rowStatus(page, 2)) === 'pret')
    await page.click('[data-testid="import-cumuls-keep"]')
    await page.waitForSelector('[data-testid="import-report"]')
    expect(await page.getAttribute('[data-testid="import-saved"]', 'data-saved')).toBe('1')
    // Into the cumuls drafts, not the outbox.
    expect(await totalEntries(page, base)).toBe(before)
    expect(previewViolations).toEqual([])
    expect(reportViolations).toEqual([])
  })

  it('an import interrupted by a reload inside its transaction leaves none of its rows', async () => {
    const page = ws.page
    const store = ws.store
    const { periode, codes } = bigDossier(store)
    const employees = simpleEmployees(store, BIG_SIREN, periode)
    // One row per employee, one column per code: hundreds of entries in one transaction.
    const rows: Rows = [['Matricule', ...codes.map((c) => c.code)], ...employees.map((m) => [m, ...codes.map(() => 0.125)])]
    const expected = employees.length * codes.length
    expect(expected).toBeGreaterThan(20)
    const before = await totalEntries(page, base)
    await openImportFile(page, base, BIG_SIREN, { name: 'gros-fichier.xlsx', buffer: xlsx(rows) })
    await page.waitForSelector('[data-testid="import-mapping"]', { timeout: 60_000 })
    await page.click('[data-testid="import-mapping-confirm"]')
    await until(
      'aperçu du gros fichier',
      async () => ((await page.getAttribute('[data-testid="import-counts"]', 'data-pret')) ?? '0') === String(employees.length),
      120_000,
    )
    // The test-only probe (features/import/interruptProbe.ts) reloads the window from inside the queueing transaction
    // once half of the rows are written, and holds the transaction open until the page goes.
    const afterRows = Math.floor(expected / 2)
    await page.evaluate(
      `sessionStorage.removeItem('paie-import-interrupted'); window.__paieImportInterrupt = { afterRows: ${String(afterRows)} }`,
    )
    // The import screen's chunk (the first screen after the reload) comes 3 s late, as on a loaded machine: the move to
    // the queue below (made as soon as the page has loaded) happens while it loads and must not be undone.
    const importChunk = /\/assets\/ImportView-[^/]*\.js$/
    await page.route(importChunk, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await route.continue()
    })
    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), page.click('[data-testid="import-queue"]')])
    // The reload came from inside the transaction, after `afterRows` rows were written…
    expect(
      z
        .string()
        .nullable()
        .parse(await page.evaluate("sessionStorage.getItem('paie-import-interrupted')")),
    ).toBe(String(afterRows))
    // …and the new page does not carry the flag.
    expect(z.boolean().parse(await page.evaluate("'__paieImportInterrupt' in window"))).toBe(false)
    // All or none: none, since the reload came before the commit.
    const after = await totalEntries(page, base)
    await page.unroute(importChunk)
    expect(after - before).toBe(0)
    expect(ws.store.evp.filter((e) => e.siren === BIG_SIREN && e.quantite === '0.125')).toHaveLength(0)
  })

  it('says in French why a bad file cannot be imported, and queues nothing', async () => {
    const page = ws.page
    const before = await totalEntries(page, base)
    const bad: { name: string; buffer: Buffer; reason: string; words: string }[] = [
      { name: 'vide.xlsx', buffer: Buffer.alloc(0), reason: 'vide', words: 'Ce fichier est vide' },
      { name: 'facture.pdf', buffer: Buffer.from('%PDF-1.7 facture'), reason: 'pasUnTableur', words: 'n’est pas un tableur' },
      { name: 'abime.xlsx', buffer: Buffer.from('pas un classeur'), reason: 'illisible', words: 'ne peut pas être lu' },
      {
        name: 'protege.xlsx',
        buffer: encryptedWorkbook(),
        reason: 'protege',
        words: 'protégé par un mot de passe',
      },
    ]
    // 50 MB: Playwright takes a file that large from the disk only.
    const huge = join(mkdtempSync(join(tmpdir(), 'import-')), 'enorme.csv')
    writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024, 0x41))
    try {
      await tryBadFiles(page, base, bad, huge)
    } finally {
      rmSync(dirname(huge), { recursive: true, force: true })
    }
    await ws.screenshot('import-bad-file')
    expect(await totalEntries(page, base)).toBe(before)
  })
})

/** Chooses each bad file (then the huge one at `huge`) and checks the screen's French reason; nothing is mapped. */
async function tryBadFiles(
  page: Page,
  base: string,
  bad: readonly { name: string; buffer: Buffer; reason: string; words: string }[],
  huge: string,
): Promise<void> {
  for (const file of [...bad, { name: huge, buffer: null, reason: 'tropVolumineux', words: 'dépasse 20 Mo' }]) {
    await openImportFile(page, base, BIG_SIREN, file.buffer === null ? { path: file.name } : { name: file.name, buffer: file.buffer })
    await page.waitForSelector(`[data-testid="import-failure"][data-reason="${file.reason}"]`, { timeout: 60_000 })
    expect(await page.textContent('[data-testid="import-failure"]')).toContain(file.words)
    expect(await page.locator('[data-testid="import-mapping"]').count()).toBe(0)
  }
}

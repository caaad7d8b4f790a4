/**
 * Issue 5, DSN summaries: through the UI the clerk searches the declarations of three months across the cabinet's
 * dossiers, downloads one summary over a cut connection (nothing partial, then a retry), meets an HTML error page
 * instead of a PDF (clear error, nothing written), then downloads every summary shown in one action; each file is a
 * PDF whose text names its dossier's SIREN and period. Open / show go through main, which refuses paths it did not
 * write. With the service stopped the list of declarations and of downloaded summaries is still there.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recapitulatifFileName } from '../../src-main/declarations/file-names'
import { DOWNLOADS_SUBFOLDER } from '../../src-main/declarations/jobs'
import { startWorkstation, type Workstation } from './harness/app'
import { attributeValues, until } from './support'

let ws: Workstation
const figures: Record<string, number> = {}
const PERIODE_DU = '2026-07'
const PERIODE_AU = '2026-09'

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nDECLARATIONS FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

/** PDF files under the downloads folder (relative paths, sorted); temporary files would show up too. */
async function writtenFiles(): Promise<string[]> {
  const entries = await readdir(ws.downloadsDir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(ws.downloadsDir, join(e.parentPath, e.name)))
    .sort()
}

async function attr(selector: string, name: string): Promise<string> {
  return (await ws.page.getAttribute(selector, name)) ?? ''
}

/** Waits for the progress panel to show a finished job of `total` files; returns its counts. */
async function jobFinished(total: number): Promise<{ done: number; failed: number }> {
  const panel = '[data-testid="download-progress"]'
  await until(
    `job de ${total} fichier(s) terminé`,
    async () =>
      (await ws.page.locator(panel).count()) > 0 &&
      (await attr(panel, 'data-finished')) === 'true' &&
      Number(await attr(panel, 'data-total')) === total,
    120_000,
  )
  return { done: Number(await attr(panel, 'data-done')), failed: Number(await attr(panel, 'data-failed')) }
}

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)))
  return (await extractText(pdf, { mergePages: true })).text
}

describe('DSN summaries across the cabinet', () => {
  it('searches, survives a cut and an HTML page, bulk-downloads real PDFs, and keeps everything offline', async () => {
    const page = ws.page
    const store = ws.store
    const expected = [...store.declarations, ...store.declarationsEvenementielles].filter(
      (d) => d.periode >= PERIODE_DU && d.periode <= PERIODE_AU,
    )
    const available = expected.filter((d) => d.recapitulatif_disponible)
    expect(available.length).toBeGreaterThanOrEqual(20)

    // Reference first (dossier names), then the DSN screen and the cabinet-wide search of three months.
    await page.click('[data-testid="refresh-reference"]')
    await until('référentiel chargé', async () => (await attr('[data-testid="cache-age"]', 'data-fetched-at')) !== '')
    await page.click('[data-testid="nav-declarations"]')
    await page.waitForSelector('[data-testid="declarations-view"]')
    await page.fill('[data-testid="filter-periode-du"]', PERIODE_DU)
    await page.fill('[data-testid="filter-periode-au"]', PERIODE_AU)
    await page.click('[data-testid="declarations-search"]')
    await until('liste des déclarations', async () => (await attr('[data-testid="declarations-cache-age"]', 'data-fetched-at')) !== '')
    expect(Number(await attr('[data-testid="declarations-count"]', 'data-count'))).toBe(expected.length)
    expect(new Set(await attributeValues(page, '[data-testid^="declaration-row-"]', 'data-kind'))).toEqual(
      new Set(['periodique', 'evenementielle']),
    )
    expect(await page.textContent('[data-testid="declarations-cache-age"]')).toMatch(/^Liste du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/)
    const sirens = new Set(available.map((d) => d.siren))
    expect(sirens.size).toBeGreaterThanOrEqual(2)

    // A cut connection: nothing partial on disk, a French reason, then "Réessayer" succeeds.
    const [first, second] = available
    ws.sandbox!.faults.set({ pdfTruncateRate: 1 })
    await page.click(`[data-testid="download-${first!.id}"]`)
    expect(await jobFinished(1)).toEqual({ done: 0, failed: 1 })
    expect(await page.textContent('[data-testid="download-failures"]')).toContain('Connexion coupée pendant le téléchargement')
    expect(await writtenFiles()).toEqual([])
    ws.sandbox!.faults.set({ pdfTruncateRate: 0 })
    await page.click('[data-testid="download-retry"]')
    expect(await jobFinished(1)).toEqual({ done: 1, failed: 0 })
    expect(await writtenFiles()).toEqual([join(DOWNLOADS_SUBFOLDER, first!.siren, recapitulatifFileName(first!))])

    // An HTML page served as 200 instead of the PDF: a clear error, nothing written.
    ws.sandbox!.faults.set({ pdfServeHtml: true })
    await page.click(`[data-testid="download-${second!.id}"]`)
    expect(await jobFinished(1)).toEqual({ done: 0, failed: 1 })
    expect(await page.textContent('[data-testid="download-failures"]')).toContain('text/html » au lieu du PDF')
    expect(await writtenFiles()).toHaveLength(1)
    ws.sandbox!.faults.set({ pdfServeHtml: false })

    // Every summary shown, in one action: a folder per dossier, each file a PDF naming its SIREN and period.
    const started = performance.now()
    await page.click('[data-testid="download-all"]')
    expect(await jobFinished(available.length)).toEqual({ done: available.length, failed: 0 })
    figures['durationMs'] = Math.round(performance.now() - started)
    await ws.screenshot('declarations-bulk')
    const files = await writtenFiles()
    expect(files).toEqual(available.map((d) => join(DOWNLOADS_SUBFOLDER, d.siren, recapitulatifFileName(d))).sort())
    let bytes = 0
    for (const d of available) {
      const path = join(ws.downloadsDir, DOWNLOADS_SUBFOLDER, d.siren, recapitulatifFileName(d))
      const content = await readFile(path)
      expect(content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      bytes += content.length
      const text = await pdfText(path)
      expect(text, path).toContain(d.siren)
      expect(text, path).toContain(d.periode)
    }
    figures['files'] = files.length
    figures['bytes'] = bytes
    figures['kbPerSecond'] = Math.round(bytes / 1024 / (figures['durationMs'] / 1000))
    await until('liste des téléchargés', async () => (await page.locator('[data-testid="downloaded-row"]').count()) === available.length)

    // Open and show go through main; a path main did not write, or a hostile id, is refused.
    await page.locator('[data-testid="downloaded-open"]').first().click()
    await page.locator('[data-testid="downloaded-show"]').first().click()
    await until('ouverture transmise', () => Promise.resolve(ws.shell.opened.length === 1 && ws.shell.shown.length === 1))
    expect(relative(ws.downloadsDir, ws.shell.opened[0]!).startsWith(DOWNLOADS_SUBFOLDER)).toBe(true)
    const refused: unknown = await page.evaluate(`Promise.all([
      window.api['downloads:open']({ path: '/etc/passwd' }),
      window.api['downloads:show']({ path: ${JSON.stringify(join(ws.downloadsDir, 'inconnu.pdf'))} }),
      window.api['downloads:start']({ destination: 'defaut', items: [{ id: '../../evil', siren: '${first!.siren}', nic: '${first!.nic}', periode: '${first!.periode}', nature: '01', type: '01' }] }),
    ])`)
    expect(refused).toMatchObject([
      { ok: false, error: { code: 'CHEMIN_REFUSE' } },
      { ok: false, error: { code: 'CHEMIN_REFUSE' } },
      { ok: false, error: { code: 'ENTREE_INVALIDE' } },
    ])
    expect(ws.shell.opened).toHaveLength(1)
    expect(await writtenFiles()).toHaveLength(available.length)

    // Offline: the service is gone and the window reloads; both lists are still there.
    await ws.stopSandbox()
    await page.reload()
    await page.waitForSelector('[data-testid="declarations-view"]')
    await until('liste en cache', async () => Number(await attr('[data-testid="declarations-count"]', 'data-count')) === expected.length)
    await until('téléchargés hors ligne', async () => (await page.locator('[data-testid="downloaded-row"]').count()) === available.length)
    expect(await attributeValues(page, '[data-testid="downloaded-row"]', 'data-present')).toEqual(available.map(() => 'true'))
    await page.click('[data-testid="declarations-search"]')
    await page.waitForSelector('[data-testid="declarations-error"]')
    expect(Number(await attr('[data-testid="declarations-count"]', 'data-count'))).toBe(expected.length)
    await ws.screenshot('declarations-offline')
  })
})

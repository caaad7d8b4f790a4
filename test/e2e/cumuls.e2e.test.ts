/**
 * Issue 16, point 4, in real Chromium against the sandbox, through the screens only: the cumuls of the big dossier's
 * year, filtered on two cumuls (the filter goes to GET /api/cumuls), a block of 50 employees × 2 cumuls pasted from a
 * spreadsheet (clipboard TSV, French amounts), kept as a draft across a page reload, then sent as ONE PUT; the
 * service refuses a negative number of hours and an employee it no longer holds: those cells show its message in
 * French, in red; the 96 others are held by the sandbox exactly as pasted. axe on the grid with its refusals.
 * Then a spreadsheet of cumuls imported through the import screen (kind « cumuls », issue 17 point 4, the same
 * mapping, preview and report steps as the entry kinds): its rows
 * previewed with their reasons, the ready ones added to the cumuls draft (not the outbox), sent from the cumuls screen
 * as one more PUT. Screenshots: test/e2e/artifacts/cumuls.png, import-cumuls.png.
 */
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { parseFrenchDecimal } from '../../src-shared/domain/decimal'
import { startWithReference, type Workstation } from './harness/app'
import { openImportFile, xlsx } from './import-files'
import { BIG_SIREN, pasteText, testIdSuffixes, until } from './support'

let ws: Workstation

beforeAll(async () => {
  ;({ ws } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

/** Serious or critical axe violations of the page as it is. */
async function seriousViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page: ws.page }).include('[data-testid="cumuls-view"]').analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact ?? ''})`)
}

async function cellState(matricule: string, code: string): Promise<{ state: string | null; title: string | null; text: string }> {
  const cell = ws.page.locator(`[data-testid="ccell-${matricule}-${code}"]`)
  return {
    state: await cell.getAttribute('data-state'),
    title: await cell.getAttribute('title'),
    text: ((await cell.textContent()) ?? '').trim(),
  }
}

async function draftCount(): Promise<number> {
  return Number(await ws.page.locator('[data-testid="cumuls-draft-count"]').getAttribute('data-count'))
}

describe('cumuls pasted from a spreadsheet for 50 employees, one PUT, the refusals on their cells', () => {
  it('filters, pastes, keeps the draft across a reload, sends ONE PUT and shows the two refusals where they belong', async () => {
    const page = ws.page
    const base = page.url().split('#')[0] ?? ''
    await page.goto(`${base}#/dossiers/${BIG_SIREN}`)
    await page.click('[data-testid="link-cumuls"]')
    await page.waitForSelector('[data-testid="cumuls-grid"]', { timeout: 60_000 })
    // Two cumuls only: the filter is the service's (GET /api/cumuls?cumul=HEURES&cumul=BRUT).
    await page.check('[data-testid="cumuls-code-HEURES"]')
    await page.check('[data-testid="cumuls-code-BRUT"]')
    await page.click('[data-testid="cumuls-filtrer"]')
    await until(
      'deux colonnes',
      async () => (await page.locator('[data-testid^="ccell-"]').count()) === (await testIdSuffixes(page, 'crow-')).length * 2,
    )
    const rows = (await testIdSuffixes(page, 'crow-')).slice(0, 50)
    expect(rows).toHaveLength(50)
    const [first = '', , , negative = '', , gone = ''] = rows
    // Columns by category then code: heures (HEURES), remuneration (BRUT).
    const lines = rows.map((m, i) => {
      const heures = m === negative ? '-5' : `${String(1500 + i)},5`
      const brut = `${String(20 + i)} ${String(100 + i)},${String(10 + (i % 90))}`
      return `${heures}\t${brut}`
    })
    // The employee `gone` left the service after this workstation cached the employee list.
    const index = ws.store.salaries.findIndex((s) => s.siren === BIG_SIREN && s.matricule === gone)
    ws.store.salaries.splice(index, 1)

    await page.click(`[data-testid="ccell-${first}-HEURES"]`)
    await pasteText(page, `${lines.join('\r\n')}\r\n`)
    await until('100 cellules en brouillon', async () => (await draftCount()) === 100)
    expect(await page.textContent('[data-testid="cumuls-paste-message"]')).toContain('100 cellule(s) lue(s), 0 en erreur')

    // Reloaded before sending: nothing lost (the draft is in IndexedDB).
    await page.reload()
    await page.waitForSelector('[data-testid="cumuls-grid"]', { timeout: 60_000 })
    await until('brouillon relu', async () => (await draftCount()) === 100)
    expect((await cellState(first, 'BRUT')).state).toBe('draft')

    const before = ws.acceptedOperationCounts().mettreAJourCumuls ?? 0
    await page.click('[data-testid="cumuls-send"]')
    await page.waitForSelector('[data-testid="cumuls-send-result"]', { timeout: 60_000 })
    expect(ws.acceptedOperationCounts().mettreAJourCumuls ?? 0).toBe(before + 1)
    expect(await page.textContent('[data-testid="cumuls-send-result"]')).toContain('97 appliqué(s), 3 refusé(s)')

    const neg = await cellState(negative, 'HEURES')
    expect(neg.state).toBe('rejected')
    expect(neg.title).toMatch(/ne peut pas être négatif/)
    for (const code of ['HEURES', 'BRUT']) {
      const cell = await cellState(gone, code)
      expect(cell.state).toBe('rejected')
      expect(cell.title).toContain(`Salarié ${gone} introuvable`)
    }
    expect(await draftCount()).toBe(0)
    expect(await page.textContent('[data-testid="cumuls-rejected"]')).toContain('introuvable')

    // The sandbox holds the 97 others exactly as pasted; the refused ones are not there.
    rows.forEach((m, i) => {
      const [heures = '', brut = ''] = (lines[i] ?? '').split('\t')
      const held = (code: string) =>
        ws.store.cumuls.find((c) => c.siren === BIG_SIREN && c.matricule === m && c.code_cumul === code)?.valeur
      if (m !== gone) expect(held('BRUT'), m).toBe(parseFrenchDecimal(brut))
      if (m !== gone && m !== negative) expect(held('HEURES'), m).toBe(parseFrenchDecimal(heures))
    })
    expect(ws.store.cumuls.some((c) => c.matricule === negative && c.code_cumul === 'HEURES' && c.valeur === '-5')).toBe(false)
    expect((await cellState(first, 'BRUT')).state).toBe('service')

    // The two cumuls again (the reload showed every column), the refused cell focused from the list.
    await page.check('[data-testid="cumuls-code-HEURES"]')
    await page.check('[data-testid="cumuls-code-BRUT"]')
    await page.click('[data-testid="cumuls-filtrer"]')
    await until('deux colonnes', async () => (await page.locator('[data-testid^="ccell-"][data-testid$="-PAS"]').count()) === 0)
    await page.click(`[data-testid="cumuls-goto-${negative}-HEURES"]`)
    await ws.screenshot('cumuls')
    expect(await seriousViolations()).toEqual([])
  })

  it('imports a spreadsheet of cumuls into the draft (not the outbox), then sends it as one PUT', async () => {
    const page = ws.page
    const base = page.url().split('#')[0] ?? ''
    const [a = '', b = ''] = (await testIdSuffixes(page, 'crow-')).slice(10, 12)
    const file = xlsx([
      ['Matricule', 'Cumul', 'Montant', 'Exercice'],
      [a, 'Net imposable', '18 250,75', ''],
      [b, 'NET_IMP', '17 100,00', ''],
      ['ZZ999', 'NET_IMP', '1,00', ''],
      [b, 'Prime de lune', '3,00', ''],
    ])
    await openImportFile(page, base, BIG_SIREN, { name: 'cumuls-2026.xlsx', buffer: file })
    await page.waitForSelector('[data-testid="import-mapping"]', { timeout: 60_000 })
    expect(await page.inputValue('[data-testid="import-kind"]')).toBe('cumul')
    await page.click('[data-testid="import-mapping-confirm"]')
    const status = (line: number) => page.getAttribute(`[data-testid="import-row-${String(line)}"]`, 'data-status')
    await until('aperçu des cumuls', async () => (await status(2)) === 'pret')
    expect(await status(3)).toBe('pret')
    expect(await page.textContent('[data-testid="import-row-4"]')).toContain('Matricule « ZZ999 » inconnu')
    expect(await page.textContent('[data-testid="import-row-5"]')).toContain('inconnu pour ce dossier')
    const results = await new AxeBuilder({ page }).include('[data-testid="import-preview"]').analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
    await page.click('[data-testid="import-cumuls-keep"]')
    await page.waitForSelector('[data-testid="import-report"]')
    await ws.screenshot('import-cumuls')
    await page.click('[data-testid="import-cumuls-link"]')
    await page.waitForSelector('[data-testid="cumuls-grid"]', { timeout: 60_000 })
    await until('2 cellules importées en brouillon', async () => (await draftCount()) === 2)
    const before = ws.acceptedOperationCounts().mettreAJourCumuls ?? 0
    await page.click('[data-testid="cumuls-send"]')
    await until('envoyé', async () => (await draftCount()) === 0)
    expect(ws.acceptedOperationCounts().mettreAJourCumuls ?? 0).toBe(before + 1)
    const held = (m: string) =>
      ws.store.cumuls.find((c) => c.siren === BIG_SIREN && c.matricule === m && c.code_cumul === 'NET_IMP')?.valeur
    expect([held(a), held(b)]).toEqual(['18250.75', '17100.00'])
  })
})

/**
 * Issue 17, in real Chromium against the sandbox, through the screens only (the files set on the screen's file input
 * with Playwright's setInputFiles, the way a clerk chooses them):
 * - a wide .xlsx written by the test (a title line, one column per EVP code, by code and by label, an unknown
 *   matricule, a totals row): the mapping step proposes the columns, the preview shows the unknown matricule in error
 *   on its cell, the ready rows are queued in one go and reach the sandbox, entry for entry;
 * - a Windows-1252 CSV with `;` and French decimals, employees by name: the unknown name is in error, the report says
 *   so, the others reach the sandbox;
 * - the next month's file of the same employer (same name pattern, same headers) is previewed with no mapping step;
 * - axe-core on the screen showing the mapping and the preview (no serious or critical violation).
 * Screenshots: test/e2e/artifacts/import-*.png.
 */
import AxeBuilder from '@axe-core/playwright'
import { utils, write } from '@e965/xlsx'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Salarie } from '../../src-shared/api/salaries'
import { startWorkstation, type Workstation } from './harness/app'
import { BIG_SIREN, simpleEmployees, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ws = await startWorkstation()
  base = ws.page.url().split('#')[0] ?? ''
  await ws.page.click('[data-testid="refresh-reference"]')
  await ws.page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
})
afterAll(async () => {
  await ws.close()
})

/** The bytes of an .xlsx holding `rows` on one sheet. */
function xlsx(rows: (string | number | null)[][]): Buffer {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Variables')
  return Buffer.from(write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
}

/** Windows-1252 bytes of `text` (Latin-1 letters only). */
function windows1252(text: string): Buffer {
  return Buffer.from(text, 'latin1')
}

/** Opens the import screen from the dossier screen's link and chooses the file `name`. */
async function importFile(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.goto(`${base}#/dossiers/${BIG_SIREN}`)
  await page.click('[data-testid="link-import"]')
  await page.waitForSelector('[data-testid="import-view"]')
  await page.setInputFiles('[data-testid="import-file"]', { name, mimeType, buffer })
}

async function rowStatus(page: Page, line: number): Promise<string | null> {
  return page.getAttribute(`[data-testid="import-row-${String(line)}"]`, 'data-status', { timeout: 60_000 })
}

/** Serious or critical axe violations on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)
}

/** The EVP the sandbox holds for `matricule`, code `code` and quantity `quantite` in `periode`. */
function held(matricule: string, code: string, quantite: string, periode: string): number {
  return ws.store.evp.filter(
    (e) =>
      e.siren === BIG_SIREN &&
      e.matricule === matricule &&
      e.code_evp === code &&
      e.periode === periode &&
      Number(e.quantite) === Number(quantite),
  ).length
}

/** Whether the sandbox holds each of `expected` (matricule, code, quantity) exactly once in `periode`. */
function allHeld(periode: string, expected: readonly (readonly [string, string, string])[]): Promise<boolean> {
  return Promise.resolve(expected.every(([m, code, q]) => held(m, code, q, periode) === 1))
}

describe('spreadsheet import, through the screens', () => {
  it('imports a wide xlsx and a Windows-1252 CSV, then next month’s file with no mapping step', async () => {
    const page = ws.page
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const periode = dossier.periode_paie_en_cours
    const codes = (store.codesEvp[BIG_SIREN] ?? []).filter((c) => c.format === 'quantite' && !c.masque && c.visibilite.gp)
    const [c1, c2] = codes
    if (c1 === undefined || c2 === undefined) throw new Error('deux codes EVP en quantité attendus')
    const people = simpleEmployees(store, BIG_SIREN, periode)
      .map((m) => store.salaries.find((s) => s.siren === BIG_SIREN && s.matricule === m))
      .filter((s): s is Salarie => s !== undefined)
    // Employees whose name is unique in the dossier (the CSV finds them by name).
    const unique = people.filter(
      (p) => store.salaries.filter((s) => s.siren === BIG_SIREN && s.nom === p.nom && s.prenom === p.prenom).length === 1,
    )
    const [a, b, c, d, e] = unique
    if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined)
      throw new Error('cinq salariés simples attendus')

    // 1. A wide xlsx: a title line, the codes as columns (the second by its label), an unknown matricule, a total.
    await importFile(
      page,
      `EVP ${dossier.raison_sociale} novembre 2026.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      xlsx([
        [`Éléments variables ${dossier.raison_sociale}`],
        [],
        ['Matricule', 'Nom', c1.code, c2.libelle],
        [a.matricule, `${a.nom} ${a.prenom}`, 7.25, null],
        [b.matricule, `${b.nom} ${b.prenom}`, 3.5, 1.75],
        ['ZZ999', 'Inconnu', 2, null],
        ['Total', null, 12.75, 1.75],
      ]),
    )
    await page.waitForSelector('[data-testid="import-mapping"]', { timeout: 60_000 })
    expect(await page.inputValue('[data-testid="import-column-0"]')).toBe('matricule')
    expect(await page.inputValue('[data-testid="import-column-2"]')).toBe(`element:${c1.code}`)
    expect(await page.inputValue('[data-testid="import-column-3"]')).toBe(`element:${c2.code}`)
    const mappingViolations = await seriousViolations(page)
    await ws.screenshot('import-mapping')
    await page.click('[data-testid="import-mapping-confirm"]')
    await until('aperçu calculé', async () => (await rowStatus(page, 4)) === 'pret')
    expect([await rowStatus(page, 5), await rowStatus(page, 6), await rowStatus(page, 7)]).toEqual(['pret', 'erreur', 'ignoree'])
    expect(await page.getAttribute('[data-testid="import-cell-6-0"]', 'title')).toContain('Matricule « ZZ999 » inconnu')
    const previewViolations = await seriousViolations(page)
    await ws.screenshot('import-preview-xlsx')
    expect(await page.textContent('[data-testid="import-queue"]')).toContain('3')
    await page.click('[data-testid="import-queue"]')
    await page.waitForSelector('[data-testid="import-report"]')
    expect(await page.getAttribute('[data-testid="import-saved"]', 'data-saved')).toBe('3')
    expect(await page.getAttribute('[data-testid="import-left"]', 'data-count')).toBe('2')
    await ws.screenshot('import-report-xlsx')
    await until(
      'EVP du tableur reçus par le service',
      () =>
        allHeld(periode, [
          [a.matricule, c1.code, '7.25'],
          [b.matricule, c1.code, '3.5'],
          [b.matricule, c2.code, '1.75'],
        ]),
      90_000,
    )

    // 2. A French Excel CSV: Windows-1252, `;`, decimal commas, employees by name; one name unknown.
    const csv = [
      'Nom;Prénom;Code;Quantité',
      `${c.nom};${c.prenom};${c1.code};4,5`,
      `${d.nom};${d.prenom};${c2.libelle};0,5`,
      'Lefèvre;Éloïse;' + c1.code + ';2',
      '',
    ].join('\r\n')
    await importFile(page, 'variables-2026-11.csv', 'text/csv', windows1252(csv))
    await page.waitForSelector('[data-testid="import-mapping"]', { timeout: 60_000 })
    expect(await page.textContent('[data-testid="import-file-info"]')).toContain('windows-1252')
    await page.click('[data-testid="import-mapping-confirm"]')
    await until('aperçu du CSV', async () => (await rowStatus(page, 4)) === 'erreur')
    expect([await rowStatus(page, 2), await rowStatus(page, 3)]).toEqual(['pret', 'pret'])
    expect(await page.textContent('[data-testid="import-row-4"]')).toContain('Aucun salarié « Lefèvre Éloïse » dans ce dossier.')
    await ws.screenshot('import-preview-csv')
    await page.click('[data-testid="import-queue"]')
    await page.waitForSelector('[data-testid="import-report"]')
    expect(await page.textContent('[data-testid="import-left-4"]')).toContain('Lefèvre Éloïse')
    await until(
      'EVP du CSV reçus par le service',
      () =>
        allHeld(periode, [
          [c.matricule, c1.code, '4.5'],
          [d.matricule, c2.code, '0.5'],
        ]),
      90_000,
    )

    // 3. Next month's file of the same employer: same name pattern, same headers: no mapping step.
    await importFile(
      page,
      `EVP ${dossier.raison_sociale} décembre 2026.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      xlsx([
        [`Éléments variables ${dossier.raison_sociale}`],
        [],
        ['Matricule', 'Nom', c1.code, c2.libelle],
        [e.matricule, `${e.nom} ${e.prenom}`, 6, 2.25],
      ]),
    )
    await page.waitForSelector('[data-testid="import-recalled"]', { timeout: 60_000 })
    expect(await page.locator('[data-testid="import-mapping"]').count()).toBe(0)
    await until('aperçu sans correspondance', async () => (await rowStatus(page, 4)) === 'pret')
    await ws.screenshot('import-next-month')
    await page.click('[data-testid="import-queue"]')
    await page.waitForSelector('[data-testid="import-report"]')
    expect(await page.getAttribute('[data-testid="import-saved"]', 'data-saved')).toBe('2')
    await until(
      'EVP du mois suivant reçus',
      () =>
        allHeld(periode, [
          [e.matricule, c1.code, '6'],
          [e.matricule, c2.code, '2.25'],
        ]),
      90_000,
    )

    expect(mappingViolations).toEqual([])
    expect(previewViolations).toEqual([])
  })
})

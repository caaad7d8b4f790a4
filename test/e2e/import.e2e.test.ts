/**
 * Issue 17, in real Chromium against the sandbox, through the screens only (the files set on the screen's file input
 * with Playwright's setInputFiles, the way a clerk chooses them):
 * - a wide .xlsx written by the test (a title line, one column per EVP code, by code and by label, an unknown
 *   matricule, a totals row): the mapping step proposes the columns, the preview shows the unknown matricule in error
 *   on its cell, the ready rows are queued in one go and reach the sandbox, entry for entry;
 * - a Windows-1252 CSV with `;` and French decimals, employees by name: the unknown name is in error, the report says
 *   so, the others reach the sandbox;
 * - the next month's file of the same employer (same name pattern, same headers) is previewed with no mapping step;
 * - the other real-world layouts (long .ods, merged header cells in .xls, a hidden column, absences on a second sheet);
 * - axe-core on the screen showing the mapping and the preview (no serious or critical violation).
 * Cumuls, an interrupted import and bad files: import-cumuls-and-failures.e2e.test.ts.
 * Screenshots: test/e2e/artifacts/import-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startWithReference, type Workstation } from './harness/app'
import { bigDossier, book, openImportFile, rowStatus, seriousViolations, windows1252, xlsx } from './import-files'
import { BIG_SIREN, simpleEmployees, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

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
    const { dossier, periode, codes } = bigDossier(store)
    const [c1, c2] = codes
    if (c1 === undefined || c2 === undefined) throw new Error('deux codes EVP en quantité attendus')
    const people = simpleEmployees(store, BIG_SIREN, periode)
      .map((m) => store.salaries.find((s) => s.siren === BIG_SIREN && s.matricule === m))
      .filter((s) => s !== undefined)
    // Employees whose name is unique in the dossier (the CSV finds them by name).
    const unique = people.filter(
      (p) => store.salaries.filter((s) => s.siren === BIG_SIREN && s.nom === p.nom && s.prenom === p.prenom).length === 1,
    )
    const [a, b, c, d, e] = unique
    if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined)
      throw new Error('cinq salariés simples attendus')

    // 1. A wide xlsx: a title line, the codes as columns (the second by its label), an unknown matricule, a total.
    await openImportFile(page, base, BIG_SIREN, {
      name: `EVP ${dossier.raison_sociale} novembre 2026.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx([
        [`Éléments variables ${dossier.raison_sociale}`],
        [],
        ['Matricule', 'Nom', c1.code, c2.libelle],
        [a.matricule, `${a.nom} ${a.prenom}`, 7.25, null],
        [b.matricule, `${b.nom} ${b.prenom}`, 3.5, 1.75],
        ['ZZ999', 'Inconnu', 2, null],
        ['Total', null, 12.75, 1.75],
      ]),
    })
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
    // The sheet's numbers read the French way (7,25), and the totals row too.
    expect(await page.textContent('[data-testid="import-row-4"]')).toContain('7,25')
    expect(await page.textContent('[data-testid="import-row-7"]')).toContain('12,75')
    const previewViolations = await seriousViolations(page)
    await ws.screenshot('import-preview-xlsx')
    expect(await page.textContent('[data-testid="import-queue"]')).toContain('3')
    await page.click('[data-testid="import-queue"]')
    await page.waitForSelector('[data-testid="import-report"]')
    expect(await page.getAttribute('[data-testid="import-saved"]', 'data-saved')).toBe('3')
    expect(await page.getAttribute('[data-testid="import-left"]', 'data-count')).toBe('2')
    const reportViolations = await seriousViolations(page)
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
    await openImportFile(page, base, BIG_SIREN, { name: 'variables-2026-11.csv', mimeType: 'text/csv', buffer: windows1252(csv) })
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
    await openImportFile(page, base, BIG_SIREN, {
      name: `EVP ${dossier.raison_sociale} décembre 2026.xlsx`,
      buffer: xlsx([
        [`Éléments variables ${dossier.raison_sociale}`],
        [],
        ['Matricule', 'Nom', c1.code, c2.libelle],
        [e.matricule, `${e.nom} ${e.prenom}`, 6, 2.25],
      ]),
    })
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
    expect(reportViolations).toEqual([])
  })

  it('imports the other real-world layouts: long (.ods), merged header cells (.xls), a hidden column, absences on a second sheet', async () => {
    const page = ws.page
    const store = ws.store
    const { periode, codes } = bigDossier(store)
    const [c1, c2] = codes
    if (c1 === undefined || c2 === undefined) throw new Error('deux codes EVP en quantité attendus')
    // Employees not used by the first test (it took the first five with a unique name).
    const [f, g, h, i, j] = simpleEmployees(store, BIG_SIREN, periode).slice(-5)
    if (f === undefined || g === undefined || h === undefined || i === undefined || j === undefined) throw new Error('salariés')
    const absenceCodes = store.codesAbsencesParDossier[BIG_SIREN] ?? []
    const cp = store.codesAbsences.find((c) => absenceCodes.includes(c.code) && c.categorie === 'conges')
    if (cp === undefined) throw new Error('code de congés attendu')

    /** Imports `buffer` as `name`, checks the proposed columns, confirms and queues; returns the statuses by line. */
    const importLayout = async (
      name: string,
      buffer: Buffer,
      columns: Record<number, string>,
      lines: number[],
    ): Promise<(string | null)[]> => {
      await openImportFile(page, base, BIG_SIREN, { name, buffer })
      await page.waitForSelector('[data-testid="import-mapping"]', { timeout: 60_000 })
      for (const [column, value] of Object.entries(columns))
        expect(await page.inputValue(`[data-testid="import-column-${column}"]`)).toBe(value)
      await page.click('[data-testid="import-mapping-confirm"]')
      const last = lines[lines.length - 1] ?? 0
      await until(`aperçu de ${name}`, async () => ((await rowStatus(page, last)) ?? '') !== '')
      const statuses = await Promise.all(lines.map((line) => rowStatus(page, line)))
      await ws.screenshot(`import-${name.replace(/\W+/g, '-')}`)
      await page.click('[data-testid="import-queue"]')
      await page.waitForSelector('[data-testid="import-report"]')
      return statuses
    }

    // Long layout (.ods): one row per element, the code by code or by label, a comment.
    expect(
      await importLayout(
        'saisie-longue.ods',
        book(
          [
            {
              name: 'Saisie',
              rows: [
                ['Matricule', 'Code rubrique', 'Quantité', 'Commentaire'],
                [f, c1.code, 2.5, 'Inventaire'],
                [f, c2.libelle, '1,25', null],
                [f, 'INCONNU', 1, null],
              ],
            },
          ],
          'ods',
        ),
        { 0: 'matricule', 1: 'code', 2: 'quantite', 3: 'commentaire' },
        [2, 3, 4],
      ),
    ).toEqual(['pret', 'pret', 'erreur'])

    // Merged header cells (.xls): « Salarié » over the matricule, a group label over the code column.
    expect(
      await importLayout(
        'groupes.xls',
        book(
          [
            {
              name: 'EVP',
              rows: [
                ['Salarié', null, 'Heures', null],
                ['Matricule', 'Nom', c1.code, c2.code],
                [g, 'x', 4, 0.5],
              ],
              merges: [
                { r: 0, c1: 0, c2: 1 },
                { r: 0, c1: 2, c2: 3 },
              ],
            },
          ],
          'xls',
        ),
        { 0: 'matricule', 2: `element:${c1.code}`, 3: `element:${c2.code}` },
        [3],
      ),
    ).toEqual(['pret'])

    // A hidden column holding junk: left out of the mapping and of the entries.
    expect(
      await importLayout(
        'colonne-masquee.xlsx',
        book([
          {
            name: 'EVP',
            rows: [
              ['Matricule', 'Ancien code', c1.code],
              [h, 'ZZZ', 3],
            ],
            hidden: [1],
          },
        ]),
        { 0: 'matricule', 1: 'ignorer', 2: `element:${c1.code}` },
        [2],
      ),
    ).toEqual(['pret'])

    // Absences on the second sheet of the book (the first holds notes): dates as jj/mm/aaaa text and as date cells.
    expect(
      await importLayout(
        'absences.xlsx',
        book([
          { name: 'Notes', rows: [['Envoyé par la comptable'], ['Merci']] },
          {
            name: 'Absences',
            rows: [
              ['Matricule', 'Motif', 'Du', 'Au'],
              [i, cp.libelle, `09/${periode.slice(5)}/${periode.slice(0, 4)}`, `10/${periode.slice(5)}/${periode.slice(0, 4)}`],
              [j, cp.code, `${periode}-16`, `${periode}-16`],
            ],
          },
        ]),
        { 0: 'matricule', 1: 'code', 2: 'dateDebut', 3: 'dateFin' },
        [2, 3],
      ),
    ).toEqual(['pret', 'pret'])

    await until(
      'éléments des quatre tableurs reçus par le service',
      () =>
        Promise.resolve(
          held(f, c1.code, '2.5', periode) === 1 &&
            held(f, c2.code, '1.25', periode) === 1 &&
            held(g, c1.code, '4', periode) === 1 &&
            held(g, c2.code, '0.5', periode) === 1 &&
            held(h, c1.code, '3', periode) === 1 &&
            store.absences.filter(
              (a) => a.siren === BIG_SIREN && a.matricule === i && a.date_debut === `${periode}-09` && a.date_fin === `${periode}-10`,
            ).length === 1 &&
            store.absences.filter((a) => a.siren === BIG_SIREN && a.matricule === j && a.date_debut === `${periode}-16`).length === 1,
        ),
      90_000,
    )
    // The junk of the hidden column reached nothing.
    expect(store.evp.some((e) => e.code_evp === 'ZZZ')).toBe(false)
  })
})

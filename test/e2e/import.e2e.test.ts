/**
 * Issue 17, in real Chromium against the sandbox, through the screens only (the files set on the screen's file input
 * with Playwright's setInputFiles, the way a clerk chooses them):
 * - a wide .xlsx written by the test (a title line, one column per EVP code, by code and by label, an unknown
 *   matricule, a totals row): the mapping step proposes the columns, the preview shows the unknown matricule in error
 *   on its cell, the ready rows are queued in one go and reach the sandbox, entry for entry;
 * - a Windows-1252 CSV with `;` and French decimals, employees by name: the unknown name is in error, the report says
 *   so, the others reach the sandbox;
 * - the next month's file of the same employer (same name pattern, same headers) is previewed with no mapping step;
 * - a cumuls file through the same steps (kind proposed, reasons on cells, a cell fixed with a French comma, the
 *   report's « what we could not take » .xlsx), kept into the cumuls drafts (not the outbox), next month remembered;
 * - an import interrupted by a reload from inside its transaction (the test-only probe) leaves none of its rows;
 * - axe-core on the screen showing the mapping and the preview (no serious or critical violation).
 * Screenshots: test/e2e/artifacts/import-*.png.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { startWithReference, type Workstation } from './harness/app'
import { book, downloadedRows, encryptedWorkbook, openImportFile, windows1252, xlsx } from './import-files'
import type { ImportFileSpec, Rows } from './import-files'
import { BIG_SIREN, simpleEmployees, stateCount, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

/** Opens the big dossier's import screen and chooses `file` (import-files.ts `openImportFile`). */
async function importFile(page: Page, file: ImportFileSpec): Promise<void> {
  await openImportFile(page, base, BIG_SIREN, file)
}

async function rowStatus(page: Page, line: number): Promise<string | null> {
  return page.getAttribute(`[data-testid="import-row-${String(line)}"]`, 'data-status', { timeout: 60_000 })
}

/** Entries of this workstation, every state (the queue screen's total). */
async function totalEntries(page: Page): Promise<number> {
  await page.goto(`${base}#/queue`)
  await page.waitForSelector('[data-testid="state-count-total"]')
  await new Promise((resolve) => setTimeout(resolve, 500))
  return stateCount(page, 'total')
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
      .filter((s) => s !== undefined)
    // Employees whose name is unique in the dossier (the CSV finds them by name).
    const unique = people.filter(
      (p) => store.salaries.filter((s) => s.siren === BIG_SIREN && s.nom === p.nom && s.prenom === p.prenom).length === 1,
    )
    const [a, b, c, d, e] = unique
    if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined)
      throw new Error('cinq salariés simples attendus')

    // 1. A wide xlsx: a title line, the codes as columns (the second by its label), an unknown matricule, a total.
    await importFile(page, {
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
    await importFile(page, { name: 'variables-2026-11.csv', mimeType: 'text/csv', buffer: windows1252(csv) })
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
    await importFile(page, {
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
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const periode = dossier.periode_paie_en_cours
    const [c1, c2] = (store.codesEvp[BIG_SIREN] ?? []).filter((c) => c.format === 'quantite' && !c.masque && c.visibilite.gp)
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
      await importFile(page, { name, buffer })
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

  it('imports cumuls through the same steps: reasons on cells, the report and its export, the mapping remembered', async () => {
    const page = ws.page
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const [m1, m2, m3] = simpleEmployees(store, BIG_SIREN, dossier.periode_paie_en_cours).slice(5, 8)
    if (m1 === undefined || m2 === undefined || m3 === undefined) throw new Error('trois salariés attendus')
    const before = await totalEntries(page)
    const headers = ['Matricule', 'Cumul', 'Montant']
    await importFile(page, {
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
    await importFile(page, { name: `Cumuls ${dossier.raison_sociale} décembre 2026.xlsx`, buffer: xlsx([headers, [m3, 'NET_IMP', 17100]]) })
    await page.waitForSelector('[data-testid="import-recalled"]', { timeout: 60_000 })
    expect(await page.locator('[data-testid="import-mapping"]').count()).toBe(0)
    await until('aperçu sans correspondance', async () => (await rowStatus(page, 2)) === 'pret')
    await page.click('[data-testid="import-cumuls-keep"]')
    await page.waitForSelector('[data-testid="import-report"]')
    expect(await page.getAttribute('[data-testid="import-saved"]', 'data-saved')).toBe('1')
    // Into the cumuls drafts, not the outbox.
    expect(await totalEntries(page)).toBe(before)
    expect(previewViolations).toEqual([])
    expect(reportViolations).toEqual([])
  })

  it('an import interrupted by a reload inside its transaction leaves none of its rows', async () => {
    const page = ws.page
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const periode = dossier.periode_paie_en_cours
    const codes = (store.codesEvp[BIG_SIREN] ?? []).filter((c) => c.format === 'quantite' && !c.masque && c.visibilite.gp)
    const employees = simpleEmployees(store, BIG_SIREN, periode)
    // One row per employee, one column per code: hundreds of entries in one transaction.
    const rows: Rows = [['Matricule', ...codes.map((c) => c.code)], ...employees.map((m) => [m, ...codes.map(() => 0.125)])]
    const expected = employees.length * codes.length
    expect(expected).toBeGreaterThan(20)
    const before = await totalEntries(page)
    await importFile(page, { name: 'gros-fichier.xlsx', buffer: xlsx(rows) })
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
    const after = await totalEntries(page)
    await page.unroute(importChunk)
    expect(after - before).toBe(0)
    expect(ws.store.evp.filter((e) => e.siren === BIG_SIREN && e.quantite === '0.125')).toHaveLength(0)
  })

  it('says in French why a bad file cannot be imported, and queues nothing', async () => {
    const page = ws.page
    const before = await totalEntries(page)
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
      await tryBadFiles(page, bad, huge)
    } finally {
      rmSync(dirname(huge), { recursive: true, force: true })
    }
    await ws.screenshot('import-bad-file')
    expect(await totalEntries(page)).toBe(before)
  })
})

/** Chooses each bad file (then the huge one at `huge`) and checks the screen's French reason; nothing is mapped. */
async function tryBadFiles(
  page: Page,
  bad: readonly { name: string; buffer: Buffer; reason: string; words: string }[],
  huge: string,
): Promise<void> {
  for (const file of [...bad, { name: huge, buffer: null, reason: 'tropVolumineux', words: 'dépasse 20 Mo' }]) {
    await importFile(page, file.buffer === null ? { path: file.name } : { name: file.name, buffer: file.buffer })
    await page.waitForSelector(`[data-testid="import-failure"][data-reason="${file.reason}"]`, { timeout: 60_000 })
    expect(await page.textContent('[data-testid="import-failure"]')).toContain(file.words)
    expect(await page.locator('[data-testid="import-mapping"]').count()).toBe(0)
  }
}

/**
 * Issue 16 (points 1, 3 and 6), in real Chromium against the sandbox, through the screens only:
 * - the employee sheet opened from the dossier's list: the IBAN masked but its last 4 (the full IBAN and the NIR are
 *   nowhere in the page nor in any IPC answer), BIC, holder, safe, contracts, notes and the month's elements;
 * - a contract with its working-time table shown as a week, Monday to Sunday, as the sandbox holds it;
 * - offline (the sandbox stopped, the page reloaded): the same sheet read from the cache with its read instant and age;
 * - back online, an extraction launched, followed until done, and its CSV downloaded by main to disk (checked there);
 * - axe on each new screen (no serious or critical violation).
 * Screenshots: test/e2e/artifacts/employee-sheet.png, contract-week.png, employee-sheet-offline.png, extractions.png.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { semaineDeTravail } from '../../src-shared/domain/people'
import { startWithReference, type Workstation } from './harness/app'
import { BIG_SIREN, seriousAxeViolations, until, waitOnline } from './support'

let ws: Workstation

beforeAll(async () => {
  ;({ ws } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

const seriousViolations = (): Promise<string[]> => seriousAxeViolations(ws.page)

async function text(testid: string): Promise<string> {
  return ((await ws.page.textContent(`[data-testid="${testid}"]`)) ?? '').trim()
}

const online = (value: boolean): Promise<void> => waitOnline(ws.page, value)

describe('the employee sheet, a contract’s week, offline from the cache, and an extraction downloaded', () => {
  it('shows the sheet with the IBAN masked, the contract’s week, the cached sheet offline, then downloads an extraction', async () => {
    const page = ws.page
    const base = page.url().split('#')[0] ?? ''
    // An employee of the big dossier paid by transfer with a contract holding a working-time table.
    const candidates = ws.store.contrats.filter(
      (c) =>
        c.siren === BIG_SIREN &&
        c.duree_travail.tableau_horaire !== null &&
        ws.store.salaries.some(
          (s) => s.siren === BIG_SIREN && s.matricule === c.matricule && s.informations_paiement.coordonnees_bancaires !== null,
        ),
    )
    // Preferably one whose payslip was refused: the sheet then shows the refusal's motif.
    const refusalOf = (matricule: string) =>
      ws.store.notes.find((n) => n.siren === BIG_SIREN && n.matricule === matricule && n.type === 'refus_bulletin')
    const contrat = candidates.find((c) => refusalOf(c.matricule) !== undefined) ?? candidates[0]!
    const salarie = ws.store.salaries.find((s) => s.siren === BIG_SIREN && s.matricule === contrat.matricule)!
    const iban = salarie.informations_paiement.coordonnees_bancaires!.iban
    const trafficBefore = ws.ipcTraffic.length

    // Online: from the dossier's list to the sheet.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}`)
    await page.click(`[data-testid="sheet-link-${salarie.matricule}"]`)
    await page.waitForSelector('[data-testid="salarie-sheet"]')
    await until('fiche lue', async () => (await page.getAttribute('[data-testid="sheet-age"]', 'data-fetched-at')) !== '', 30_000)
    const readAt = (await page.getAttribute('[data-testid="sheet-age"]', 'data-fetched-at')) ?? ''
    const masked = await text('sheet-iban')
    expect(masked).toMatch(new RegExp(`^(•{1,4} )+${iban.slice(-4)}$`))
    expect(await text('sheet-bic')).toBe(salarie.informations_paiement.coordonnees_bancaires!.bic)
    expect(await text('sheet-nic')).toContain(salarie.nic)
    expect(await text('sheet-coffre')).toBe(salarie.coffre_active ? 'Activé' : 'Non activé')
    expect(await page.isVisible(`[data-testid="sheet-contract-${contrat.numero_contrat}"]`)).toBe(true)
    expect(await page.isVisible('[data-testid="sheet-notes"]')).toBe(true)
    const refusal = refusalOf(salarie.matricule)
    if (refusal !== undefined) expect(await text(`sheet-note-${refusal.id}`)).toContain(`Motif : ${refusal.texte}`)
    expect(await page.isVisible('[data-testid="period-records"]')).toBe(true)
    const html = await page.content()
    expect(html).not.toContain(iban)
    expect(html).not.toContain(salarie.nir)
    const traffic = ws.ipcTraffic.slice(trafficBefore).join('\n')
    expect(traffic).not.toContain(iban)
    expect(traffic).not.toContain(salarie.nir)
    await ws.screenshot('employee-sheet')
    expect(await seriousViolations()).toEqual([])

    // The contract: its working time as a week, day by day as the sandbox holds it.
    await page.click(`[data-testid="sheet-contract-link-${contrat.numero_contrat}"]`)
    await page.waitForSelector('[data-testid="work-week"]')
    const expected = semaineDeTravail(contrat.duree_travail.tableau_horaire)!
    for (const day of expected) expect(await page.getAttribute(`[data-testid="work-day-${day.jour}"]`, 'data-heures')).toBe(day.heures)
    expect(await text('work-week')).toContain('Lundi')
    expect(await text('contrat-nature')).toMatch(new RegExp(`^${contrat.nature_contrat} — .+`))
    await ws.screenshot('contract-week')
    expect(await seriousViolations()).toEqual([])

    // Offline, the window reloaded: the sheet from the cache, with the instant it was read and its age.
    await ws.stopSandbox()
    await page.reload()
    await online(false)
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/salaries/${salarie.matricule}`)
    await page.waitForSelector('[data-testid="sheet-iban"]')
    expect(await text('sheet-iban')).toBe(masked)
    expect(await page.getAttribute('[data-testid="sheet-age"]', 'data-fetched-at')).toBe(readAt)
    expect(await text('sheet-age')).toMatch(/^Fiche lue sur le service le .+ \(il y a .+\)$/)
    await ws.screenshot('employee-sheet-offline')

    // Back online: an extraction launched, followed until done, its file downloaded by main.
    await ws.restartSandbox()
    await page.reload()
    await online(true)
    const periode = ws.store.dossiers.find((d) => d.siren === BIG_SIREN)!.periode_paie_en_cours
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/extractions`)
    await page.waitForSelector('[data-testid="extractions-view"]')
    await page.selectOption('[data-testid="extraction-type"]', 'contrats')
    await page.selectOption('[data-testid="extraction-periode"]', periode)
    const before = ws.store.extractions.length
    await page.click('[data-testid="extraction-launch"]')
    await until('extraction lancée', () => Promise.resolve(ws.store.extractions.length === before + 1), 30_000)
    const launched = ws.store.extractions.at(-1)!
    await until(
      'extraction terminée',
      async () => (await page.getAttribute(`[data-testid="extraction-${launched.id}"]`, 'data-statut')) === 'terminee',
      30_000,
    )
    await page.click(`[data-testid="extraction-download-${launched.id}"]`)
    await until(
      'fichier téléchargé',
      async () => (await page.getAttribute('[data-testid="download-progress"]', 'data-finished')) === 'true',
      30_000,
    )
    expect(await page.getAttribute('[data-testid="download-progress"]', 'data-done')).toBe('1')
    const folder = join(ws.downloadsDir, 'Extractions', BIG_SIREN)
    const files = await readdir(folder)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(new RegExp(`^extraction_contrats_${BIG_SIREN}_${periode}_[0-9a-f]{8}\\.csv$`))
    const csv = await readFile(join(folder, files[0]!), 'utf8')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(launched.colonnes.join(';'))
    expect(lines).toHaveLength(launched.lignes.length + 1)
    expect(launched.lignes.length).toBeGreaterThan(10)
    // Opened with the system's application (the shell's fake records it): the very file main wrote.
    await page.click('[data-testid="extraction-open"]')
    await until('fichier ouvert', () => Promise.resolve(ws.shell.opened.length > 0), 10_000)
    expect(ws.shell.opened.at(-1)).toBe(join(folder, files[0]!))
    await ws.screenshot('extractions')
    expect(await seriousViolations()).toEqual([])
  })
})

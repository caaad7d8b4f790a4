/**
 * Issue 16 point 3, in real Chromium against the sandbox, through the screens only: a contract created from the
 * employee sheet with its coded fields chosen in the searchable selects (typed and picked with the keyboard or the
 * mouse) from the code lists read once online; offline the contract is queued as a people write (#63, said so);
 * back online the people drain sends it: synced, on the sheet, and the contract's screen shows its working time as a
 * week; the sandbox holds exactly that contract, once. axe on the queued form and on the contract.
 * Screenshots: test/e2e/artifacts/contract-create-queued.png, contract-created-week.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startWorkstation, type Workstation } from './harness/app'
import { BIG_SIREN, seriousAxeViolations, until, waitOnline } from './support'

let ws: Workstation

beforeAll(async () => {
  ws = await startWorkstation()
  await ws.page.click('[data-testid="refresh-reference"]')
  await ws.page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
})
afterAll(async () => {
  await ws.close()
})

const seriousViolations = (): Promise<string[]> => seriousAxeViolations(ws.page)

const online = (value: boolean): Promise<void> => waitOnline(ws.page, value)

function firstCode(nom: string): { code: string; libelle: string } {
  const found = ws.store.listesCodes.find((l) => l.nom === nom)?.elements[0]
  if (found === undefined) throw new Error(`liste ${nom} vide`)
  return found
}

async function openForm(base: string, matricule: string): Promise<void> {
  await ws.page.goto(`${base}#/dossiers/${BIG_SIREN}/salaries/${matricule}/nouveau-contrat`)
  await ws.page.waitForSelector('[data-testid="contrat-create"][data-ready="true"]')
}

describe('a contract created from the employee sheet', () => {
  it('is queued offline, synced back online with its coded fields, and shown with its week', async () => {
    const page = ws.page
    const base = page.url().split('#')[0] ?? ''
    const salarie = ws.store.salaries.find((s) => s.siren === BIG_SIREN && s.date_sortie === null)!
    const nic = salarie.nic
    const profession = firstCode('professions')
    const idcc = firstCode('conventions_collectives')

    // Online: from the sheet to the form; the code lists are read and cached.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/salaries/${salarie.matricule}`)
    await page.waitForSelector('[data-testid="salarie-sheet"]')
    await page.click('[data-testid="contract-create-link"]')
    await page.waitForSelector('[data-testid="contrat-create"][data-ready="true"]')
    await until('listes lues', async () => (await page.getAttribute('[data-testid="codes-age"]', 'data-fetched-at')) !== '', 30_000)

    // Offline, the window reloaded: the lists from the cache, the form filled, the contract queued.
    await ws.stopSandbox()
    await page.reload()
    await online(false)
    await openForm(base, salarie.matricule)
    expect(await page.textContent('[data-testid="codes-age"]')).toMatch(/^Listes de codes lues sur le service le /)
    await page.fill('[data-testid="field-numero_contrat"]', 'E2E01')
    // Keyboard: typed, the first match active, Enter chooses.
    await page.fill('[data-testid="field-nature_contrat"]', '02')
    await page.keyboard.press('Enter')
    await page.fill('[data-testid="field-pcs_ese"]', '636d')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    // Mouse: typed, then the option clicked.
    await page.fill('[data-testid="field-code_profession"]', profession.code)
    await page.click(`[data-testid="combobox-option-code_profession-${profession.code}"]`)
    await page.fill('[data-testid="field-dispositif_politique_publique"]', 'professionnalisation')
    await page.click('[data-testid="combobox-option-dispositif_politique_publique-61"]')
    await page.fill('[data-testid="field-idcc"]', idcc.code)
    await page.click(`[data-testid="combobox-option-idcc-${idcc.code}"]`)
    await page.fill('[data-testid="field-date_debut"]', '01/12/2026')
    await page.fill('[data-testid="field-date_fin"]', '31/05/2027')
    await page.selectOption('[data-testid="field-modalite_temps"]', '20')
    for (const [day, hours] of [
      ['3', '0'],
      ['5', '3,5'],
    ] as const)
      await page.fill(`[data-testid="week-input-${day}"]`, hours)
    expect(await page.getAttribute('[data-testid="week-input-total"]', 'data-heures')).toBe('24.5')
    await page.click('[data-testid="contrat-create-submit"]')
    await page.waitForSelector('[data-testid="contrat-write"][data-state="queued"]')
    expect(await page.textContent('[data-testid="contrat-write"]')).toContain('En attente d’envoi')
    expect(await page.isDisabled('[data-testid="contrat-create-submit"]')).toBe(true)
    expect(ws.store.contrats.some((c) => c.numero_contrat === 'E2E01')).toBe(false)
    await ws.screenshot('contract-create-queued')
    expect(await seriousViolations()).toEqual([])

    // Back online: the queued write shown again and sent by the people drain, synced, on the sheet.
    await ws.restartSandbox()
    await page.reload()
    await online(true)
    await openForm(base, salarie.matricule)
    await page.waitForSelector('[data-testid="contrat-write"][data-state="synced"]', { timeout: 30_000 })
    await page.click('[data-testid="contrat-create-back"]')
    await page.waitForSelector('[data-testid="sheet-contract-E2E01"]', { timeout: 30_000 })
    await page.click('[data-testid="sheet-contract-link-E2E01"]')
    await page.waitForSelector('[data-testid="contrat-view"] [data-testid="work-week"]', { timeout: 30_000 })
    expect(page.url()).toContain(`/salaries/${salarie.matricule}/contrats/E2E01`)
    const week = []
    for (const day of [1, 2, 3, 4, 5, 6, 7]) week.push(await page.getAttribute(`[data-testid="work-day-${String(day)}"]`, 'data-heures'))
    expect(week).toEqual(['7', '7', '0', '7', '3.5', '0', '0'])
    expect(await page.getAttribute('[data-testid="work-week-total"]', 'data-heures')).toBe('24.5')
    expect(await page.textContent('[data-testid="contrat-pcs"]')).toMatch(/^636d — Cuisiniers/)
    expect(await page.textContent('[data-testid="contrat-dispositif"]')).toMatch(/^61 — Contrat de professionnalisation/)
    await ws.screenshot('contract-created-week')
    expect(await seriousViolations()).toEqual([])

    // The sandbox holds exactly that contract, once.
    const held = ws.store.contrats.filter((c) => c.siren === BIG_SIREN && c.matricule === salarie.matricule && c.numero_contrat === 'E2E01')
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({
      nic,
      nature_contrat: '02',
      libelle_emploi: profession.libelle,
      pcs_ese: '636d',
      code_profession: profession.code,
      dispositif_politique_publique: '61',
      idcc: idcc.code,
      date_debut: '2026-12-01',
      date_fin: '2027-05-31',
      duree_travail: {
        numero_contrat: 'E2E01',
        modalite_temps: '20',
        unite_mesure: '10',
        quotite: '106.17',
        quotite_reference: '151.67',
        tableau_horaire: [
          { jour: 1, heures: '7' },
          { jour: 2, heures: '7' },
          { jour: 4, heures: '7' },
          { jour: 5, heures: '3.5' },
        ],
      },
    })
  })
})

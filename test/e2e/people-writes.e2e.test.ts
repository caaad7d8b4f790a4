/**
 * Issue 16 (points 2, 3 and 5), in real Chromium against the sandbox, through the employee sheet only:
 * - a new hire's sheet: a wrong IBAN refused on the field in French (nothing queued), a right one queued offline with
 *   a note and a contract (its coded fields chosen in the searchable selects, typed and picked with the keyboard or
 *   the mouse, from the code lists read once online), all sent when the service answers again; the sandbox holds
 *   exactly those bank details, one note and that contract once, and the contract's screen shows its week;
 * - bank details changed offline for 30 employees of one dossier, 2 of them with an IBAN the service refuses (already
 *   another employee's): ONE PATCH …/coordonnees-bancaires, the 2 refused show the service's message, the 28 others are
 *   synced and held by the sandbox;
 * - axe on the sheet with its forms open and an error shown, on the queued contract form and on the contract.
 * Screenshots: test/e2e/artifacts/people-bank-refused-field.png, people-queued-offline.png, contract-create-queued.png,
 * people-synced.png, contract-created-week.png, people-batch-refused.png.
 */
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildIbanFr } from '../../src-sandbox/store/seed-identifiers'
import { startWithReference, type Workstation } from './harness/app'
import { BIG_SIREN, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

const BIC = 'CCBPFRPPXXX'

async function seriousViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page: ws.page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact ?? ''})`)
}

async function online(value: boolean): Promise<void> {
  await until(
    value ? 'en ligne' : 'hors ligne',
    async () => (await ws.page.locator('[data-testid="online-indicator"]').getAttribute('data-online')) === String(value),
    30_000,
  )
}

async function goOffline(): Promise<void> {
  await ws.stopSandbox()
  await ws.page.reload()
  await online(false)
}

async function goOnline(): Promise<void> {
  await ws.restartSandbox()
  await ws.page.reload()
  await online(true)
}

async function openSheet(matricule: string): Promise<void> {
  await ws.page.goto(`${base}#/dossiers/${BIG_SIREN}/salaries/${matricule}`)
  await ws.page.waitForSelector('[data-testid="bank-open"]')
}

/** The state of the newest bank-details write shown on the open sheet ('' when none). */
async function bankState(): Promise<string> {
  const row = ws.page.locator('[data-testid="sheet-bank"] p[data-testid^="people-write-"]')
  return (await row.count()) === 0 ? '' : ((await row.getAttribute('data-state')) ?? '')
}

async function typeBank(iban: string): Promise<void> {
  const page = ws.page
  if ((await page.locator('[data-testid="bank-iban"]').count()) === 0) await page.click('[data-testid="bank-open"]')
  await page.fill('[data-testid="bank-iban"]', iban)
  await page.fill('[data-testid="bank-bic"]', BIC)
  await page.click('[data-testid="bank-save"]')
}

function heldIban(matricule: string): string | undefined {
  return ws.store.salaries.find((s) => s.siren === BIG_SIREN && s.matricule === matricule)?.informations_paiement.coordonnees_bancaires
    ?.iban
}

function freshIban(n: number): string {
  return buildIbanFr('10107', '00175', String(70_000_000_000 + n))
}

/** The first element of the sandbox's code list `nom`. */
function firstCode(nom: string): { code: string; libelle: string } {
  const found = ws.store.listesCodes.find((l) => l.nom === nom)?.elements[0]
  if (found === undefined) throw new Error(`liste ${nom} vide`)
  return found
}

async function openContractForm(matricule: string): Promise<void> {
  await ws.page.goto(`${base}#/dossiers/${BIG_SIREN}/salaries/${matricule}/nouveau-contrat`)
  await ws.page.waitForSelector('[data-testid="contrat-create"][data-ready="true"]')
}

/** Fills the contract form: E2E01, part time from 1 December to 31 May, coded fields by keyboard and by mouse. */
async function fillContract(profession: string, idcc: string): Promise<void> {
  const page = ws.page
  await page.fill('[data-testid="field-numero_contrat"]', 'E2E01')
  // Keyboard: typed, the first match active, Enter chooses.
  await page.fill('[data-testid="field-nature_contrat"]', '02')
  await page.keyboard.press('Enter')
  await page.fill('[data-testid="field-pcs_ese"]', '636d')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  // Mouse: typed, then the option clicked.
  await page.fill('[data-testid="field-code_profession"]', profession)
  await page.click(`[data-testid="combobox-option-code_profession-${profession}"]`)
  await page.fill('[data-testid="field-dispositif_politique_publique"]', 'professionnalisation')
  await page.click('[data-testid="combobox-option-dispositif_politique_publique-61"]')
  await page.fill('[data-testid="field-idcc"]', idcc)
  await page.click(`[data-testid="combobox-option-idcc-${idcc}"]`)
  await page.fill('[data-testid="field-date_debut"]', '01/12/2026')
  await page.fill('[data-testid="field-date_fin"]', '31/05/2027')
  await page.selectOption('[data-testid="field-modalite_temps"]', '20')
  for (const [day, hours] of [
    ['3', '0'],
    ['5', '3,5'],
  ] as const)
    await page.fill(`[data-testid="week-input-${day}"]`, hours)
  expect(await page.getAttribute('[data-testid="week-input-total"]', 'data-heures')).toBe('24.5')
}

describe('people writes from the employee sheet, offline then synced', () => {
  it('a new hire: wrong IBAN refused in French, right one, a note and a contract queued offline, synced, held by the sandbox', async () => {
    const page = ws.page
    const hire = ws.store.salaries
      .filter((s) => s.siren === BIG_SIREN && s.date_sortie === null)
      .sort((a, b) => b.date_entree.localeCompare(a.date_entree) || a.matricule.localeCompare(b.matricule))[0]!
    const notesBefore = ws.store.notes.length
    const profession = firstCode('professions')
    const idcc = firstCode('conventions_collectives')
    // Online once: the sheet read and cached; from it the contract form, whose code lists are read and cached.
    await openSheet(hire.matricule)
    await until('fiche lue', async () => (await page.getAttribute('[data-testid="sheet-age"]', 'data-fetched-at')) !== '', 30_000)
    await page.click('[data-testid="contract-create-link"]')
    await page.waitForSelector('[data-testid="contrat-create"][data-ready="true"]')
    await until('listes lues', async () => (await page.getAttribute('[data-testid="codes-age"]', 'data-fetched-at')) !== '', 30_000)

    await goOffline()
    await openSheet(hire.matricule)
    const iban = freshIban(1)
    await typeBank(`${iban.slice(0, -1)}${iban.endsWith('0') ? '1' : '0'}`.replace(/(.{4})/g, '$1 '))
    await page.waitForSelector('[data-testid="field-error-iban"]')
    expect((await page.textContent('[data-testid="field-error-iban"]'))?.trim()).toBe('IBAN invalide')
    expect(await bankState()).toBe('')
    await ws.screenshot('people-bank-refused-field')
    expect(await seriousViolations()).toEqual([])

    await typeBank(iban.toLowerCase().replace(/(.{4})/g, '$1 '))
    await until('coordonnées en attente', async () => (await bankState()) === 'queued', 10_000)
    expect(await page.textContent('[data-testid="bank-pending"]')).toContain(iban.slice(-4))
    expect(await page.textContent('[data-testid="sheet-bank"]')).not.toContain(iban.slice(4, 12))
    const texte = `Visite d’embauche à prévoir (${hire.matricule})`
    await page.fill('[data-testid="note-texte"]', texte)
    await page.click('[data-testid="note-add"]')
    await page.waitForSelector('[data-testid="sheet-note-form"] p[data-state="queued"]')
    await ws.screenshot('people-queued-offline')
    expect(heldIban(hire.matricule)).not.toBe(iban)

    // The contract, offline: the lists from the cache, the form filled, the contract queued (said so).
    await openContractForm(hire.matricule)
    expect(await page.textContent('[data-testid="codes-age"]')).toMatch(/^Listes de codes lues sur le service le /)
    await fillContract(profession.code, idcc.code)
    await page.click('[data-testid="contrat-create-submit"]')
    await page.waitForSelector('[data-testid="contrat-write"][data-state="queued"]')
    expect(await page.textContent('[data-testid="contrat-write"]')).toContain('En attente d’envoi')
    expect(await page.isDisabled('[data-testid="contrat-create-submit"]')).toBe(true)
    expect(ws.store.contrats.some((c) => c.numero_contrat === 'E2E01')).toBe(false)
    await ws.screenshot('contract-create-queued')
    expect(await seriousViolations()).toEqual([])

    // Back online on the contract form (reloaded): its queued write shown again, then sent by the people drain.
    await goOnline()
    await page.waitForSelector('[data-testid="contrat-create"][data-ready="true"]')
    await page.waitForSelector('[data-testid="contrat-write"][data-state="synced"]', { timeout: 30_000 })
    await openSheet(hire.matricule)
    await until('coordonnées enregistrées', async () => (await bankState()) === 'synced', 30_000)
    await until('note affichée', async () => ((await page.textContent('[data-testid="sheet-notes"]')) ?? '').includes(texte), 30_000)
    expect(ws.store.salaries.find((s) => s.siren === BIG_SIREN && s.matricule === hire.matricule)?.informations_paiement).toEqual({
      mode_paiement: 'virement',
      coordonnees_bancaires: { iban, bic: BIC, titulaire: expect.any(String) as string },
    })
    expect(ws.store.notes.filter((n) => n.matricule === hire.matricule && n.texte === texte)).toHaveLength(1)
    expect(ws.store.notes.length).toBe(notesBefore + 1)
    // The sheet is read again once the drain has synced its writes (the note may show earlier: pending notes are listed).
    await until(
      'IBAN du service sur la fiche',
      async () => ((await page.textContent('[data-testid="sheet-iban"]')) ?? '').includes(iban.slice(-4)),
      30_000,
    )
    await ws.screenshot('people-synced')
    expect(await seriousViolations()).toEqual([])

    // The contract on the sheet, its screen showing the working time as a week.
    await page.waitForSelector('[data-testid="sheet-contract-E2E01"]', { timeout: 30_000 })
    await page.click('[data-testid="sheet-contract-link-E2E01"]')
    await page.waitForSelector('[data-testid="contrat-view"] [data-testid="work-week"]', { timeout: 30_000 })
    expect(page.url()).toContain(`/salaries/${hire.matricule}/contrats/E2E01`)
    const week = []
    for (const day of [1, 2, 3, 4, 5, 6, 7]) week.push(await page.getAttribute(`[data-testid="work-day-${String(day)}"]`, 'data-heures'))
    expect(week).toEqual(['7', '7', '0', '7', '3.5', '0', '0'])
    expect(await page.getAttribute('[data-testid="work-week-total"]', 'data-heures')).toBe('24.5')
    expect(await page.textContent('[data-testid="contrat-pcs"]')).toMatch(/^636d — Cuisiniers/)
    expect(await page.textContent('[data-testid="contrat-dispositif"]')).toMatch(/^61 — Contrat de professionnalisation/)
    await ws.screenshot('contract-created-week')
    expect(await seriousViolations()).toEqual([])

    // The sandbox holds exactly that contract, once.
    const held = ws.store.contrats.filter((c) => c.siren === BIG_SIREN && c.matricule === hire.matricule && c.numero_contrat === 'E2E01')
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({
      nic: hire.nic,
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

  it('30 employees’ bank details in one batch; the service refuses 2: they show its message, the 28 others are synced', async () => {
    const page = ws.page
    const present = ws.store.salaries.filter(
      (s) => s.siren === BIG_SIREN && s.date_sortie === null && s.informations_paiement.coordonnees_bancaires !== null,
    )
    const sources = present.slice(0, 2)
    const batch = present.slice(2, 32).map((s) => s.matricule)
    expect(batch).toHaveLength(30)
    const refusedAt = new Map([
      [batch[7]!, sources[0]!.informations_paiement.coordonnees_bancaires!.iban],
      [batch[21]!, sources[1]!.informations_paiement.coordonnees_bancaires!.iban],
    ])
    const typed = new Map(batch.map((m, i) => [m, refusedAt.get(m) ?? freshIban(100 + i)]))
    const before = new Map(batch.map((m) => [m, heldIban(m)]))

    await goOffline()
    for (const m of batch) {
      await openSheet(m)
      await typeBank(typed.get(m)!)
      await until(`coordonnées de ${m} en attente`, async () => (await bankState()) === 'queued', 10_000)
    }
    const patches = ws.acceptedOperationCounts().modifierCoordonneesBancaires ?? 0
    await goOnline()
    await until(
      '28 coordonnées enregistrées par le service',
      () => Promise.resolve(batch.filter((m) => heldIban(m) === typed.get(m)).length === 28),
      60_000,
    )
    for (const [m, iban] of refusedAt) {
      expect(heldIban(m)).toBe(before.get(m))
      expect(heldIban(m)).not.toBe(iban)
      await openSheet(m)
      await until(`refus de ${m}`, async () => (await bankState()) === 'rejected', 30_000)
      expect(await page.textContent('[data-testid="sheet-bank"]')).toContain(
        'Refusé par le service : IBAN déjà enregistré pour un autre salarié du dossier',
      )
    }
    // One batch: the 30 changes of the dossier in ONE PATCH …/coordonnees-bancaires. Counted once the refusals are
    // on screen: the sandbox holds the changes before main's client has read the answer (and counted it).
    expect((ws.acceptedOperationCounts().modifierCoordonneesBancaires ?? 0) - patches).toBe(1)
    await ws.screenshot('people-batch-refused')
    await openSheet(batch[0]!)
    await until('coordonnées enregistrées', async () => (await bankState()) === 'synced', 30_000)
  })
})

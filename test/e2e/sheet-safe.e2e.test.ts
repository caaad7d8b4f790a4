/**
 * The employee sheet's « Modifier » and « Activer le coffre », then the payslip sent to the employee's digital safe,
 * in real Chromium against the sandbox, through the screens only, on the smallest dossier with a validated payslip of
 * an employee whose safe is not activated:
 * - the payslip first: « Envoyer au coffre-fort » is not offered, with the reason (the safe is not activated);
 * - the sheet: « Modifier » changes the usage name and the e-mail, « Activer le coffre » activates the safe; each
 *   write is queued then sent (PATCH /api/dossiers/{siren}/salaries), the sheet read again shows the service's values;
 * - once the safe's activation is synced, the dossier's reference is read again (GET /api/dossiers/{siren} and its
 *   employees): the payslip now offers « Envoyer au coffre-fort »; sent, the service holds it « envoyé au coffre ».
 * - axe on the sheet with « Modifier » open, and on the sheet after the writes.
 * Screenshots: test/e2e/artifacts/safe-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startWithReference, type Workstation } from './harness/app'
import { seriousAxeViolations, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference())
})
afterAll(async () => {
  await ws.close()
})

/** Text of the element `testid`, trimmed ('' when absent). */
async function text(testid: string): Promise<string> {
  const found = ws.page.locator(`[data-testid="${testid}"]`)
  return (await found.count()) === 0 ? '' : ((await found.first().textContent()) ?? '').trim()
}

/** State of the newest write shown in the sheet's panel `panel` ('' when none). */
async function writeState(panel: string): Promise<string> {
  const row = ws.page.locator(`[data-testid="${panel}"] p[data-testid^="people-write-"]`)
  return (await row.count()) === 0 ? '' : ((await row.first().getAttribute('data-state')) ?? '')
}

/** The smallest dossier's validated payslip of the current period whose employee's safe is not activated. */
function pickPayslip(): { siren: string; matricule: string; id: string } {
  const store = ws.store
  const size = (siren: string): number => store.salaries.filter((s) => s.siren === siren).length
  for (const dossier of [...store.dossiers].sort((a, b) => size(a.siren) - size(b.siren))) {
    const found = store.bulletins.find(
      (b) =>
        b.siren === dossier.siren &&
        b.periode === dossier.periode_paie_en_cours &&
        b.statut === 'valide' &&
        store.salaries.find((s) => s.siren === b.siren && s.matricule === b.matricule)?.coffre_active === false,
    )
    if (found !== undefined) return { siren: found.siren, matricule: found.matricule, id: found.id }
  }
  throw new Error('aucun bulletin validé d’un salarié sans coffre dans le seed')
}

describe('the employee sheet’s edits and safe, then the payslip sent to the safe', () => {
  it('edits the employee, activates the safe, and the payslip is then sent to the safe', async () => {
    const page = ws.page
    const { siren, matricule, id } = pickPayslip()
    const held = () => ws.store.salaries.find((s) => s.siren === siren && s.matricule === matricule)
    const email = `${matricule}.paie@example.fr`

    // 1. The payslip: « Envoyer au coffre-fort » is not offered while the safe is not activated.
    await page.goto(`${base}#/dossiers/${siren}/bulletins/${id}`)
    await page.waitForSelector('[data-testid="rubriques"]', { timeout: 30_000 })
    expect(await page.getAttribute('[data-testid="bulletin-statut"]', 'data-statut')).toBe('valide')
    expect(await page.getAttribute('[data-testid="action-envoi-coffre"]', 'disabled')).not.toBeNull()
    expect(await text('action-reason-envoi-coffre')).toBe('Le coffre-fort numérique du salarié n’est pas activé.')

    // 2. The sheet: « Modifier » with the usage name and the e-mail.
    await page.goto(`${base}#/dossiers/${siren}/salaries/${matricule}`)
    await until('fiche lue', async () => (await page.getAttribute('[data-testid="sheet-age"]', 'data-fetched-at')) !== '', 30_000)
    expect(await text('sheet-coffre')).toBe('Non activé')
    await page.click('[data-testid="edit-open"]')
    await page.waitForSelector('[data-testid="edit-save"]')
    expect(await page.inputValue('[data-testid="edit-email"]')).toBe(held()?.email ?? '')
    await page.click('[data-testid="edit-save"]')
    expect(await text('edit-none')).toBe('Aucune modification à enregistrer.')
    await page.fill('[data-testid="edit-nom-usage"]', 'Lefèvre-Martin')
    await page.fill('[data-testid="edit-email"]', email)
    await ws.screenshot('safe-sheet-edit-open')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.click('[data-testid="edit-save"]')
    await until('modification enregistrée par le service', async () => (await writeState('sheet-edit')) === 'synced', 30_000)
    expect(held()).toMatchObject({ nom_usage: 'Lefèvre-Martin', email, coffre_active: false })

    // 3. « Activer le coffre »: queued, sent, the sheet read again says it is activated.
    await page.click('[data-testid="safe-activate"]')
    await until('coffre activé par le service', async () => (await writeState('safe-write')) === 'synced', 30_000)
    expect(held()?.coffre_active).toBe(true)
    await until('fiche relue', async () => (await text('sheet-coffre')) === 'Activé', 30_000)
    expect(await text('salarie-sheet')).toContain(email)
    expect(await text('salarie-sheet')).toContain('Lefèvre-Martin')
    expect(await page.locator('[data-testid="safe-activate"]').count()).toBe(0)
    await ws.screenshot('safe-sheet-synced')
    expect(await seriousAxeViolations(page)).toEqual([])

    // 4. The payslip now offers « Envoyer au coffre-fort » (the dossier's reference read again after the sync).
    await page.goto(`${base}#/dossiers/${siren}/bulletins/${id}`)
    await page.waitForSelector('[data-testid="rubriques"]', { timeout: 30_000 })
    await until(
      'envoi au coffre proposé',
      async () => (await page.getAttribute('[data-testid="action-envoi-coffre"]', 'disabled')) === null,
      30_000,
    )
    expect(await text('action-reason-envoi-coffre')).toBe('')
    expect(ws.operationCounts().lireDossier ?? 0).toBeGreaterThanOrEqual(1)
    await page.click('[data-testid="action-envoi-coffre"]')
    await page.click('[data-testid="confirm-yes"]')
    await until(
      'bulletin envoyé au coffre',
      async () => (await page.getAttribute('[data-testid="bulletin-statut"]', 'data-statut')) === 'envoye_coffre',
      30_000,
    )
    const sent = ws.store.bulletins.find((b) => b.id === id)
    expect(sent?.statut).toBe('envoye_coffre')
    expect(sent?.date_envoi_coffre).not.toBeNull()
    await ws.screenshot('safe-payslip-sent')
    const operations = ws.operationCounts()
    expect([operations.modifierSalaries, operations.envoyerBulletinCoffre]).toEqual([2, 1])
  })
})

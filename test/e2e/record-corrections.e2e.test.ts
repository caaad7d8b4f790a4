/**
 * The clerk corrects their OWN records once the service holds them (the operations record-edits.e2e does not reach:
 * DELETE of an EVP and of an absence, PATCH of a frais professionnel), in real Chromium against the sandbox, through
 * the screens only, on a small dossier (C):
 * - an EVP typed in the grid, an absence and a frais entered through their forms, all synced;
 * - the EVP deleted from the grid's list of the period's records, the absence deleted from the employee sheet's list,
 *   the frais's amount corrected through its form in « Modifier »: each change queued (the outbox, like any write) and
 *   sent once; the service then holds exactly that, record by record, and the lists no longer offer what is gone:
 *   a deleted record is its deletion's line only (what was deleted, « Synchronisé », struck through), never a live
 *   line of its old values; the corrected frais is one line, with its new amount;
 * - axe on the employee sheet with its records list and the deletion's confirmation open, and on the list after.
 * Screenshots: test/e2e/artifacts/corrections-*.png.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startWithReference, type Workstation } from './harness/app'
import { settledOutbox } from './page-data'
import { comparableRecord, dossierC, lastToastId, nextToast, seriousAxeViolations, simpleEmployees, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference())
})
afterAll(async () => {
  await ws.close()
})

/** Clicks `selector` and returns the toast it shows. */
async function clickForToast(page: Page, selector: string): Promise<{ kind: string; text: string }> {
  const after = await lastToastId(page)
  await page.click(selector)
  return nextToast(page, after)
}

/** The lines of the period's records about record `id`, as `origin operation: text` (`synced delete: …`). */
async function recordLines(page: Page, id: string): Promise<string[]> {
  const rows = await page.locator(`[data-testid="period-records"] tr[data-server-id="${id}"]`).all()
  return Promise.all(
    rows.map(
      async (r) =>
        `${(await r.getAttribute('data-origin')) ?? ''} ${(await r.getAttribute('data-operation')) ?? ''}: ${((await r.textContent()) ?? '').replace(/\s+/g, ' ').trim()}`,
    ),
  )
}

/** Waits until the list's one line about record `id` is a settled `origin operation` one, and returns its text. */
async function settledLine(page: Page, id: string, kind: string): Promise<string> {
  let lines: string[] = []
  await until(
    `liste : ${kind}`,
    async () => {
      lines = await recordLines(page, id)
      return lines.length === 1 && lines[0]?.startsWith(`${kind}:`) === true
    },
    30_000,
  )
  return lines[0] ?? ''
}

/** « Supprimer » on the line of record `id`, confirmed: the toast says the deletion is queued. */
async function deleteRecord(page: Page, id: string, screenshot?: string): Promise<void> {
  await page.locator(`[data-testid="record-delete-${id}"]`).waitFor({ timeout: 30_000 })
  await page.click(`[data-testid="record-delete-${id}"]`)
  await page.waitForSelector('[data-testid="confirm-dialog"][open]')
  if (screenshot !== undefined) {
    await ws.screenshot(screenshot)
    expect(await seriousAxeViolations(page)).toEqual([])
  }
  expect(await clickForToast(page, '[data-testid="confirm-yes"]')).toEqual({
    kind: 'success',
    text: expect.stringContaining('Suppression mise en file.') as string,
  })
}

describe('the clerk corrects their own synced records', () => {
  it('deletes a synced EVP and a synced absence, corrects a synced frais; the service holds exactly that', async () => {
    const page = ws.page
    const store = ws.store
    const { siren, periode } = dossierC(store)
    const matricule = simpleEmployees(store, siren, periode)[0]
    if (matricule === undefined) throw new Error('salarié absent du seed')
    const inDossier = (r: { siren: string }): boolean => r.siren === siren
    const snapshot = (): Map<string, Record<string, unknown>> =>
      new Map([...store.evp, ...store.absences, ...store.fraisProfessionnels].filter(inDossier).map((r) => [r.id, comparableRecord(r)]))

    // 1. The clerk's entries: one EVP in the grid, one absence and one frais through their forms, synced.
    await page.goto(`${base}#/dossiers/${siren}/evp?q=${matricule}`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    // One contract in the period: the grid's row is keyed by the matricule alone.
    await page.click(`[data-testid="cell-${matricule}-HS25"]`)
    await page.keyboard.type('4')
    await page.keyboard.press('Enter')
    await until('EVP enregistré', async () => Number(await page.getAttribute('[data-testid="grid-saved"]', 'data-count')) === 1, 20_000)
    await page.goto(`${base}#/dossiers/${siren}/absence?matricule=${matricule}`)
    await page.waitForSelector('[data-testid="absence-form"]')
    await page.selectOption('[data-testid="field-code_absence"]', 'MAL')
    await page.fill('[data-testid="field-date_debut"]', `${periode}-16`)
    await page.fill('[data-testid="field-date_fin"]', `${periode}-17`)
    expect((await clickForToast(page, '[data-testid="submit"]')).kind).toBe('success')
    await page.goto(`${base}#/dossiers/${siren}/frais?matricule=${matricule}`)
    await page.waitForSelector('[data-testid="frais-form"]')
    await page.selectOption('[data-testid="field-type_frais"]', 'repas')
    await page.fill('[data-testid="field-date"]', `${periode}-05`)
    await page.fill('[data-testid="field-montant"]', '12,50')
    expect((await clickForToast(page, '[data-testid="submit"]')).kind).toBe('success')
    const created = await settledOutbox(page)
    const serverIdOf = (kind: string): string => {
      const row = created.find((r) => r.kind === kind && r.operation === 'create')
      expect(row?.state, kind).toBe('synced')
      return row?.serverId ?? ''
    }
    const [evpId, absenceId, fraisId] = [serverIdOf('evp'), serverIdOf('absence'), serverIdOf('frais')]
    expect(store.evp.find((e) => e.id === evpId)).toMatchObject({ matricule, code_evp: 'HS25', quantite: '4', periode })
    expect(store.absences.find((a) => a.id === absenceId)).toMatchObject({ matricule, code_absence: 'MAL', date_debut: `${periode}-16` })
    expect(store.fraisProfessionnels.find((f) => f.id === fraisId)).toMatchObject({ matricule, type_frais: 'repas', montant: '12.50' })
    const before = snapshot()

    // 2. The EVP deleted from the grid's list of the period's records.
    await page.goto(`${base}#/dossiers/${siren}/evp?q=${matricule}`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    await deleteRecord(page, evpId)
    // The EVP's one line becomes its deletion (« suppression en attente », then done), never a live line beside it.
    expect(await settledLine(page, evpId, 'synced delete')).toMatch(/HS25.*quantité 4.*Synchronisé.*Suppression/)
    await ws.screenshot('corrections-evp-deleted')

    // 3. The absence deleted from the employee sheet's list of the month's elements (axe with the confirmation open).
    await page.goto(`${base}#/dossiers/${siren}/salaries/${matricule}`)
    await page.waitForSelector('[data-testid="salarie-sheet"]')
    await deleteRecord(page, absenceId, 'corrections-sheet-delete-confirm')
    expect(await settledLine(page, absenceId, 'synced delete')).toMatch(/MAL.*du 16\/.* au 17\/.*Synchronisé.*Suppression/)
    expect(await settledLine(page, evpId, 'synced delete')).toMatch(/HS25.*quantité 4/)

    // 4. The frais corrected through its form in « Modifier », prefilled with what the service holds.
    await page.goto(`${base}#/dossiers/${siren}/frais?matricule=${matricule}`)
    await page.waitForSelector('[data-testid="frais-form"]')
    await page.locator(`[data-testid="record-edit-${fraisId}"]`).waitFor({ timeout: 30_000 })
    await page.click(`[data-testid="record-edit-${fraisId}"]`)
    await page.waitForSelector('[data-testid="record-edit-banner"]')
    await until('frais prérempli', async () => (await page.inputValue('[data-testid="field-montant"]')) === '12,50')
    await page.fill('[data-testid="field-montant"]', '15,00')
    expect(await clickForToast(page, '[data-testid="submit"]')).toEqual({
      kind: 'success',
      text: expect.stringContaining('Modification mise en file.') as string,
    })

    // Each change sent once; the service holds exactly the intended records.
    const rows = await settledOutbox(page)
    await until('EVP et absence supprimés, frais corrigé sur le service', () =>
      Promise.resolve(
        !store.evp.some((e) => e.id === evpId) &&
          !store.absences.some((a) => a.id === absenceId) &&
          store.fraisProfessionnels.find((f) => f.id === fraisId)?.montant === '15.00',
      ),
    )
    const expected = new Map(before)
    expected.delete(evpId)
    expected.delete(absenceId)
    expected.set(fraisId, { ...before.get(fraisId), montant: '15.00' })
    const after = snapshot()
    expect([...after.keys()].sort()).toEqual([...expected.keys()].sort())
    for (const [id, record] of expected) expect(after.get(id), id).toEqual(record)
    expect(rows.filter((r) => r.state !== 'synced')).toEqual([])
    expect(rows.map((r) => `${r.kind}:${r.operation}:${r.targetServerId ?? r.serverId ?? ''}`).sort()).toEqual(
      [
        `evp:create:${evpId}`,
        `evp:delete:${evpId}`,
        `absence:create:${absenceId}`,
        `absence:delete:${absenceId}`,
        `frais:create:${fraisId}`,
        `frais:update:${fraisId}`,
      ].sort(),
    )

    // What the clerk sees: the sheet's list no longer offers the deleted records; the frais shows its new amount.
    await page.goto(`${base}#/dossiers/${siren}/salaries/${matricule}`)
    await page.waitForSelector('[data-testid="salarie-sheet"]')
    await page.click('[data-testid="period-records-refresh"]')
    await page.locator(`[data-testid="record-edit-${fraisId}"]`).waitFor({ timeout: 30_000 })
    await until(
      'liste du mois à jour',
      async () =>
        (await page.locator(`[data-testid="record-delete-${evpId}"], [data-testid="record-delete-${absenceId}"]`).count()) === 0 &&
        ((await page.textContent('[data-testid="period-records"]')) ?? '').includes('15,00'),
      30_000,
    )
    // Each record once: the deletions saying what was deleted, the frais with its new amount only.
    expect(await settledLine(page, evpId, 'synced delete')).toMatch(/HS25.*quantité 4.*Suppression/)
    expect(await settledLine(page, absenceId, 'synced delete')).toMatch(/MAL.*Suppression/)
    const frais = await settledLine(page, fraisId, 'synced update')
    expect(frais).toMatch(/repas.*15,00.*Synchronisé/)
    expect(frais).not.toContain('12,50')
    await ws.screenshot('corrections-sheet-after')
    expect(await seriousAxeViolations(page)).toEqual([])
    const operations = ws.acceptedOperationCounts()
    expect([operations.supprimerEvp, operations.supprimerAbsence, operations.modifierFraisProfessionnel]).toEqual([1, 1, 1])
  })
})

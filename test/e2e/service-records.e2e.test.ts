/**
 * Issue 14, points 1 and 2, in real Chromium against the sandbox, through the screens only:
 * - before the clerk opens a dossier, a colleague's API client (another seeded client, over HTTP) creates one EVP and
 *   one absence in it; the EVP grid's list of the period's records (components/PeriodRecords.vue, read through
 *   `records:refresh`) shows the EVP with its origin « Service », the absence form's list shows the absence;
 * - the EVP grid shows the colleague's EVP in its cell (state `service`, issue 14 point 5): typing the same value
 *   queues nothing;
 * - the clerk types in the frais form the very frais the colleague entered: warned on the field with its date, nothing
 *   queued; « Enregistrer quand même » queues it.
 * - on a slow network, a value pasted in the grid before the service's answer is read waits for it: the cell the
 *   colleague's EVP fills gets no second EVP (docs/api-assumptions.md #85).
 * Screenshots: test/e2e/artifacts/records-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { createPayrollConnection } from '../../src-main/services/connection'
import { DEMO_CREDENTIALS, SEED_CLIENTS } from '../../src-sandbox/store/seed'
import { AbsenceCreateDto, EvpCreateDto, FraisProfessionnelCreateDto } from '../../src-shared/api/entries'
import { startWithReference, type Workstation } from './harness/app'
import { BIG_SIREN, lastToastId, nextToast, pasteText, simpleEmployees, until } from './support'

let ws: Workstation

beforeAll(async () => {
  ;({ ws } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

/** An outbox row as the page's IndexedDB holds it (the fields this scenario reads). */
const OutboxRow = z.object({ state: z.string(), payload: z.record(z.string(), z.unknown()) })

/** Every outbox row of the page's databases, read in the page (a script string: no DOM library in this file). */
async function outboxRows(): Promise<z.infer<typeof OutboxRow>[]> {
  const rows: unknown = await ws.page.evaluate(`(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name).filter((n) => n && n.startsWith('paie'))
    const all = []
    for (const name of names) {
      const db = await new Promise((ok, ko) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
      if (!db.objectStoreNames.contains('outbox')) { db.close(); continue }
      const found = await new Promise((ok, ko) => { const r = db.transaction('outbox').objectStore('outbox').getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
      db.close()
      all.push(...found)
    }
    return all
  })()`)
  return z.array(OutboxRow).parse(rows)
}

/** Number of cells the grid saved so far (`grid-saved`'s data-count). */
async function gridSaved(): Promise<number> {
  return Number(await ws.page.locator('[data-testid="grid-saved"]').getAttribute('data-count'))
}

/** Status of a grid cell (`data-state`: '' for an empty one, `identical`, `queued`, ...). */
async function cellState(testId: string): Promise<string> {
  return (await ws.page.getAttribute(`[data-testid="${testId}"]`, 'data-state')) ?? ''
}

describe('the service records of the period, created by another client, on the entry screens', () => {
  it('lists them with origin « Service », shows the EVP in its grid cell, warns about an identical frais and queues it when confirmed', async () => {
    const page = ws.page
    const store = ws.store
    const base = page.url().split('#')[0] ?? ''
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const periode = dossier.periode_paie_en_cours
    const withEvp = new Set(store.evp.filter((e) => e.siren === BIG_SIREN && e.periode === periode).map((e) => e.matricule))
    const [forEvp, forAbsence] = simpleEmployees(store, BIG_SIREN, periode).filter((m) => !withEvp.has(m))
    if (forEvp === undefined || forAbsence === undefined) throw new Error('salariés absents du seed')
    const available = store.codesAbsencesParDossier[BIG_SIREN] ?? []
    const codeAbsence = store.codesAbsences.find((c) => available.includes(c.code))?.code
    if (codeAbsence === undefined) throw new Error('code d’absence absent du seed')

    // A colleague's API client writes first, over HTTP, into the same service.
    const colleague = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-restreint')
    if (colleague === undefined) throw new Error('client du seed absent')
    const other = createPayrollConnection({ baseUrl: ws.sandboxUrl, clientId: colleague.client_id, clientSecret: colleague.client_secret })
    const evp = await other.client.call('creerEvp', {
      body: EvpCreateDto.parse({ siren: BIG_SIREN, matricule: forEvp, periode, code_evp: 'HS25', quantite: '3.5' }),
    })
    const absence = await other.client.call('creerAbsence', {
      body: AbsenceCreateDto.parse({
        siren: BIG_SIREN,
        matricule: forAbsence,
        code_absence: codeAbsence,
        date_debut: `${periode}-10`,
        date_fin: `${periode}-11`,
        demi_journee_debut: false,
        demi_journee_fin: false,
      }),
    })
    // A frais entered from another workstation of the cabinet (the colleague's client lacks the frais right).
    const third = createPayrollConnection({
      baseUrl: ws.sandboxUrl,
      clientId: DEMO_CREDENTIALS.client_id,
      clientSecret: DEMO_CREDENTIALS.client_secret,
    })
    const frais = await third.client.call('creerFraisProfessionnel', {
      body: FraisProfessionnelCreateDto.parse({
        siren: BIG_SIREN,
        matricule: forAbsence,
        periode,
        date: `${periode}-06`,
        type_frais: 'repas',
        montant: '19.90',
      }),
    })
    const evpBefore = store.evp.length

    // The clerk opens the dossier's EVP grid: the colleague's EVP is listed, from the service.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp?q=${forEvp}`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    const evpLine = page.locator(`[data-testid="period-record-service|evp|${evp.id}"]`)
    await evpLine.waitFor({ timeout: 30_000 })
    expect(await evpLine.getAttribute('data-origin')).toBe('service')
    expect(await evpLine.textContent()).toContain('Service')
    expect(await evpLine.textContent()).toContain('HS25')

    // The grid shows the colleague's EVP in its cell; the same value typed again queues nothing.
    const cell = `cell-${forEvp}-HS25`
    await until('EVP du service dans sa cellule', async () => (await cellState(cell)) === 'service', 30_000)
    expect((await page.textContent(`[data-testid="${cell}"]`))?.trim()).toBe('3,5')
    await page.click(`[data-testid="${cell}"]`)
    await page.keyboard.type('3,5')
    await page.keyboard.press('Enter')
    // Time for a save to land if one had been started (the grid saves within a few hundred ms).
    await page.waitForTimeout(1_000)
    expect(await gridSaved()).toBe(0)
    expect(await outboxRows()).toEqual([])
    expect(await cellState(cell)).toBe('service')
    expect(store.evp.length).toBe(evpBefore)
    await ws.screenshot('records-grid-service-cell')

    // The very frais the colleague entered, typed in the frais form: warned on the field, nothing queued.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/frais?matricule=${forAbsence}`)
    await page.waitForSelector('[data-testid="frais-form"]')
    await page.locator(`[data-testid="period-record-service|frais|${frais.id}"]`).waitFor({ timeout: 30_000 })
    await page.selectOption('[data-testid="field-type_frais"]', 'repas')
    await page.fill('[data-testid="field-date"]', `${periode}-06`)
    await page.fill('[data-testid="field-montant"]', '19,90')
    await page.click('[data-testid="submit"]')
    await page.getByText('Le service détient déjà un élément identique').first().waitFor({ timeout: 10_000 })
    await page.waitForTimeout(500)
    expect(await outboxRows()).toEqual([])
    await ws.screenshot('records-frais-identical')
    // « Enregistrer quand même »: queued.
    const after = await lastToastId(page)
    await page.click('[data-testid="submit"]')
    expect(await nextToast(page, after)).toMatchObject({ kind: 'success' })
    const rows = await outboxRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.payload).toMatchObject({ siren: BIG_SIREN, matricule: forAbsence, periode, type_frais: 'repas', montant: '19.90' })

    // The absence form lists the colleague's absence, from the service.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/absence`)
    await page.waitForSelector('[data-testid="absence-form"]')
    const absenceLine = page.locator(`[data-testid="period-record-service|absence|${absence.id}"]`)
    await absenceLine.waitFor({ timeout: 30_000 })
    expect(await absenceLine.getAttribute('data-origin')).toBe('service')
    expect(await absenceLine.textContent()).toContain('Service')
    expect(await absenceLine.textContent()).toContain(codeAbsence)
    await ws.screenshot('records-absence-form')
  })

  it('a paste made before the slow answer of the service is read waits for it: no second EVP in the colleague’s cell', async () => {
    const page = ws.page
    const store = ws.store
    const sandbox = ws.sandbox
    if (sandbox === null) throw new Error('bac à sable absent')
    const base = page.url().split('#')[0] ?? ''
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const periode = dossier.periode_paie_en_cours
    const withEvp = new Set(store.evp.filter((e) => e.siren === BIG_SIREN && e.periode === periode).map((e) => e.matricule))
    const employee = simpleEmployees(store, BIG_SIREN, periode).filter((m) => !withEvp.has(m))[2]
    if (employee === undefined) throw new Error('salarié absent du seed')
    const colleague = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-restreint')
    if (colleague === undefined) throw new Error('client du seed absent')
    const other = createPayrollConnection({ baseUrl: ws.sandboxUrl, clientId: colleague.client_id, clientSecret: colleague.client_secret })
    await other.client.call('creerEvp', {
      body: EvpCreateDto.parse({ siren: BIG_SIREN, matricule: employee, periode, code_evp: 'HS25', quantite: '2' }),
    })
    const held = (): number => store.evp.filter((e) => e.siren === BIG_SIREN && e.matricule === employee && e.code_evp === 'HS25').length
    expect(held()).toBe(1)

    // A slow network: every answer of the service takes 4 s.
    sandbox.faults.set({ latencyMs: 4_000 })
    try {
      await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp?q=${employee}`)
      const cell = page.locator(`[data-testid="cell-${employee}-HS25"]`)
      await cell.waitFor()
      // The cell looks empty: the service's answer is not read yet. The clerk pastes the colleague's value.
      expect(await cell.getAttribute('data-state')).toBe('')
      await cell.click()
      await pasteText(page, '2')
      await page.locator('[data-testid="grid-waiting"]').waitFor({ timeout: 3_000 })
      expect(await cell.getAttribute('data-state')).toBe('saving')
      expect((await outboxRows()).filter((r) => r.payload['matricule'] === employee)).toEqual([])
      await ws.screenshot('records-grid-waiting')
    } finally {
      sandbox.faults.set({ latencyMs: 0 })
    }
    await until('EVP du service dans sa cellule', async () => (await cellState(`cell-${employee}-HS25`)) === 'service', 30_000)
    await page.locator('[data-testid="grid-waiting"]').waitFor({ state: 'detached' })
    // Time for a save to land if one had been started.
    await page.waitForTimeout(1_000)
    expect((await outboxRows()).filter((r) => r.payload['matricule'] === employee)).toEqual([])
    expect(held()).toBe(1)
  })
})

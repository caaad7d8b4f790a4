/**
 * Issue 15, points 4 and 5, in real Chromium against the sandbox, through the screens only, on a cabinet of 20
 * dossiers (the seed's four and sixteen copies, the first copy with 250 employees, `scaleToCabinet`):
 * - the month at a glance: « Lire les bulletins du mois » reads every dossier's current period; the dossiers are in
 *   mixed states (the seed's, plus payslips planted in some copies), each with its next action; screenshot
 *   test/e2e/artifacts/month-glance.png;
 * - the 250-employee dossier from the home screen's next action to `envoye_salarie` with batch actions only (compute
 *   the period, then contrôler, envoyer à l'employeur, valider, envoyer au salarié on the whole list); the clicks and
 *   the time it took are written to test/e2e/artifacts/month-close.json;
 * - on the way, the control before `controler` catches the 30 % jump planted in the previous period's payslip of one
 *   employee and the EVP planted after the computation for another (on no payslip); the clerk goes on with a comment,
 *   shown on the report; axe on the confirmation with the control.
 * The refusal with its motif and the actions queued offline are bulletins.e2e.test.ts's.
 */
import AxeBuilder from '@axe-core/playwright'
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createSeedStore } from '../../src-sandbox/store/seed'
import { copySiren, scaleToCabinet } from '../../src-sandbox/store/seed-scale'
import type { StatutBulletin } from '../../src-shared/api/bulletins'
import { ARTIFACTS, startWorkstation, TODAY, type Workstation } from './harness/app'
import { until } from './support'

const BIG = copySiren(1)
const HEADCOUNT = 250
let ws: Workstation

beforeAll(async () => {
  const store = createSeedStore({ seed: 1, today: TODAY })
  const salaries = store.salaries.length + HEADCOUNT + 15 * 6
  scaleToCabinet(store, { dossiers: 20, salaries, largest: HEADCOUNT })
  plantMixedStates(store)
  ws = await startWorkstation({ sandbox: { initialStore: store } })
  await ws.page.click('[data-testid="refresh-reference"]')
  await ws.page.waitForSelector(`[data-testid="dossier-row-${BIG}"]`, { timeout: 120_000 })
}, 180_000)
afterAll(async () => {
  await ws.close()
})

type Store = ReturnType<typeof createSeedStore>

/** Payslips of copies 2 to 7 in one state each (cloned from a seed payslip): the home screen's mixed states. */
function plantMixedStates(store: Store): void {
  const model = store.bulletins[0]
  if (model === undefined) throw new Error('aucun bulletin dans le seed')
  const states: StatutBulletin[] = ['calcule', 'controle', 'envoye_employeur', 'refuse', 'valide', 'envoye_salarie']
  states.forEach((statut, i) => {
    const siren = copySiren(i + 2)
    const dossier = store.dossiers.find((d) => d.siren === siren)
    const people = store.salaries.filter((s) => s.siren === siren).slice(0, 2)
    if (dossier === undefined) throw new Error(`copie ${siren} absente`)
    for (const s of people) {
      store.bulletins.push({
        ...structuredClone(model),
        id: randomUUID(),
        siren,
        nic: s.nic,
        matricule: s.matricule,
        numero_contrat: s.contrats[0]?.numero_contrat ?? model.numero_contrat,
        periode: dossier.periode_paie_en_cours,
        statut,
      })
    }
  })
}

/** Serious and critical axe violations of the page as it is (rule id and node count). */
async function seriousViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page: ws.page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`)
}

describe('closing the month of a cabinet', () => {
  it('home for 20 dossiers, then 250 payslips to the employees with batch actions, the control catching the planted findings', async () => {
    const page = ws.page
    const dossier = ws.store.dossiers.find((d) => d.siren === BIG)
    if (dossier === undefined) throw new Error('copie 1 absente')
    const periode = dossier.periode_paie_en_cours
    let clicks = 0
    let typed = 0
    const click = async (selector: string): Promise<void> => {
      clicks += 1
      await page.click(selector)
    }
    const type = async (selector: string, text: string): Promise<void> => {
      typed += 1
      await page.fill(selector, text)
    }

    // The month at a glance: every dossier read, mixed states, the next action of each.
    expect(await page.locator('[data-testid^="dossier-row-"]').count()).toBe(20)
    await page.click('[data-testid="read-bulletins"]')
    await until(
      'bulletins lus',
      async () => (await page.locator('[data-testid^="dossier-bulletins-"][data-read="true"]').count()) === 20,
      120_000,
    )
    const nexts = page.locator('[data-testid^="dossier-next-"]')
    const actions = await Promise.all(Array.from({ length: await nexts.count() }, (_, i) => nexts.nth(i).getAttribute('data-action')))
    expect(new Set(actions).size).toBeGreaterThanOrEqual(5)
    expect(await page.getAttribute(`[data-testid="dossier-next-${BIG}"]`, 'data-action')).toBe('calculer')
    expect(await page.getAttribute(`[data-testid="dossier-next-${copySiren(3)}"]`, 'data-action')).toBe('envoyer_employeur')
    expect(await page.getAttribute(`[data-testid="dossier-next-${copySiren(5)}"]`, 'data-action')).toBe('recalculer')
    await ws.screenshot('month-glance')
    expect(await seriousViolations()).toEqual([])

    // From an element entered in the EVP grid (an amount: the sandbox's computation pays an EVP that has one) to the
    // payslips sent to the employees, batch actions only.
    const started = Date.now()
    let navigations = 0
    const entered = ws.store.contrats.find((c) => c.siren === BIG && c.matricule === 'S00003')
    const code = ws.store.codesEvp[BIG]?.find((c) => c.format === 'montant' && !c.masque && c.visibilite.gp)
    if (entered === undefined || code === undefined) throw new Error('contrat ou code EVP absent')
    const evpBefore = ws.store.evp.length
    navigations += 1
    await page.goto(`${page.url().split('#')[0] ?? ''}#/dossiers/${BIG}/evp?q=S00003`)
    await page.waitForSelector('[data-testid="evp-grid"]', { timeout: 60_000 })
    // The row key is the matricule (with the contract when the employee holds two).
    await click(`[data-testid^="cell-S00003"][data-testid$="-${code.code}"] >> nth=0`)
    typed += 1
    await page.keyboard.type('120')
    await page.keyboard.press('Enter')
    await until(
      'EVP enregistré',
      async () => Number(await page.locator('[data-testid="grid-saved"]').getAttribute('data-count')) === 1,
      30_000,
    )
    await click('[data-testid="sync-now"]')
    await until('EVP synchronisé', () => Promise.resolve(ws.store.evp.length === evpBefore + 1), 60_000)
    await click('[data-testid="nav-cabinet"]')
    await until(
      'prochaine action',
      async () => (await page.getAttribute(`[data-testid="dossier-next-${BIG}"]`, 'data-action')) === 'calculer',
      30_000,
    )
    await click(`[data-testid="dossier-next-${BIG}"]`)
    await page.waitForSelector('[data-testid="bulletins-view"]')
    await click('[data-testid="compute-period"]')
    await click('dialog[open] [data-testid="confirm-yes"]')
    const ofBig = (): typeof ws.store.bulletins => ws.store.bulletins.filter((b) => b.siren === BIG && b.periode === periode)
    await until('période calculée', () => Promise.resolve(ofBig().length > 0 && ofBig().every((b) => b.statut === 'calcule')), 120_000)
    // One payslip per running contract: about one per employee (some hold two contracts, some have left).
    const count = ofBig().length
    expect(count).toBeGreaterThan(HEADCOUNT * 0.8)
    await click('[data-testid="filter-clear"]')
    await until('liste', async () => Number(await page.getAttribute('[data-testid="bulletins-count"]', 'data-count')) === count, 60_000)

    // Planted: S00001's previous payslip 30 % below this month's; an EVP of S00002 entered after the computation.
    const jump = ofBig().find((b) => b.matricule === 'S00001')
    const late = ofBig().find((b) => b.matricule === 'S00002')
    const evpModel = ws.store.evp.find((e) => e.siren === ws.store.dossiers[0]?.siren)
    if (jump?.brut == null || jump.net_a_payer == null || late === undefined || evpModel === undefined)
      throw new Error('plantation impossible')
    const below = (m: string): string => ((BigInt(Math.round(Number(m) * 100)) * 100n) / 130n / 100n).toString() + '.00'
    const previous = `${String(Number(periode.slice(0, 4)) - (periode.endsWith('-01') ? 1 : 0))}-${periode.endsWith('-01') ? '12' : String(Number(periode.slice(5)) - 1).padStart(2, '0')}`
    ws.store.bulletins.push({
      ...structuredClone(jump),
      id: randomUUID(),
      periode: previous,
      statut: 'envoye_salarie',
      brut: below(jump.brut),
      net_a_payer: below(jump.net_a_payer),
    })
    const planted = {
      ...structuredClone(evpModel),
      id: randomUUID(),
      siren: BIG,
      matricule: 'S00002',
      numero_contrat: late.numero_contrat,
      periode,
    }
    ws.store.evp.push(planted)

    const batch = async (action: string, expected: StatutBulletin, comment?: string): Promise<void> => {
      await click(`[data-testid="action-${action}"]`)
      if (comment !== undefined) {
        await page.waitForSelector('[data-testid="control-commentaire"]', { timeout: 60_000 })
        await type('[data-testid="control-commentaire"]', comment)
      }
      await click('dialog[open] [data-testid="confirm-yes"]')
      await until('lot appliqué', () => Promise.resolve(ofBig().every((b) => b.statut === expected)), 180_000)
      await until(
        'compte rendu',
        async () => Number(await page.getAttribute('[data-testid="report-count-applied"]', 'data-count').catch(() => '0')) === count,
        60_000,
      )
    }

    await click('[data-testid="select-all"]')
    // The control before « Contrôler »: the jump and the EVP on no payslip, shown before going on.
    await click('[data-testid="action-controler"]')
    await page.waitForSelector('[data-testid="control-commentaire"]', { timeout: 60_000 })
    expect(await page.getAttribute('[data-testid="control-ecarts"]', 'data-count')).toBe('1')
    expect(await page.textContent(`[data-testid="control-ecart-${jump.id}"]`)).toMatch(/\+(29|30),\d\d %/)
    expect(await page.getAttribute(`[data-testid="control-absent-${planted.id}"]`, 'data-raison')).toBe('missing')
    // The EVP entered through the grid landed on its payslip: it is not among the absent ones.
    const enteredEvp = ws.store.evp[evpBefore]
    if (enteredEvp === undefined) throw new Error('EVP saisi absent du service')
    const absentLines = page.locator('[data-testid^="control-absent-"]')
    const absentTexts = await Promise.all(Array.from({ length: await absentLines.count() }, (_, i) => absentLines.nth(i).textContent()))
    expect(absentTexts.join(' / '), `entered ${enteredEvp.id}`).not.toContain('S00003')
    expect(await page.getAttribute('[data-testid="control-absents"]', 'data-count')).toBe('1')
    await ws.screenshot('month-control')
    expect(await seriousViolations()).toEqual([])
    await type('[data-testid="control-commentaire"]', 'Hausse de S00001 : prime annuelle. HS de S00002 pour décembre.')
    await click('dialog[open] [data-testid="confirm-yes"]')
    await until('contrôlés', () => Promise.resolve(ofBig().every((b) => b.statut === 'controle')), 180_000)
    await page.waitForSelector('[data-testid="report-control"]', { timeout: 60_000 })
    expect(await page.textContent('[data-testid="report-control"]')).toContain('prime annuelle')

    await batch('envoyer-employeur', 'envoye_employeur', 'Vu au contrôle précédent.')
    await batch('valider', 'valide')
    await batch('envoyer-salarie', 'envoye_salarie')
    const elapsedMs = Date.now() - started
    await ws.screenshot('month-close-sent')

    const figures = {
      dossier: BIG,
      salaries: HEADCOUNT,
      bulletins: count,
      clicks,
      fieldsTyped: typed,
      navigations,
      elapsedMs,
      elapsedSeconds: Math.round(elapsedMs / 100) / 10,
    }
    writeFileSync(resolve(ARTIFACTS, 'month-close.json'), `${JSON.stringify(figures, null, 2)}\n`)
    expect(ofBig().every((b) => b.dates_envoi.salarie !== null)).toBe(true)

    // Back home: the dossier's next action is now its DSN.
    await page.goto(`${page.url().split('#')[0] ?? ''}#/`)
    await page.click('[data-testid="read-bulletins"]')
    await until(
      'accueil relu',
      async () => (await page.getAttribute(`[data-testid="dossier-bulletins-${BIG}"]`, 'data-restants')) === '0',
      120_000,
    )
    expect(await page.getAttribute(`[data-testid="dossier-next-${BIG}"]`, 'data-action')).toMatch(/dsn|termine/)
  }, 900_000)
})

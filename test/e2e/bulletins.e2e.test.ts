/**
 * Issue 15, points 1 to 3, in real Chromium against the sandbox, through the screens only, on a small dossier (B,
 * 18 employees):
 * - the payslips of the current period from the dossier's page: one row per payslip, the read's age; filtered by state;
 *   a batch « Contrôler » on the computed ones, with one confirmation and a report of what each became;
 * - one payslip opened: calculer, contrôler, envoyer à l'employeur, refuser with a motif (visible as a note),
 *   recalculer, contrôler, envoyer, valider, envoyer au salarié; each action checked against the sandbox's data;
 * - axe on the list and the payslip (no serious or critical violation);
 * - actions asked offline (Chromium offline: navigator.onLine false) are queued, nothing sent; back online with every
 *   write's connection cut after the service committed (sandbox fault `dropAfterCommitRate: 1`), each payslip ends in
 *   the right state with its action applied once (one refusal note each), read after each lost answer.
 * Screenshots: test/e2e/artifacts/bulletins-*.png.
 */
import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SEED_DOSSIERS } from '../../src-sandbox/store/seed'
import type { ActionBulletin, StatutBulletin } from '../../src-shared/api/bulletins'
import { startWithReference, type Workstation } from './harness/app'
import { until } from './support'

const SIREN = SEED_DOSSIERS.find((d) => d.cle === 'B')?.siren ?? ''

let ws: Workstation

beforeAll(async () => {
  ;({ ws } = await startWithReference(`[data-testid="dossier-row-${SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

/** Serious and critical axe violations of the page as it is (rule id and node count). */
async function seriousViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page: ws.page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`)
}

/** The state the sandbox holds for payslip `id`. */
function serverState(id: string): StatutBulletin | undefined {
  return ws.store.bulletins.find((b) => b.id === id)?.statut
}

/**
 * Before `controler` and `envoyer-employeur` the confirmation holds the control before sending (#59): waits until it
 * has read, and gives a comment when it found something (this suite checks the workflow, month-close the control).
 */
async function passControl(action: ActionBulletin): Promise<void> {
  if (action !== 'controler' && action !== 'envoyer-employeur') return
  const page = ws.page
  await page.waitForSelector('[data-testid="control-panel"]')
  await until('contrôle lu', async () => (await page.locator('[data-testid="control-loading"]').count()) === 0, 60_000)
  if ((await page.locator('[data-testid="control-commentaire"]').count()) > 0) {
    await page.fill('[data-testid="control-commentaire"]', 'Vu, envoi maintenu.')
  }
}

/** Clicks an action of the bar, confirms it (with a motif for a refusal), and waits for the payslip's new state. */
async function apply(action: ActionBulletin, expected: StatutBulletin, motif?: string): Promise<void> {
  const page = ws.page
  await page.click(`[data-testid="action-${action}"]`)
  if (motif !== undefined) await page.fill('[data-testid="refus-motif"]', motif)
  await passControl(action)
  await page.click('[data-testid="confirm-yes"]')
  await until(
    `bulletin ${expected}`,
    async () => (await page.getAttribute('[data-testid="bulletin-statut"]', 'data-statut')) === expected,
    30_000,
  )
}

describe('payslips of a small dossier through their workflow', () => {
  it('lists them, runs a batch with its report, and takes one payslip from computation to the employee', async () => {
    const page = ws.page
    const dossier = ws.store.dossiers.find((d) => d.siren === SIREN)
    if (dossier === undefined) throw new Error('dossier B absent du seed')
    const periode = dossier.periode_paie_en_cours
    const ofPeriod = ws.store.bulletins.filter((b) => b.siren === SIREN && b.periode === periode)
    expect(ofPeriod.length).toBeGreaterThan(10)

    // The list, from the dossier's page.
    await page.click(`[data-testid="dossier-row-${SIREN}"] a`)
    await page.click('[data-testid="link-bulletins"]')
    await page.waitForSelector('[data-testid="bulletins-view"]')
    await until(
      'liste lue',
      async () => Number(await page.getAttribute('[data-testid="bulletins-count"]', 'data-count')) === ofPeriod.length,
      30_000,
    )
    expect(await page.getAttribute('[data-testid="bulletins-age"]', 'data-fetched-at')).not.toBe('')
    await ws.screenshot('bulletins-list')
    expect(await seriousViolations()).toEqual([])

    // A batch: the computed payslips controlled, one confirmation, a report per payslip.
    const computed = ofPeriod.filter((b) => b.statut === 'calcule').map((b) => b.id)
    expect(computed.length).toBeGreaterThan(1)
    const [single, ...batch] = computed
    if (single === undefined) throw new Error('aucun bulletin calculé')
    await page.check('[data-testid="filter-statut-calcule"]')
    await until('filtre', async () => Number(await page.getAttribute('[data-testid="bulletins-count"]', 'data-count')) === computed.length)
    for (const id of batch) await page.check(`[data-testid="bulletin-select-${id}"]`)
    await page.click('[data-testid="action-controler"]')
    expect(await page.textContent('[data-testid="confirm-message"]')).toContain(`${batch.length} bulletin`)
    await passControl('controler')
    await page.click('[data-testid="confirm-yes"]')
    await page.waitForSelector('[data-testid="batch-report"]', { timeout: 60_000 })
    expect(Number(await page.getAttribute('[data-testid="report-count-applied"]', 'data-count'))).toBe(batch.length)
    expect(batch.map(serverState)).toEqual(batch.map(() => 'controle'))
    await ws.screenshot('bulletins-batch-report')

    // One payslip, from computation to the employee.
    await page.click(`[data-testid="bulletin-link-${single}"]`)
    await page.waitForSelector('[data-testid="bulletin-view"]')
    await page.waitForSelector('[data-testid="rubriques"]', { timeout: 30_000 })
    expect(await page.getAttribute('[data-testid="action-valider"]', 'disabled')).not.toBeNull()
    expect(await page.textContent('[data-testid="action-reason-valider"]')).toContain('Calculé')
    await ws.screenshot('bulletins-payslip')
    expect(await seriousViolations()).toEqual([])

    await apply('calculer', 'calcule')
    await apply('controler', 'controle')
    await apply('envoyer-employeur', 'envoye_employeur')
    expect(serverState(single)).toBe('envoye_employeur')
    const motif = 'Prime exceptionnelle de novembre absente du bulletin'
    await apply('refus', 'refuse', motif)
    const note = page.locator('[data-testid^="note-"][data-type="refus_bulletin"]')
    await note.first().waitFor({ timeout: 30_000 })
    expect(await note.first().textContent()).toContain(motif)
    expect(ws.store.notes.filter((n) => n.bulletin_id === single && n.type === 'refus_bulletin').map((n) => n.texte)).toEqual([motif])
    await ws.screenshot('bulletins-refused')

    await apply('calculer', 'calcule')
    await apply('controler', 'controle')
    await apply('envoyer-employeur', 'envoye_employeur')
    await apply('valider', 'valide')
    await apply('envoyer-salarie', 'envoye_salarie')
    const sent = ws.store.bulletins.find((b) => b.id === single)
    expect(sent?.statut).toBe('envoye_salarie')
    expect(sent?.dates_envoi.salarie).not.toBeNull()
    await ws.screenshot('bulletins-sent')
    expect(await seriousViolations()).toEqual([])
  })

  it('queues actions taken offline and applies each once after reconnect, the connection cut after each commit', async () => {
    const page = ws.page
    const dossier = ws.store.dossiers.find((d) => d.siren === SIREN)
    const sandbox = ws.sandbox
    if (dossier === undefined || sandbox === null) throw new Error('dossier B ou sandbox absent')
    const periode = dossier.periode_paie_en_cours
    const sentToEmployer = ws.store.bulletins.filter((b) => b.siren === SIREN && b.periode === periode && b.statut === 'envoye_employeur')
    expect(sentToEmployer.length).toBeGreaterThan(1)
    const ids = sentToEmployer.map((b) => b.id)
    const notesBefore = ws.store.notes.length

    await page.goto(`${page.url().split('#')[0] ?? ''}#/dossiers/${SIREN}/bulletins?periode=${periode}`)
    await page.waitForSelector('[data-testid="bulletins-view"]')
    await page.check('[data-testid="filter-statut-envoye_employeur"]')
    await until(
      'filtre',
      async () => Number(await page.getAttribute('[data-testid="bulletins-count"]', 'data-count')) === ids.length,
      30_000,
    )

    // Offline: the refusals are queued on this workstation, nothing reaches the service.
    await ws.context.setOffline(true)
    await until('hors ligne', async () => (await page.getAttribute('[data-testid="online-indicator"]', 'data-online')) === 'false', 20_000)
    await page.check('[data-testid="select-all"]')
    await page.click('[data-testid="action-refus"]')
    const motif = 'Heures supplémentaires de la semaine 46 manquantes'
    await page.fill('[data-testid="refus-motif"]', motif)
    await page.click('[data-testid="confirm-yes"]')
    await page.waitForSelector('[data-testid="report-count-queued"]', { timeout: 30_000 })
    expect(Number(await page.getAttribute('[data-testid="report-count-queued"]', 'data-count'))).toBe(ids.length)
    expect(await page.locator('[data-testid^="bulletin-pending-"][data-state="queued"]').count()).toBe(ids.length)
    expect(ids.map(serverState)).toEqual(ids.map(() => 'envoye_employeur'))
    await ws.screenshot('bulletins-offline-queued')

    // Back online, every write's answer lost after the service committed: each is read, none sent twice.
    sandbox.faults.set({ dropAfterCommitRate: 1 })
    const dropsBefore = sandbox.faults.counts()['dropAfterCommit'] ?? 0
    await ws.context.setOffline(false)
    await until('actions envoyées', () => Promise.resolve(ids.every((id) => serverState(id) === 'refuse')), 120_000)
    await until('file vidée', async () => (await page.locator('[data-testid^="bulletin-pending-"]').count()) === 0, 60_000)
    sandbox.faults.set({ dropAfterCommitRate: 0 })
    expect((sandbox.faults.counts()['dropAfterCommit'] ?? 0) - dropsBefore).toBe(ids.length)
    const refusals = ws.store.notes.slice(notesBefore).filter((n) => n.type === 'refus_bulletin')
    expect(refusals.map((n) => n.bulletin_id).sort()).toEqual([...ids].sort())
    expect(refusals.every((n) => n.texte === motif)).toBe(true)
    await page.waitForSelector('[data-testid="report-count-applied"]', { timeout: 30_000 })
    expect(Number(await page.getAttribute('[data-testid="report-count-applied"]', 'data-count'))).toBe(ids.length)
    await ws.screenshot('bulletins-offline-sent')
  })
})

/**
 * "Rejections": the clerk's reference cache is a morning old and the payroll service has moved on. Through the UI
 * the clerk enters an EVP whose code the service no longer knows, and an absence overlapping one entered directly
 * on the service. After sync both are refused: the queue shows the service's message, the entry page shows it on
 * the field it concerns. The clerk fixes each through the entry page (revision 2), which syncs; the history keeps
 * revision 1 refused and every send attempt.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Absence } from '../../src-shared/api/entries'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import { startWorkstation, type Workstation } from './harness/app'
import { BIG_SIREN, duplicates, pasteText, queueRowIds, queueSnapshot, simpleEmployees, stateCount, until } from './support'

let ws: Workstation
const figures: Record<string, number> = {}

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nREJECTIONS FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

/** Text of the element `testId` on the page ('' when absent). */
async function textOf(ws: Workstation, testId: string): Promise<string> {
  return ((await ws.page.locator(`[data-testid="${testId}"]`).first().textContent()) ?? '').trim()
}

describe('entries refused by the payroll service on the 250-employee dossier', () => {
  it('shows the refusal on the field, and the fixed revision syncs with its history', async () => {
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const periode = dossier.periode_paie_en_cours
    const before = { evp: store.evp.length, absences: store.absences.length }
    const page = ws.page
    const base = page.url().split('#')[0]

    // Morning: the reference cache is filled.
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })

    // Then, on the service only: the night-hours code is withdrawn from the dossier, and an absence is entered
    // directly for the first employee.
    const people = simpleEmployees(store, BIG_SIREN, periode).slice(0, 8)
    expect(people).toHaveLength(8)
    const [absent, nightWorker, ...others] = people as [string, string, ...string[]]
    const allCodes = store.codesEvp[BIG_SIREN]!
    expect(allCodes.some((c) => c.code === 'HNUIT')).toBe(true)
    store.codesEvp[BIG_SIREN] = allCodes.filter((c) => c.code !== 'HNUIT')
    const now = new Date().toISOString()
    const direct: Absence = {
      id: randomUUID(),
      date_creation: now,
      date_modification: now,
      siren: BIG_SIREN,
      matricule: absent,
      numero_contrat: null,
      code_absence: 'CP',
      date_debut: `${periode}-19`,
      date_fin: `${periode}-20`,
      demi_journee_debut: false,
      demi_journee_fin: false,
      commentaire: 'Saisi directement sur le service de paie',
    }
    store.absences.push(direct)
    const serverAbsences = store.absences.length

    // The clerk's entries: hours in the grid (one on the withdrawn code), two absences through the form.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    for (const [i, matricule] of others.entries()) {
      await page.click(`[data-testid="cell-${matricule}-HS25"]`)
      await pasteText(page, `${i + 1},5`)
    }
    await page.click(`[data-testid="cell-${nightWorker}-HNUIT"]`)
    await pasteText(page, '3')
    await until('grid saved', async () => ((await page.locator('[data-testid="grid-saved"]').textContent()) ?? '').length > 0, 30_000)
    for (const [matricule, debut, fin] of [
      [absent, '18', '19'],
      [others[0]!, '23', '24'],
    ] as const) {
      // From the dossier's employee list (the form reads ?matricule= when it opens only: see the report).
      await page.goto(`${base}#/dossiers/${BIG_SIREN}`)
      await page.click(`[data-testid="add-absence-${matricule}"]`)
      await page.waitForSelector('[data-testid="absence-form"]')
      await page.selectOption('[data-testid="field-code_absence"]', 'MAL')
      await page.fill('[data-testid="field-date_debut"]', `${periode}-${debut}`)
      await page.fill('[data-testid="field-date_fin"]', `${periode}-${fin}`)
      await page.click('[data-testid="submit"]')
      await page.waitForSelector('[data-testid="toast"]')
    }

    // Sync: everything leaves without a click; two entries come back refused.
    await page.goto(`${base}#/queue`)
    await page.waitForSelector('[data-testid="queue-view"]')
    const entered = others.length + 1 + 2
    await until('all entries counted', async () => (await stateCount(page, 'total')) === entered)
    await until(
      'sync finished',
      async () => (await stateCount(page, 'synced')) === entered - 2 && (await stateCount(page, 'rejected')) === 2,
      60_000,
    )
    figures['entries'] = entered
    figures['rejected'] = await stateCount(page, 'rejected')

    // The queue shows the service's message on each refused row.
    await until('refused rows listed', async () => (await queueRowIds(page, 'rejected')).length === 2, 10_000)
    const rejectedIds = await queueRowIds(page, 'rejected')
    const messages = new Map<string, string>()
    for (const id of rejectedIds)
      messages.set(id, ((await page.locator(`[data-testid="queue-row-${id}"] [data-testid="queue-row-error"]`).textContent()) ?? '').trim())
    const evpId = rejectedIds.find((id) => messages.get(id)!.includes('HNUIT'))!
    const absenceId = rejectedIds.find((id) => messages.get(id)!.includes('chevauche'))!
    expect(messages.get(evpId)).toContain(`Le code EVP HNUIT n’existe pas pour le dossier ${BIG_SIREN}`)
    expect(messages.get(absenceId)).toContain(`Cette absence chevauche l’absence CP du ${periode}-19 au ${periode}-20 du salarié ${absent}`)

    // The entry pages show the message on the field the service named.
    await page.goto(`${base}#/entries/${evpId}`)
    await page.waitForSelector('[data-testid="entry-view"]')
    expect(await textOf(ws, 'entry-state')).toMatch(/refusé/i)
    await until('EVP entry shown', async () => (await textOf(ws, 'entry-error')).includes('CODE_INCONNU'), 10_000)
    expect(await textOf(ws, 'field-error-code_evp')).toContain('Le code EVP HNUIT n’existe pas')
    await ws.screenshot('rejected-entry')

    await page.goto(`${base}#/entries/${absenceId}`)
    await page.waitForSelector('[data-testid="entry-view"]')
    await until('absence entry shown', async () => (await textOf(ws, 'entry-error')).includes('CHEVAUCHEMENT'), 10_000)
    expect(await textOf(ws, 'field-error-date_debut')).toContain('Cette absence chevauche')

    // Fix 1: the absence moves after the one on the service. The service then answers 5xx for a moment, so the new
    // revision waits in the queue beside the synced entries and the still refused EVP.
    ws.sandbox!.faults.set({ errorRate: 1 })
    await page.click('[data-testid="edit-entry"]')
    await page.waitForSelector('[data-testid="entry-edit-form"]')
    expect(await textOf(ws, 'field-error-date_debut')).toContain('Cette absence chevauche')
    await page.fill('[data-testid="field-date_debut"]', `${periode}-25`)
    await page.fill('[data-testid="field-date_fin"]', `${periode}-26`)
    await page.click('[data-testid="save-revision"]')
    await page.waitForSelector('[data-testid="entry-edit-form"]', { state: 'detached' })
    await page.goto(`${base}#/queue`)
    await page.waitForSelector('[data-testid="queue-view"]')
    // One snapshot of the screen: with errorRate 1 the revision goes on being retried (queued or unknown, then sending
    // again after a backoff that can be a few ms long), so the counters are asserted as they were at one instant.
    const waiting: Awaited<ReturnType<typeof queueSnapshot>>[] = []
    await until('the revision waits behind the broken road', async () => {
      const shown = await queueSnapshot(page)
      if (!shown.paused || shown.counts.sending !== 0) return false
      waiting.push(shown)
      return true
    })
    const counts = waiting[0]!.counts
    expect(counts.synced).toBe(entered - 2)
    expect(counts.rejected).toBe(1)
    expect((counts.queued ?? 0) + (counts.unknown ?? 0)).toBe(1)
    // The list row follows the counters: at one instant, both show the revision waiting (queued, or unknown when
    // the 5xx was a gateway's 502).
    const lagFrom = Date.now()
    await until(
      'the list row follows the counters',
      async () => {
        const shown = await queueSnapshot(page, absenceId)
        const state = shown.rowState
        return (state === 'queued' || state === 'unknown') && shown.counts[state] === 1 && shown.counts.sending === 0
      },
      10_000,
    )
    figures['rowLagMs'] = Date.now() - lagFrom
    await ws.screenshot('queue-mixed-states')
    ws.sandbox!.faults.set({ errorRate: 0 })
    await page.click('[data-testid="sync-now"]')
    await until('absence revision synced', async () => (await stateCount(page, 'synced')) === entered - 1, 30_000)

    // Fix 2: the code is back on the service (the reconnection above refreshed the cache without it, so the clerk
    // refreshes the reference data); the clerk resends the EVP with a corrected quantity.
    store.codesEvp[BIG_SIREN] = allCodes
    await page.goto(`${base}#/`)
    await page.click('[data-testid="refresh-reference"]')
    await page.goto(`${base}#/entries/${evpId}`)
    await page.waitForSelector('[data-testid="entry-view"]')
    await page.click('[data-testid="edit-entry"]')
    await page.waitForSelector('[data-testid="entry-edit-form"]')
    await until(
      'code back in the cache',
      async () => (await page.locator('[data-testid="field-code_evp"] option[value="HNUIT"]').count()) > 0,
      30_000,
    )
    await page.selectOption('[data-testid="field-code_evp"]', 'HNUIT')
    await page.fill('[data-testid="field-quantite"]', '3,5')
    await page.click('[data-testid="save-revision"]')
    await page.waitForSelector('[data-testid="entry-edit-form"]', { state: 'detached' })
    await until('EVP revision synced', async () => /synchronisé/i.test(await textOf(ws, 'entry-state')), 30_000)

    // History of each fixed entry: revision 1 refused with its error, every attempt in the audit log.
    for (const [id, code] of [
      [evpId, 'CODE_INCONNU'],
      [absenceId, 'CHEVAUCHEMENT'],
    ] as const) {
      await page.goto(`${base}#/entries/${id}`)
      await page.waitForSelector('[data-testid="entry-view"]')
      await until(
        'history loaded',
        async () => (await textOf(ws, 'revision-1')).includes(code) && /synchronisé/i.test(await textOf(ws, 'entry-state')),
        10_000,
      )
      const revision1 = await textOf(ws, 'revision-1')
      expect(revision1).toMatch(/refusé/i)
      expect(revision1).toContain(code)
      const auditRows = await page.locator('[data-testid^="audit-row-"]').allTextContents()
      expect(auditRows.length).toBeGreaterThanOrEqual(2)
      expect(auditRows[0]).toContain('422')
      // The audit log names the broken rule, as the revision does (the full BridgeError body is kept with it).
      expect(auditRows[0]).toContain(code)
      expect(auditRows[0]).toMatch(/refusé/i)
      expect(auditRows.at(-1)).toContain('201')
      expect(auditRows.at(-1)).toMatch(/synchronisé/i)
      figures[`auditRows_${code}`] = auditRows.length
    }

    // On the server: the fixed entries are there once, the direct absence untouched.
    const evp = store.evp.slice(before.evp)
    const absences = store.absences.slice(serverAbsences)
    figures['evpOnServer'] = evp.length
    figures['absencesOnServer'] = absences.length
    figures['duplicates'] = duplicates(
      [...evp.map((r) => fingerprintOf('evp', r)), ...absences.map((r) => fingerprintOf('absence', r))],
      (f) => f,
    ).length
    expect(figures['duplicates']).toBe(0)
    expect(evp).toHaveLength(others.length + 1)
    expect(evp.find((r) => r.matricule === nightWorker)).toMatchObject({ code_evp: 'HNUIT', quantite: '3.5' })
    expect(absences).toHaveLength(2)
    expect(absences.find((a) => a.matricule === absent)).toMatchObject({ date_debut: `${periode}-25`, date_fin: `${periode}-26` })
    expect(store.absences.slice(before.absences, serverAbsences)).toEqual([direct])
  })
})

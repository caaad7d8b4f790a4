/**
 * Issue 14, point 3 (« Corriger et supprimer »), in real Chromium against the sandbox, through the screens only:
 * - before the clerk opens the dossier, a colleague's API client (another seeded client, over HTTP) creates an
 *   absence, a frais and a prime; the entry screens' lists of the period's records show them with « Modifier » and
 *   « Supprimer »; the clerk edits the colleague's absence and deletes the colleague's frais; after the sync the
 *   service holds exactly the intended records, compared record by record;
 * - a prime and an avantage en nature are each created, edited and deleted through the forms and the records list, the
 *   avantage's edit made offline and sent once the service is back;
 * - the colleague changes their prime after the clerk read it: the clerk's change goes « à vérifier » with the version
 *   read, the service's version now and the change side by side; « Appliquer ma modification » is applied, and audited;
 * - axe on the screens touched (records list with its actions and confirmation, the form in « Modifier », the entry
 *   page of the change to check).
 * Screenshots: test/e2e/artifacts/edits-*.png.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPayrollConnection } from '../../src-main/services/connection'
import { SEED_CLIENTS } from '../../src-sandbox/store/seed'
import { AbsenceCreateDto, FraisProfessionnelCreateDto, PrimeIndemniteCreateDto } from '../../src-shared/api/entries'
import { startWithReference, type Workstation } from './harness/app'
import { readOutbox, settledOutbox } from './page-data'
import { comparableRecord, dossierC, lastToastId, nextToast, simpleEmployees, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference())
})
afterAll(async () => {
  await ws.close()
})

/** Saves the form and returns the toast it shows (the entry is then committed to the outbox). */
async function save(page: Page): Promise<{ kind: string; text: string }> {
  const after = await lastToastId(page)
  await page.click('[data-testid="submit"]')
  return nextToast(page, after)
}

/** A synchronous check as an `until` predicate. */
function holds(check: () => boolean): () => Promise<boolean> {
  return () => Promise.resolve(check())
}

/** Runs axe on the page as it is: the serious and critical violations (rule ids and targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('correcting and removing the service’s records, whoever created them', () => {
  it('edits a colleague’s absence, deletes their frais, creates/edits/deletes a prime and an avantage (offline too); the service holds exactly that', async () => {
    const page = ws.page
    const store = ws.store
    const { siren, periode } = dossierC(store)
    const [forAbsence, forFrais, forPrime, forAvantage] = simpleEmployees(store, siren, periode)
    if (forAbsence === undefined || forFrais === undefined || forPrime === undefined || forAvantage === undefined)
      throw new Error('salariés absents du seed')
    const codeAbsence = store.codesAbsences.find((c) => (store.codesAbsencesParDossier[siren] ?? []).includes(c.code))?.code
    const codePrime = store.codesPrimesIndemnites[siren]?.[0]?.code
    if (codeAbsence === undefined || codePrime === undefined) throw new Error('codes absents du seed')

    // A colleague's API client (assigned to this dossier) writes first, over HTTP.
    const colleague = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-2')
    if (colleague === undefined) throw new Error('client du seed absent')
    const other = createPayrollConnection({ baseUrl: ws.sandboxUrl, clientId: colleague.client_id, clientSecret: colleague.client_secret })
    const absence = await other.client.call('creerAbsence', {
      body: AbsenceCreateDto.parse({
        siren,
        matricule: forAbsence,
        code_absence: codeAbsence,
        date_debut: `${periode}-10`,
        date_fin: `${periode}-11`,
        demi_journee_debut: false,
        demi_journee_fin: false,
      }),
    })
    const frais = await other.client.call('creerFraisProfessionnel', {
      body: FraisProfessionnelCreateDto.parse({
        siren,
        matricule: forFrais,
        periode,
        date: `${periode}-06`,
        type_frais: 'repas',
        montant: '19.90',
      }),
    })
    const theirPrime = await other.client.call('creerPrimeIndemnite', {
      body: PrimeIndemniteCreateDto.parse({ siren, matricule: forPrime, periode, code_prime: codePrime, montant: '400.00' }),
    })
    expect([absence.cree_par, frais.cree_par, theirPrime.cree_par]).toEqual(['gestionnaire-2', 'gestionnaire-2', 'gestionnaire-2'])
    const inDossier = (r: { siren: string; id: string }): boolean => r.siren === siren
    const snapshot = (): Map<string, Record<string, unknown>> =>
      new Map(
        [...store.absences, ...store.fraisProfessionnels, ...store.primesIndemnites, ...store.avantagesNature]
          .filter(inDossier)
          .map((r) => [r.id, comparableRecord(r)]),
      )
    const before = snapshot()

    // 1. The absence form lists the colleague's absence with « Modifier »; the form opens prefilled; a comment is added.
    await page.goto(`${base}#/dossiers/${siren}/absence?matricule=${forAbsence}`)
    await page.waitForSelector('[data-testid="absence-form"]')
    await page.locator(`[data-testid="record-edit-${absence.id}"]`).waitFor({ timeout: 30_000 })
    expect(await page.textContent(`[data-testid="period-record-service|absence|${absence.id}"]`)).toContain('Service')
    await ws.screenshot('edits-absence-records')
    expect(await seriousViolations(page)).toEqual([])
    await page.click(`[data-testid="record-edit-${absence.id}"]`)
    await page.waitForSelector('[data-testid="record-edit-banner"]')
    await until(
      'formulaire prérempli',
      async () =>
        (await page.inputValue('[data-testid="field-commentaire"]')) === '' &&
        (await page.textContent('h1'))?.startsWith('Modifier') === true,
    )
    await page.fill('[data-testid="field-commentaire"]', 'Justificatif reçu, saisi par le cabinet')
    await ws.screenshot('edits-absence-form')
    expect(await seriousViolations(page)).toEqual([])
    expect(await save(page)).toEqual({ kind: 'success', text: expect.stringContaining('Modification mise en file.') as string })
    await page.locator(`[data-testid="record-pending-${absence.id}"], [data-testid="record-edit-${absence.id}"]`).first().waitFor()

    // 2. The frais form lists the colleague's frais; « Supprimer » asks first, then queues the DELETE.
    await page.goto(`${base}#/dossiers/${siren}/frais?matricule=${forFrais}`)
    await page.waitForSelector('[data-testid="frais-form"]')
    await page.locator(`[data-testid="record-delete-${frais.id}"]`).waitFor({ timeout: 30_000 })
    await page.click(`[data-testid="record-delete-${frais.id}"]`)
    await page.waitForSelector('[data-testid="confirm-dialog"][open]')
    await ws.screenshot('edits-frais-delete-confirm')
    expect(await seriousViolations(page)).toEqual([])
    const afterDelete = await lastToastId(page)
    await page.click('[data-testid="confirm-yes"]')
    expect(await nextToast(page, afterDelete)).toEqual({
      kind: 'success',
      text: expect.stringContaining('Suppression mise en file.') as string,
    })

    await settledOutbox(page)
    await until(
      'absence commentée et frais supprimé sur le service',
      holds(
        () =>
          store.absences.find((a) => a.id === absence.id)?.commentaire === 'Justificatif reçu, saisi par le cabinet' &&
          !store.fraisProfessionnels.some((f) => f.id === frais.id),
      ),
    )

    // 3. A prime created, edited, then deleted through the screens.
    await page.goto(`${base}#/dossiers/${siren}/prime?matricule=${forPrime}`)
    await page.waitForSelector('[data-testid="prime-form"]')
    await page.selectOption('[data-testid="field-code_prime"]', codePrime)
    await page.fill('[data-testid="field-montant"]', '150,00')
    expect((await save(page)).kind).toBe('success')
    const [created] = (await settledOutbox(page)).filter((r) => r.kind === 'prime' && r.operation === 'create')
    const primeId = created?.serverId ?? ''
    expect(created?.state).toBe('synced')
    await page.locator(`[data-testid="record-edit-${primeId}"]`).waitFor({ timeout: 30_000 })
    await page.click(`[data-testid="record-edit-${primeId}"]`)
    await until('prime préremplie', async () => (await page.inputValue('[data-testid="field-montant"]')) === '150,00')
    await page.fill('[data-testid="field-montant"]', '175,50')
    expect(await save(page)).toEqual({ kind: 'success', text: expect.stringContaining('Modification mise en file.') as string })
    await settledOutbox(page)
    await until(
      'prime modifiée',
      holds(() => store.primesIndemnites.find((p) => p.id === primeId)?.montant === '175.50'),
    )
    await page.locator(`[data-testid="record-delete-${primeId}"]`).waitFor({ timeout: 30_000 })
    await page.click(`[data-testid="record-delete-${primeId}"]`)
    await page.click('[data-testid="confirm-yes"]')
    await settledOutbox(page)
    await until(
      'prime supprimée',
      holds(() => !store.primesIndemnites.some((p) => p.id === primeId)),
    )

    // 4. An avantage en nature created online, edited offline (sent once the service is back), then deleted.
    await page.goto(`${base}#/dossiers/${siren}/avantage?matricule=${forAvantage}`)
    await page.waitForSelector('[data-testid="avantage-form"]')
    await page.selectOption('[data-testid="field-type_avantage"]', 'nourriture')
    await page.selectOption('[data-testid="field-mode_evaluation"]', 'forfait')
    await page.fill('[data-testid="field-montant"]', '5,45')
    expect((await save(page)).kind).toBe('success')
    const [avantageRow] = (await settledOutbox(page)).filter((r) => r.kind === 'avantage' && r.operation === 'create')
    const avantageId = avantageRow?.serverId ?? ''
    await page.locator(`[data-testid="record-edit-${avantageId}"]`).waitFor({ timeout: 30_000 })
    await ws.stopSandbox()
    await page.click(`[data-testid="record-edit-${avantageId}"]`)
    await until('avantage prérempli', async () => (await page.inputValue('[data-testid="field-montant"]')) === '5,45')
    await page.fill('[data-testid="field-montant"]', '10,90')
    expect(await save(page)).toEqual({ kind: 'success', text: expect.stringContaining('Modification mise en file.') as string })
    await page.locator(`[data-testid="record-pending-${avantageId}"]`).waitFor()
    expect(await page.textContent(`[data-testid="record-pending-${avantageId}"]`)).toContain('modification en attente')
    await ws.screenshot('edits-avantage-offline-pending')
    // The service is away: the change stays queued (a sync attempt meets a refused connection and puts it back).
    await page.waitForTimeout(2_000)
    expect((await readOutbox(page)).filter((r) => r.operation === 'update' && r.targetServerId === avantageId).map((r) => r.state)).toEqual(
      ['queued'],
    )
    await ws.restartSandbox()
    await until(
      'avantage modifié au retour du service',
      holds(() => store.avantagesNature.find((a) => a.id === avantageId)?.montant === '10.90'),
      90_000,
    )
    await settledOutbox(page)
    await page.locator(`[data-testid="record-delete-${avantageId}"]`).waitFor({ timeout: 30_000 })
    await page.click(`[data-testid="record-delete-${avantageId}"]`)
    await page.click('[data-testid="confirm-yes"]')
    await settledOutbox(page)
    await until(
      'avantage supprimé',
      holds(() => !store.avantagesNature.some((a) => a.id === avantageId)),
    )

    // The service holds exactly the intended records, record by record.
    const after = snapshot()
    const expected = new Map(before)
    expected.delete(frais.id)
    expected.set(absence.id, { ...before.get(absence.id), commentaire: 'Justificatif reçu, saisi par le cabinet' })
    expect([...after.keys()].sort()).toEqual([...expected.keys()].sort())
    for (const [id, record] of expected) expect(after.get(id), id).toEqual(record)
    expect(after.get(theirPrime.id)).toMatchObject({ montant: '400.00', cree_par: 'gestionnaire-2' })
    const rows = await readOutbox(page)
    expect(rows.filter((r) => r.state !== 'synced')).toEqual([])
    expect(rows.map((r) => `${r.kind}:${r.operation}`).sort()).toEqual(
      [
        'absence:update',
        'avantage:create',
        'avantage:delete',
        'avantage:update',
        'frais:delete',
        'prime:create',
        'prime:delete',
        'prime:update',
      ].sort(),
    )
  })

  it('a record the colleague changed after the clerk read it: à vérifier with both versions, « Appliquer ma modification » applied and audited', async () => {
    const page = ws.page
    const store = ws.store
    const { siren } = dossierC(store)
    const theirs = store.primesIndemnites.find((p) => p.siren === siren && p.cree_par === 'gestionnaire-2')
    if (theirs === undefined) throw new Error('prime du collègue absente')
    const colleague = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-2')
    if (colleague === undefined) throw new Error('client du seed absent')
    const other = createPayrollConnection({ baseUrl: ws.sandboxUrl, clientId: colleague.client_id, clientSecret: colleague.client_secret })

    // The clerk reads the period (the prime form lists the colleague's prime)...
    await page.goto(`${base}#/dossiers/${siren}/prime?matricule=${theirs.matricule}`)
    await page.waitForSelector('[data-testid="prime-form"]')
    await page.locator(`[data-testid="record-edit-${theirs.id}"]`).waitFor({ timeout: 30_000 })
    const readAt = theirs.date_modification
    // ...then the colleague changes it on the service.
    const changed = await other.client.call('modifierPrimeIndemnite', { params: { id: theirs.id }, body: { montant: '480.00' } })
    expect(changed.date_modification).not.toBe(readAt)
    // The clerk's change, from what they read.
    await page.click(`[data-testid="record-edit-${theirs.id}"]`)
    await until('prime préremplie', async () => (await page.inputValue('[data-testid="field-montant"]')) === '400,00')
    await page.fill('[data-testid="field-montant"]', '420,00')
    expect(await save(page)).toEqual({ kind: 'success', text: expect.stringContaining('Modification mise en file.') as string })
    const rows = await settledOutbox(page)
    const change = rows.find((r) => r.operation === 'update' && r.targetServerId === theirs.id)
    expect(change?.state).toBe('to_check')
    expect(store.primesIndemnites.find((p) => p.id === theirs.id)?.montant).toBe('480.00')

    // The entry page: the version read, the service's version now and the change, side by side.
    await page.goto(`${base}#/entries/${change?.clientId ?? ''}`)
    await page.waitForSelector('[data-testid="to-check-panel"]')
    expect(await page.textContent('[data-testid="to-check-reason"]')).toContain('modifié sur le service depuis que vous l’avez lu')
    expect(await page.textContent('[data-testid="compare-cell-montant-read"]')).toContain('400,00')
    expect(await page.textContent(`[data-testid="compare-cell-montant-${theirs.id}"]`)).toContain('480,00')
    expect(await page.textContent('[data-testid="compare-cell-montant-entry"]')).toContain('420,00')
    expect(await page.locator('[data-testid^="link-"]').count()).toBe(0)
    await ws.screenshot('edits-to-check-change')
    expect(await seriousViolations(page)).toEqual([])

    await page.click('[data-testid="send-anyway"]')
    await page.waitForSelector('[data-testid="confirm-dialog"][open]')
    await page.click('[data-testid="confirm-yes"]')
    await settledOutbox(page)
    await until(
      'modification appliquée',
      holds(() => store.primesIndemnites.find((p) => p.id === theirs.id)?.montant === '420.00'),
    )
    expect((await readOutbox(page)).find((r) => r.clientId === change?.clientId)?.state).toBe('synced')
    await page.goto(`${base}#/entries/${change?.clientId ?? ''}`)
    await page.waitForSelector('[data-testid="entry-audit"]')
    await until(
      'décision au journal',
      async () => (await page.textContent('[data-testid="entry-audit"]'))?.includes('appliquer ma modification') === true,
    )
    await ws.screenshot('edits-change-applied')
  })
})

/**
 * Issue 14, points 4 and 5, in real Chromium against the sandbox, through the screens only:
 * - from the dossier screen, the clerk opens « Prime ou indemnité » and « Avantage en nature », enters one of each in
 *   the one spec-driven form (the prime code list holds the cached codes the cabinet sees, not the employer's), and
 *   « Synchroniser » sends them: the sandbox holds each once, field for field;
 * - in the EVP grid, a salarié with two contracts in the period has one row per contract (number and nature shown);
 *   one EVP typed in each row reaches the sandbox assigned to that row's contract; the employer's EVP code has no
 *   column, the column headers say who sees each code.
 * Screenshots: test/e2e/artifacts/kinds-*.png.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { startWithReference, type Workstation } from './harness/app'
import { BIG_SIREN, lastToastId, nextToast, simpleEmployees, until } from './support'

let ws: Workstation
let base = ''

beforeAll(async () => {
  ;({ ws, base } = await startWithReference(`[data-testid="dossier-row-${BIG_SIREN}"]`))
})
afterAll(async () => {
  await ws.close()
})

/** Chooses the employee `matricule` in the form's searchable employee list. */
async function chooseSalarie(page: Page, matricule: string): Promise<void> {
  await page.click('[data-testid="field-matricule"]')
  await page.keyboard.type(matricule)
  await page.click(`[data-testid="option-${matricule}"]`)
}

/** Opens the dossier screen and follows its link `link-<kind>` to the form of that kind. */
async function openForm(page: Page, kind: 'prime' | 'avantage'): Promise<void> {
  await page.goto(`${base}#/dossiers/${BIG_SIREN}`)
  await page.click(`[data-testid="link-${kind}"]`)
  await page.waitForSelector(`[data-testid="${kind}-form"]`)
}

/** Saves the form and returns the toast it shows (the entry is then committed to the outbox). */
async function save(page: Page): Promise<{ kind: string; text: string }> {
  const after = await lastToastId(page)
  await page.click('[data-testid="submit"]')
  return nextToast(page, after)
}

describe('primes, avantages en nature and the contracts of the EVP grid, through the screens', () => {
  it('enters one prime, one avantage en nature and one EVP on each contract of a salarié, then syncs them exactly once', async () => {
    const page = ws.page
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const periode = dossier.periode_paie_en_cours
    const [forPrime, forAvantage] = simpleEmployees(store, BIG_SIREN, periode)
    expect(forPrime).toBeDefined()
    expect(forAvantage).toBeDefined()
    // A salarié of the seed with two contracts running in the period and no EVP of the period yet.
    const start = `${periode}-01`
    const end = `${periode}-28`
    const withEvp = new Set(store.evp.filter((e) => e.siren === BIG_SIREN && e.periode === periode).map((e) => e.matricule))
    const double = store.salaries
      .filter((s) => s.siren === BIG_SIREN && s.date_sortie === null && !withEvp.has(s.matricule))
      .map((s) => ({ s, running: s.contrats.filter((c) => c.date_debut <= end && (c.date_fin === null || c.date_fin >= start)) }))
      .filter((x) => x.running.length === 2 && x.s.date_entree < start)
      .sort((a, b) => a.s.matricule.localeCompare(b.s.matricule))[0]
    expect(double).toBeDefined()
    const m2 = double!.s.matricule
    const [c1, c2] = [...double!.running].sort(
      (a, b) => a.date_debut.localeCompare(b.date_debut) || a.numero_contrat.localeCompare(b.numero_contrat),
    )
    const before = { primes: store.primesIndemnites.length, avantages: store.avantagesNature.length, evp: store.evp.length }

    // The prime, through the dossier's link and the spec-driven form.
    await openForm(page, 'prime')
    await chooseSalarie(page, forPrime!)
    const offered = z
      .array(z.string())
      .parse(await page.evaluate(`[...document.querySelectorAll('[data-testid="field-code_prime"] option')].map((o) => o.value)`))
    expect(offered).toContain('PEXC')
    expect(offered).not.toContain('PCOOPT')
    await page.selectOption('[data-testid="field-code_prime"]', 'PEXC')
    await page.fill('[data-testid="field-montant"]', '320,50')
    await page.check('[data-testid="field-prime_nette"]')
    await page.fill('[data-testid="field-libelle_bulletin"]', 'Prime de fin de chantier')
    await ws.screenshot('kinds-prime-form')
    expect(await save(page)).toEqual({ kind: 'success', text: expect.stringContaining('Prime enregistrée') as string })

    // The avantage en nature.
    await openForm(page, 'avantage')
    await chooseSalarie(page, forAvantage!)
    await page.selectOption('[data-testid="field-type_avantage"]', 'vehicule')
    await page.selectOption('[data-testid="field-mode_evaluation"]', 'forfait')
    await page.fill('[data-testid="field-montant"]', '118,00')
    await page.fill('[data-testid="field-commentaire"]', 'Véhicule de service, usage privé le week-end')
    await ws.screenshot('kinds-avantage-form')
    expect(await save(page)).toEqual({ kind: 'success', text: expect.stringContaining('Avantage en nature enregistré') as string })

    // The EVP grid: one row per contract of the salarié, one EVP typed in each.
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp?q=${m2}`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    expect(await page.locator('[data-testid="col-OBJEMP"]').count()).toBe(0)
    expect(await page.textContent('[data-testid="grid-employer-codes"]')).toContain('OBJEMP')
    expect((await page.textContent('[data-testid="visibility-HS25"]'))?.trim()).toBe('GP + employeur')
    expect((await page.textContent(`[data-testid="contract-${m2}-${c1!.numero_contrat}"]`))?.trim()).toContain(c1!.numero_contrat)
    expect((await page.textContent(`[data-testid="contract-${m2}-${c2!.numero_contrat}"]`))?.trim()).toContain(c2!.numero_contrat)
    await page.click(`[data-testid="cell-${m2}-${c1!.numero_contrat}-HS25"]`)
    await page.keyboard.type('3')
    await page.keyboard.press('Enter')
    await page.keyboard.type('5,5')
    await page.keyboard.press('Enter')
    const saved = async (): Promise<number> => Number(await page.locator('[data-testid="grid-saved"]').getAttribute('data-count'))
    await until('deux EVP enregistrés', async () => (await saved()) === 2, 20_000)
    expect(await page.getAttribute(`[data-testid="cell-${m2}-${c2!.numero_contrat}-HS25"]`, 'data-state')).toBe('queued')
    await ws.screenshot('kinds-evp-grid-contracts')

    // « Synchroniser » from the queue.
    await page.click('[data-testid="nav-file"]')
    await page.waitForSelector('[data-testid="queue-view"]')
    await page.click('[data-testid="sync-now"]')
    await until(
      'prime, avantage et EVP synchronisés',
      () =>
        Promise.resolve(
          store.primesIndemnites.length === before.primes + 1 &&
            store.avantagesNature.length === before.avantages + 1 &&
            store.evp.length === before.evp + 2,
        ),
      60_000,
    )
    await until(
      'file synchronisée',
      async () => (await page.locator('[data-testid^="queue-row-"][data-state="synced"]').count()) === 4,
      30_000,
    )
    // The queue names each EVP's contract and the avantage's type in words.
    const summaries = (await page.locator('[data-testid^="queue-row-"][data-state]').allTextContents()).join('\n')
    expect(summaries).toContain(`(contrat ${c1!.numero_contrat})`)
    expect(summaries).toContain(`(contrat ${c2!.numero_contrat})`)
    expect(summaries).toContain('Véhicule')
    await ws.screenshot('kinds-queue-synced')

    const [prime] = store.primesIndemnites.slice(before.primes)
    expect(prime).toMatchObject({
      siren: BIG_SIREN,
      matricule: forPrime,
      periode,
      code_prime: 'PEXC',
      montant: '320.50',
      prime_nette: true,
      libelle_bulletin: 'Prime de fin de chantier',
    })
    const [avantage] = store.avantagesNature.slice(before.avantages)
    expect(avantage).toMatchObject({
      siren: BIG_SIREN,
      matricule: forAvantage,
      periode,
      type_avantage: 'vehicule',
      mode_evaluation: 'forfait',
      montant: '118.00',
      commentaire: 'Véhicule de service, usage privé le week-end',
    })
    const evp = store.evp
      .slice(before.evp)
      .map((e) => [e.matricule, e.numero_contrat, e.code_evp, e.periode, e.quantite])
      .sort()
    expect(evp).toEqual(
      [
        [m2, c1!.numero_contrat, 'HS25', periode, '3'],
        [m2, c2!.numero_contrat, 'HS25', periode, '5.5'],
      ].sort(),
    )
  })
})

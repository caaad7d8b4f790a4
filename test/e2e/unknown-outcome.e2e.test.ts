/**
 * "Unknown outcome": the payroll service commits some writes and then loses the connection before answering
 * (dropAfterCommitRate). The clerk pastes a block of EVP into the grid; the dropped writes end `unknown`, are
 * reconciled on the next batches (listed, matched by fingerprint, never resent blindly) and everything ends synced
 * without a click: on the server, each entry exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import { startWorkstation, type Workstation } from './harness/app'
import { BIG_SIREN, downloadCsv, duplicates, pasteText, stateCount, testIdSuffixes, until } from './support'

/** Grid rows pasted (an employee with two contracts in the period has one row per contract, each queued with it). */
const PASTED = 105
let ws: Workstation
const figures: Record<string, number> = {}

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nUNKNOWN OUTCOME FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

describe('writes committed but unanswered on the 250-employee dossier', () => {
  it('reconciles every unknown entry and creates each record exactly once', async () => {
    const store = ws.store
    const before = store.evp.length
    const page = ws.page

    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })

    // About one write in three is committed, then its connection is cut before the answer.
    ws.sandbox!.faults.set({ dropAfterCommitRate: 0.3 })

    const base = page.url().split('#')[0]
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    const rows = await testIdSuffixes(page, 'row-')
    const cols = await testIdSuffixes(page, 'col-')
    expect(rows.length).toBeGreaterThanOrEqual(PASTED)
    // Rows whose cell already holds an EVP of the service (entered elsewhere): the paste updates that record (a PATCH,
    // issue 14 point 5) instead of creating one. Counted before the paste (the creates add records to the store).
    const periode = store.dossiers.find((d) => d.siren === BIG_SIREN)?.periode_paie_en_cours ?? ''
    const holdsServiceEvp = (row: string): boolean =>
      store.evp.some(
        (e) =>
          e.siren === BIG_SIREN &&
          e.periode === periode &&
          e.code_evp === cols[0] &&
          (row === e.matricule || row === `${e.matricule}-${e.numero_contrat}`),
      )
    const updates = rows.slice(0, PASTED).filter(holdsServiceEvp).length
    figures['updates'] = updates
    // The clerk pastes once the grid shows what the service holds (the period's records read: their instant shown
    // beside the grid). Pasted before, a cell holding a service EVP would look empty and create a second one.
    await until(
      'period records read',
      async () => ((await page.getAttribute('[data-testid="period-records-age"]', 'data-fetched-at')) ?? '') !== '',
    )
    await page.click(`[data-testid="cell-${rows[0]}-${cols[0]}"]`)
    await pasteText(
      page,
      rows
        .slice(0, PASTED)
        .map((_, i) => `${(i % 9) + 1},25`)
        .join('\r\n'),
    )
    // Every pasted cell settled (saved, or refused on the grid): the outbox writes a paste in several transactions.
    const gridSaved = async (): Promise<number> => Number(await page.locator('[data-testid="grid-saved"]').getAttribute('data-count'))
    const gridRefused = async (): Promise<number> => (await testIdSuffixes(page, 'grid-error-')).length
    await until('grid paste saved', async () => (await gridSaved()) + (await gridRefused()) === PASTED, 60_000)
    const saved = await gridSaved()

    await page.goto(`${base}#/queue`)
    await page.waitForSelector('[data-testid="queue-view"]')
    await until('counts shown', async () => (await stateCount(page, 'total')) === saved)
    const entered = await stateCount(page, 'total')
    expect(entered).toBeGreaterThanOrEqual(95)
    const started = Date.now()
    let unknownSeen = 0
    await until(
      'all synced',
      async () => {
        unknownSeen = Math.max(unknownSeen, await stateCount(page, 'unknown'))
        return (await stateCount(page, 'synced')) === entered
      },
      120_000,
    )
    figures['entries'] = entered
    figures['secondsToSync'] = Math.round((Date.now() - started) / 100) / 10
    figures['maxUnknownShown'] = unknownSeen
    await ws.screenshot('unknown-outcome-synced')
    ws.sandbox!.faults.set({ dropAfterCommitRate: 0 })

    // The audit log, exported as the clerk would: every attempt with its result.
    const audit = await downloadCsv(page, 'export-audit')
    const posts = audit.filter((a) => a['Méthode'] === 'POST')
    const dropped = posts.filter((a) => a['Résultat'] === 'sans réponse').length
    const lists = audit.filter((a) => a['Méthode'] === 'GET')
    figures['posts'] = posts.length
    figures['dropped'] = dropped
    // The updates' own lists (their record read before the PATCH) are not reconciliations of a create.
    const patched = new Set(audit.filter((a) => a['Méthode'] === 'PATCH').map((a) => a['Identifiant de saisie']))
    figures['reconciledByList'] = new Set(
      lists
        .filter((a) => a['Résultat'] === 'synchronisé' && !patched.has(a['Identifiant de saisie']))
        .map((a) => a['Identifiant de saisie']),
    ).size
    // Entries whose unknown write was found on the server by the list, and those sent again (not found).
    figures['resentAfterList'] = posts.length - (entered - updates)
    expect(dropped).toBeGreaterThan(0)

    // On the server: every entry once, nothing missing.
    const created = store.evp.slice(before).map((r) => fingerprintOf('evp', r))
    figures['onServer'] = created.length
    figures['duplicates'] = duplicates(created, (f) => f).length
    figures['lost'] = entered - updates - created.length
    expect(figures['duplicates']).toBe(0)
    expect(created.length).toBe(entered - updates)
    // Each dropped write was reconciled by a list, none resent blindly.
    expect(figures['reconciledByList']).toBe(dropped)
    expect(posts.length).toBe(entered - updates)
    expect(patched.size).toBe(updates)
  })
})

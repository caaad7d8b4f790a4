/**
 * Issue 12, point 9: "Enregistré" means on disk. The clerk saves entries through the UI (absence and expense forms, a
 * grid paste) and, the moment the app says they are saved, the browser goes away: (a) closed right after the save,
 * (b) killed with SIGKILL, no clean shutdown. Reopened on the same profile, every acknowledged entry is there.
 * And the acknowledgement waits for the commit: a transaction whose writes all succeeded but which fails to commit
 * shows no "saved" toast (nor a saved grid cell), only the error.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startWorkstation, type Workstation } from './harness/app'
import { readOutbox, type OutboxRow } from './page-data'
import { BIG_SIREN, lastToastId, nextToast, pasteText, pollUntil, simpleEmployees, testIdSuffixes, toastsAfter } from './support'

let ws: Workstation
let base = ''
let periode = ''
let people: string[] = []
let rows: string[] = []
let code = ''
const figures: Record<string, number> = { rounds: 0, acknowledged: 0, found: 0, lost: 0, closes: 0, kills: 0, msFromAckToGone: 0 }

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nDURABLE FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

/**
 * Page script: while `window.__commitFails`, every readwrite transaction over `outbox` is held open by read requests
 * until 200 ms after its last write succeeded, then aborted (one that writes nothing within 3 s is let go): every write succeeded, the commit failed
 * (as a full disk or a storage error at commit time would). Counts aborts in `window.__abortedCommits`; notes the
 * durability every readwrite transaction is opened with in `window.__durabilities`.
 */
const COMMIT_FAILS = `(() => {
      window.__commitFails = true
      const open = IDBDatabase.prototype.transaction
      const put = IDBObjectStore.prototype.put
      const add = IDBObjectStore.prototype.add
      const noteWrite = (store, request) => {
        request.addEventListener('success', () => { store.transaction.__lastWriteOk = performance.now() })
        return request
      }
      IDBObjectStore.prototype.put = function (...args) { return noteWrite(this, put.apply(this, args)) }
      IDBObjectStore.prototype.add = function (...args) { return noteWrite(this, add.apply(this, args)) }
      IDBDatabase.prototype.transaction = function (names, mode, options) {
        const tx = open.call(this, names, mode, options)
        const list = typeof names === 'string' ? [names] : [...names]
        if (mode === 'readwrite') window.__durabilities = [...(window.__durabilities ?? []), options?.durability ?? 'default']
        if (window.__commitFails && mode === 'readwrite' && list.includes('outbox')) {
          const started = performance.now()
          const store = tx.objectStore('outbox')
          const hold = () => {
            const now = performance.now()
            if (tx.__lastWriteOk !== undefined && now - tx.__lastWriteOk > 200) {
              try { tx.abort() } catch {}
              window.__abortedCommits = (window.__abortedCommits ?? 0) + 1
              return
            }
            if (tx.__lastWriteOk === undefined && now - started > 3000) return // wrote nothing: let it commit
            store.count().onsuccess = hold
          }
          hold()
        }
        return tx
      }
    })()`

/** An entry the app said was saved, and how to find it in the outbox. */
interface Acknowledged {
  readonly label: string
  readonly matches: (row: OutboxRow & { payload?: unknown }) => boolean
}

function payloadOf(row: { payload?: unknown }): Record<string, unknown> {
  const parsed = z.record(z.string(), z.unknown()).safeParse(row.payload)
  return parsed.success ? parsed.data : {}
}

/**
 * The grid row an EVP payload was entered in (the grid's row key): its matricule, or `<matricule>-<numero_contrat>`
 * for a row of one of the contracts of an employee holding several (src-renderer/features/evp/grid/gridRows.ts).
 */
function gridRowOf(row: { payload?: unknown }): string {
  const p = payloadOf(row)
  const numero = p['numero_contrat']
  return typeof numero === 'string' && numero !== '' ? `${String(p['matricule'])}-${numero}` : String(p['matricule'])
}

/** Fills and submits the absence form for `matricule`; resolves when the "saved" toast is visible. */
async function saveAbsence(page: Page, matricule: string, day: number): Promise<Acknowledged> {
  const debut = `${periode}-${String(day).padStart(2, '0')}`
  await page.goto(`${base}#/dossiers/${BIG_SIREN}/absence?matricule=${matricule}`)
  await page.waitForSelector('[data-testid="absence-form"]')
  await page.selectOption('[data-testid="field-code_absence"]', 'MAL')
  await page.fill('[data-testid="field-date_debut"]', debut)
  await page.fill('[data-testid="field-date_fin"]', debut)
  const after = await lastToastId(page)
  await page.click('[data-testid="submit"]')
  expect(await nextToast(page, after)).toMatchObject({ kind: 'success' })
  return {
    label: `absence ${matricule} ${debut}`,
    matches: (r) => r.kind === 'absence' && payloadOf(r)['matricule'] === matricule && payloadOf(r)['date_debut'] === debut,
  }
}

/** Fills and submits the expense form; resolves when the "saved" toast is visible. */
async function saveFrais(page: Page, matricule: string, euros: number): Promise<Acknowledged> {
  await page.goto(`${base}#/dossiers/${BIG_SIREN}/frais?matricule=${matricule}`)
  await page.waitForSelector('[data-testid="frais-form"]')
  await page.selectOption('[data-testid="field-type_frais"]', 'repas')
  await page.fill('[data-testid="field-date"]', `${periode}-05`)
  await page.fill('[data-testid="field-montant"]', `${euros},40`)
  const after = await lastToastId(page)
  await page.click('[data-testid="submit"]')
  expect(await nextToast(page, after)).toMatchObject({ kind: 'success' })
  return {
    label: `frais ${matricule} ${euros},40`,
    matches: (r) => r.kind === 'frais' && payloadOf(r)['matricule'] === matricule && Number(payloadOf(r)['montant']) === euros + 0.4,
  }
}

/** Opens the EVP grid (first time: reads its rows and first column). */
async function openGrid(page: Page): Promise<void> {
  await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
  await page.waitForSelector('[data-testid="evp-grid"]')
  if (rows.length === 0) {
    rows = await testIdSuffixes(page, 'row-')
    code = (await testIdSuffixes(page, 'col-'))[0] ?? ''
  }
}

/** Number of cells the grid says it saved since it opened. */
async function gridSaved(page: Page): Promise<number> {
  return Number(await page.locator('[data-testid="grid-saved"]').getAttribute('data-count'))
}

/** Matricules of the cells of column `code` the grid shows in error now. */
async function cellsInError(page: Page): Promise<string[]> {
  return (await testIdSuffixes(page, 'grid-error-')).filter((id) => id.endsWith(`-${code}`)).map((id) => id.slice(0, -code.length - 1))
}

/**
 * Pastes one value into `count` cells of the first column from row `from`; resolves as soon as the grid has settled
 * every pasted cell (saved, or in error). Rows are the grid's row keys: a matricule, or `<matricule>-<contrat>` for
 * an employee with several contracts (one row per contract).
 * @returns the cells the grid said were saved
 */
async function pasteCells(page: Page, from: number, count: number): Promise<Acknowledged[]> {
  await openGrid(page)
  const before = await gridSaved(page)
  const matricules = rows.slice(from, from + count)
  expect(matricules).toHaveLength(count)
  await page.click(`[data-testid="cell-${matricules[0]}-${code}"]`)
  await pasteText(page, matricules.map((_, i) => `${(i % 7) + 1},5`).join('\r\n'))
  let refused: string[] = []
  await pollUntil('paste acknowledged', async () => {
    refused = (await cellsInError(page)).filter((m) => matricules.includes(m))
    return (await gridSaved(page)) - before + refused.length === count
  })
  const saved = matricules.filter((m) => !refused.includes(m))
  expect(saved.length).toBeGreaterThan(count / 2)
  return saved.map((m) => ({
    label: `evp ${m} ${code}`,
    matches: (r) => r.kind === 'evp' && gridRowOf(r) === m && payloadOf(r)['code_evp'] === code,
  }))
}

/** Reopens the browser on the same profile and checks every acknowledged entry is in the outbox. */
async function reopenAndFind(acknowledged: readonly Acknowledged[]): Promise<Page> {
  const page = await ws.reopenBrowser()
  const stored = (await readOutbox(page)) as (OutboxRow & { payload?: unknown })[]
  const missing = acknowledged.filter((a) => !stored.some((r) => a.matches(r))).map((a) => a.label)
  figures['found'] = (figures['found'] ?? 0) + acknowledged.length - missing.length
  figures['lost'] = (figures['lost'] ?? 0) + missing.length
  expect(missing).toEqual([])
  return page
}

describe('« Enregistré » veut dire sur le disque', () => {
  it('prépare : référentiel en cache, puis le service s’en va (rien ne part, rien ne bouge pendant les arrêts)', async () => {
    const page = ws.page
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
    const dossier = ws.store.dossiers.find((d) => d.siren === BIG_SIREN)
    periode = dossier?.periode_paie_en_cours ?? ''
    people = simpleEmployees(ws.store, BIG_SIREN, periode).slice(0, 12)
    expect(people).toHaveLength(12)
    base = page.url().split('#')[0] ?? ''
    await ws.stopSandbox()
  })

  const acknowledged: Acknowledged[] = []
  const rounds: { end: 'close' | 'kill' }[] = [{ end: 'close' }, { end: 'kill' }, { end: 'close' }, { end: 'kill' }, { end: 'kill' }]

  it('chaque saisie annoncée enregistrée est retrouvée après fermeture du navigateur juste après, ou après SIGKILL', async () => {
    let page = ws.page
    let checked = 0
    for (const [i, round] of rounds.entries()) {
      // A few saves, each acknowledged, then a paste whose acknowledgement is the last thing seen before the end.
      acknowledged.push(await saveAbsence(page, people[2 * i] ?? '', 10 + i))
      acknowledged.push(await saveFrais(page, people[2 * i + 1] ?? '', 20 + i))
      acknowledged.push(...(await pasteCells(page, 30 * i, 30)))
      const acked = Date.now()
      if (round.end === 'close') {
        await ws.closeBrowser()
        figures['closes'] = (figures['closes'] ?? 0) + 1
      } else {
        await ws.killBrowser()
        figures['kills'] = (figures['kills'] ?? 0) + 1
      }
      figures['msFromAckToGone'] = Math.max(figures['msFromAckToGone'] ?? 0, Date.now() - acked)
      page = await reopenAndFind(acknowledged)
      checked += acknowledged.length
      figures['rounds'] = i + 1
      figures['acknowledged'] = acknowledged.length
    }
    expect(figures['lost']).toBe(0)
    expect(figures['found']).toBe(checked)
  })

  it('un enregistrement dont la validation (commit) échoue n’affiche pas « enregistré »', async () => {
    // Every rw transaction over `outbox` is kept open after its writes succeed, then aborted instead of committed.
    // Installed before the app's scripts (Dexie binds IDBDatabase.transaction when it opens the database), then reload.
    const page = ws.page
    await page.addInitScript({ content: COMMIT_FAILS })
    await page.reload()
    await page.waitForSelector('[data-testid="online-indicator"]')
    const count = async (): Promise<number> => z.number().parse(await page.evaluate('window.__abortedCommits ?? 0'))

    // Form: the error is shown on the form, no toast at all, and nothing was stored.
    const matricule = people[11] ?? ''
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/absence?matricule=${matricule}`)
    await page.waitForSelector('[data-testid="absence-form"]')
    await page.selectOption('[data-testid="field-code_absence"]', 'MAL')
    await page.fill('[data-testid="field-date_debut"]', `${periode}-27`)
    await page.fill('[data-testid="field-date_fin"]', `${periode}-27`)
    const after = await lastToastId(page)
    const aborted = await count()
    await page.click('[data-testid="submit"]')
    await page.waitForSelector('[data-testid="form-issues"]', { timeout: 20_000 })
    expect(await page.locator('[data-testid="form-issues"]').textContent()).toContain('erreur inattendue')
    expect(await count()).toBeGreaterThan(aborted)
    expect(await toastsAfter(page, after)).toBe(0)

    // Grid: the pasted cells stay in error, the saved count does not move.
    await openGrid(page)
    const saved = await gridSaved(page)
    const matricules = rows.slice(200, 205)
    await page.click(`[data-testid="cell-${matricules[0]}-${code}"]`)
    await pasteText(page, matricules.map(() => '2,5').join('\r\n'))
    await pollUntil('paste refused', async () => {
      const refused = await cellsInError(page)
      return matricules.every((m) => refused.includes(m))
    })
    expect(await gridSaved(page)).toBe(saved)
    expect(await toastsAfter(page, after)).toBe(0)

    const stored = (await readOutbox(page)) as (OutboxRow & { payload?: unknown })[]
    expect(
      stored.filter(
        (r) => r.kind === 'absence' && payloadOf(r)['matricule'] === matricule && payloadOf(r)['date_debut'] === `${periode}-27`,
      ),
    ).toEqual([])
    expect(stored.filter((r) => r.kind === 'evp' && matricules.includes(gridRowOf(r)) && payloadOf(r)['code_evp'] === code)).toEqual([])

    // Real Chromium got the option: every write transaction of the app was opened with strict durability.
    const durabilities = z.array(z.string()).parse(await page.evaluate('window.__durabilities ?? []'))
    figures['writeTransactionsSeen'] = durabilities.length
    expect(durabilities.length).toBeGreaterThan(0)
    expect(new Set(durabilities)).toEqual(new Set(['strict']))

    // Commits work again: the same absence is saved and acknowledged.
    await page.evaluate('window.__commitFails = false')
    const ack = await saveAbsence(page, matricule, 27)
    await ws.closeBrowser()
    await reopenAndFind([ack])
  })
})

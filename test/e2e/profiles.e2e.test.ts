/**
 * Issue 4, connection profiles, in real Chromium against two sandbox instances:
 * - a fresh profile lands in demo mode ("Démo" label, database `paie-demo`) and syncs entries;
 * - a second profile, against a second sandbox whose credentials lack `frais_professionnels`: a wrong secret is
 *   refused and nothing is saved; the connection test shows who, which version and which categories; once active,
 *   the expenses feature is disabled with the explanation from /api/moi, and its data stays separate;
 * - the queue of the inactive profile is kept and synced when it is active again;
 * - after the syncs, no IPC answer or event, no IndexedDB table of any profile, no line of main's log holds a secret
 *   or an access token.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { SEED_CLIENTS } from '../../src-sandbox/store/seed'
import { LOG_DIR, TODAY, startWorkstation, type Workstation } from './harness/app'
import { BIG_SIREN, pasteText, queueScreen, simpleEmployees, stateCount, until } from './support'

const RESTRICTED = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-restreint')
if (RESTRICTED === undefined) throw new Error('client restreint absent du jeu de données')
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined }

let ws: Workstation
let second: RunningSandbox
const figures: Record<string, number | string> = {}

beforeAll(async () => {
  ws = await startWorkstation()
  // Another cabinet's service: same seed data, another process in real life.
  second = await startSandbox({ seed: 1, today: TODAY, rateLimit: false, logger: quiet })
})
afterAll(async () => {
  process.stdout.write(`\nPROFILES FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
  await second.close()
})

/** Text of the first element with this test id ('' when absent). */
async function textOf(testId: string): Promise<string> {
  return ((await ws.page.locator(`[data-testid="${testId}"]`).first().textContent()) ?? '').trim()
}

/** Enters HS25 hours for `matricules` in the EVP grid of the big dossier, one cell each. */
async function enterHours(matricules: readonly string[], base: string): Promise<void> {
  const page = ws.page
  await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
  await page.waitForSelector('[data-testid="evp-grid"]')
  for (const [i, matricule] of matricules.entries()) {
    await page.click(`[data-testid="cell-${matricule}-HS25"]`)
    await pasteText(page, `${String(i + 1)},5`)
  }
  await until('grid saved', async () => (await textOf('grid-saved')).length > 0, 30_000)
}

/** Opens the queue screen and waits for `n` entries in `state`. */
async function waitForCount(base: string, state: 'synced' | 'queued' | 'total', n: number, timeoutMs = 60_000): Promise<void> {
  await ws.page.goto(`${base}#/queue`)
  await until(`${String(n)} ${state}`, async () => (await stateCount(ws.page, state)) === n, timeoutMs)
}

/** Activates a profile from the settings screen and waits for the reloaded app. */
async function activate(base: string, id: string): Promise<void> {
  const page = ws.page
  await page.goto(`${base}#/settings/profiles`)
  // The app reloads on the profile's database: wait for that load, not for the hash change before it.
  await Promise.all([page.waitForEvent('load'), page.click(`[data-testid="activate-${id}"]`)])
  await page.waitForSelector('[data-testid="online-indicator"]')
}

describe('connection profiles', () => {
  it('demo first, then a restricted second profile with its own data, rights and queue; no secret or token leaks', async () => {
    const page = ws.page
    const base = page.url().split('#')[0] ?? ''
    const demoStore = ws.store
    const periode = demoStore.dossiers.find((d) => d.siren === BIG_SIREN)?.periode_paie_en_cours ?? ''
    // Employees whose HS25 cell is empty on the service: typed there, an HS25 the service holds would be a PATCH of it.
    const people = simpleEmployees(demoStore, BIG_SIREN, periode).filter(
      (m) => !demoStore.evp.some((e) => e.siren === BIG_SIREN && e.periode === periode && e.matricule === m && e.code_evp === 'HS25'),
    )
    const evpBefore = { demo: demoStore.evp.length, second: second.store.evp.length }

    // 1. A fresh profile lands in demo mode, on its own database, and syncs.
    await page.waitForSelector('[data-testid="demo-badge"]')
    expect(ws.profiles.active()).toMatchObject({ id: 'demo', demo: true, dbName: 'paie-demo' })
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
    await enterHours(people.slice(0, 5), base)
    await waitForCount(base, 'synced', 5)
    expect(demoStore.evp.length - evpBefore.demo).toBe(5)

    // 2. A second profile: a wrong secret is refused clearly, and nothing is saved.
    await page.goto(`${base}#/settings/profiles`)
    await page.fill('[data-testid="field-nom"]', 'Cabinet Lefèvre (restreint)')
    await page.fill('[data-testid="field-baseUrl"]', second.url)
    await page.fill('[data-testid="field-clientId"]', RESTRICTED.client_id)
    await page.fill('[data-testid="field-clientSecret"]', 'un-secret-faux')
    await page.click('[data-testid="profile-save"]')
    await page.waitForSelector('[data-testid="profile-error"]')
    expect(await textOf('profile-error')).toMatch(/Identifiants refusés.*Rien n’a été enregistré/)
    expect((await ws.profiles.list()).profils).toHaveLength(1)

    // The right secret: test first (who, version, categories), then save.
    await page.fill('[data-testid="field-clientSecret"]', RESTRICTED.client_secret)
    await page.click('[data-testid="profile-test"]')
    await page.waitForSelector('[data-testid="test-result"]')
    expect(await textOf('test-version')).toContain('1.13.0')
    expect(await textOf('test-result')).toContain('Sophie Lambert')
    expect(await page.getAttribute('[data-testid="test-category-frais_professionnels"]', 'data-autorisee')).toBe('false')
    expect(await page.getAttribute('[data-testid="test-category-absences"]', 'data-autorisee')).toBe('true')
    await page.click('[data-testid="profile-save"]')
    await page.waitForSelector('[data-testid="profile-message"]')
    const list = await ws.profiles.list()
    const restricted = list.profils.find((p) => !p.demo)
    if (restricted === undefined) throw new Error('profil non enregistré')
    expect(restricted).toMatchObject({ secret: 'enregistre', actif: false })
    expect(await textOf(`profile-secret-${restricted.id}`)).toBe('Secret dans le trousseau')

    // 3. Active: its own database (empty), its own service; the expenses feature is disabled with the reason.
    await activate(base, restricted.id)
    expect(await page.locator('[data-testid="demo-badge"]').count()).toBe(0)
    expect(await textOf('profile-name')).toBe('Cabinet Lefèvre (restreint)')
    expect(ws.profiles.active()).toMatchObject({ id: restricted.id, demo: false, dbName: `paie-${restricted.id}` })
    await waitForCount(base, 'total', 0)
    await page.goto(`${base}#/`)
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
    await page.goto(`${base}#/dossiers/${BIG_SIREN}`)
    await page.waitForSelector('[data-testid="right-missing-frais_professionnels"]')
    expect(await textOf('right-missing-frais_professionnels')).toContain('« Frais professionnels »')
    expect(await page.getAttribute('[data-testid="link-frais"]', 'aria-disabled')).toBe('true')
    expect(await page.getAttribute('[data-testid="link-absence"]', 'aria-disabled')).toBeNull()
    expect(await page.locator(`[data-testid="add-frais-${people[0] ?? ''}"]`).count()).toBe(0)
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/frais`)
    await page.waitForSelector('[data-testid="right-missing-frais_professionnels"]')
    expect(await page.locator('[data-testid="frais-form"]').count()).toBe(0)

    // Its entries go to its own service only.
    await enterHours(people.slice(5, 8), base)
    await waitForCount(base, 'synced', 3)
    expect(second.store.evp.length - evpBefore.second).toBe(3)
    expect(demoStore.evp.length - evpBefore.demo).toBe(5)

    // 4. The demo service goes away; back on demo, entries queue; on the other profile they are not seen;
    //    back on demo with its service up, the kept queue syncs.
    await activate(base, 'demo')
    await page.waitForSelector('[data-testid="demo-badge"]')
    await waitForCount(base, 'synced', 5)
    await ws.stopSandbox()
    await enterHours(people.slice(10, 14), base)
    await waitForCount(base, 'queued', 4)
    await activate(base, restricted.id)
    await waitForCount(base, 'total', 3)
    await ws.restartSandbox()
    await activate(base, 'demo')
    await waitForCount(base, 'synced', 9)
    // Issue 13: the moment the counters say 9 synced, every row says so too (rows and counters are read together).
    const shown = await queueScreen(page)
    expect(shown).toEqual({
      rows: { synced: 9 },
      badges: Array.from({ length: 9 }, () => 'Synchronisé'),
      counts: { synced: 9 },
      loading: 0,
    })
    expect(demoStore.evp.length - evpBefore.demo).toBe(9)
    expect(second.store.evp.length - evpBefore.second).toBe(3)
    await ws.screenshot('profiles-demo-synced')

    // 5. No secret and no access token anywhere the renderer can see (IPC answers and events, IndexedDB), nor in
    //    main's log file.
    const secrets = [RESTRICTED.client_secret, 'demo-secret-sandbox']
    const tokens = [...ws.issuedTokens]
    expect(tokens.length).toBeGreaterThanOrEqual(2)
    const traffic = ws.ipcTraffic.join('\n')
    const databases = await dumpIndexedDb()
    const logFile = resolve(LOG_DIR, 'profiles.log')
    const logText = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
    expect(logText).toContain('Profil activé')
    expect(databases.names).toEqual(expect.arrayContaining(['paie-demo', `paie-${restricted.id}`]))
    for (const needle of [...secrets, ...tokens]) {
      expect(traffic.includes(needle), 'secret ou jeton dans une réponse IPC').toBe(false)
      expect(databases.text.includes(needle), 'secret ou jeton dans IndexedDB').toBe(false)
      expect(logText.includes(needle), 'secret ou jeton dans le journal').toBe(false)
    }
    figures['ipcMessages'] = ws.ipcTraffic.length
    figures['indexedDbBytes'] = databases.text.length
    figures['logBytes'] = logText.length
    figures['tokensChecked'] = tokens.length
    figures['demoSynced'] = 9
    figures['secondSynced'] = 3
  })
})

/** Every record of every IndexedDB database of the page's origin, as one JSON text, and the database names. */
async function dumpIndexedDb(): Promise<{ names: string[]; text: string }> {
  // A script string: this file is type-checked without the DOM library.
  const result: unknown = await ws.page.evaluate(`(async () => {
    const out = { names: [], records: {} }
    for (const info of await indexedDB.databases()) {
      out.names.push(info.name)
      const db = await new Promise((ok, ko) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise((ok, ko) => { const r = db.transaction(store).objectStore(store).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
        out.records[info.name + '/' + store] = rows
      }
      db.close()
    }
    return JSON.stringify(out)
  })()`)
  const parsed = JSON.parse(String(result)) as { names: string[] }
  return { names: parsed.names, text: String(result) }
}

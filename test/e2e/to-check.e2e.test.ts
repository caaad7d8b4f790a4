/**
 * "À vérifier" (issue 12): the clerk enters three EVP while the payroll service is out of reach. Meanwhile a
 * colleague's API client (another seeded client, over HTTP) enters the very same three elements first. When the
 * service is back, the app lists each scope before sending, finds an identical record it cannot prove is its own,
 * sends nothing and shows each entry « À vérifier » beside its candidate. Through the UI the clerk takes one decision
 * per entry: « C'est le même » (linked, nothing sent), « Envoyer quand même » (a second record), « Annuler ma
 * saisie » (cancelled, nothing sent); each decision is in the entry's history with who and when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPayrollConnection } from '../../src-main/services/connection'
import { startSandbox } from '../../src-sandbox/server'
import { SEED_CLIENTS } from '../../src-sandbox/store/seed'
import { EvpCreateDto } from '../../src-shared/api/entries'
import { fingerprintOf, fingerprintsMatch, recordFingerprintOf } from '../../src-shared/domain/fingerprint'
import { TODAY, startWorkstation, type Workstation } from './harness/app'
import { BIG_SIREN, pasteText, simpleEmployees, stateCount, until } from './support'

let ws: Workstation
const figures: Record<string, number | string> = {}

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nTO CHECK FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

/** Outbox rows as IndexedDB holds them (the page's database), read in the page. */
interface Row {
  clientId: string
  state: string
  serverId: string | null
  payload: Record<string, unknown>
  candidates?: { id: string }[] | null
}

async function outboxRows(): Promise<Row[]> {
  // A script string: this file is type-checked without the DOM library.
  return ws.page.evaluate<Row[]>(`(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name).filter((n) => n && n.startsWith('paie'))
    const all = []
    for (const name of names) {
      const db = await new Promise((ok, ko) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
      if (!db.objectStoreNames.contains('outbox')) { db.close(); continue }
      const rows = await new Promise((ok, ko) => { const r = db.transaction('outbox').objectStore('outbox').getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
      db.close()
      all.push(...rows)
    }
    return all
  })()`)
}

async function textOf(testId: string): Promise<string> {
  return ((await ws.page.locator(`[data-testid="${testId}"]`).first().textContent()) ?? '').trim()
}

/** Records of the server matching `payload` as the app matches them (the service fills the only contract in). */
function onServer(payload: Record<string, unknown>): string[] {
  const f = fingerprintOf('evp', payload)
  return ws.store.evp.filter((r) => fingerprintsMatch(f, recordFingerprintOf('evp', r))).map((r) => r.id)
}

/** Opens the entry page of `clientId` and waits for it. */
async function openEntry(base: string, clientId: string): Promise<void> {
  await ws.page.goto(`${base}#/entries/${clientId}`)
  await ws.page.waitForSelector('[data-testid="entry-view"]')
}

/** Clicks `testId` on the entry page, then confirms in the dialog. */
async function decideThroughUi(testId: string): Promise<void> {
  await ws.page.click(`[data-testid="${testId}"]`)
  await ws.page.waitForSelector('[data-testid="confirm-dialog"][open]')
  await ws.page.click('[data-testid="confirm-yes"]')
  await ws.page.waitForSelector('[data-testid="toast"]')
}

describe('EO-11 entries « à vérifier » after another writer entered the same element first', () => {
  it('EO-11 shows each entry « À vérifier » with its candidate; link, send anyway and cancel do what they say, audited', async () => {
    const page = ws.page
    const base = page.url().split('#')[0] ?? ''
    const store = ws.store
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
    if (dossier === undefined) throw new Error('dossier absent du seed')
    const periode = dossier.periode_paie_en_cours

    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
    const people = simpleEmployees(store, BIG_SIREN, periode).slice(0, 3)
    expect(people).toHaveLength(3)

    // Offline: three EVP in the grid, queued on this workstation only.
    await ws.stopSandbox()
    await page.goto(`${base}#/dossiers/${BIG_SIREN}/evp`)
    await page.waitForSelector('[data-testid="evp-grid"]')
    for (const [i, matricule] of people.entries()) {
      await page.click(`[data-testid="cell-${matricule}-HS25"]`)
      await pasteText(page, `${i + 2},5`)
    }
    await until('grid saved', async () => ((await page.locator('[data-testid="grid-saved"]').textContent()) ?? '').length > 0, 30_000)
    await until(
      'three entries queued, none in flight',
      async () => {
        const rows = await outboxRows()
        return rows.length === 3 && rows.every((r) => r.state === 'queued')
      },
      30_000,
    )
    const entries = await outboxRows()
    const before = store.evp.length

    // A colleague's API client enters the same three elements first, over HTTP (the same service data).
    const colleague = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-restreint')
    if (colleague === undefined) throw new Error('client du seed absent')
    const other = await startSandbox({ seed: 1, today: TODAY, rateLimit: false, initialStore: store })
    try {
      const connection = createPayrollConnection({
        baseUrl: other.url,
        clientId: colleague.client_id,
        clientSecret: colleague.client_secret,
      })
      for (const e of entries) await connection.client.call('creerEvp', { body: EvpCreateDto.parse(e.payload) })
    } finally {
      await other.close()
    }
    expect(store.evp.length).toBe(before + 3)
    const theirs = new Map(entries.map((e) => [e.clientId, onServer(e.payload)]))
    for (const ids of theirs.values()) expect(ids).toHaveLength(1)

    // The service is back: the app lists before sending, finds the identical records, sends nothing.
    await ws.restartSandbox()
    await page.goto(`${base}#/queue`)
    await page.waitForSelector('[data-testid="queue-view"]')
    await page.click('[data-testid="sync-now"]')
    await until('three entries to check', async () => (await stateCount(page, 'to_check')) === 3, 60_000)
    expect(store.evp.length).toBe(before + 3)
    expect(await page.locator('[data-testid="state-count-to_check"]').getAttribute('data-needs-clerk')).toBe('true')
    await page.click('[data-testid="state-count-to_check"]')
    await until(
      'to_check rows listed',
      async () => (await page.locator('[data-testid^="queue-row-"][data-state="to_check"]').count()) === 3,
      10_000,
    )
    await ws.screenshot('to-check-queue')

    const [linkEntry, sendEntry, cancelEntry] = entries as [Row, Row, Row]
    const candidateOf = (e: Row): string => theirs.get(e.clientId)?.[0] ?? ''

    // 1. « C'est le même »: linked to the colleague's record, nothing sent.
    await openEntry(base, linkEntry.clientId)
    expect(await textOf('entry-state')).toContain('À vérifier')
    await page.waitForSelector(`[data-testid="compare-col-${candidateOf(linkEntry)}"]`)
    expect(await textOf('to-check-reason')).toContain('IDENTIQUE_EXISTANT')
    expect(await textOf(`compare-relation-${candidateOf(linkEntry)}`)).toBe('identique')
    await ws.screenshot('to-check-entry')
    await decideThroughUi(`link-${candidateOf(linkEntry)}`)
    await until('linked entry synced', async () => /synchronisé/i.test(await textOf('entry-state')), 10_000)
    expect(await textOf('entry-server-id')).toContain(candidateOf(linkEntry))

    // 2. « Envoyer quand même »: sent as a new record, the service then holds two.
    await openEntry(base, sendEntry.clientId)
    await page.waitForSelector(`[data-testid="compare-col-${candidateOf(sendEntry)}"]`)
    await decideThroughUi('send-anyway')
    await page.click('[data-testid="sync-now"]')
    await until('sent-anyway entry synced', async () => /synchronisé/i.test(await textOf('entry-state')), 30_000)
    const twice = onServer(sendEntry.payload)
    expect(twice).toHaveLength(2)
    expect(await textOf('entry-server-id')).toContain(twice.find((id) => id !== candidateOf(sendEntry)) ?? 'absent')

    // 3. « Annuler ma saisie »: cancelled, nothing sent.
    await openEntry(base, cancelEntry.clientId)
    await page.waitForSelector(`[data-testid="compare-col-${candidateOf(cancelEntry)}"]`)
    await decideThroughUi('cancel-to-check')
    await until('cancelled', async () => /annulé/i.test(await textOf('entry-state')), 10_000)

    // On the server: the link and the cancel sent nothing; the send anyway made exactly one more record.
    await page.click('[data-testid="sync-now"]')
    await new Promise((ok) => setTimeout(ok, 1_500))
    expect(store.evp.length).toBe(before + 4)
    expect(onServer(linkEntry.payload)).toEqual([candidateOf(linkEntry)])
    expect(onServer(cancelEntry.payload)).toEqual([candidateOf(cancelEntry)])
    const rows = new Map((await outboxRows()).map((r) => [r.clientId, r]))
    expect(rows.get(linkEntry.clientId)).toMatchObject({ state: 'synced', serverId: candidateOf(linkEntry) })
    expect(rows.get(sendEntry.clientId)?.state).toBe('synced')
    expect(rows.get(cancelEntry.clientId)).toMatchObject({ state: 'cancelled', serverId: null })

    // Each decision in the entry's history: what, who, when.
    const expected: [Row, RegExp][] = [
      [
        linkEntry,
        new RegExp(
          `Décision : c’est le même \\(élément ${candidateOf(linkEntry)}\\) — par Profil Démo, le \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`,
        ),
      ],
      [
        sendEntry,
        new RegExp(
          `Décision : envoyer quand même \\(éléments écartés : ${candidateOf(sendEntry)}\\) — par Profil Démo, le \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`,
        ),
      ],
      [cancelEntry, /Décision : saisie annulée — par Profil Démo, le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/],
    ]
    for (const [entry, sentence] of expected) {
      await openEntry(base, entry.clientId)
      await page.waitForSelector('[data-testid^="audit-decision-"]')
      const decisions = await page.locator('[data-testid^="audit-decision-"]').allTextContents()
      expect(decisions).toHaveLength(1)
      expect(decisions[0]?.trim()).toMatch(sentence)
    }
    // No POST for the linked or the cancelled entry in the audit log; one for the entry sent anyway.
    figures['recordsBefore'] = before
    figures['recordsAfter'] = store.evp.length
  })
})

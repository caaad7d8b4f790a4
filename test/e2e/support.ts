/** Helpers shared by the end-to-end scenarios: picking employees from the sandbox data, reading counts in the UI. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { z } from 'zod'
import type { SandboxStore } from '../../src-sandbox/store/types'
import type { EntryState } from '../../src-shared/domain/states'

export const BIG_SIREN = '832147607'

/** Employees of `siren` with one open contract since before `periode`, still employed and without an absence. */
export function simpleEmployees(store: SandboxStore, siren: string, periode: string): string[] {
  const start = `${periode}-01`
  const absent = new Set(store.absences.filter((a) => a.siren === siren).map((a) => a.matricule))
  return store.salaries
    .filter(
      (s) =>
        s.siren === siren &&
        s.date_sortie === null &&
        s.contrats.length === 1 &&
        s.contrats.every((c) => c.date_fin === null && c.date_debut < start) &&
        !absent.has(s.matricule),
    )
    .map((s) => s.matricule)
    .sort()
}

/** Reads the number in a counter's text ('1 234' → 1234; NaN when there is none). */
function countIn(text: string): number {
  const match = /\d[\d\s\u00a0\u202f]*/.exec(text)
  return match === null ? Number.NaN : Number(match[0].replace(/\D/g, ''))
}

const QueueSnapshotRaw = z.object({
  counters: z.array(z.tuple([z.string(), z.string()])),
  paused: z.boolean(),
  rowState: z.string().nullable(),
})

/**
 * The queue screen at one instant (the page must be on #/queue): every per-state counter, whether the pause banner
 * shows, and the `data-state` of the list row `rowId` (null when not listed). Read in ONE task of the page, so the
 * figures agree with each other; separate reads can straddle a retry (with full jitter, a backoff after a 5xx can
 * last a few ms).
 */
export async function queueSnapshot(
  page: Page,
  rowId: string | null = null,
): Promise<{ counts: Partial<Record<EntryState | 'total', number>>; paused: boolean; rowState: string | null }> {
  const raw = QueueSnapshotRaw.parse(
    await page.evaluate(`(() => {
      const row = ${JSON.stringify(rowId)} === null ? null : document.querySelector('[data-testid="queue-row-' + ${JSON.stringify(rowId)} + '"]')
      return {
        counters: [...document.querySelectorAll('[data-testid^="state-count-"]')].map((e) => [e.getAttribute('data-testid') ?? '', e.textContent ?? '']),
        paused: document.querySelector('[data-testid="pause-banner"]') !== null,
        rowState: row === null ? null : row.getAttribute('data-state'),
      }
    })()`),
  )
  const counts: Partial<Record<EntryState | 'total', number>> = {}
  for (const [testId, text] of raw.counters) counts[testId.slice('state-count-'.length) as EntryState | 'total'] = countIn(text)
  return { counts, paused: raw.paused, rowState: raw.rowState }
}

/** Number shown by the queue screen's per-state counter (the page must be on #/queue). */
export async function stateCount(page: Page, state: EntryState | 'total'): Promise<number> {
  return countIn((await page.locator(`[data-testid="state-count-${state}"]`).textContent()) ?? '')
}

/** Waits until `predicate` holds (polling every 250 ms) or throws after `timeoutMs`. */
export async function until(what: string, predicate: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await predicate()) return
    await new Promise((ok) => setTimeout(ok, 250))
  }
  throw new Error(`Délai dépassé : ${what}`)
}

/** Pastes tab-separated text into the focused element as a clerk's Ctrl+V from a spreadsheet would. */
export async function pasteText(page: Page, text: string): Promise<void> {
  // A script string: this file is type-checked without the DOM library (it runs in Node, the string in the page).
  await page.evaluate(`(() => {
    const transfer = new DataTransfer()
    transfer.setData('text/plain', ${JSON.stringify(text)})
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
  })()`)
}

/** Server records created by the scenario (those not in `before`), grouped by a key; returns duplicate keys. */
export function duplicates<T>(records: readonly T[], key: (r: T) => string): string[] {
  const seen = new Map<string, number>()
  for (const r of records) seen.set(key(r), (seen.get(key(r)) ?? 0) + 1)
  return [...seen.entries()].filter(([, n]) => n > 1).map(([k]) => k)
}

/** Suffixes of the `data-testid`s starting with `prefix` on the page, in document order. */
export async function testIdSuffixes(page: Page, prefix: string): Promise<string[]> {
  const ids: unknown = await page.evaluate(
    `[...document.querySelectorAll('[data-testid^="${prefix}"]')].map((e) => e.getAttribute('data-testid'))`,
  )
  return z
    .array(z.string())
    .parse(ids)
    .map((id) => id.slice(prefix.length))
}

/** Values of attribute `name` on the elements matching `selector`, in document order. */
export async function attributeValues(page: Page, selector: string, name: string): Promise<string[]> {
  const values: unknown = await page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.getAttribute(${JSON.stringify(name)}) ?? '')`,
  )
  return z.array(z.string()).parse(values)
}

/** Client ids of the queue rows rendered on the page (#/queue), optionally only those in `state`. */
export async function queueRowIds(page: Page, state?: EntryState): Promise<string[]> {
  const selector = state === undefined ? '[data-testid^="queue-row-"][data-state]' : `[data-testid^="queue-row-"][data-state="${state}"]`
  const ids: unknown = await page.evaluate(`[...document.querySelectorAll('${selector}')].map((e) => e.getAttribute('data-testid'))`)
  return z
    .array(z.string())
    .parse(ids)
    .map((id) => id.slice('queue-row-'.length))
}

/** The queue screen (#/file) as the clerk sees it at one instant: rows shown per state, their badges' text, and the
 * non-zero per-state counters. */
export const QueueScreen = z.object({
  rows: z.record(z.string(), z.number()),
  badges: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
  loading: z.number(),
})

/** Reads the queue screen in ONE evaluation (rows and counters of the same frame). */
export async function queueScreen(page: Page): Promise<z.infer<typeof QueueScreen>> {
  return QueueScreen.parse(
    await page.evaluate(`(() => {
    const rows = {}, counts = {}, badges = []
    for (const row of document.querySelectorAll('[data-testid^="queue-row-"][data-state]')) {
      const state = row.getAttribute('data-state')
      rows[state] = (rows[state] ?? 0) + 1
      badges.push((row.querySelector('.badge')?.textContent ?? '').trim())
    }
    for (const counter of document.querySelectorAll('[data-testid^="state-count-"]')) {
      const state = counter.getAttribute('data-testid').slice('state-count-'.length)
      const n = Number(counter.getAttribute('data-count'))
      if (state !== 'total' && n > 0) counts[state] = n
    }
    return { rows, badges, counts, loading: document.querySelectorAll('[data-testid="queue-row-loading"]').length }
  })()`),
  )
}

/** Clicks the export button `testId` and parses the CSV it downloads (`;`-separated, BOM, header row) into records. */
export async function downloadCsv(page: Page, testId: string): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="${testId}"]`)])
  const path = await download.path()
  const { readFileSync } = await import('node:fs')
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
  const [header, ...lines] = text.split('\r\n').filter((l) => l !== '')
  const fields = (header ?? '').split(';')
  return lines.map((line) => Object.fromEntries(line.split(';').map((cell, i) => [fields[i] ?? String(i), cell])))
}

/** Text of the pause banner, or null when it is not shown. */
export async function pauseBannerText(page: Page): Promise<string | null> {
  // One read of the DOM: a banner removed between a count and a read would make Playwright wait for it 30 s.
  const text = await page.evaluate(`document.querySelector('[data-testid="pause-banner"]')?.textContent ?? null`)
  return typeof text === 'string' ? text.trim() : null
}

/** Id of the newest toast on the page (0 when none). */
export async function lastToastId(page: Page): Promise<number> {
  const ids = z
    .array(z.number())
    .parse(
      await page.evaluate(`[...document.querySelectorAll('[data-testid="toast"]')].map((e) => Number(e.getAttribute('data-toast-id')))`),
    )
  return Math.max(0, ...ids)
}

/** Polls `predicate` every 20 ms (the moment a state is visible matters here) until it holds, or throws after 30 s. */
export async function pollUntil(what: string, predicate: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (await predicate()) return
    await new Promise((ok) => setTimeout(ok, 20))
  }
  throw new Error(`Délai dépassé : ${what}`)
}

/** Toasts newer than `after` on the page now. */
export async function toastsAfter(page: Page, after: number): Promise<number> {
  return z
    .number()
    .parse(
      await page.evaluate(
        `[...document.querySelectorAll('[data-testid="toast"]')].filter((e) => Number(e.getAttribute('data-toast-id')) > ${after}).length`,
      ),
    )
}

/** Waits for a toast newer than `after` (polled every 20 ms: "as soon as it is visible"); returns its kind and text. */
export async function nextToast(page: Page, after: number): Promise<{ kind: string; text: string }> {
  const Found = z.object({ kind: z.string(), text: z.string() }).nullable()
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const found = Found.parse(
      await page.evaluate(`(() => {
      const t = [...document.querySelectorAll('[data-testid="toast"]')].find((e) => Number(e.getAttribute('data-toast-id')) > ${after})
      return t === undefined ? null : { kind: t.getAttribute('data-kind') ?? '', text: (t.textContent ?? '').trim() }
    })()`),
    )
    if (found !== null) return found
    await new Promise((ok) => setTimeout(ok, 20))
  }
  throw new Error(`Délai dépassé : aucun message après le n° ${after}`)
}

/** Serious or critical axe violations of the page as it is (rule, impact, first targets). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact ?? ''}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    )
}

/** Waits until the app's online indicator says `value` (the probe after a reload, or the network state). */
export async function waitOnline(page: Page, value: boolean): Promise<void> {
  await until(
    value ? 'en ligne' : 'hors ligne',
    async () => (await page.locator('[data-testid="online-indicator"]').getAttribute('data-online')) === String(value),
    30_000,
  )
}

/** A service record as scenarios compare it: every field but `date_modification` (a PATCH moves it). */
export function comparableRecord(record: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== 'date_modification'))
}

/** The seed's dossier C (Entreprise Morel Frères, a small one): its siren and current pay period. @throws when absent */
export function dossierC(store: SandboxStore): { siren: string; periode: string } {
  const dossier = store.dossiers.find((d) => d.raison_sociale === 'Entreprise Morel Frères')
  if (dossier === undefined) throw new Error('dossier C absent du seed')
  return { siren: dossier.siren, periode: dossier.periode_paie_en_cours }
}

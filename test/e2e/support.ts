/** Helpers shared by the end-to-end scenarios: picking employees from the sandbox data, reading counts in the UI. */
import type { Page } from 'playwright-core'
import { z } from 'zod'
import type { SandboxStore } from '../../src-main/sandbox/store/types'
import type { EntryState } from '../../src-shared/domain/states'

export const BIG_SIREN = '832147607'

/** Employees of `siren` with one open contract since before `periode`, still employed and without an absence. */
export function simpleEmployees(store: SandboxStore, siren: string, periode: string): string[] {
  const start = `${periode}-01`
  const absent = new Set(store.absences.filter((a) => a.siren === siren).map((a) => a.matricule))
  return store.salaries
    .filter((s) => s.siren === siren && s.date_sortie === null && s.contrats.length === 1 && s.contrats.every((c) => c.date_fin === null && c.date_debut < start) && !absent.has(s.matricule))
    .map((s) => s.matricule)
    .sort()
}

/** Number shown by the queue screen's per-state counter (the page must be on #/file). */
export async function stateCount(page: Page, state: EntryState | 'total'): Promise<number> {
  const text = (await page.locator(`[data-testid="state-count-${state}"]`).textContent()) ?? ''
  const match = /\d[\d\s\u00a0\u202f]*/.exec(text)
  return match === null ? Number.NaN : Number(match[0].replace(/\D/g, ''))
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
  const ids: unknown = await page.evaluate(`[...document.querySelectorAll('[data-testid^="${prefix}"]')].map((e) => e.getAttribute('data-testid'))`)
  return z.array(z.string()).parse(ids).map((id) => id.slice(prefix.length))
}

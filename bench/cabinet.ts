/**
 * The cabinet-sized workload of the bench (issue 19, point 3): the built app (out/renderer) in Chromium over a
 * reference cache of a whole cabinet (`sizes.cabinet`: 150 dossiers and 20 000 employees at full size, one dossier of
 * 1 000), served by a sandbox child holding that cabinet (src-sandbox/store/seed-scale.ts). Measured in the app's
 * page, through its screens:
 * - `cabinet.referenceLoadMs`: `reference:refresh` of the whole cabinet into IndexedDB (report only);
 * - `cabinet.homeFirstRenderMs`: from navigation start to the first dossier row of the home screen, its scripts
 *   loaded and compiled for the first time and the origin's IndexedDB store closed (the first start after an install
 *   or an update; see {@link STORE_CLOSED_AFTER_MS});
 * - `cabinet.homeWarmRenderMs`: the same at the third start of the page (left, store closed, loaded again), its
 *   scripts' compiled code taken from V8's code cache (every later start of the app: report only);
 * - `cabinet.dossierSwitchMs`: median of dossier → other dossier (hash change to its employee rows painted);
 * - `cabinet.gridFirstRenderMs`: the EVP grid of the biggest dossier, hash change to its first cell painted;
 * - `cabinet.keystrokeP95Ms`: p95 of keydown → the next frame painted, typing in the grid's cells;
 * - `cabinet.keystrokeFloorP95Ms`: the same keys and listener in a page with one input that does nothing with them,
 *   same run (report only): the wait for the next frame alone, which bounds what the grid's figure can reach;
 * - `cabinet.gridPasteLongestTaskMs`: longest main-thread task (Long Tasks API) from a paste of rows × 5 cells to
 *   every cell saved or refused;
 * - `cabinet.gridPasteMs`: that paste, from the paste event to every cell saved or refused (report only);
 * - `cabinet.payslipListMs`: the payslip list of the biggest dossier (its current period, read from the service the
 *   first time as a clerk opening it), hash change to its first row painted (report only);
 * With `--profile`, CPU profiles of the home screen's load, the first dossier switch, the grid's first render, the
 * keystrokes, the paste and the payslip list (`cabinet-home`, `cabinet-home-warm`, `cabinet-switch`, `cabinet-grid`, `cabinet-keys`, `cabinet-paste`, `cabinet-payslips`
 * .cpuprofile, with their summaries).
 * - `cabinet.heapMB`: the renderer's JS heap after a forced GC, with all of it cached and shown.
 * - `cabinet.agedGridValuesMs`: the biggest dossier a year later (its pasted EVP copied into the
 *   {@link AGED_MONTHS} periods before, as synced entries: nothing purges them), its grid opened again, hash change to
 *   its first cell painted with the outbox's entry (the paste's: its state, not the service's record standing in;
 *   report only);
 * - `cabinet.agedLongestTaskMs`, `cabinet.agedLongTasksMs`: longest main-thread task, and all long tasks' time added
 *   up, from that navigation until {@link AGED_SETTLE_MS} after one cell typed and saved there (the grid's and the
 *   period list's reads after the write, and the sync's; report only).
 * Every time is `performance.now()` in the page.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { z } from 'zod'

import { createSeedStore } from '../src-sandbox/store/seed'
import { scaleToCabinet, type CabinetScale } from '../src-sandbox/store/seed-scale'
import { profiled } from './profile'
import { percentile } from './stats'

/** Keys of the cabinet scenario's figures. */
export const CABINET_KEYS = [
  'cabinet.referenceLoadMs',
  'cabinet.homeFirstRenderMs',
  'cabinet.homeWarmRenderMs',
  'cabinet.dossierSwitchMs',
  'cabinet.gridFirstRenderMs',
  'cabinet.keystrokeP95Ms',
  'cabinet.keystrokeFloorP95Ms',
  'cabinet.gridPasteLongestTaskMs',
  'cabinet.gridPasteMs',
  'cabinet.payslipListMs',
  'cabinet.heapMB',
  'cabinet.agedGridValuesMs',
  'cabinet.agedLongestTaskMs',
  'cabinet.agedLongTasksMs',
] as const
export type CabinetKey = (typeof CABINET_KEYS)[number]

/** What the scenario needs from the bench's harness (bench.ts). */
export interface CabinetHarness {
  readonly context: BrowserContext
  readonly bench: Page
  readonly appUrl: string
  /** Calls `window.__bench[fn](...args)` in the bench page. */
  call(fn: string, ...args: unknown[]): Promise<unknown>
  /** Folder for the CPU profiles of the scenario (`cabinet-*.cpuprofile`, `--profile`); null: none. */
  readonly profileDir: string | null
  /** Starts a sandbox child holding the cabinet; points main's handlers at it. @returns its stop function */
  startCabinetSandbox(scale: CabinetScale): Promise<() => Promise<void>>
}

/** Sizes of the scenario. */
export interface CabinetSizes extends CabinetScale {
  /** Rows of the grid paste (5 cells each). */
  readonly pasteRows: number
  /** Keystrokes timed in the grid. */
  readonly keystrokes: number
}

const SWITCHES = 6
/** Past periods the aged dossier holds (a year of history). */
const AGED_MONTHS = 12
/** How long the aged dossier's grid is watched after its cell is saved (the reloads the write causes), ms. */
const AGED_SETTLE_MS = 8_000
/** Loads of the home screen, the measured warm one included (see `cabinet.homeWarmRenderMs`). */
const WARM_LOADS = 3
/**
 * Wait before each measured load of the home, with no connection to the origin's IndexedDB open, ms. Chromium keeps
 * an origin's IndexedDB store (its LevelDB) open for 2 s after its last connection closes
 * (`kBackingStoreGracePeriodSeconds`, content/browser/indexed_db/instance/bucket_context.cc), then closes it. An app
 * that starts finds it closed, and reopening it costs ~150 ms of the browser process with this cabinet (measured:
 * the first `indexedDB.databases()` after this wait, 145–153 ms; 2–3 ms without it). Without the wait, the home's
 * loads found the store the bench page had just used still open.
 */
const STORE_CLOSED_AFTER_MS = 3_000

/** Script run before the app's own, in its page: records when the first dossier row and each long task appear. */
const WATCH = `(() => {
  window.__longTasks = []
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }) })
    .observe({ type: 'longtask', buffered: true })
  const seen = () => {
    if (window.__homeAt === undefined && document.querySelector('[data-testid^="dossier-row-"]') !== null) window.__homeAt = performance.now()
  }
  new MutationObserver(seen).observe(document, { childList: true, subtree: true })
})()`

/**
 * A page script: polls one frame at a time until `condition` (a page expression) holds, then waits for that frame to
 * be painted. Its value: ms from the script's start (page clock).
 */
function untilPainted(condition: string, timeoutMs = 60_000): string {
  return `(async () => {
    const started = performance.now()
    for (;;) {
      if (${condition}) { await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0))); return performance.now() - started }
      if (performance.now() - started > ${String(timeoutMs)}) throw new Error('délai dépassé : ' + ${JSON.stringify(condition)})
      await new Promise((ok) => requestAnimationFrame(ok))
    }
  })()`
}

/** Where the long-task watch ({@link WATCH}) of `page` stands: the tasks seen so far and the page's clock, ms. */
async function taskMark(page: Page): Promise<{ readonly seen: number; readonly at: number }> {
  const seen = z.number().parse(await page.evaluate('window.__longTasks.length'))
  return { seen, at: z.number().parse(await page.evaluate('performance.now()')) }
}

/** The long tasks of `page` that started after `mark` ({@link taskMark}), ms. */
async function tasksSince(
  page: Page,
  mark: { readonly seen: number; readonly at: number },
): Promise<{ start: number; duration: number }[]> {
  return z
    .array(z.object({ start: z.number(), duration: z.number() }))
    .parse(await page.evaluate('window.__longTasks'))
    .slice(mark.seen)
    .filter((t) => t.start >= mark.at)
}

/** The longest of `tasks`, ms; 0 when there is none. */
function longestOf(tasks: readonly { duration: number }[]): number {
  return tasks.length === 0 ? 0 : Math.max(...tasks.map((t) => t.duration))
}

/** Page script: records, per keydown, the ms from the event to the end of the next frame (painted). */
const KEY_WATCH = `(() => {
  window.__keyLatencies = []
  window.addEventListener('keydown', (e) => {
    const at = e.timeStamp
    requestAnimationFrame(() => setTimeout(() => window.__keyLatencies.push(performance.now() - at), 0))
  }, { capture: true })
})()`

/**
 * Types `count` keys in the focused element of `page` (digits, then Escape and ArrowDown every fourth key: in the
 * grid, three digits in a cell, then the next row), 20 ms apart. @returns the latencies {@link KEY_WATCH} recorded
 * @throws Error when fewer than `count` were recorded
 */
async function typeKeys(page: Page, count: number): Promise<number[]> {
  for (let k = 0; k < count; k += 1) {
    const step = k % 4
    await page.keyboard.press(step === 3 ? 'Escape' : String(step + 1))
    if (step === 3) await page.keyboard.press('ArrowDown')
    await page.waitForTimeout(20)
  }
  await page.waitForTimeout(200)
  const latencies = z.array(z.number()).parse(await page.evaluate('window.__keyLatencies'))
  if (latencies.length < count) throw new Error(`Frappes : ${latencies.length} mesurées sur ${count}`)
  return latencies
}

/**
 * Runs the scenario once. @returns its figures
 * @throws Error when a screen does not show what it must (a wrong figure is worse than none)
 */
export async function cabinetRun(h: CabinetHarness, sizes: CabinetSizes, log: (line: string) => void): Promise<Record<CabinetKey, number>> {
  const store = scaleToCabinet(createSeedStore({ seed: 1, today: '2026-11-16' }), { ...sizes, payslips: true })
  const big = store.dossiers[4]
  const others = store.dossiers.slice(5, 7)
  if (big === undefined || others.length < 2) throw new Error('Cabinet trop petit pour le scénario')
  const stop = await h.startCabinetSandbox(sizes)
  const f: Partial<Record<CabinetKey, number>> = {}
  try {
    await h.call('reset', 'paie-demo')
    const loadStarted = performance.now()
    const loaded = z.number().parse(await h.call('loadReference', 'paie-demo'))
    f['cabinet.referenceLoadMs'] = performance.now() - loadStarted
    if (loaded !== sizes.dossiers) throw new Error(`Référentiel : ${loaded} dossiers sur ${sizes.dossiers}`)
    await h.call('close')
    await new Promise((ok) => setTimeout(ok, STORE_CLOSED_AFTER_MS))

    const page = await h.context.newPage()
    /** Runs one measured step, under a CPU profile `<name>.cpuprofile` with `--profile`. */
    const step = <T>(name: string, work: () => Promise<T>): Promise<T> =>
      h.profileDir === null ? work() : profiled(h.context, page, h.profileDir, name, work)
    try {
      await page.addInitScript({ content: WATCH })
      await step('cabinet-home', async () => {
        await page.goto(`${h.appUrl}/#/`)
        await page.evaluate(untilPainted('window.__homeAt !== undefined'))
      })
      f['cabinet.homeFirstRenderMs'] = z.number().parse(await page.evaluate('window.__homeAt'))
      // Later starts: the page left, the store closed, the page loaded again; the third load runs on V8's code cache
      // (Chromium fills it at the second load of a script; the app's window fills it at the first,
      // src-main/shell/window.ts).
      const leave = async (): Promise<void> => {
        await page.goto('about:blank')
        await new Promise((ok) => setTimeout(ok, STORE_CLOSED_AFTER_MS))
      }
      const load = async (): Promise<void> => {
        await page.goto(`${h.appUrl}/#/`)
        await page.evaluate(untilPainted('window.__homeAt !== undefined'))
      }
      for (let start = 2; start < WARM_LOADS; start += 1) {
        await leave()
        await load()
      }
      await leave()
      await step('cabinet-home-warm', load)
      f['cabinet.homeWarmRenderMs'] = z.number().parse(await page.evaluate('window.__homeAt'))
      // Dossiers of the table (aria-rowcount less the header row): above 40 only those in view are in the DOM.
      const rowCount = await page.getAttribute('[data-testid="dossier-table"]', 'aria-rowcount')
      const rows = rowCount === null ? await page.locator('[data-testid^="dossier-row-"]').count() : z.coerce.number().parse(rowCount) - 1
      if (rows !== sizes.dossiers) throw new Error(`Accueil : ${rows} dossiers affichés sur ${sizes.dossiers}`)

      // Dossier to dossier, as a clerk goes down the list.
      const switches: number[] = []
      for (let i = 0; i < SWITCHES; i += 1) {
        const d = others[i % others.length]
        if (d === undefined) continue
        const script = `(() => { location.hash = '#/dossiers/${d.siren}'; return ${untilPainted(
          `document.querySelector('h1.page-title')?.textContent?.trim() === ${JSON.stringify(d.raison_sociale)} && document.querySelector('[data-testid^="employee-row-"]') !== null`,
        )} })()`
        switches.push(z.number().parse(await (i === 0 ? step('cabinet-switch', () => page.evaluate(script)) : page.evaluate(script))))
      }
      f['cabinet.dossierSwitchMs'] = percentile(switches, 50)

      // The grid of the big dossier.
      await page.evaluate(`location.hash = '#/dossiers/${big.siren}'`)
      await page.waitForSelector('[data-testid="link-evp"]')
      f['cabinet.gridFirstRenderMs'] = z
        .number()
        .parse(
          await step('cabinet-grid', () =>
            page.evaluate(
              `(() => { location.hash = '#/dossiers/${big.siren}/evp'; return ${untilPainted(`document.querySelector('[data-testid^="cell-"]') !== null`)} })()`,
            ),
          ),
        )
      // Rows of the grid (aria-rowcount less the header row): above 120 rows only those in view are in the DOM.
      const gridRows = z.coerce.number().parse(await page.getAttribute('[data-testid="evp-grid"]', 'aria-rowcount')) - 1
      log(`  cabinet: grid of ${gridRows} rows`)

      // Keystrokes: digits typed in a cell (the first opens its editor), Escape, then the next row.
      await page.evaluate(KEY_WATCH)
      await page.locator('[data-testid^="cell-"]').first().click()
      f['cabinet.keystrokeP95Ms'] = percentile(await step('cabinet-keys', () => typeKeys(page, sizes.keystrokes)), 95)

      // A paste of rows × 5 cells from the first cell, until every pasted cell is saved or refused.
      await page.locator('[data-testid^="cell-"]').first().click()
      const text = Array.from({ length: sizes.pasteRows }, (_, i) =>
        Array.from({ length: 5 }, (__, c) => String(((i + c) % 7) + 1)).join('\t'),
      ).join('\r\n')
      const pasteMark = await taskMark(page)
      const paste = async (): Promise<void> => {
        await page.evaluate(`(() => {
          const transfer = new DataTransfer()
          transfer.setData('text/plain', ${JSON.stringify(text)})
          document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
        })()`)
        const expected = Math.min(sizes.pasteRows, gridRows) * 5
        const settled = `Number(document.querySelector('[data-testid="grid-saved"]')?.getAttribute('data-count') ?? 0) + document.querySelectorAll('[data-testid^="grid-error-"]').length`
        await page.evaluate(untilPainted(`${settled} >= ${String(expected)}`, 600_000)).catch(async (error: unknown) => {
          const where = String(
            await page.evaluate(`${settled} + ' / ' + (document.querySelector('[data-testid="grid-progress"]')?.textContent ?? '')`),
          )
          throw new Error(`Collage de ${String(expected)} cellules non réglé (${where}) : ${String(error)}`)
        })
      }
      await step('cabinet-paste', paste)
      f['cabinet.gridPasteMs'] = z.number().parse(await page.evaluate('performance.now()')) - pasteMark.at
      const tasks = await tasksSince(page, pasteMark)
      f['cabinet.gridPasteLongestTaskMs'] = longestOf(tasks)

      // The payslip list of the big dossier (its payslips are copies of its model employees', seed-scale.ts).
      f['cabinet.payslipListMs'] = z
        .number()
        .parse(
          await step('cabinet-payslips', () =>
            page.evaluate(
              `(() => { location.hash = '#/dossiers/${big.siren}/bulletins'; return ${untilPainted(`document.querySelector('[data-testid^="bulletin-row-"]') !== null`)} })()`,
            ),
          ),
        )
      const payslips = z.coerce.number().parse(await page.getAttribute('[data-testid="bulletins-count"]', 'data-count'))
      if (payslips === 0) throw new Error('Bulletins : aucun affiché')

      const cdp = await h.context.newCDPSession(page)
      await cdp.send('HeapProfiler.collectGarbage')
      const heap = await cdp.send('Runtime.getHeapUsage')
      f['cabinet.heapMB'] = heap.usedSize / 1024 ** 2
      await cdp.detach()
      // The floor: the same keys and listener in a page that does nothing with them (one focused input), same run.
      const blank = await h.context.newPage()
      try {
        await blank.setContent('<!doctype html><title>floor</title><input aria-label="floor" autofocus>')
        await blank.evaluate(KEY_WATCH)
        await blank.locator('input').click()
        f['cabinet.keystrokeFloorP95Ms'] = percentile(await typeKeys(blank, sizes.keystrokes), 95)
      } finally {
        await blank.close()
      }

      // A year later: the big dossier's EVP copied into the periods before (synced), its grid opened again, one cell
      // typed and saved; the longest task until the reads this write causes are over.
      await page.evaluate(`location.hash = '#/dossiers/${big.siren}'`)
      await page.waitForSelector('[data-testid="link-evp"]')
      const aged = z
        .object({ rows: z.number(), periode: z.string() })
        .parse(await h.call('ageDossier', 'paie-demo', big.siren, AGED_MONTHS))
      await h.call('close')
      const agedMark = await taskMark(page)
      f['cabinet.agedGridValuesMs'] = z
        .number()
        .parse(
          await step('cabinet-aged-grid', () =>
            page.evaluate(
              `(() => { location.hash = '#/dossiers/${big.siren}/evp'; return ${untilPainted(`!['', 'service'].includes(document.querySelector('[data-testid^="cell-"]')?.getAttribute('data-state') ?? '')`)} })()`,
            ),
          ),
        )
      const savedCount = `Number(document.querySelector('[data-testid="grid-saved"]')?.getAttribute('data-count') ?? 0)`
      const savedBefore = z.number().parse(await page.evaluate(savedCount))
      await step('cabinet-aged-save', async () => {
        await page.locator('[data-testid^="cell-"]').first().click()
        await page.keyboard.press('9')
        await page.keyboard.press('Enter')
        await page.evaluate(untilPainted(`${savedCount} > ${String(savedBefore)}`))
        await page.waitForTimeout(AGED_SETTLE_MS)
      })
      const agedTasks = await tasksSince(page, agedMark)
      f['cabinet.agedLongestTaskMs'] = longestOf(agedTasks)
      f['cabinet.agedLongTasksMs'] = agedTasks.reduce((n, t) => n + t.duration, 0)
      log(
        `  cabinet aged: ${aged.rows} synced EVP added before ${aged.periode}, grid with its entries ${f['cabinet.agedGridValuesMs'].toFixed(0)} ms, longest task ${f['cabinet.agedLongestTaskMs'].toFixed(0)} ms (${agedTasks.length} long tasks, ${f['cabinet.agedLongTasksMs'].toFixed(0)} ms in all)`,
      )
      log(
        `  cabinet ${sizes.dossiers} dossiers / ${store.salaries.length} salariés: home ${f['cabinet.homeFirstRenderMs'].toFixed(0)} ms (warm ${f['cabinet.homeWarmRenderMs'].toFixed(0)} ms), switch ${f['cabinet.dossierSwitchMs'].toFixed(0)} ms, grid ${f['cabinet.gridFirstRenderMs'].toFixed(0)} ms, key p95 ${f['cabinet.keystrokeP95Ms'].toFixed(1)} ms (floor ${f['cabinet.keystrokeFloorP95Ms'].toFixed(1)} ms), paste ${f['cabinet.gridPasteMs'].toFixed(0)} ms, longest task ${f['cabinet.gridPasteLongestTaskMs'].toFixed(0)} ms (${tasks.length} long tasks), payslips ${f['cabinet.payslipListMs'].toFixed(0)} ms (${payslips}), heap ${f['cabinet.heapMB'].toFixed(0)} MB`,
      )
    } finally {
      await page.close()
    }
  } finally {
    await stop()
  }
  for (const key of CABINET_KEYS) if (typeof f[key] !== 'number') throw new Error(`Mesure manquante : ${key}`)
  return f as Record<CabinetKey, number>
}

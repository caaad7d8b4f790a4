/**
 * Spoiled answers from the payroll API (sandbox `malformedResponses`: wrong types, truncated JSON, an oversized
 * body, an HTML portal page) through the whole app: entries enter through the app's outbox store, the renderer's
 * sync coordinator pushes them through the real IPC dispatcher, executor and API client. Every write IS committed
 * on the server but answered garbage: the entries end `unknown` (never `synced` on a garbled answer, never resent
 * blindly), their audit names the typed error (REPONSE_INVALIDE / REPONSE_TROP_VOLUMINEUSE), and once the answers
 * are readable again they are reconciled to exactly the records the server holds: no duplicate, nothing lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MalformedMode } from '../../src-sandbox/faults'
import { fingerprintsMatch, recordFingerprintOf } from '../../src-shared/domain/fingerprint'
import { startWorkstation, type Workstation } from './harness/app'
import { enqueueThroughApp, readAudit, readOutbox, readStateCounts } from './page-data'
import { BIG_SIREN, simpleEmployees, until } from './support'

let ws: Workstation
const figures: Record<string, unknown> = {}

beforeAll(async () => {
  ws = await startWorkstation()
})
afterAll(async () => {
  process.stdout.write(`\nMALFORMED ANSWERS FIGURES ${JSON.stringify(figures)}\n`)
  await ws.close()
})

const MODES: readonly Exclude<MalformedMode, 'off'>[] = ['wrong-type', 'truncated-json', 'oversized', 'html']
const PER_MODE = 4

describe('spoiled answers from the payroll API', () => {
  it('keeps committed-but-unreadable writes unknown, then reconciles them exactly once', async () => {
    const page = ws.page
    const store = ws.store
    await page.click('[data-testid="refresh-reference"]')
    await page.waitForSelector(`[data-testid="dossier-row-${BIG_SIREN}"]`, { timeout: 60_000 })
    const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)!
    const code = (store.codesEvp[BIG_SIREN] ?? []).find((c) => !c.masque && c.format === 'quantite')!.code
    const people = simpleEmployees(store, BIG_SIREN, dossier.periode_paie_en_cours)
    const before = store.evp.length
    const faults = (): NonNullable<Workstation['sandbox']>['faults'] => ws.sandbox!.faults

    for (const [m, mode] of MODES.entries()) {
      // Only the writes' answers are spoiled: the pre-send list reads fine, the write commits, its answer is garbage.
      faults().set({ malformedResponses: mode, malformedRate: 1, malformedWritesOnly: true })
      const mine = people.slice(m * PER_MODE, (m + 1) * PER_MODE)
      const entered = await enqueueThroughApp(
        page,
        mine.map((matricule, i) => ({
          kind: 'evp',
          payload: { siren: BIG_SIREN, matricule, periode: dossier.periode_paie_en_cours, code_evp: code, quantite: `${m + 1}.${i + 1}` },
        })),
      )
      expect(entered.saved).toBe(PER_MODE)
      // Each write is committed and answered garbage: its entry waits to be reconciled, with the typed error.
      await until(
        `${mode}: writes answered garbage`,
        async () => (await readAudit(page)).filter((a) => a.method === 'POST').length === (m + 1) * PER_MODE,
        30_000,
      )
      const counts = await readStateCounts(page)
      expect(counts.synced ?? 0).toBe(m * PER_MODE)
      expect((counts.unknown ?? 0) + (counts.sending ?? 0)).toBe(PER_MODE)
      const audit = await readAudit(page)
      const codes = new Set(
        audit
          .filter((a) => a.method === 'POST')
          .slice(-PER_MODE)
          .map((a) => (a as { errorCode?: unknown }).errorCode),
      )
      expect(codes).toEqual(new Set([mode === 'oversized' ? 'REPONSE_TROP_VOLUMINEUSE' : 'REPONSE_INVALIDE']))
      figures[`${mode}ErrorCode`] = [...codes].join(',')
      expect(store.evp.length - before).toBe((m + 1) * PER_MODE)

      // Readable again: "Synchroniser maintenant" reconciles every entry to its record, nothing is sent twice.
      faults().set({ malformedResponses: 'off', malformedRate: 0 })
      await page.click('[data-testid="sync-now"]')
      await until(`${mode}: reconciled`, async () => ((await readStateCounts(page)).synced ?? 0) === (m + 1) * PER_MODE, 30_000)
      expect(store.evp.length - before).toBe((m + 1) * PER_MODE)
    }

    const created = store.evp.slice(before)
    const rows = await readOutbox(page)
    expect(rows.every((r) => r.state === 'synced')).toBe(true)
    expect(new Set(rows.map((r) => r.serverId))).toEqual(new Set(created.map((r) => r.id)))
    for (const row of rows)
      expect(fingerprintsMatch(row.fingerprint, recordFingerprintOf('evp', created.find((r) => r.id === row.serverId) ?? {}))).toBe(true)
    const posts = (await readAudit(page)).filter((a) => a.method === 'POST')
    figures['entries'] = rows.length
    figures['posts'] = posts.length
    figures['onServer'] = created.length
    expect(posts).toHaveLength(rows.length) // never resent
  })
})

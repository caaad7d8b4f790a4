// @vitest-environment happy-dom
/**
 * Issue 13, point 7: the queue screen's rows follow the outbox after they were rendered, and its counts and rows
 * agree at every moment. Entries change state in IndexedDB the way the sync does it (claim, then outcomes; a
 * verification that flags a "doublon probable" without moving any count), with the real outbox store.
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { applyOutcomes, applyVerifications, claimBatch } from '../../../src-renderer/db/outbox'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import QueueView from '../../../src-renderer/features/queue/QueueView.vue'
import { useOutboxStore } from '../../../src-renderer/stores/outbox'
import type { SyncItem } from '../../../src-shared/domain/sync-protocol'
import { syncedOutcome } from '../support/fakes'
import { candidate, mountIn, testApp, until } from '../support/mount'
import type { TestApp } from '../support/mount'
import { valid } from '../support/fixtures'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  // happy-dom lays nothing out: the list's scroller gets the height of a screen, so the virtualiser renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
})
afterEach(async () => {
  vi.restoreAllMocks()
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** What the screen shows: per state, the rows rendered, their badges' text, and the counters. */
function screen(w: VueWrapper): { rows: Record<string, number>; badges: string[]; counts: Record<string, number> } {
  const rows: Record<string, number> = {}
  const badges: string[] = []
  for (const row of w.findAll('[data-testid^="queue-row-"][data-state]')) {
    const state = row.attributes('data-state') ?? ''
    rows[state] = (rows[state] ?? 0) + 1
    badges.push(row.find('.badge').text())
  }
  const counts: Record<string, number> = {}
  for (const counter of w.findAll('[data-testid^="state-count-"]')) {
    const state = (counter.attributes('data-testid') ?? '').slice('state-count-'.length)
    const n = Number(counter.attributes('data-count'))
    if (state !== 'total' && n > 0) counts[state] = n
  }
  return { rows, badges, counts }
}

async function queueNine(): Promise<void> {
  const result = await useOutboxStore().enqueueMany(
    Array.from({ length: 9 }, (_, i) => ({ kind: 'evp' as const, payload: valid.evp({ matricule: `G00${String(i)}` }) })),
  )
  expect(result.saved).toBe(9)
}

describe('la file suit les saisies après son affichage', () => {
  it('les lignes passent « En cours d’envoi » puis « Synchronisé », et lignes et compteurs concordent à chaque instant', async () => {
    await queueNine()
    wrapper = mountIn(app, QueueView, {})
    const w = wrapper
    await until('les 9 lignes affichées', () => (screen(w).rows['queued'] ?? 0) === 9)

    // Sampled every few ms while the sync writes: the rows shown (all 9 fit on screen) are what the counters say.
    const samples: ReturnType<typeof screen>[] = []
    const sampling = { on: true }
    const sampler = (async () => {
      while (sampling.on) {
        samples.push(screen(w))
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    })()
    const claimed = await claimBatch(app.db, 10, [], app.env)
    expect(claimed).toHaveLength(9)
    await until('les lignes « En cours d’envoi »', () => (screen(w).rows['sending'] ?? 0) === 9)
    await applyOutcomes(
      app.db,
      claimed,
      claimed.map((c) => syncedOutcome(c)),
      app.env,
    )
    await until('les lignes « Synchronisé »', () => (screen(w).rows['synced'] ?? 0) === 9)
    sampling.on = false
    await sampler

    expect(screen(w).badges).toEqual(Array.from({ length: 9 }, () => 'Synchronisé'))
    expect(screen(w).counts).toEqual({ synced: 9 })
    expect(samples.length).toBeGreaterThan(3)
    for (const sample of samples) expect(sample.rows).toEqual(sample.counts)
  })

  it('une ligne change sans qu’aucun compteur ne bouge (« doublon probable ») : la file la montre', async () => {
    await queueNine()
    const claimed = await claimBatch(app.db, 10, [], app.env)
    const sendWindow = { from: '2026-11-20T09:00:00.000Z', to: '2026-11-20T09:05:00.000Z' }
    await applyOutcomes(
      app.db,
      claimed,
      claimed.map((c) => syncedOutcome(c)).map((o) => ({ ...o, sendWindow, verifyAfter: '2026-11-20T09:10:00.000Z' })),
      app.env,
    )
    wrapper = mountIn(app, QueueView, {})
    const w = wrapper
    await until('les 9 lignes synchronisées', () => (screen(w).rows['synced'] ?? 0) === 9)
    // Quiet: every refresh the writes above asked for has run (they are at most 400 ms apart).
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const flagged = claimed[0] as SyncItem
    expect(w.find(`[data-testid="queue-row-${flagged.clientId}"]`).attributes('data-duplicate')).toBeUndefined()
    const countsBefore = { ...useOutboxStore().countsByState }

    await applyVerifications(
      app.db,
      [{ clientId: flagged.clientId, revision: flagged.revision, status: 'done', duplicates: [candidate()], attempts: [] }],
      app.env,
    )

    await until(
      'le badge « Doublon probable »',
      () => w.find(`[data-testid="queue-row-${flagged.clientId}"]`).attributes('data-duplicate') === 'true',
    )
    expect(w.find(`[data-testid="queue-row-${flagged.clientId}"] [data-testid="queue-row-duplicate"]`).text()).toBe('Doublon probable')
    expect(useOutboxStore().countsByState).toEqual(countsBefore)
    const row: StoredEntry | undefined = await app.db.outbox.get(flagged.clientId)
    expect(row?.state).toBe('synced')
  })
})

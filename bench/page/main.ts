/**
 * Bench page: a page built by Vite beside the app (bench/vite.config.ts, never part of the app's build), served on
 * the app's origin so that it shares the app's IndexedDB, with `window.api` bridged to main's real IPC handler
 * table by the runner (bench/run.ts). It drives the app's OWN modules (outbox, counts, queue queries, sync
 * coordinator) and exposes one function per measurement on `window.__bench`; the runner calls them through
 * Playwright and does the statistics.
 *
 * Every time is measured with `performance.now()` in ms, in the page.
 */
import Dexie from 'dexie'

import { countsBySiren, countsByState, countsExact } from '../../src-renderer/db/counts'
import { enqueue, enqueueMany, cancelEntry } from '../../src-renderer/db/outbox'
import { entriesInStates } from '../../src-renderer/db/outbox-query'
import type { NewEntryInput } from '../../src-renderer/db/outbox'
import type { PaieDb, StoredEntry } from '../../src-renderer/db/schema'
import { writeEntries } from '../../src-renderer/db/write'
import type { AppServices } from '../../src-renderer/services/app-services'
import { bootstrapServices } from '../../src-renderer/services/bootstrap'
import { refreshReference } from '../../src-renderer/services/reference-cache'
import { fingerprintOf, scopeKey } from '../../src-shared/domain/fingerprint'
import { importScenario } from './import'
import { watchTasks } from './tasks'

let current: { name: string; services: AppServices } | null = null

/** The services of database `name` (the app's bootstrap: PaieDb, window.api, coordinator on Web Locks). */
function app(name: string): AppServices {
  if (current?.name !== name) {
    current?.services.db.close()
    current = { name, services: bootstrapServices(name) }
  }
  return current.services
}

function services(name: string): PaieDb {
  return app(name).db
}

async function deleteDb(name: string): Promise<void> {
  if (current?.name === name) {
    current.services.db.close()
    current = null
  }
  await Dexie.delete(name)
}

/** The functions the runner calls (page.evaluate). */
/** Inputs staged by `stageInputs` for the next `enqueueStaged`. */
let staged: NewEntryInput[] = []

const bench = {
  /** Deletes database `name` (and the raw comparison database). */
  async reset(name: string): Promise<void> {
    await deleteDb(name)
    await deleteDb(`${name}-raw`)
  },

  /** Fetches the reference data through `reference:refresh` and caches it, as the app does at start. */
  async loadReference(name: string): Promise<number> {
    const result = await refreshReference(services(name), window.api)
    if (!result.ok) throw new Error(result.error.message)
    return result.value.dossiers.length
  },

  /**
   * Keeps `inputs` in the page for {@link bench.enqueueStaged}: Playwright deserialises an evaluate's arguments in the
   * same task that runs the function, so 10 000 inputs passed with the measured call would put the harness's own
   * transfer (a few hundred ms) in the longest task measured.
   */
  stageInputs(inputs: NewEntryInput[]): number {
    staged = inputs
    return inputs.length
  },

  /** {@link bench.enqueueMany} of the inputs staged by {@link bench.stageInputs} (then forgotten). */
  async enqueueStaged(
    name: string,
  ): Promise<{ ms: number; saved: number; longestTaskMs: number; longTasks: number; longestGapMs: number }> {
    const inputs = staged
    staged = []
    return bench.enqueueMany(name, inputs)
  },

  /** Grid paste: `enqueueMany` of the app's outbox (validation included), with the longest task during it. */
  async enqueueMany(
    name: string,
    inputs: NewEntryInput[],
  ): Promise<{ ms: number; saved: number; longestTaskMs: number; longTasks: number; longestGapMs: number }> {
    const db = services(name)
    await db.open()
    const watch = watchTasks()
    const started = performance.now()
    const result = await enqueueMany(db, inputs)
    const ms = performance.now() - started
    // Let the last task end so that the observer sees it.
    await new Promise((ok) => setTimeout(ok, 60))
    const tasks = watch.stop()
    return { ms, saved: result.saved, ...tasks }
  },

  /**
   * The rows `enqueueMany` stored, put again with raw IndexedDB in ONE transaction into a database with the same
   * object store and indexes (`<name>-raw`, `<name>-raw-strict`): the floor the outbox is compared with. `durability`: the transaction's
   * (`'default'`, Chromium's relaxed since M121: done once handed to the OS; `'strict'`, the app's own: done once
   * flushed to disk, src-renderer/db/schema.ts).
   */
  async rawPut(name: string, durability: 'default' | 'strict' = 'default'): Promise<{ ms: number; rows: number }> {
    const db = services(name)
    const rows = await db.outbox.toArray()
    const schema = db.outbox.schema
    const raw = await new Promise<IDBDatabase>((ok, ko) => {
      const request = indexedDB.open(durability === 'default' ? `${name}-raw` : `${name}-raw-${durability}`, 1)
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore('outbox', { keyPath: 'clientId' })
        for (const index of schema.indexes) {
          if (index.keyPath === undefined) continue
          store.createIndex(index.name, index.keyPath, { unique: index.unique === true, multiEntry: index.multi === true })
        }
      }
      request.onsuccess = () => {
        ok(request.result)
      }
      request.onerror = () => {
        ko(request.error ?? new Error('open'))
      }
    })
    try {
      const started = performance.now()
      await new Promise<void>((ok, ko) => {
        const tx = raw.transaction('outbox', 'readwrite', { durability })
        const store = tx.objectStore('outbox')
        for (const row of rows) store.put(row)
        tx.oncomplete = () => {
          ok()
        }
        tx.onerror = () => {
          ko(tx.error ?? new Error('tx'))
        }
      })
      return { ms: performance.now() - started, rows: rows.length }
    } finally {
      raw.close()
    }
  },

  /** One entry at a time as the form saves it (`enqueue`), one duration per entry (ms). */
  async enqueueSingles(name: string, inputs: NewEntryInput[]): Promise<number[]> {
    const db = services(name)
    const times: number[] = []
    for (const input of inputs) {
      const started = performance.now()
      const result = await enqueue(db, input)
      times.push(performance.now() - started)
      if (!result.ok) throw new Error(`Saisie refusée : ${JSON.stringify(result.issues)}`)
    }
    return times
  },

  /**
   * Drains the outbox with the app's sync coordinator (claims, `sync:push` over the bridged IPC, outcomes stored).
   * @returns elapsed ms and the per-state counts afterwards
   */
  async drain(name: string): Promise<{ ms: number; counts: Record<string, number>; toCheck: Record<string, number> }> {
    const { db, coordinator } = app(name)
    const started = performance.now()
    await coordinator.start()
    // `unknown` entries are reconciled once their settle time is over (the coordinator wakes then): wait for them.
    const deadline = started + 120_000
    while (performance.now() < deadline && (await entriesInStates(db, ['queued', 'sending', 'unknown']).count()) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const ms = performance.now() - started
    coordinator.stop()
    // Why entries are « à vérifier », if any (reason code → count): a bench run must explain them.
    const toCheck: Record<string, number> = {}
    await entriesInStates(db, ['to_check']).each((e) => {
      const code = e.error?.code ?? 'SANS_MOTIF'
      toCheck[code] = (toCheck[code] ?? 0) + 1
    })
    return { ms, counts: await countsByState(db), toCheck }
  },

  /** Every queued entry becomes `unknown` (as after a crash mid-push), counts kept. @returns how many */
  /**
   * Turns the queued rows into `unknown` ones whose writes started inside `sendWindow` (ISO instants): what a push
   * whose answers were lost leaves behind.
   */
  async markUnknown(name: string, sendWindow: { from: string; to: string }): Promise<number> {
    const db = services(name)
    return db.transaction('rw', db.outbox, db.counts, db.claims, async () => {
      const rows = await entriesInStates(db, ['queued']).toArray()
      await writeEntries(
        db,
        rows.map((before) => ({ before, after: { ...before, state: 'unknown' as const, sendWindow, settleUntil: null } })),
      )
      return rows.length
    })
  },

  /**
   * Fills the outbox with `n` rows made from `templates` (stored entries, cycled; new ids, one ms apart, states
   * cycled through `states`) through the app's write path (counts kept), in transactions of 2 000 rows.
   */
  async seedRows(name: string, templates: StoredEntry[], n: number, states: StoredEntry['state'][]): Promise<void> {
    const db = services(name)
    const origin = Date.parse('2026-01-05T08:00:00.000Z')
    for (let from = 0; from < n; from += 2_000) {
      const chunk: StoredEntry[] = []
      for (let i = from; i < Math.min(n, from + 2_000); i += 1) {
        const template = templates[i % templates.length]
        const state = states[i % states.length]
        if (template === undefined || state === undefined) throw new Error('Modèle de saisie manquant')
        const at = new Date(origin + i * 60_000).toISOString()
        chunk.push({
          ...template,
          clientId: crypto.randomUUID(),
          state,
          createdAt: at,
          updatedAt: at,
          serverId: state === 'synced' ? crypto.randomUUID() : null,
        })
      }
      await db.transaction('rw', db.outbox, db.counts, () =>
        writeEntries(
          db,
          chunk.map((after) => ({ before: undefined, after })),
        ),
      )
    }
  },

  /** Stored rows (for templates). */
  async rows(name: string, limit: number): Promise<StoredEntry[]> {
    return services(name).outbox.limit(limit).toArray()
  },

  /**
   * Per-state counts after a change: cancels one cancellable entry, then reads the counts as the queue screen does
   * (`countsByState` + `countsBySiren`), and, for comparison, by a scan of the outbox (`countsExact`).
   */
  async countsAfterChange(name: string): Promise<{ ms: number; scanMs: number; total: number }> {
    const db = services(name)
    const target = await entriesInStates(db, ['draft', 'queued', 'rejected']).first()
    if (target === undefined) throw new Error('Aucune saisie annulable')
    await cancelEntry(db, target.clientId)
    const started = performance.now()
    const [byState] = await Promise.all([countsByState(db), countsBySiren(db)])
    const ms = performance.now() - started
    const scanStarted = performance.now()
    await countsExact(db)
    const scanMs = performance.now() - scanStarted
    return { ms, scanMs, total: Object.values(byState).reduce((a, b) => a + b, 0) }
  },

  /**
   * Gives dossier `siren` a history: its EVP of the period most of them are in (the grid's, after its paste) copied
   * into each of the `months` periods before it, as
   * `synced` entries (new client ids, fake server ids, earlier `updatedAt`), written with the app's own row writer
   * (counts kept) in transactions of 2 000 rows. A clerk's database after a year of months entered on this
   * workstation: nothing purges synced entries.
   * @returns the rows added and the period copied
   * @throws Error when the dossier has no EVP
   */
  async ageDossier(name: string, siren: string, months: number): Promise<{ rows: number; periode: string }> {
    const db = services(name)
    const evp = (await db.outbox.toArray()).filter((e) => e.siren === siren && e.kind === 'evp' && e.payload !== null)
    const perPeriode = new Map<string, number>()
    for (const e of evp) perPeriode.set(e.periode, (perPeriode.get(e.periode) ?? 0) + 1)
    const periode = [...perPeriode].sort((a, b) => b[1] - a[1])[0]?.[0]
    if (periode === undefined) throw new Error(`Aucun EVP du dossier ${siren}`)
    const source = evp.filter((e) => e.periode === periode)
    const [year, month] = periode.split('-').map(Number) as [number, number]
    const rows: StoredEntry[] = []
    for (let m = 1; m <= months; m += 1) {
      const date = new Date(Date.UTC(year, month - 1 - m, 1))
      const past = date.toISOString().slice(0, 7)
      const at = new Date(Date.UTC(year, month - m, 5, 12)).toISOString()
      for (const [i, e] of source.entries()) {
        const payload = { ...e.payload, periode: past }
        const scope = { kind: 'evp' as const, siren, matricule: e.matricule, periode: past }
        rows.push({
          ...e,
          clientId: crypto.randomUUID(),
          periode: past,
          scope,
          scopeKey: scopeKey(scope),
          fingerprint: fingerprintOf('evp', payload),
          payload,
          state: 'synced',
          serverId: `historique-${past}-${String(i)}`,
          error: null,
          attempts: 1,
          createdAt: at,
          updatedAt: at,
          history: [],
        } as StoredEntry)
      }
    }
    for (let start = 0; start < rows.length; start += 2_000) {
      const slice = rows.slice(start, start + 2_000)
      await db.transaction('rw', db.outbox, db.counts, () =>
        writeEntries(
          db,
          slice.map((after) => ({ before: undefined, after })),
        ),
      )
    }
    return { rows: rows.length, periode }
  },

  ...importScenario(services),

  /** Closes the database (before the app page opens it). */
  close(): void {
    current?.services.db.close()
    current = null
  },
}

export type BenchPage = typeof bench

declare global {
  interface Window {
    __bench: BenchPage
  }
}

window.__bench = bench
document.body.dataset['ready'] = 'true'

/**
 * Component tests (@vue/test-utils, happy-dom): a component mounted with the app's real Pinia stores, the French
 * i18n catalogue and a memory router, its stores wired to a real IndexedDB (fake-indexeddb) database; and entries
 * brought to `to_check` or flagged "doublon probable" the way the sync does it (claim, outcome, verification).
 */
import './db'

import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { createPinia, disposePinia, setActivePinia } from 'pinia'
import type { Pinia } from 'pinia'
import { defineComponent, h } from 'vue'
import type { Component, DefineComponent } from 'vue'
import { createMemoryHistory, createRouter } from 'vue-router'
import { FORM_KINDS } from '../../../src-shared/domain/entry-kinds'
import type { Router } from 'vue-router'

import { applyOutcomes, applyVerifications, claimBatch, enqueue } from '../../../src-renderer/db/outbox'
import type { PaieDb, StoredEntry } from '../../../src-renderer/db/schema'
import type { OutboxEnv } from '../../../src-renderer/db/write'
import { createAppI18n } from '../../../src-renderer/i18n'
import { configureServices } from '../../../src-renderer/services/app-services'
import { refreshReference } from '../../../src-renderer/services/reference-cache'
import { useProfileStore } from '../../../src-renderer/stores/profile'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { createSyncCoordinator } from '../../../src-renderer/sync/coordinator'
import type { SyncCoordinator } from '../../../src-renderer/sync/coordinator'
import type { ReferenceSnapshot } from '../../../src-shared/domain/reference'
import type { CandidateRecord, SyncError } from '../../../src-shared/domain/sync-protocol'
import { dbWithReference, testEnv } from './db'
import { ManualClock, fakeApi, fakeLockManager } from './fakes'
import type { FakeApi } from './fakes'
import { valid } from './fixtures'

/** A wired app for one test: database, clock, Pinia; `dispose` stops and deletes everything. */
export interface TestApp {
  readonly db: PaieDb
  readonly env: OutboxEnv
  readonly pinia: Pinia
  readonly coordinator: SyncCoordinator
  /** The fake `window.api` (its `records` answer can be replaced per test). */
  readonly api: FakeApi
  dispose(): Promise<void>
}

/** Wires the services on a fresh database holding the fixtures' reference data; active profile « Démo ». */
export async function testApp(): Promise<TestApp> {
  const db = await dbWithReference()
  const clock = new ManualClock()
  const api = fakeApi()
  const env = testEnv()
  const coordinator = createSyncCoordinator({ db, api, locks: fakeLockManager(), timers: clock, now: clock.now, random: () => 0.5 })
  configureServices({ db, api, coordinator, now: clock.now, outboxEnv: env, networkOnline: () => true })
  const pinia = createPinia()
  setActivePinia(pinia)
  useProfileStore().setActive({ id: 'demo', nom: 'Démo', demo: true, baseUrl: 'http://127.0.0.1:1', dbName: db.name, probleme: null })
  return {
    db,
    env,
    pinia,
    coordinator,
    api,
    async dispose() {
      coordinator.stop()
      disposePinia(pinia)
      await db.delete()
    },
  }
}

/**
 * Replaces the reference cache of `app` with `value` (through the app's own refresh, as main's answer would) and
 * loads it into the reference store, as after « Actualiser ».
 * @throws Error with the refresh's French message when it refuses the snapshot
 */
export async function withReference(app: TestApp, value: ReferenceSnapshot): Promise<void> {
  const refreshed = await refreshReference(app.db, { 'reference:refresh': () => Promise.resolve({ ok: true, value }) })
  if (!refreshed.ok) throw new Error(refreshed.error.message)
  await useReferenceStore(app.pinia).load()
}

const Blank = defineComponent({ render: () => h('div') })

function testRouter(): Router {
  return createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: Blank },
      { path: '/queue', name: 'queue', component: Blank },
      { path: '/entries/:clientId', name: 'entry', component: Blank },
      { path: '/dossiers/:siren', name: 'dossier', component: Blank },
      // The one-entry forms (« Modifier » on a service record links to its kind's form).
      ...FORM_KINDS.map((kind) => ({ path: `/dossiers/:siren/${kind}`, name: kind, component: Blank })),
    ],
  })
}

/** Mounts `component` with the app's plugins (Pinia of `app`, French i18n, a memory router with the entry route). */
export function mountIn(app: TestApp, component: Component, props: Record<string, unknown>, router: Router = testRouter()): VueWrapper {
  const wrapper: VueWrapper = mount(component as DefineComponent, {
    props,
    attachTo: document.body,
    global: { plugins: [app.pinia, createAppI18n('fr'), router] },
  })
  return wrapper
}

/** {@link mountIn} once the router is at `path` (e.g. `/?matricule=M001`: a form opened for an employee). */
export async function mountAt(app: TestApp, path: string, component: Component, props: Record<string, unknown>): Promise<VueWrapper> {
  const router = testRouter()
  await router.push(path)
  await router.isReady()
  return mountIn(app, component, props, router)
}

/** A service record listed beside an entry (fields of an EVP of the fixtures unless given). */
export function candidate(over: Partial<CandidateRecord> & { fields?: Record<string, unknown> } = {}): CandidateRecord {
  const id = over.id ?? crypto.randomUUID()
  return {
    id,
    relation: 'identique',
    date_creation: '2026-11-20T08:30:00.000Z',
    date_modification: '2026-11-20T08:30:00.000Z',
    cree_par: null,
    ...over,
    fields: { id, ...valid.evp(), date_creation: '2026-11-20T08:30:00.000Z', cree_par: null, ...over.fields },
  }
}

/** Queues an EVP and sends it through claim + outcome: the sync answers `to_check` with these candidates. */
export async function entryToCheck(
  app: TestApp,
  candidates: readonly CandidateRecord[],
  error: SyncError = {
    code: 'IDENTIQUE_EXISTANT',
    message: 'Le service de paie contient déjà un élément identique, saisi ailleurs : rien n’a été envoyé. Comparez puis décidez.',
    status: null,
    champs: [],
  },
  payload: Record<string, unknown> = valid.evp(),
): Promise<StoredEntry> {
  const queued = await enqueue(app.db, { kind: 'evp', payload }, app.env)
  if (!queued.ok) throw new Error('saisie invalide')
  const claimed = await claimBatch(app.db, 10, [], app.env)
  const item = claimed.find((c) => c.clientId === queued.entry.clientId)
  if (item === undefined) throw new Error('saisie non réclamée')
  await applyOutcomes(
    app.db,
    [item],
    [
      {
        clientId: item.clientId,
        revision: item.revision,
        result: 'to_check',
        serverId: null,
        error,
        attempts: [],
        candidates: [...candidates],
      },
    ],
    app.env,
  )
  const row = await app.db.outbox.get(item.clientId)
  if (row?.state !== 'to_check') throw new Error('saisie non « à vérifier »')
  return row
}

/** Queues an EVP, syncs it to `serverId`, then a verification finds these duplicates ("doublon probable"). */
export async function entryWithDuplicates(app: TestApp, serverId: string, duplicates: readonly CandidateRecord[]): Promise<StoredEntry> {
  const queued = await enqueue(app.db, { kind: 'evp', payload: valid.evp() }, app.env)
  if (!queued.ok) throw new Error('saisie invalide')
  const [item] = await claimBatch(app.db, 10, [], app.env)
  if (item === undefined) throw new Error('saisie non réclamée')
  const sendWindow = { from: '2026-11-20T09:00:00.000Z', to: '2026-11-20T09:05:00.000Z' }
  await applyOutcomes(
    app.db,
    [item],
    [
      {
        clientId: item.clientId,
        revision: item.revision,
        result: 'synced',
        serverId,
        error: null,
        attempts: [],
        sendWindow,
        verifyAfter: '2026-11-20T09:10:00.000Z',
      },
    ],
    app.env,
  )
  await applyVerifications(
    app.db,
    [{ clientId: item.clientId, revision: item.revision, status: 'done', duplicates: [...duplicates], attempts: [] }],
    app.env,
  )
  const row = await app.db.outbox.get(item.clientId)
  if (row?.state !== 'synced' || (row.duplicates ?? []).length === 0) throw new Error('doublon non signalé')
  return row
}

/** Waits until `predicate` holds (microtasks and IndexedDB callbacks run in between), or throws after `ms`. */
export async function until(what: string, predicate: () => boolean | Promise<boolean>, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await predicate()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`Délai dépassé : ${what}`)
}

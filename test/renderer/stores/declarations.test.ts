import '../support/db'

import { createPinia, disposePinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import type { PaieDb } from '../../../src-renderer/db/schema'
import { configureServices } from '../../../src-renderer/services/app-services'
import type { DeclarationsApi } from '../../../src-renderer/services/declarations-cache'
import { createSyncCoordinator } from '../../../src-renderer/sync/coordinator'
import { useDeclarationsApi, useDeclarationsStore } from '../../../src-renderer/stores/declarations'
import type { DeclarationRow, DownloadJobProgress, RecapitulatifRef } from '../../../src-shared/domain/declarations'
import { freshDb, testEnv } from '../support/db'
import { ManualClock, fakeApi, fakeLockManager } from '../support/fakes'

let db: PaieDb
let pinia: Pinia
let started: { items: RecapitulatifRef[]; destination: string }[]
let emit: (job: DownloadJobProgress) => void

function row(n: number, periode: string, disponible = true): DeclarationRow {
  return {
    kind: 'periodique',
    id: `f0e1d2c3-0000-4000-8000-${String(n).padStart(12, '0')}`,
    siren: '732829320',
    nic: '00012',
    periode,
    nature: '01',
    type: '01',
    statut: 'acceptee',
    date_envoi: `${periode}-28T09:00:00.000Z`,
    date_dernier_envoi: null,
    nombre_salaries: 3,
    recapitulatif_disponible: disponible,
  }
}

const ROWS = [row(1, '2026-09'), row(2, '2026-10'), row(3, '2026-10', false)]

function declarationsApi(): DeclarationsApi {
  return {
    'declarations:search': () => Promise.resolve({ ok: true, value: { fetchedAt: '2026-11-16T08:30:00.000Z', declarations: ROWS } }),
    'declarations:detail': () => Promise.reject(new Error('non utilisé')),
    'declarations:recapitulatif': () => Promise.reject(new Error('non utilisé')),
    'downloads:start': (input) => {
      started.push({ items: input.items, destination: input.destination })
      return Promise.resolve({ ok: true, value: { jobId: `job-${started.length}`, folder: '/tmp/DSN' } })
    },
    'downloads:cancel': () => Promise.resolve({ ok: true, value: { cancelled: 0 } }),
    'downloads:list': () => Promise.resolve({ ok: true, value: [] }),
    'downloads:open': () =>
      Promise.resolve({
        ok: false,
        error: { code: 'CHEMIN_REFUSE', message: 'Ce fichier n’a pas été enregistré par l’application : demande refusée.' },
      }),
    'downloads:show': () => Promise.resolve({ ok: true, value: { shown: true } }),
    'downloads:chooseFolder': () => Promise.resolve({ ok: true, value: { folder: '/home/clerc/DSN' } }),
    onDownloadsChanged: (callback) => {
      emit = callback
      return () => undefined
    },
  }
}

beforeEach(() => {
  db = freshDb()
  const clock = new ManualClock()
  const api = fakeApi()
  const coordinator = createSyncCoordinator({ db, api, locks: fakeLockManager(), timers: clock, now: clock.now, random: () => 0.5 })
  configureServices({ db, api, coordinator, now: clock.now, outboxEnv: testEnv(), networkOnline: () => true })
  useDeclarationsApi(declarationsApi())
  started = []
  pinia = createPinia()
  setActivePinia(pinia)
})
afterEach(async () => {
  useDeclarationsApi(null)
  disposePinia(pinia)
  await db.delete()
})

describe('useDeclarationsStore', () => {
  it('downloads every available summary shown in one job, then retries only the failed and cancelled files', async () => {
    const store = useDeclarationsStore()
    await store.load()
    expect(await store.search()).toBe(true)
    expect(store.rows).toHaveLength(3)
    store.filters.periodeDu = '2026-10'
    expect(store.filtered.map((d) => d.id.slice(-1))).toEqual(['2', '3'])

    store.filters.periodeDu = ''
    await store.downloadAll()
    expect(started[0]?.items.map((i) => i.id.slice(-1))).toEqual(['2', '1'])
    expect(started[0]?.destination).toBe('defaut')

    const file = (id: string, state: DownloadJobProgress['files'][number]['state']) => ({
      id,
      siren: '732829320',
      periode: '2026-10',
      fileName: 'x.pdf',
      state,
      bytes: 0,
      totalBytes: null,
      path: null,
      error: null,
    })
    emit({
      jobId: 'job-1',
      folder: '/tmp/DSN',
      total: 2,
      done: 1,
      failed: 1,
      cancelled: 0,
      bytes: 10,
      finished: true,
      files: [file(ROWS[1]!.id, 'echec'), file(ROWS[0]!.id, 'termine')],
    })
    expect(store.currentJob?.failed).toBe(1)
    expect(store.fileStates[ROWS[1]!.id]?.state).toBe('echec')

    await store.chooseFolder()
    expect(store.destination).toBe('choisi')
    await store.retryFailed()
    expect(started[1]).toEqual({ items: [expect.objectContaining({ id: ROWS[1]!.id })], destination: 'choisi' })
  })

  it('shows main’s refusal to open a file it did not write', async () => {
    const store = useDeclarationsStore()
    expect(await store.openFile('/etc/passwd', 'open')).toBe(false)
    expect(store.fileError).toMatchObject({ code: 'CHEMIN_REFUSE' })
  })
})

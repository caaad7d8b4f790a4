/**
 * `records:refresh` against the sandbox over HTTP (issue 14, point 1): main's REAL dispatcher and records handler over
 * a payroll connection, the renderer's REAL cache (Dexie on fake-indexeddb). Another API client writes first (the
 * vendor's screens, a colleague): its record is read like the seed's. A client without the frais right gets the other
 * kinds, and frais reported as refused.
 */
import 'fake-indexeddb/auto'

import { afterEach, describe, expect, it } from 'vitest'

import { createIpcDispatcher, type IpcHandlers } from '../../src-main/ipc/dispatcher'
import { createRecordsHandlers } from '../../src-main/ipc/handlers/records'
import type { PayrollConnection } from '../../src-main/services/connection'
import { PaieDb } from '../../src-renderer/db/schema'
import { loadServiceRecords, refreshServiceRecords } from '../../src-renderer/services/records-cache'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { SandboxStore } from '../../src-sandbox/store/types'
import { periodEnd, periodStart } from '../../src-shared/domain/validation/calendar'
import type { RecordsRefreshResult } from '../../src-shared/domain/service-records'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import { BIG_SIREN, PERIODE, codesOf, connect, quietEmployees, startTestSandbox } from '../main/sync/helpers'

const APP_SENDER = { url: 'app://paie/index.html#/', isMainFrame: true }

let sandbox: RunningSandbox | null = null
let db: PaieDb | null = null

afterEach(async () => {
  await db?.delete()
  db = null
  await sandbox?.close()
  sandbox = null
})

/** `window.api['records:refresh']` through main's dispatcher, over `connection`. */
function recordsApi(connection: PayrollConnection | null): Pick<WindowApi, 'records:refresh'> {
  const handlers = createRecordsHandlers({ connection: () => connection })
  const dispatch = createIpcDispatcher(handlers as unknown as IpcHandlers, { trustedOrigins: ['app://paie'] })
  return {
    'records:refresh': (input) => dispatch('records:refresh', input, APP_SENDER) as Promise<IpcResult<RecordsRefreshResult>>,
  }
}

/** Ids the sandbox holds for the dossier and period, per kind (absences: those meeting the month). */
function expectedIds(store: SandboxStore): Record<string, string[]> {
  const mine = (rows: readonly { siren: string; periode: string; id: string }[]): string[] =>
    rows
      .filter((r) => r.siren === BIG_SIREN && r.periode === PERIODE)
      .map((r) => r.id)
      .sort()
  return {
    evp: mine(store.evp),
    absence: store.absences
      .filter((a) => a.siren === BIG_SIREN && a.date_debut <= periodEnd(PERIODE) && a.date_fin >= periodStart(PERIODE))
      .map((a) => a.id)
      .sort(),
    frais: mine(store.fraisProfessionnels),
    prime: mine(store.primesIndemnites),
    avantage: mine(store.avantagesNature),
    acompte: mine(store.acomptes),
  }
}

function idsOf(result: RecordsRefreshResult): Record<string, string[] | string> {
  return Object.fromEntries(
    Object.entries(result.kinds).map(([kind, read]) => [
      kind,
      read.status === 'ok' ? read.records.map((r) => r.id).sort() : `refusé : ${read.droit}`,
    ]),
  )
}

describe('records:refresh (sandbox over HTTP)', () => {
  it('lists every kind of the dossier and period, a record created by another client included, and the renderer caches it', async () => {
    sandbox = await startTestSandbox()
    const [matricule] = quietEmployees(sandbox.store)
    const other = connect(sandbox, 'gestionnaire-restreint').connection.client
    const created = await other.call('creerEvp', {
      body: { siren: BIG_SIREN, matricule: matricule ?? '', periode: PERIODE, code_evp: codesOf(sandbox.store).evp, quantite: '3' },
    })

    const api = recordsApi(connect(sandbox).connection)
    db = new PaieDb(`records-${crypto.randomUUID()}`)
    const result = await refreshServiceRecords(db, api, BIG_SIREN, PERIODE)
    if (!result.ok) throw new Error(result.error.message)

    expect(idsOf(result.value)).toEqual(expectedIds(sandbox.store))
    const evp = result.value.kinds.evp
    expect(evp.status === 'ok' && evp.records.some((r) => r.id === created.id && r.cree_par === 'gestionnaire-restreint')).toBe(true)
    expect(result.value.kinds.acompte.status === 'ok' && result.value.kinds.acompte.records.length).toBeGreaterThan(0)

    const cached = await loadServiceRecords(db, BIG_SIREN, PERIODE)
    const total = Object.values(expectedIds(sandbox.store)).reduce((n, ids) => n + ids.length, 0)
    expect(cached.rows).toHaveLength(total)
    expect(cached.read).toMatchObject({ siren: BIG_SIREN, periode: PERIODE, fetchedAt: result.value.fetchedAt, refused: [] })
  })

  it('a kind refused for a missing right is reported as such; the other kinds are read and cached', async () => {
    sandbox = await startTestSandbox()
    const api = recordsApi(connect(sandbox, 'gestionnaire-restreint').connection)
    db = new PaieDb(`records-${crypto.randomUUID()}`)
    const result = await refreshServiceRecords(db, api, BIG_SIREN, PERIODE)
    if (!result.ok) throw new Error(result.error.message)

    const expected = expectedIds(sandbox.store)
    expect(idsOf(result.value)).toEqual({ ...expected, frais: 'refusé : frais_professionnels' })
    const cached = await loadServiceRecords(db, BIG_SIREN, PERIODE)
    expect(cached.read?.refused).toEqual([{ kind: 'frais', droit: 'frais_professionnels' }])
    expect(cached.rows.some((r) => r.kind === 'frais')).toBe(false)
  })

  it('without a connection: CONNEXION_ABSENTE, and the cache is left as it was', async () => {
    sandbox = await startTestSandbox()
    db = new PaieDb(`records-${crypto.randomUUID()}`)
    const first = await refreshServiceRecords(db, recordsApi(connect(sandbox).connection), BIG_SIREN, PERIODE)
    expect(first.ok).toBe(true)
    const before = await loadServiceRecords(db, BIG_SIREN, PERIODE)

    const failed = await refreshServiceRecords(db, recordsApi(null), BIG_SIREN, PERIODE)
    expect(failed).toMatchObject({ ok: false, error: { code: 'CONNEXION_ABSENTE' } })
    expect(await loadServiceRecords(db, BIG_SIREN, PERIODE)).toEqual(before)
  })

  it('refuses an input that is not a SIREN and a period (ENTREE_INVALIDE), before any request', async () => {
    sandbox = await startTestSandbox()
    const counting = connect(sandbox)
    const api = recordsApi(counting.connection)
    await expect(api['records:refresh']({ siren: '123', periode: '2026-13' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'ENTREE_INVALIDE' },
    })
    expect(counting.responses).toHaveLength(0)
  })
})

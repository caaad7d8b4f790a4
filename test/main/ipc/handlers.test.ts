/**
 * The connection, reference and sync handlers served through the dispatcher (as the app and the end-to-end harness
 * serve them), against the real sandbox; and the main → renderer event sender.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createIpcDispatcher, type IpcSender } from '../../../src-main/ipc/dispatcher'
import { createEventSender, type EventTransport } from '../../../src-main/ipc/events'
import { createIpcHandlers } from '../../../src-main/ipc/handlers'
import { coalesceProgress } from '../../../src-main/ipc/handlers/sync'
import type { RunningSandbox } from '../../../src-sandbox/server'
import type { PayrollConnection } from '../../../src-main/services/connection'
import type { EventName } from '../../../src-shared/ipc/contract'
import type { SyncProgress, SyncPushResult } from '../../../src-shared/domain/sync-protocol'
import type { ConnectionStatus, ReferenceSnapshot } from '../../../src-shared/domain/reference'
import type { ProfileService } from '../../../src-main/profiles/service'
import { SEED_CLIENTS } from '../../../src-sandbox/store/seed'
import { testProfileService } from '../../support/profiles'
import { BIG_SIREN, codesOf, connect, itemOf, payloadOf, quietEmployees, rawItemOf, startTestSandbox } from '../sync/helpers'

const MAIN_FRAME: IpcSender = { url: 'app://paie/index.html#/', isMainFrame: true }
const APP_INFO = { version: '0.1.0', demo: true, apiBaseUrl: '', platform: 'linux' }

let sandbox: RunningSandbox | null = null

afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

function serve(connection: PayrollConnection | null, syncConcurrency?: number, profiles: ProfileService = testProfileService()) {
  const events: { event: EventName; payload: unknown }[] = []
  const transport: EventTransport = (event, payload) => events.push({ event, payload })
  const handlers = createIpcHandlers({
    appInfo: () => APP_INFO,
    profiles,
    connection: () => connection,
    sendEvent: createEventSender(transport),
    probeTimeoutMs: 1_000,
    ...(syncConcurrency === undefined ? {} : { syncConcurrency }),
  })
  const dispatch = createIpcDispatcher(handlers, { trustedOrigins: ['app://paie'] })
  return { dispatch, events }
}

async function ok<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown }
  if (!result.ok) throw new Error(`réponse en échec : ${JSON.stringify(result.error)}`)
  return result.value as T
}

describe('profile:*', () => {
  it('answers a refused secret and a keychain that does not answer as IPC errors with their codes, and never a secret', async () => {
    sandbox = await startTestSandbox()
    const url = sandbox.url
    const profiles = testProfileService({ baseUrl: url, clientId: 'demo-gestionnaire', clientSecret: 'demo-secret-sandbox' })
    await profiles.init()
    const { dispatch } = serve(null, undefined, profiles)
    const secret = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-2')?.client_secret ?? ''
    const input = { nom: 'Cabinet', baseUrl: url, clientId: 'gestionnaire-2', clientSecret: 'faux' }

    expect(await dispatch('profile:save', input, MAIN_FRAME)).toMatchObject({ ok: false, error: { code: 'IDENTIFIANTS_REFUSES' } })
    profiles.keychain.unavailable = true
    expect(await dispatch('profile:save', { ...input, clientSecret: secret }, MAIN_FRAME)).toMatchObject({
      ok: false,
      error: { code: 'COFFRE_INDISPONIBLE', message: expect.stringMatching(/keychain/) as string },
    })
    profiles.keychain.unavailable = false
    const saved = await ok<{ id: string }>(dispatch('profile:save', { ...input, clientSecret: secret }, MAIN_FRAME))
    const answers = [
      saved,
      await ok(dispatch('profile:list', {}, MAIN_FRAME)),
      await ok(dispatch('profile:activate', { id: saved.id }, MAIN_FRAME)),
      await ok(dispatch('profile:active', {}, MAIN_FRAME)),
    ]

    expect(JSON.stringify(answers)).not.toContain(secret)
    expect(await dispatch('profile:remove', { id: '../../etc/passwd' }, MAIN_FRAME)).toMatchObject({
      ok: false,
      error: { code: 'ENTREE_INVALIDE' },
    })
  })
})

describe('connection:probe', () => {
  it('says online with the service version, then offline with the transport code once the service is gone', async () => {
    sandbox = await startTestSandbox()
    const { connection } = connect(sandbox)
    const { dispatch } = serve(connection)

    const online = await ok<ConnectionStatus>(dispatch('connection:probe', {}, MAIN_FRAME))
    expect(online).toMatchObject({ online: true, version: expect.any(String) as string })
    expect(Date.parse(online.checkedAt)).not.toBeNaN()

    await sandbox.close()
    sandbox = null
    const offline = await ok<ConnectionStatus>(dispatch('connection:probe', {}, MAIN_FRAME))
    expect(offline).toMatchObject({ online: false, version: null })
    expect(offline.message).toMatch(/^(RESEAU_INJOIGNABLE|CONNEXION_INTERROMPUE|DELAI_DEPASSE): /)
  })

  it('says offline when no connection is configured', async () => {
    const { dispatch } = serve(null)

    const status = await ok<ConnectionStatus>(dispatch('connection:probe', {}, MAIN_FRAME))

    expect(status).toMatchObject({ online: false, version: null, message: 'no payroll service configured' })
  })
})

describe('reference:refresh', () => {
  it('answers the snapshot of the named dossiers', async () => {
    sandbox = await startTestSandbox()
    const { dispatch } = serve(connect(sandbox).connection)

    const snapshot = await ok<ReferenceSnapshot>(dispatch('reference:refresh', { sirens: [BIG_SIREN] }, MAIN_FRAME))

    expect(snapshot.salaries).toHaveLength(260)
    expect(snapshot.codesEvp[BIG_SIREN]?.length).toBeGreaterThan(0)
  })

  it('fails with the API code in the reference context when the service fails, and CONNEXION_ABSENTE without connection', async () => {
    sandbox = await startTestSandbox({ faults: { errorRate: 1 } })
    const { dispatch } = serve(connect(sandbox).connection)

    const failed = await dispatch('reference:refresh', { sirens: [BIG_SIREN] }, MAIN_FRAME)
    expect(failed).toMatchObject({ ok: false, error: { params: { contexte: 'REFERENTIEL', status: expect.any(Number) as number } } })
    if (failed.ok) return
    expect(failed.error.details).toMatchObject({ status: expect.any(Number) as number, droitManquant: null })

    await expect(serve(null).dispatch('reference:refresh', {}, MAIN_FRAME)).resolves.toMatchObject({
      ok: false,
      error: { code: 'CONNEXION_ABSENTE' },
    })
  })
})

describe('sync:push', () => {
  it('sends the batch, emits sync:changed for the first and the last entry of each push, and runs concurrent pushes one after the other', async () => {
    sandbox = await startTestSandbox({ faults: { latencyMs: 10 } })
    const { dispatch, events } = serve(connect(sandbox).connection, 2)
    const codes = codesOf(sandbox.store)
    const [m1, m2] = quietEmployees(sandbox.store)
    const first = [
      itemOf('evp', payloadOf('evp', m1!, codes, 1)),
      itemOf('prime', payloadOf('prime', m1!, codes, 1)),
      itemOf('avantage', payloadOf('avantage', m1!, codes, 1)),
    ]
    const second = [itemOf('evp', payloadOf('evp', m2!, codes, 1)), itemOf('prime', payloadOf('prime', m2!, codes, 1))]

    const [a, b] = await Promise.all([
      ok<SyncPushResult>(dispatch('sync:push', { items: first }, MAIN_FRAME)),
      ok<SyncPushResult>(dispatch('sync:push', { items: second }, MAIN_FRAME)),
    ])

    expect([...a.outcomes, ...b.outcomes].map((o) => o.result)).toEqual(['synced', 'synced', 'synced', 'synced', 'synced'])
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(['sync:changed']))
    const progress = events.map((e) => e.payload as SyncProgress)
    const pairs = progress.map((p) => [p.done, p.total])
    // First and last of each push always; the one in between only when 50 ms passed (coalesced).
    expect(pairs[0]).toEqual([1, 3])
    expect(pairs).toContainEqual([3, 3])
    expect(pairs.slice(pairs.findIndex(([d, t]) => d === 3 && t === 3) + 1)).toEqual(
      expect.arrayContaining([
        [1, 2],
        [2, 2],
      ]),
    )
    expect(pairs.at(-1)).toEqual([2, 2])
    expect(first.map((i) => i.clientId)).toContain(progress[0]?.clientId)
  })

  it('refuses an invalid batch before any handler runs', async () => {
    const { dispatch } = serve(null)

    await expect(dispatch('sync:push', { items: [] }, MAIN_FRAME)).resolves.toMatchObject({ ok: false, error: { code: 'ENTREE_INVALIDE' } })
  })

  it('parses each item once, at the boundary: an invalid payload or a missing target is refused by field, in French, before any request', async () => {
    sandbox = await startTestSandbox()
    const { connection, responses } = connect(sandbox)
    const { dispatch } = serve(connection)
    const codes = codesOf(sandbox.store)
    const [m] = quietEmployees(sandbox.store)
    const valid = rawItemOf('evp', payloadOf('evp', m!, codes))
    const invalid = rawItemOf('evp', { ...payloadOf('evp', m!, codes), code_evp: '', quantite: 'beaucoup', montant: 12 })
    const noTarget = rawItemOf('evp', { quantite: '2' }, { operation: 'update', keyFields: payloadOf('evp', m!, codes) })

    const result = await dispatch('sync:push', { items: [valid, invalid, noTarget] }, MAIN_FRAME)

    expect(result).toMatchObject({ ok: false, error: { code: 'ENTREE_INVALIDE' } })
    const details = (result.ok ? [] : result.error.details) as { path: (string | number)[]; message: string }[]
    expect(details.map((d) => d.path.join('.')).sort()).toEqual([
      'items.1.payload.code_evp',
      'items.1.payload.montant',
      'items.1.payload.quantite',
      'items.2.targetServerId',
    ])
    // The contract's own message where it has one, else French (never zod's English).
    expect(details.find((d) => d.path.join('.') === 'items.1.payload.quantite')?.message).toMatch(/^Quantité : nombre décimal/)
    expect(details.find((d) => d.path.join('.') === 'items.1.payload.code_evp')?.message).toBe('Champ obligatoire')
    expect(details.find((d) => d.path.join('.') === 'items.1.payload.montant')?.message).toBe('Valeur invalide')
    expect(details.find((d) => d.path.join('.') === 'items.2.targetServerId')?.message).toBe('Identifiant invalide')
    expect(responses).toEqual([])
  })

  it('answers a pause without connection: nothing sent, entries back to the queue (still unknown when reconciling)', async () => {
    const { dispatch, events } = serve(null)
    const payload = payloadOf('evp', 'M0001', { evp: 'HS25', absence: 'CP', prime: 'P1' })

    const result = await ok<SyncPushResult>(
      dispatch('sync:push', { items: [itemOf('evp', payload), itemOf('evp', payload, { reconcile: true })] }, MAIN_FRAME),
    )

    expect(result.outcomes.map((o) => o.result)).toEqual(['requeue', 'unknown'])
    expect(result.pause).toMatchObject({ code: 'CONNEXION_ABSENTE', retryAfterMs: null })
    expect(events).toEqual([])
  })
})

describe('coalesceProgress', () => {
  it('sends the first and the last report at once, the latest in between at most every interval', () => {
    vi.useFakeTimers()
    try {
      const sent: number[] = []
      const report = coalesceProgress((p) => sent.push(p.done), 50)
      const at = (done: number): SyncProgress => ({ done, total: 100, clientId: null, result: 'synced' })
      for (let done = 1; done <= 60; done += 1) report(at(done))
      expect(sent).toEqual([1])
      vi.advanceTimersByTime(50)
      expect(sent).toEqual([1, 60])
      for (let done = 61; done <= 100; done += 1) report(at(done))
      expect(sent).toEqual([1, 60, 100])
      vi.advanceTimersByTime(500)
      expect(sent).toEqual([1, 60, 100])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('createEventSender', () => {
  it('sends a payload that matches the contract, without unknown keys', () => {
    const transport = vi.fn<EventTransport>()
    const send = createEventSender(transport)
    const progress = { done: 1, total: 2, clientId: null, result: null }

    send('sync:changed', { ...progress, nir: '185057800608436' } as SyncProgress)

    expect(transport).toHaveBeenCalledExactlyOnceWith('sync:changed', progress)
  })

  it('drops an invalid payload and survives a failing transport, reporting both', () => {
    const onError = vi.fn()
    const send = createEventSender(
      () => {
        throw new Error('Object has been destroyed')
      },
      { onError },
    )

    send('sync:changed', { done: -1, total: 2, clientId: null, result: null })
    send('sync:changed', { done: 1, total: 2, clientId: null, result: null })

    expect(onError.mock.calls.map((c) => c[1] as string)).toEqual(['EVENEMENT_INVALIDE', 'ENVOI_IMPOSSIBLE'])
  })
})

/**
 * The `cumuls:*` channels against the sandbox over HTTP (issue 16, point 4): main's REAL dispatcher and people handlers
 * over a connection whose PUTs can lose their answer. The list goes through both filters; the PUT is ONE request with
 * per-item errors mapped onto the input's indexes; a lost answer is read back (#69): applied when the read shows
 * every item, and a resend after a lost answer sends only what the read does not show (nothing when all is there).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createIpcDispatcher, type IpcHandlers } from '../../../src-main/ipc/dispatcher'
import { createPeopleHandlers } from '../../../src-main/ipc/handlers/people'
import type { PayrollConnection } from '../../../src-main/services/connection'
import type { RunningSandbox } from '../../../src-sandbox/server'
import type { CumulsListResult, CumulsPutInput, CumulsPutOutcome } from '../../../src-shared/domain/cumuls'
import type { ChannelName } from '../../../src-shared/ipc/channels'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { BIG_SIREN, connect, startTestSandbox } from '../sync/helpers'

const APP_SENDER = { url: 'app://paie/index.html#/', isMainFrame: true }

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

/** A connection whose next PUT (when `cutNext`) reaches the service and then loses its answer; PUT bodies recorded. */
function cutConnection(s: RunningSandbox): { connection: PayrollConnection; puts: unknown[]; cut: { next: boolean } } {
  const puts: unknown[] = []
  const cut = { next: false }
  const fetchCut: typeof fetch = async (input, init) => {
    if ((init?.method ?? 'GET') !== 'PUT') return fetch(input, init)
    puts.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'))
    const response = await fetch(input, init)
    if (!cut.next) return response
    cut.next = false
    throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) })
  }
  return { connection: connect(s, undefined, { fetch: fetchCut, timeoutMs: 1_000 }).connection, puts, cut }
}

function dispatcherOf(connection: PayrollConnection | null) {
  const handlers = createPeopleHandlers({ connection: () => connection })
  const dispatch = createIpcDispatcher(handlers as unknown as IpcHandlers, { trustedOrigins: ['app://paie'] })
  return async <T>(channel: ChannelName, input: unknown): Promise<T> => {
    const result = (await dispatch(channel, input, APP_SENDER)) as IpcResult<T>
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
    return result.value
  }
}

function yearOf(s: RunningSandbox): { annee: number; matricules: string[] } {
  const rows = s.store.cumuls.filter((c) => c.siren === BIG_SIREN)
  const annee = rows[0]?.annee ?? 0
  return { annee, matricules: [...new Set(rows.map((c) => c.matricule))].sort().slice(0, 3) }
}

describe('cumuls:list', () => {
  it('reads every page of the year through both filters', async () => {
    sandbox = await startTestSandbox()
    const call = dispatcherOf(cutConnection(sandbox).connection)
    const { annee } = yearOf(sandbox)
    const all = await call<CumulsListResult>('cumuls:list', { siren: BIG_SIREN, annee, filtre: {} })
    expect(all.cumuls).toHaveLength(sandbox.store.cumuls.filter((c) => c.siren === BIG_SIREN && c.annee === annee).length)
    expect(all.cumuls.length).toBeGreaterThan(500)
    const some = await call<CumulsListResult>('cumuls:list', {
      siren: BIG_SIREN,
      annee,
      filtre: { categories: ['remuneration', 'fiscal'], cumuls: [], codeMoteur: 'C0500' },
    })
    expect(new Set(some.cumuls.map((c) => c.code_cumul))).toEqual(new Set(['PAS']))
    expect(some.filtre.codeMoteur).toBe('C0500')
  })
})

describe('cumuls:put', () => {
  it('sends ONE PUT and answers the per-item errors by the input’s indexes', async () => {
    sandbox = await startTestSandbox()
    const { connection, puts } = cutConnection(sandbox)
    const call = dispatcherOf(connection)
    const { annee, matricules } = yearOf(sandbox)
    const [a = '', b = ''] = matricules
    const input: CumulsPutInput = {
      siren: BIG_SIREN,
      annee,
      elements: [
        { matricule: a, code_cumul: 'BRUT', valeur: '40000.00' },
        { matricule: 'ABSENT1', code_cumul: 'BRUT', valeur: '1.00' },
        { matricule: b, code_cumul: 'CP_ACQUIS', valeur: '-2.50' },
      ],
    }
    const outcome = await call<CumulsPutOutcome>('cumuls:put', input)
    expect(puts).toHaveLength(1)
    expect(outcome.result).toBe('applied')
    expect(outcome.retour?.erreurs.map((e) => [e.index, e.code])).toEqual([
      [1, 'INTROUVABLE'],
      [2, 'VALEUR_NEGATIVE'],
    ])
  })

  it('reads a lost PUT back: applied when the read shows it; a resend after it sends only what is missing', async () => {
    sandbox = await startTestSandbox()
    const { connection, puts, cut } = cutConnection(sandbox)
    const call = dispatcherOf(connection)
    const { annee, matricules } = yearOf(sandbox)
    const [a = '', b = ''] = matricules
    const first = { matricule: a, code_cumul: 'NET_IMP', valeur: '25000.10' }
    cut.next = true
    const lost = await call<CumulsPutOutcome>('cumuls:put', { siren: BIG_SIREN, annee, elements: [first] })
    expect(lost).toMatchObject({ result: 'applied', retour: null, unconfirmed: [] })
    // The same cell sent again after a lost answer: the read shows it, nothing is sent.
    const again = await call<CumulsPutOutcome>('cumuls:put', { siren: BIG_SIREN, annee, elements: [first], afterLostAnswer: true })
    expect(again.result).toBe('already_applied')
    expect(puts).toHaveLength(1)
    // With one new cell: only that one leaves, and its error index points into the input.
    const second = { matricule: b, code_cumul: 'HEURES', valeur: '-1.00' }
    const mixed = await call<CumulsPutOutcome>('cumuls:put', { siren: BIG_SIREN, annee, elements: [first, second], afterLostAnswer: true })
    expect(puts).toHaveLength(2)
    expect(puts[1]).toEqual({ annee, elements: [second] })
    expect(mixed.retour?.erreurs.map((e) => e.index)).toEqual([1])
  })

  it('is unknown, with the items the read does not show, when a lost PUT left them unapplied', async () => {
    sandbox = await startTestSandbox()
    const { connection, cut } = cutConnection(sandbox)
    const call = dispatcherOf(connection)
    const { annee, matricules } = yearOf(sandbox)
    const [a = ''] = matricules
    cut.next = true
    const outcome = await call<CumulsPutOutcome>('cumuls:put', {
      siren: BIG_SIREN,
      annee,
      elements: [
        { matricule: a, code_cumul: 'BRUT', valeur: '1000.00' },
        { matricule: a, code_cumul: 'HEURES', valeur: '-3.00' },
      ],
    })
    expect(outcome.result).toBe('unknown')
    expect(outcome.unconfirmed).toEqual([1])
    expect(outcome.settleUntil).not.toBeNull()
  })

  it('fails with CONNEXION_ABSENTE without a connection', async () => {
    const call = dispatcherOf(null)
    await expect(
      call('cumuls:put', { siren: BIG_SIREN, annee: 2026, elements: [{ matricule: 'A1', code_cumul: 'BRUT', valeur: '1' }] }),
    ).rejects.toThrow(/CONNEXION_ABSENTE/)
  })
})

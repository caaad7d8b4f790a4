/**
 * Wire facts through the typed client and the connection, against the sandbox: the server clock estimated from
 * `Date` (sandbox shifted years back), failures of the token request that never count as a write (global, not
 * sent), and the classes of a write's failures (commit-then-500 and a timeout unknown, 503 with Retry-After global).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../src-main/api/errors'
import { DEFAULT_TIMEOUT_MS } from '../../../src-main/api/client'
import { SERVER_CLOCK_TOLERANCE_MS } from '../../../src-main/api/server-clock'
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server'
import { DEMO_CREDENTIALS } from '../../../src-sandbox/store/seed'
import { createPayrollConnection, type PayrollConnection } from '../../../src-main/services/connection'
import { quietEmployee, sirenOf } from '../../sandbox/helpers'

const SHIFTED_TODAY = '2019-03-04'
let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

async function start(today = '2026-11-16'): Promise<RunningSandbox> {
  sandbox = await startSandbox({ seed: 7, today, rateLimit: false })
  return sandbox
}

function connect(s: { url: string }, extra: { timeoutMs?: number; clientSecret?: string } = {}): PayrollConnection {
  return createPayrollConnection({
    baseUrl: s.url,
    clientId: DEMO_CREDENTIALS.client_id,
    clientSecret: extra.clientSecret ?? DEMO_CREDENTIALS.client_secret,
    ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
  })
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('aucune erreur')
}

/** An absence to create in dossier A (the n-th quiet employee, one day of the current period). */
function absence(s: RunningSandbox, n: number, d: number) {
  const siren = sirenOf('A')
  const periode = s.store.dossiers.find((x) => x.siren === siren)?.periode_paie_en_cours ?? ''
  const day = `${periode}-${String(d).padStart(2, '0')}`
  const { matricule } = quietEmployee(s.store, siren, `${periode}-01`, `${periode}-28`, n)
  const code = s.store.codesAbsences.find((c) => (s.store.codesAbsencesParDossier[siren] ?? []).includes(c.code))?.code ?? ''
  return { siren, matricule, code_absence: code, date_debut: day, date_fin: day, demi_journee_debut: false, demi_journee_fin: false }
}

describe('server clock', () => {
  it('estimates the offset of a shifted sandbox from its Date header, within the tolerance', async () => {
    const before = Date.now()
    const s = await start(SHIFTED_TODAY)
    const started = Date.now()
    const connection = connect(s)
    expect(connection.clock.offsetMs()).toBeNull()
    expect(connection.clock.toServerMs(Date.now())).toBeNull()
    await connection.client.call('sante')
    // The sandbox clock started at noon UTC of `today` at some instant between `before` and `started`: the offset lies
    // between those two bounds, within the tolerance (the Date header's second, the exchange's half round trip). The
    // bounds come from the start's own instants, so a slow start on a loaded machine does not widen the error.
    const noon = Date.parse(`${SHIFTED_TODAY}T12:00:00.000Z`)
    const offset = connection.clock.offsetMs()
    expect(offset).not.toBeNull()
    expect(offset ?? 0).toBeGreaterThanOrEqual(noon - started - SERVER_CLOCK_TOLERANCE_MS)
    expect(offset ?? 0).toBeLessThanOrEqual(noon - before + SERVER_CLOCK_TOLERANCE_MS)
    const serverNow = connection.clock.toServerMs(Date.now()) ?? 0
    expect(new Date(serverNow).toISOString().slice(0, 10)).toBe(SHIFTED_TODAY)
  })

  it('matches the creation instant of a record created through the same connection', async () => {
    const s = await start(SHIFTED_TODAY)
    const connection = connect(s)
    const sentAt = Date.now()
    const record = await connection.client.call('creerAbsence', { body: absence(s, 0, 5) })
    const serverSentAt = connection.clock.toServerMs(sentAt) ?? 0
    expect(Math.abs(Date.parse(record.date_creation) - serverSentAt)).toBeLessThanOrEqual(SERVER_CLOCK_TOLERANCE_MS)
    expect(record.cree_par).toBe(DEMO_CREDENTIALS.client_id)
  })

  it('exposes the per-request timeout of the connection', () => {
    expect(connect({ url: 'http://127.0.0.1:9' }).timeoutMs).toBe(DEFAULT_TIMEOUT_MS)
    expect(DEFAULT_TIMEOUT_MS).toBe(15_000)
    expect(connect({ url: 'http://127.0.0.1:9' }, { timeoutMs: 2500 }).timeoutMs).toBe(2500)
  })
})

describe('token failures are not write attempts', () => {
  it('a token request that times out fails the write as global, not sent', async () => {
    const s = await start()
    s.faults.set({ latencyMs: 600 })
    const before = s.store.absences.length
    const error = await failure(connect(s, { timeoutMs: 150 }).client.call('creerAbsence', { body: absence(s, 1, 7) }))
    expect(error).toMatchObject({
      operation: 'creerAbsence',
      method: 'POST',
      errorClass: 'global',
      sent: false,
      code: 'DELAI_DEPASSE',
      status: null,
    })
    expect(error.params).toEqual({ jeton: 'DELAI' })
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(s.store.absences.length).toBe(before)
  })

  it('a refused client (401 CLIENT_INVALIDE) stays recognisable by its code', async () => {
    const s = await start()
    const error = await failure(
      connect(s, { clientSecret: 'mauvais-secret' }).client.call('supprimerAbsence', {
        params: { absenceId: '00000000-0000-4000-8000-000000000000' },
      }),
    )
    expect(error).toMatchObject({
      operation: 'supprimerAbsence',
      method: 'DELETE',
      errorClass: 'global',
      sent: false,
      code: 'CLIENT_INVALIDE',
      status: 401,
    })
    expect(error.body?.code).toBe('CLIENT_INVALIDE')
  })

  it('a token request answered 5xx fails the write as global, not sent', async () => {
    const s = await start()
    s.faults.set({ errorRate: 1 })
    const error = await failure(connect(s).client.call('creerAbsence', { body: absence(s, 1, 7) }))
    expect(error).toMatchObject({ operation: 'creerAbsence', errorClass: 'global', sent: false })
    expect([500, 502, 503]).toContain(error.status)
  })

  it('an unreachable service is global and not sent', async () => {
    const s = await start()
    const url = s.url
    await s.close()
    sandbox = null
    const error = await failure(
      connect({ url }).client.call('creerAbsence', {
        body: {
          siren: '0',
          matricule: 'x',
          code_absence: 'x',
          date_debut: '2026-01-01',
          date_fin: '2026-01-01',
          demi_journee_debut: false,
          demi_journee_fin: false,
        },
      }),
    )
    expect(error).toMatchObject({ errorClass: 'global', sent: false, code: 'RESEAU_INJOIGNABLE' })
  })
})

describe('write failures against the sandbox', () => {
  it('commit then 500 is unknown, and the record exists', async () => {
    const s = await start()
    const connection = connect(s)
    await connection.client.call('moi')
    s.faults.set({ commitThen500Rate: 1 })
    const body = absence(s, 2, 9)
    const error = await failure(connection.client.call('creerAbsence', { body }))
    expect(error).toMatchObject({ errorClass: 'unknown', status: 500, sent: true })
    expect(s.store.absences.some((a) => a.matricule === body.matricule && a.date_debut === body.date_debut)).toBe(true)
  })

  it('a timeout on a write held by commitLate is unknown; the record appears afterwards', async () => {
    const s = await start()
    const connection = connect(s, { timeoutMs: 200 })
    await connection.client.call('moi')
    s.faults.set({ commitLateRate: 1, commitLateMs: 500 })
    const body = absence(s, 3, 11)
    const error = await failure(connection.client.call('creerAbsence', { body }))
    expect(error).toMatchObject({ errorClass: 'unknown', code: 'DELAI_DEPASSE', sent: true })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(s.store.absences.some((a) => a.matricule === body.matricule && a.date_debut === body.date_debut)).toBe(true)
  })

  it('injected 503 (Retry-After) is global, injected 500 and 502 are unknown; a read is global for all', async () => {
    const s = await start()
    const connection = connect(s)
    await connection.client.call('moi')
    s.faults.set({ errorRate: 1 })
    const writes = new Map<number | null, string>()
    const reads = new Set<string>()
    for (let i = 0; i < 60 && writes.size < 3; i++) {
      const error = await failure(connection.client.call('creerAbsence', { body: absence(s, 4, 13) }))
      writes.set(error.status, error.errorClass)
      reads.add((await failure(connection.client.call('moi'))).errorClass)
    }
    expect(Object.fromEntries(writes)).toEqual({ 500: 'unknown', 502: 'unknown', 503: 'global' })
    expect([...reads]).toEqual(['global'])
  })
})

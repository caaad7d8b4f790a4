/**
 * Write fault switches over real HTTP: commit-then-500 and commit-late really commit (the records are listed
 * afterwards), reads and the token request are spared, every injection is counted; the injected 5xx keep their
 * headers (only the 503 says `Retry-After`).
 */
import { describe, expect, it } from 'vitest'
import type { Absence } from '../../src-shared/api/entries'
import { faultSuite } from './fault-suite'
import { call, requestToken, secretOf, type ErrorBody } from './helpers'

const suite = faultSuite('A', 28)
const { siren, absenceBody, postAbsence, listed } = suite

const count = (kind: string): number => suite.sandbox.faults.counts()[kind] ?? 0

describe('commitThen500Rate', () => {
  it('commits the write, then answers 500 ERREUR_SERVEUR from the server: the record is listed afterwards', async () => {
    const body = absenceBody(0, 3)
    const before = count('commitThen500')
    suite.sandbox.faults.set({ commitThen500Rate: 1 })
    const res = await postAbsence(body)
    expect(res.status).toBe(500)
    expect(res.headers.get('retry-after')).toBeNull()
    const error = (await res.json()) as ErrorBody
    expect(error).toMatchObject({ statut: 500, code: 'ERREUR_SERVEUR', source: 'Serveur' })
    expect(count('commitThen500')).toBe(before + 1)
    // Reads and the token request are not writes of the API: spared.
    expect((await call(suite.sandbox.url, '/api/moi', { token: suite.token })).status).toBe(200)
    expect((await requestToken(suite.sandbox.url, 'demo-gestionnaire', secretOf('demo-gestionnaire'))).status).toBe(200)
    expect(await listed(body.matricule)).toEqual([expect.objectContaining({ date_debut: body.date_debut, cree_par: 'demo-gestionnaire' })])
  })

  it('leaves a refused write refused (nothing committed, its own 4xx)', async () => {
    suite.sandbox.faults.set({ commitThen500Rate: 1 })
    const res = await call<ErrorBody>(suite.sandbox.url, '/api/absences', { token: suite.token, method: 'POST', body: { siren } })
    expect(res.status).toBe(400)
  })

  it('also plays on PATCH and DELETE', async () => {
    const body = absenceBody(1, 5)
    const created = await call<Absence>(suite.sandbox.url, '/api/absences', { token: suite.token, method: 'POST', body })
    expect(created.status).toBe(201)
    suite.sandbox.faults.set({ commitThen500Rate: 1 })
    const del = await call<ErrorBody>(suite.sandbox.url, `/api/absences/${created.body.id}`, { token: suite.token, method: 'DELETE' })
    expect(del.status).toBe(500)
    suite.sandbox.faults.set({ commitThen500Rate: 0 })
    expect(await listed(body.matricule)).toEqual([])
  })
})

describe('commitLateRate / commitLateMs', () => {
  it('holds the write commitLateMs, then commits and answers', async () => {
    const body = absenceBody(2, 7)
    suite.sandbox.faults.set({ commitLateRate: 1, commitLateMs: 300 })
    const started = performance.now()
    const res = await postAbsence(body)
    expect(res.status).toBe(201)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect(count('commitLate')).toBeGreaterThanOrEqual(1)
  })

  it('commits even when the client has timed out and left', async () => {
    const body = absenceBody(3, 9)
    const before = count('commitLate')
    suite.sandbox.faults.set({ commitLateRate: 1, commitLateMs: 400 })
    await expect(postAbsence(body, AbortSignal.timeout(80))).rejects.toThrow()
    expect(await listed(body.matricule)).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await listed(body.matricule)).toEqual([expect.objectContaining({ date_debut: body.date_debut })])
    expect(count('commitLate')).toBe(before + 1)
    // The sandbox still serves after answering into a closed socket.
    expect((await call(suite.sandbox.url, '/api/moi', { token: suite.token })).status).toBe(200)
  })

  it('never holds a read', async () => {
    suite.sandbox.faults.set({ commitLateRate: 1, commitLateMs: 2000 })
    const started = performance.now()
    expect((await call(suite.sandbox.url, '/api/moi', { token: suite.token })).status).toBe(200)
    expect(performance.now() - started).toBeLessThan(1500)
  })
})

describe('injected 5xx (errorRate)', () => {
  it('answers 500, 502 and 503; only the 503 carries Retry-After: 1; nothing is committed', async () => {
    const body = absenceBody(4, 11)
    suite.sandbox.faults.set({ errorRate: 1 })
    const seen = new Map<number, string | null>()
    for (let i = 0; i < 60 && seen.size < 3; i++) {
      const res = await postAbsence(body)
      seen.set(res.status, res.headers.get('retry-after'))
      await res.arrayBuffer()
    }
    expect(Object.fromEntries(seen)).toEqual({ 500: null, 502: null, 503: '1' })
    suite.sandbox.faults.set({ errorRate: 0 })
    expect(await listed(body.matricule)).toEqual([])
  })
})

describe('admin route', () => {
  it('accepts and validates the new switches', async () => {
    const put = await call<{ commitThen500Rate: number; commitLateRate: number; commitLateMs: number }>(
      suite.sandbox.url,
      '/__sandbox/faults',
      {
        method: 'PUT',
        body: { commitThen500Rate: 0.5, commitLateRate: 0.25, commitLateMs: 1500 },
      },
    )
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ commitThen500Rate: 0.5, commitLateRate: 0.25, commitLateMs: 1500 })
    const bad = await call<ErrorBody>(suite.sandbox.url, '/__sandbox/faults', {
      method: 'PUT',
      body: { commitThen500Rate: 2, commitLateMs: -1 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.erreurs.map((e) => e.chemin).sort()).toEqual(['body.commitLateMs', 'body.commitThen500Rate'])
    const counts = await call<Record<string, number>>(suite.sandbox.url, '/__sandbox/fault-counts')
    expect(counts.body['commitLate']).toBeGreaterThanOrEqual(1)
    expect(counts.body['commitThen500']).toBeGreaterThanOrEqual(1)
  })
})

describe('malformedWritesOnly', () => {
  it('spoils the answer of a committed write, and leaves the lists readable', async () => {
    const body = absenceBody(4, 6)
    suite.sandbox.faults.set({ malformedResponses: 'truncated-json', malformedRate: 1, malformedWritesOnly: true })
    const res = await postAbsence(body)
    expect(res.status).toBe(201)
    await expect(res.clone().json()).rejects.toThrow()
    const records = await listed(body.matricule)
    expect(records.filter((a) => a.date_debut === body.date_debut)).toHaveLength(1)
  })
})

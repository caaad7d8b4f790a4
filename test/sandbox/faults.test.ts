/**
 * Fault switches over real HTTP: latency, injected 5xx (nothing committed), 429 bursts, commit-then-drop,
 * slow / truncated / HTML PDF downloads, and the loopback admin routes that change them.
 */
import { describe, expect, it } from 'vitest'
import { faultSuite } from './fault-suite'
import { call, tokenFor, type ErrorBody } from './helpers'

const suite = faultSuite('B', 31)
const { siren, absenceBody, postAbsence, listed } = suite

/** Reads a body chunk by chunk; stops at the end or at the first error. */
async function readChunks(res: Response): Promise<{ chunks: number; bytes: Uint8Array; failed: boolean }> {
  const reader = (res.body as ReadableStream<Uint8Array> | null)?.getReader()
  if (reader === undefined) throw new Error('pas de corps')
  const parts: Uint8Array[] = []
  let failed = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
    }
  } catch {
    failed = true
  }
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    bytes.set(p, offset)
    offset += p.length
  }
  return { chunks: parts.length, bytes, failed }
}

function recapId(): string {
  const d = suite.sandbox.store.declarations.find((x) => x.siren === siren && x.recapitulatif_disponible)
  if (d === undefined) throw new Error('aucun récapitulatif disponible dans le seed')
  return d.id
}

function recap(): Promise<Response> {
  return fetch(`${suite.sandbox.url}/api/declarations/${recapId()}/recapitulatif`, { headers: { authorization: `Bearer ${suite.token}` } })
}

describe('request faults', () => {
  it('latency delays every answer by at least latencyMs', async () => {
    suite.sandbox.faults.set({ latencyMs: 250, latencyJitterMs: 50 })
    const started = performance.now()
    expect((await call(suite.sandbox.url, '/api/health')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(245)
  })

  it('errorRate 1 answers 5xx before the handler: nothing is committed', async () => {
    const body = absenceBody(0, 3)
    suite.sandbox.faults.set({ errorRate: 1 })
    const statuses = new Set<number>()
    for (let i = 0; i < 6; i++) {
      const res = await postAbsence(body)
      statuses.add(res.status)
      const error = (await res.json()) as ErrorBody
      expect(['Serveur', 'Proxy']).toContain(error.source)
      expect(error.recuperable).toBe(true)
    }
    expect([...statuses].every((s) => [500, 502, 503].includes(s))).toBe(true)
    suite.sandbox.faults.set({ errorRate: 0 })
    expect(await listed(body.matricule)).toEqual([])
  })

  it('burst429 answers the next N requests 429 with its Retry-After, then serves again', async () => {
    suite.sandbox.faults.set({ burst429: 2, burstRetryAfterSeconds: 7 })
    for (let i = 0; i < 2; i++) {
      const res = await call<ErrorBody>(suite.sandbox.url, '/api/moi', { token: suite.token })
      expect(res.status).toBe(429)
      expect(res.body.code).toBe('TROP_DE_REQUETES')
      expect(res.headers.get('retry-after')).toBe('7')
    }
    expect((await call(suite.sandbox.url, '/api/moi', { token: suite.token })).status).toBe(200)
  })

  it('dropAfterCommit cuts the connection after the write is committed: the record is listed afterwards', async () => {
    const body = absenceBody(1, 5)
    suite.sandbox.faults.set({ dropAfterCommitRate: 1 })
    await expect(postAbsence(body)).rejects.toThrow()
    // Reads are never dropped.
    expect((await call(suite.sandbox.url, '/api/moi', { token: suite.token })).status).toBe(200)
    suite.sandbox.faults.set({ dropAfterCommitRate: 0 })
    const records = await listed(body.matricule)
    expect(records).toEqual([expect.objectContaining({ date_debut: body.date_debut, code_absence: body.code_absence })])
  })

  it('expireTokens makes issued tokens answer JETON_EXPIRE until a new one is taken', async () => {
    suite.sandbox.faults.expireTokens()
    expect((await call<ErrorBody>(suite.sandbox.url, '/api/moi', { token: suite.token })).body.code).toBe('JETON_EXPIRE')
    suite.token = await tokenFor(suite.sandbox.url)
    expect((await call(suite.sandbox.url, '/api/moi', { token: suite.token })).status).toBe(200)
  })
})

describe('PDF download faults', () => {
  it('serves a real PDF by default', async () => {
    const res = await recap()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const { bytes } = await readChunks(res)
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(bytes.length).toBe(Number(res.headers.get('content-length')))
  })

  it('streams slowly in several chunks, the whole file arriving', async () => {
    suite.sandbox.faults.set({ pdfSlowChunkDelayMs: 25, pdfChunkBytes: 256 })
    const res = await recap()
    const length = Number(res.headers.get('content-length'))
    const { chunks, bytes, failed } = await readChunks(res)
    expect(failed).toBe(false)
    expect(chunks).toBeGreaterThan(2)
    expect(bytes.length).toBe(length)
  })

  it('truncates: full Content-Length announced, fewer bytes received, then the connection is cut', async () => {
    suite.sandbox.faults.set({ pdfTruncateRate: 1 })
    const res = await recap()
    expect(res.status).toBe(200)
    const length = Number(res.headers.get('content-length'))
    expect(length).toBeGreaterThan(100)
    const { bytes, failed } = await readChunks(res)
    expect(failed).toBe(true)
    expect(bytes.length).toBeLessThan(length)
  })

  it('serves an HTML error page with status 200 when pdfServeHtml is on', async () => {
    suite.sandbox.faults.set({ pdfServeHtml: true })
    const res = await recap()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toContain('<html')
  })

  it('answers 404 for a summary not available yet', async () => {
    const d = suite.sandbox.store.declarations.find((x) => x.siren === siren && !x.recapitulatif_disponible)
    expect(d).toBeDefined()
    const res = await call<ErrorBody>(suite.sandbox.url, `/api/declarations/${d?.id ?? ''}/recapitulatif`, { token: suite.token })
    expect(res.status).toBe(404)
  })
})

describe('admin routes (loopback only)', () => {
  it('reads, changes and validates the switches', async () => {
    const get = await call<{ errorRate: number }>(suite.sandbox.url, '/__sandbox/faults')
    expect(get.status).toBe(200)
    expect(get.body.errorRate).toBe(0)
    const put = await call<{ latencyMs: number; burst429: number }>(suite.sandbox.url, '/__sandbox/faults', {
      method: 'PUT',
      body: { latencyMs: 5, burst429: 0 },
    })
    expect(put.status).toBe(200)
    expect(put.body.latencyMs).toBe(5)
    expect(suite.sandbox.faults.get().latencyMs).toBe(5)
    const bad = await call<ErrorBody>(suite.sandbox.url, '/__sandbox/faults', { method: 'PUT', body: { errorRate: 3, inconnu: true } })
    expect(bad.status).toBe(400)
    expect(bad.body.erreurs.map((e) => e.chemin).sort()).toEqual(['body', 'body.errorRate'])
  })

  it('resets the data and the switches', async () => {
    const body = absenceBody(2, 7)
    expect((await postAbsence(body)).status).toBe(201)
    suite.sandbox.faults.set({ latencyMs: 10 })
    expect((await fetch(`${suite.sandbox.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(204)
    expect(suite.sandbox.faults.get().latencyMs).toBe(0)
    expect(await listed(body.matricule)).toEqual([])
  })
})

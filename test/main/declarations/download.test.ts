/**
 * Download of one DSN summary (src-main/declarations/download.ts): through the typed client against the sandbox
 * (real PDFs, the truncation and HTML fault switches) and against a local HTTP server that answers what a broken or
 * hostile service might (a PDF type over HTML, an oversized body, a hostile Content-Disposition). Temp folders only.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient, type StreamResult } from '../../../src-main/api/client'
import { downloadRecapitulatif, DownloadError } from '../../../src-main/declarations/download'
import { recapitulatifFileName } from '../../../src-main/declarations/file-names'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { DEMO_CREDENTIALS } from '../../../src-sandbox/store/seed'
import type { RecapitulatifRef } from '../../../src-shared/domain/declarations'
import { startTestSandbox } from '../../sandbox/helpers'

let sandbox: RunningSandbox
let client: ApiClient
let dir: string

/** Every file under `root`, relative, sorted (temporary `.part` files included). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort()
}

/** A monthly DSN of the sandbox whose summary is available, as the renderer would ask for it. */
function availableRef(index = 0): RecapitulatifRef {
  const d = sandbox.store.declarations.filter((x) => x.recapitulatif_disponible)[index]!
  return { id: d.id, siren: d.siren, nic: d.nic, periode: d.periode, nature: d.nature, type: d.type }
}

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)))
  const { text } = await extractText(pdf, { mergePages: true })
  return text
}

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof DownloadError)) throw new Error(`DownloadError attendue, reçu ${String(error)}`)
  return error
}

beforeAll(async () => {
  sandbox = await startTestSandbox()
  client = createApiClient({ baseUrl: sandbox.url, clientId: DEMO_CREDENTIALS.client_id, clientSecret: DEMO_CREDENTIALS.client_secret })
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsn-dl-'))
})
afterEach(async () => {
  sandbox.faults.reset()
  await rm(dir, { recursive: true, force: true })
})

describe('downloadRecapitulatif against the sandbox', () => {
  it('writes the PDF under the app-built name, with the SIREN and period in its text, and reports progress', async () => {
    const ref = availableRef()
    const progress: number[] = []
    const written = await downloadRecapitulatif({ client, declaration: ref, folder: dir, onProgress: (bytes) => progress.push(bytes) })

    expect(written.fileName).toBe(recapitulatifFileName(ref))
    expect(written.fileName).toMatch(new RegExp(`^DSN_${ref.siren}_${ref.periode}_mensuelle_type${ref.type}_${ref.nic}_[0-9a-f]{8}\\.pdf$`))
    expect(await filesUnder(dir)).toEqual([written.fileName])
    const bytes = await readFile(written.path)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(written.bytes).toBe(bytes.length)
    expect(progress.at(-1)).toBe(bytes.length)
    const text = await pdfText(written.path)
    expect(text).toContain(ref.siren)
    expect(text).toContain(ref.periode)
  })

  it('leaves no partial file when the connection is cut mid-body, and succeeds on retry', async () => {
    const ref = availableRef(1)
    sandbox.faults.set({ pdfTruncateRate: 1 })
    const error = await failure(downloadRecapitulatif({ client, declaration: ref, folder: dir }))
    expect(error.code).toBe('CONNEXION_COUPEE')
    expect(error.params).toMatchObject({ recus: expect.any(Number) as number })
    expect(await filesUnder(dir)).toEqual([])

    sandbox.faults.set({ pdfTruncateRate: 0 })
    const written = await downloadRecapitulatif({ client, declaration: ref, folder: dir })
    expect(await filesUnder(dir)).toEqual([written.fileName])
    expect(await pdfText(written.path)).toContain(ref.siren)
  })

  it('refuses an HTML error page served instead of the PDF and writes nothing', async () => {
    sandbox.faults.set({ pdfServeHtml: true })
    const error = await failure(downloadRecapitulatif({ client, declaration: availableRef(), folder: dir }))
    expect(error.code).toBe('RECAPITULATIF_PAS_PDF')
    expect(error.params).toEqual({ type: 'text/html' })
    expect(await filesUnder(dir)).toEqual([])
  })

  it('cancels a slow download and removes its temporary file', async () => {
    sandbox.faults.set({ pdfSlowChunkDelayMs: 200, pdfChunkBytes: 256 })
    const controller = new AbortController()
    let started = false
    const pending = downloadRecapitulatif({
      client,
      declaration: availableRef(),
      folder: dir,
      signal: controller.signal,
      onProgress: () => {
        if (!started) {
          started = true
          controller.abort()
        }
      },
    })
    const error = await failure(pending)
    expect(started).toBe(true)
    expect(error.code).toBe('TELECHARGEMENT_ANNULE')
    expect(await filesUnder(dir)).toEqual([])
  })

  it('answers the API error of an unknown declaration (the service’s words, in the download context) and writes nothing', async () => {
    const error = await failure(
      downloadRecapitulatif({ client, declaration: { ...availableRef(), id: '00000000-0000-4000-8000-000000000000' }, folder: dir }),
    )
    expect(error.code).toBe('INTROUVABLE')
    expect(error.params).toMatchObject({ contexte: 'TELECHARGEMENT', status: 404 })
    expect(error.message).toMatch(/introuvable/i)
    expect(await filesUnder(dir)).toEqual([])
  })
})

describe('downloadRecapitulatif against a hostile or broken server', () => {
  let server: Server
  let base: string
  let answer: (res: ServerResponse) => void
  let requests: string[]
  const fakeClient: Pick<ApiClient, 'stream'> = {
    async stream(_id, ...args) {
      const req = args[0] as unknown as { params: { id: string } }
      const res = await fetch(`${base}/api/declarations/${encodeURIComponent(req.params.id)}/recapitulatif`, {
        signal: args[1]?.signal ?? null,
      })
      return { status: res.status, headers: res.headers, body: res.body } as StreamResult
    },
  }
  const pdf = Buffer.from('%PDF-1.7\n% fictif\n' + 'x'.repeat(3000) + '\n%%EOF\n', 'latin1')

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '')
      answer(res)
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((ok) => server.close(ok))
  })
  beforeEach(() => {
    requests = []
  })

  const ref: RecapitulatifRef = {
    id: '11111111-2222-4333-8444-555555555555',
    siren: '832147607',
    nic: '00012',
    periode: '2026-10',
    nature: '01',
    type: '01',
  }

  it('ignores a hostile Content-Disposition: the file gets the app-built name inside the folder', async () => {
    answer = (res) => {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': 'attachment; filename="../../evil.pdf"',
      })
      res.end(pdf)
    }
    const folder = join(dir, 'dest')
    const written = await downloadRecapitulatif({ client: fakeClient, declaration: ref, folder })
    expect(await filesUnder(dir)).toEqual([join('dest', written.fileName)])
    expect(written.fileName).not.toContain('evil')
  })

  it('refuses a hostile id or type before any request and writes nothing outside (or inside) the folder', async () => {
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      res.end(pdf)
    }
    const folder = join(dir, 'a', 'b')
    for (const hostile of [
      { ...ref, id: '../../evil' },
      { ...ref, type: '../../x' },
      { ...ref, siren: '../../../../tmp' },
      { ...ref, periode: '2026-10/../..' },
    ]) {
      const error = await failure(downloadRecapitulatif({ client: fakeClient, declaration: hostile, folder }))
      expect(error.code).toBe('NOM_FICHIER_REFUSE')
    }
    expect(requests).toEqual([])
    expect(await filesUnder(dir)).toEqual([])
  })

  it('refuses a body labelled PDF that is not one (no %PDF- signature) and writes nothing', async () => {
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      res.end('<!doctype html><p>Erreur</p>')
    }
    const error = await failure(downloadRecapitulatif({ client: fakeClient, declaration: ref, folder: dir }))
    expect(error.code).toBe('RECAPITULATIF_INVALIDE')
    expect(await filesUnder(dir)).toEqual([])
  })

  it('stops at the size limit, announced or not, and writes nothing', async () => {
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.length) })
      res.end(pdf)
    }
    const announced = await failure(downloadRecapitulatif({ client: fakeClient, declaration: ref, folder: dir, maxBytes: 1000 }))
    expect(announced.code).toBe('RECAPITULATIF_TROP_GROS')

    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      res.write(pdf.subarray(0, 800))
      setTimeout(() => res.end(pdf.subarray(800)), 20)
    }
    const streamed = await failure(downloadRecapitulatif({ client: fakeClient, declaration: ref, folder: dir, maxBytes: 1000 }))
    expect(streamed.code).toBe('RECAPITULATIF_TROP_GROS')
    expect(await filesUnder(dir)).toEqual([])
  })

  it('gives up on a server that stops sending and removes the partial file', async () => {
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.length) })
      res.write(pdf.subarray(0, 100))
    }
    const error = await failure(downloadRecapitulatif({ client: fakeClient, declaration: ref, folder: dir, idleTimeoutMs: 300 }))
    expect(error.code).toBe('DELAI_DEPASSE')
    expect(await filesUnder(dir)).toEqual([])
    server.closeAllConnections()
  })
})

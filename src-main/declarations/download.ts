/**
 * Download of one DSN PDF summary (GET /api/declarations/{id}/recapitulatif, V1.7.0) into a folder: the body is
 * streamed to a temporary file in the destination folder, checked (Content-Type `application/pdf`, the `%PDF-`
 * signature, the announced Content-Length, a size limit), flushed to disk, then renamed atomically to its final
 * name. Any failure removes the temporary file: a cut, refused or wrong download leaves nothing behind.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, realpath, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { ApiClient } from '../api/client'
import { REPORT_CONTEXTS, type ReportParams } from '../../src-shared/domain/reports'
import { ApiError } from '../api/errors'
import { recapitulatifPath, UnsafeFileNameError, type NamedDeclaration } from './file-names'

/** Default size limit of one summary, in bytes (assumption: a one-page summary weighs a few kB; 20 MB is ample). */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024
/** Default wait for the head or the next chunk of the answer, in ms (assumption). */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000
const SIGNATURE = '%PDF-'

/** Why a summary was not written: stable code and parameters (worded by the renderer), technical message. */
export class DownloadError extends Error {
  readonly code: string
  readonly params: ReportParams
  constructor(code: string, message: string, options?: ErrorOptions & { params?: ReportParams }) {
    super(message, options)
    this.name = 'DownloadError'
    this.code = code
    this.params = options?.params ?? {}
  }
}

/** Options of {@link downloadRecapitulatif}. */
export interface DownloadOneOptions {
  /** The client of the active connection (its `stream` carries the bearer token). */
  readonly client: Pick<ApiClient, 'stream'>
  /** The declaration: its id for the request; SIREN, NIC, period, nature, type and id hash for the file name. */
  readonly declaration: NamedDeclaration
  /** Folder the file goes into (created if needed). */
  readonly folder: string
  /** Cancels the download (the temporary file is removed). */
  readonly signal?: AbortSignal
  /** Size limit in bytes (default {@link DEFAULT_MAX_BYTES}). */
  readonly maxBytes?: number
  /** Longest wait for the head or the next chunk, in ms (default {@link DEFAULT_IDLE_TIMEOUT_MS}). */
  readonly idleTimeoutMs?: number
  /** Bytes received so far and the announced size (null when not announced), after each chunk. */
  readonly onProgress?: (bytes: number, totalBytes: number | null) => void
}

/** A written summary: its real path (links resolved), file name and size in bytes. */
export interface WrittenRecapitulatif {
  readonly path: string
  readonly fileName: string
  readonly bytes: number
}

/** Mebibytes, one decimal at most (a parameter of the wording). */
function mebibytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10
}

/** Bytes received, and expected when announced (`motif: 'TOTAL'`): parameters of the wording of a cut. */
function receivedParams(received: number, expected: number | null): ReportParams {
  return expected === null ? { recus: received } : { recus: received, attendus: expected, motif: 'TOTAL' }
}

/** The DownloadError of a failure that is not already one. */
function asDownloadError(
  error: unknown,
  why: { cancelled: boolean; idle: boolean },
  received: number,
  expected: number | null,
): DownloadError {
  if (error instanceof DownloadError) return error
  if (why.cancelled) return new DownloadError('TELECHARGEMENT_ANNULE', 'download cancelled; nothing written', { cause: error })
  if (why.idle) return new DownloadError('DELAI_DEPASSE', 'payroll service silent during the download; nothing written', { cause: error })
  if (error instanceof UnsafeFileNameError)
    return new DownloadError(error.code, error.message, { cause: error, params: { motif: error.field } })
  if (error instanceof ApiError) {
    return new DownloadError(error.code, error.message, {
      cause: error,
      params: { ...error.params, contexte: REPORT_CONTEXTS.telechargement, ...(error.status === null ? {} : { status: error.status }) },
    })
  }
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET') {
    return new DownloadError('ECRITURE_IMPOSSIBLE', `file not written to disk (${code})`, { cause: error, params: { raison: code } })
  }
  return new DownloadError('CONNEXION_COUPEE', `connection cut during the download (${String(received)} bytes received); nothing written`, {
    cause: error,
    params: receivedParams(received, expected),
  })
}

/**
 * Downloads one summary into `folder` under the app's own name (file-names.ts) and returns where it went.
 * An existing file of the same name is replaced atomically (same declaration, newer copy).
 * @throws DownloadError with code `RECAPITULATIF_PAS_PDF` (Content-Type not PDF, e.g. an HTML error page),
 *   `RECAPITULATIF_INVALIDE` (no `%PDF-` signature), `RECAPITULATIF_TROP_GROS` (over `maxBytes`), `CONNEXION_COUPEE`
 *   (body cut or shorter than its Content-Length), `DELAI_DEPASSE`, `TELECHARGEMENT_ANNULE`, `NOM_FICHIER_REFUSE`,
 *   `ECRITURE_IMPOSSIBLE`, or the API's code (404 INTROUVABLE, 403…) with its French message.
 */
export async function downloadRecapitulatif(o: DownloadOneOptions): Promise<WrittenRecapitulatif> {
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES
  const idleMs = o.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  const controller = new AbortController()
  const why = { cancelled: false, idle: false }
  let idleTimer: NodeJS.Timeout | undefined
  const armIdle = (): void => {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => {
      why.idle = true
      controller.abort(new Error('idle timeout'))
    }, idleMs)
  }
  const onAbort = (): void => {
    why.cancelled = true
    controller.abort(new Error('cancelled'))
  }
  if (o.signal?.aborted === true) onAbort()
  o.signal?.addEventListener('abort', onAbort, { once: true })

  const temp: { path: string | null } = { path: null }
  let received = 0
  let expected: number | null = null
  try {
    const final = recapitulatifPath(o.folder, o.declaration)
    if (why.cancelled) throw new Error('cancelled')
    armIdle()
    const res = await o.client.stream(
      'telechargerRecapitulatif',
      { params: { id: o.declaration.id } },
      { signal: controller.signal, timeoutMs: idleMs },
    )
    armIdle()
    const reader = res.body.getReader()
    try {
      const type = (res.headers.get('content-type') ?? '').toLowerCase()
      if (!type.startsWith('application/pdf')) {
        const shown = type === '' ? '-' : (type.split(';')[0] ?? type)
        throw new DownloadError('RECAPITULATIF_PAS_PDF', `answer of type ${shown} instead of a PDF; nothing written`, {
          params: { type: shown },
        })
      }
      const length = res.headers.get('content-length')
      expected = length !== null && /^\d+$/.test(length) ? Number(length) : null
      if (expected !== null && expected > maxBytes) {
        throw new DownloadError(
          'RECAPITULATIF_TROP_GROS',
          `announced size ${String(expected)} bytes over the limit of ${String(maxBytes)}; nothing written`,
          { params: { motif: 'ANNONCE', mio: mebibytes(expected), max: mebibytes(maxBytes) } },
        )
      }
      await mkdir(dirname(final), { recursive: true })
      const tmp = join(dirname(final), `.${basename(final)}.${randomUUID()}.part`)
      temp.path = tmp
      const file = await open(tmp, 'wx')
      try {
        let head = ''
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          armIdle()
          received += value.byteLength
          if (received > maxBytes) {
            throw new DownloadError(
              'RECAPITULATIF_TROP_GROS',
              `body over the limit of ${String(maxBytes)} bytes; download stopped, nothing written`,
              { params: { max: mebibytes(maxBytes) } },
            )
          }
          if (head.length < SIGNATURE.length) {
            head += String.fromCharCode(...value.subarray(0, SIGNATURE.length - head.length))
            if (head.length >= SIGNATURE.length && head !== SIGNATURE) {
              throw new DownloadError('RECAPITULATIF_INVALIDE', 'no %PDF- signature; nothing written')
            }
          }
          await file.write(value)
          o.onProgress?.(received, expected)
        }
        if (expected !== null && received !== expected) {
          throw new DownloadError(
            'CONNEXION_COUPEE',
            `connection cut (${String(received)} of ${String(expected)} bytes); nothing written`,
            { params: receivedParams(received, expected) },
          )
        }
        if (head !== SIGNATURE) throw new DownloadError('RECAPITULATIF_INVALIDE', 'no %PDF- signature; nothing written')
        await file.sync()
      } finally {
        await file.close()
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined)
      throw error
    }
    await rename(temp.path, final)
    temp.path = null
    return { path: await realpath(final), fileName: basename(final), bytes: received }
  } catch (error) {
    throw asDownloadError(error, why, received, expected)
  } finally {
    clearTimeout(idleTimer)
    o.signal?.removeEventListener('abort', onAbort)
    if (temp.path !== null) await rm(temp.path, { force: true }).catch(() => undefined)
  }
}

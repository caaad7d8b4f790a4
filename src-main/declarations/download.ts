/**
 * Download of one file into a folder: a DSN PDF summary (GET /api/declarations/{id}/recapitulatif, V1.7.0) or an
 * extraction's CSV (GET /api/extractions/{id}/fichier, #53). The body is streamed to a temporary file in the
 * destination folder, checked (its Content-Type, its signature when the format has one such as `%PDF-`, the
 * announced Content-Length, a size limit), flushed to disk, then renamed atomically to its final name. Any failure
 * removes the temporary file: a cut, refused or wrong download leaves nothing behind.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, realpath, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { ApiClient } from '../api/client'
import { REPORT_CONTEXTS, type ReportParams } from '../../src-shared/domain/reports'
import { ApiError } from '../api/errors'
import {
  extractionFileName,
  pathInside,
  recapitulatifPath,
  UnsafeFileNameError,
  type NamedDeclaration,
  type NamedExtraction,
} from './file-names'

/** Default size limit of one summary, in bytes (assumption: a one-page summary weighs a few kB; 20 MB is ample). */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024
/** Default wait for the head or the next chunk of the answer, in ms (assumption). */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000

/** What a downloaded file must be, and the codes of its refusals (worded by the renderer). */
export interface FileFormat {
  /** Expected Content-Type (parameters such as `charset` allowed after it). */
  readonly mediaType: string
  /** First bytes the file must start with (ASCII), or null when the format has none. */
  readonly signature: string | null
  /** Codes of: another Content-Type, a wrong signature, a file over the size limit. */
  readonly codes: { readonly wrongType: string; readonly invalid: string; readonly tooBig: string }
}

/** A DSN summary: `application/pdf` starting with `%PDF-`. */
export const PDF_FORMAT: FileFormat = {
  mediaType: 'application/pdf',
  signature: '%PDF-',
  codes: { wrongType: 'RECAPITULATIF_PAS_PDF', invalid: 'RECAPITULATIF_INVALIDE', tooBig: 'RECAPITULATIF_TROP_GROS' },
}

/** An extraction's table: `text/csv` (#53), no signature (a byte-order mark may start it). */
export const CSV_FORMAT: FileFormat = {
  mediaType: 'text/csv',
  signature: null,
  codes: { wrongType: 'EXTRACTION_PAS_CSV', invalid: 'EXTRACTION_PAS_CSV', tooBig: 'EXTRACTION_TROP_GROSSE' },
}

/** Operations that answer a file, by id of the record. */
export type FileOperation = 'telechargerRecapitulatif' | 'telechargerExtraction'

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

/** Options of every download: client, folder, cancel, limits and progress. */
export interface DownloadCommonOptions {
  /** The client of the active connection (its `stream` carries the bearer token). */
  readonly client: Pick<ApiClient, 'stream'>
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

/** Options of {@link downloadRecapitulatif}. */
export interface DownloadOneOptions extends DownloadCommonOptions {
  /** The declaration: its id for the request; SIREN, NIC, period, nature, type and id hash for the file name. */
  readonly declaration: NamedDeclaration
}

/** Options of {@link downloadFile}: which operation and record, what the file must be, where it goes. */
export interface DownloadFileOptions extends DownloadCommonOptions {
  readonly operation: FileOperation
  /** Id of the record whose file is asked. */
  readonly id: string
  readonly format: FileFormat
  /** Final path of the file inside `folder`. @throws UnsafeFileNameError when it cannot be built safely. */
  readonly finalPath: () => string
}

/** A written file: its real path (links resolved), file name and size in bytes. */
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
export function downloadRecapitulatif(o: DownloadOneOptions): Promise<WrittenRecapitulatif> {
  const { declaration, ...common } = o
  return downloadFile({
    ...common,
    operation: 'telechargerRecapitulatif',
    id: declaration.id,
    format: PDF_FORMAT,
    finalPath: () => recapitulatifPath(o.folder, declaration),
  })
}

/**
 * Downloads one extraction's CSV into `folder` as `extraction_<type>_<siren>_<periode>_<hash8>.csv` (#53).
 * @throws DownloadError as {@link downloadRecapitulatif}, with `EXTRACTION_PAS_CSV` (Content-Type not CSV) and
 *   `EXTRACTION_TROP_GROSSE` for the format's refusals, or the API's code (409 EXTRACTION_EN_COURS…).
 */
export function downloadExtraction(o: DownloadCommonOptions & { readonly extraction: NamedExtraction }): Promise<WrittenRecapitulatif> {
  const { extraction, ...common } = o
  return downloadFile({
    ...common,
    operation: 'telechargerExtraction',
    id: extraction.id,
    format: CSV_FORMAT,
    finalPath: () => pathInside(o.folder, extractionFileName(extraction)),
  })
}

/**
 * Downloads the file of `o.operation` for record `o.id` to `o.finalPath()`, atomically (module comment).
 * @throws DownloadError (codes of {@link downloadRecapitulatif}, the format's own codes from `o.format.codes`).
 */
export async function downloadFile(o: DownloadFileOptions): Promise<WrittenRecapitulatif> {
  const { codes, signature } = o.format
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
    const final = o.finalPath()
    if (why.cancelled) throw new Error('cancelled')
    armIdle()
    const res = await o.client.stream(o.operation, { params: { id: o.id } }, { signal: controller.signal, timeoutMs: idleMs })
    armIdle()
    const reader = res.body.getReader()
    try {
      const type = (res.headers.get('content-type') ?? '').toLowerCase()
      if (!type.startsWith(o.format.mediaType)) {
        const shown = type === '' ? '-' : (type.split(';')[0] ?? type)
        throw new DownloadError(codes.wrongType, `answer of type ${shown} instead of ${o.format.mediaType}; nothing written`, {
          params: { type: shown },
        })
      }
      const length = res.headers.get('content-length')
      expected = length !== null && /^\d+$/.test(length) ? Number(length) : null
      if (expected !== null && expected > maxBytes) {
        throw new DownloadError(
          codes.tooBig,
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
            throw new DownloadError(codes.tooBig, `body over the limit of ${String(maxBytes)} bytes; download stopped, nothing written`, {
              params: { max: mebibytes(maxBytes) },
            })
          }
          if (signature !== null && head.length < signature.length) {
            head += String.fromCharCode(...value.subarray(0, signature.length - head.length))
            if (head.length >= signature.length && head !== signature) {
              throw new DownloadError(codes.invalid, `no ${signature} signature; nothing written`)
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
        if (signature !== null && head !== signature) throw new DownloadError(codes.invalid, `no ${signature} signature; nothing written`)
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

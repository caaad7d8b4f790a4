/**
 * Download jobs of files: DSN summaries (one job per "Télécharger" action: one file or every declaration of a period
 * across several dossiers) and extractions' CSV (one file per job, #53), run on a shared queue of bounded concurrency (p-queue), with the whole job reported after each
 * change (overall and per-file progress), cancel of a job or of one file, and a French reason for every failure.
 * Each written summary is recorded in the registry (registry.ts). A retry is a new job over the failed files.
 */
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import PQueue from 'p-queue'
import type { DownloadJobProgress, DownloadFileProgress, RecapitulatifRef } from '../../src-shared/domain/declarations'
import type { ExtractionRef } from '../../src-shared/domain/extractions'
import type { ApiClient } from '../api/client'
import { downloadExtraction, downloadRecapitulatif, DownloadError, type DownloadCommonOptions, type WrittenRecapitulatif } from './download'
import { destinationFolder, extractionFileName, recapitulatifFileName, UnsafeFileNameError } from './file-names'
import type { RecapitulatifRegistry } from './registry'
import type { RateBudget } from '../sync/rate-budget'

/** Name of the folder under the user's Downloads that holds a folder per dossier (assumption). */
export const DOWNLOADS_SUBFOLDER = 'Récapitulatifs DSN'
/** Same, for the extractions' files (assumption #53). */
export const EXTRACTIONS_SUBFOLDER = 'Extractions'
/** Files downloaded at once across all jobs (assumption: light on the service, fast enough for a month's DSN). */
export const DEFAULT_DOWNLOAD_CONCURRENCY = 4
/** Least interval between two byte-progress events of one job, in ms (state changes are always sent). */
const PROGRESS_INTERVAL_MS = 100

/** What the job service needs from the app. */
export interface DownloadJobsDeps {
  /** The active payroll connection (client and rate budget), read when a job starts; null when none is configured. */
  readonly connection: () => { readonly client: Pick<ApiClient, 'stream'>; readonly budget?: RateBudget } | null
  /** The user's Downloads folder (`app.getPath('downloads')` in the app). */
  readonly downloadsRoot: () => string
  /** Registry of written files. */
  readonly registry: RecapitulatifRegistry
  /** Reports a job after each change (`downloads:changed`). */
  readonly onProgress: (job: DownloadJobProgress) => void
  readonly concurrency?: number
  readonly maxBytes?: number
  readonly idleTimeoutMs?: number
  /** Clock for `writtenAt` (default real time). */
  readonly now?: () => Date
}

/** Why a job could not start: code (worded by the renderer) and technical message. */
export class DownloadJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'DownloadJobError'
  }
}

/** The job service. */
export interface DownloadJobs {
  /**
   * Starts a job over `items` into the default root (a folder per dossier under Downloads) or `chosenFolder`.
   * @throws DownloadJobError CONNEXION_ABSENTE (no connection) or DOSSIER_NON_CHOISI (no folder picked yet).
   */
  start(items: readonly RecapitulatifRef[], destination: 'defaut' | 'choisi'): { jobId: string; folder: string }
  /** Starts a job of one extraction's file, into `Extractions/<siren>` under Downloads or `chosenFolder`. Same errors. */
  startExtraction(extraction: ExtractionRef, destination: 'defaut' | 'choisi'): { jobId: string; folder: string }
  /** Cancels the waiting and running files of a job (or only file `id`); returns how many were cancelled. */
  cancel(jobId: string, id?: string): number
  /** Sets the folder used by destination `choisi` (picked by the clerk in a system dialog). */
  setChosenFolder(folder: string): void
  /**
   * True when `realPath` (links resolved) is an extraction's file a job of this run wrote: with the registry's
   * summaries, the only paths `downloads:open` / `downloads:show` accept (not kept across a restart).
   */
  wroteExtraction(realPath: string): boolean
  /** Resolves when every file of every job has settled (tests, app quit). */
  idle(): Promise<void>
}

/** One file of a job, whatever it is: its name, how to download it, what to record once written. */
interface DownloadTarget {
  readonly id: string
  readonly siren: string
  readonly periode: string
  /** @throws UnsafeFileNameError when the name cannot be built safely. */
  fileName(): string
  download(o: Omit<DownloadCommonOptions, 'client'> & { readonly client: Pick<ApiClient, 'stream'> }): Promise<WrittenRecapitulatif>
  /** Records the written file (the summaries' registry); nothing for the others. */
  record(written: WrittenRecapitulatif, writtenAt: string): Promise<void>
}

interface FileTask {
  readonly target: DownloadTarget
  progress: DownloadFileProgress
  readonly controller: AbortController
}

/** Creates the job service. */
export function createDownloadJobs(deps: DownloadJobsDeps): DownloadJobs {
  const queue = new PQueue({ concurrency: deps.concurrency ?? DEFAULT_DOWNLOAD_CONCURRENCY })
  const jobs = new Map<string, { folder: string; files: FileTask[]; lastSent: number; timer: NodeJS.Timeout | undefined }>()
  let chosenFolder: string | null = null
  const now = deps.now ?? (() => new Date())

  function snapshot(jobId: string): DownloadJobProgress | null {
    const job = jobs.get(jobId)
    if (job === undefined) return null
    const files = job.files.map((f) => ({ ...f.progress }))
    const count = (state: DownloadFileProgress['state']): number => files.filter((f) => f.state === state).length
    return {
      jobId,
      folder: job.folder,
      total: files.length,
      done: count('termine'),
      failed: count('echec'),
      cancelled: count('annule'),
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      finished: files.every((f) => f.state === 'termine' || f.state === 'echec' || f.state === 'annule'),
      files,
    }
  }

  /** Sends the job now (state change) or at most every PROGRESS_INTERVAL_MS (bytes only). */
  function report(jobId: string, bytesOnly = false): void {
    const job = jobs.get(jobId)
    if (job === undefined) return
    const send = (): void => {
      job.timer = undefined
      job.lastSent = Date.now()
      const s = snapshot(jobId)
      if (s !== null) deps.onProgress(s)
    }
    if (!bytesOnly) {
      clearTimeout(job.timer)
      send()
      return
    }
    if (job.timer !== undefined) return
    const wait = PROGRESS_INTERVAL_MS - (Date.now() - job.lastSent)
    if (wait <= 0) send()
    else job.timer = setTimeout(send, wait)
  }

  async function run(
    jobId: string,
    task: FileTask,
    connection: { readonly client: Pick<ApiClient, 'stream'>; readonly budget?: RateBudget },
    folder: string,
  ): Promise<void> {
    if (task.progress.state !== 'en_attente') return
    task.progress = { ...task.progress, state: 'en_cours' }
    report(jobId)
    const client = connection.client
    const release = connection.budget === undefined ? null : await connection.budget.acquire(task.controller.signal)
    try {
      const written = await task.target.download({
        client,
        folder,
        signal: task.controller.signal,
        ...(deps.maxBytes === undefined ? {} : { maxBytes: deps.maxBytes }),
        ...(deps.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: deps.idleTimeoutMs }),
        onProgress: (bytes, totalBytes) => {
          task.progress = { ...task.progress, bytes, totalBytes }
          report(jobId, true)
        },
      })
      await task.target.record(written, now().toISOString())
      task.progress = { ...task.progress, state: 'termine', bytes: written.bytes, path: written.path }
    } catch (error) {
      const e =
        error instanceof DownloadError
          ? error
          : new DownloadError('ERREUR_INTERNE', 'unexpected failure while downloading; nothing written', { cause: error })
      const state = e.code === 'TELECHARGEMENT_ANNULE' ? 'annule' : 'echec'
      task.progress = {
        ...task.progress,
        state,
        bytes: 0,
        error: { code: e.code, message: e.message, ...(Object.keys(e.params).length === 0 ? {} : { params: e.params }) },
      }
    } finally {
      release?.()
    }
    report(jobId)
  }

  /** A DSN summary as a target: PDF, recorded in the registry. */
  function recapitulatifTarget(ref: RecapitulatifRef): DownloadTarget {
    return {
      id: ref.id,
      siren: ref.siren,
      periode: ref.periode,
      fileName: () => recapitulatifFileName(ref),
      download: (o) => downloadRecapitulatif({ ...o, declaration: ref }),
      record: (written, writtenAt) =>
        deps.registry.record({ ...ref, path: written.path, fileName: written.fileName, bytes: written.bytes, writtenAt }),
    }
  }

  /** Real paths of the extractions' files written by this run's jobs. */
  const extractionFiles = new Set<string>()

  /** An extraction as a target: CSV, its path kept for this run (the summaries' registry holds summaries only). */
  function extractionTarget(ref: ExtractionRef): DownloadTarget {
    return {
      id: ref.id,
      siren: ref.siren,
      periode: ref.periode,
      fileName: () => extractionFileName(ref),
      download: (o) => downloadExtraction({ ...o, extraction: ref }),
      record: (written) => {
        extractionFiles.add(written.path)
        return Promise.resolve()
      },
    }
  }

  /** Starts a job over `targets`; `subfolder` the default root's folder under Downloads. */
  function startTargets(
    targets: readonly DownloadTarget[],
    destination: 'defaut' | 'choisi',
    subfolder: string,
  ): { jobId: string; folder: string } {
    const connection = deps.connection()
    if (connection === null) throw new DownloadJobError('CONNEXION_ABSENTE', 'no payroll connection configured; nothing downloaded')
    let root: string
    if (destination === 'choisi') {
      if (chosenFolder === null) throw new DownloadJobError('DOSSIER_NON_CHOISI', 'no destination folder chosen yet')
      root = chosenFolder
    } else {
      root = resolve(deps.downloadsRoot(), subfolder)
    }
    const jobId = randomUUID()
    const files: FileTask[] = targets.map((target) => {
      let fileName = ''
      let error: DownloadFileProgress['error'] = null
      try {
        fileName = target.fileName()
      } catch (e) {
        error =
          e instanceof UnsafeFileNameError
            ? { code: 'NOM_FICHIER_REFUSE', message: e.message, params: { motif: e.field } }
            : { code: 'NOM_FICHIER_REFUSE', message: 'file name refused' }
      }
      return {
        target,
        controller: new AbortController(),
        progress: {
          id: target.id,
          siren: target.siren,
          periode: target.periode,
          fileName,
          state: error === null ? 'en_attente' : 'echec',
          bytes: 0,
          totalBytes: null,
          path: null,
          error,
        },
      }
    })
    jobs.set(jobId, { folder: root, files, lastSent: 0, timer: undefined })
    for (const [key] of jobs) {
      if (jobs.size <= 50) break
      if (snapshot(key)?.finished === true) jobs.delete(key)
    }
    report(jobId)
    for (const task of files) {
      if (task.progress.state !== 'en_attente') continue
      const folder = destinationFolder(root, task.target.siren, destination === 'defaut')
      void queue.add(() => run(jobId, task, connection, folder))
    }
    return { jobId, folder: root }
  }

  return {
    start(items, destination) {
      return startTargets(items.map(recapitulatifTarget), destination, DOWNLOADS_SUBFOLDER)
    },
    startExtraction(extraction, destination) {
      return startTargets([extractionTarget(extraction)], destination, EXTRACTIONS_SUBFOLDER)
    },
    cancel(jobId, id) {
      const job = jobs.get(jobId)
      if (job === undefined) return 0
      let n = 0
      for (const task of job.files) {
        if (id !== undefined && task.target.id !== id) continue
        if (task.progress.state === 'en_attente') {
          task.progress = {
            ...task.progress,
            state: 'annule',
            error: { code: 'TELECHARGEMENT_ANNULE', message: 'download cancelled; nothing written' },
          }
          n += 1
        } else if (task.progress.state === 'en_cours') {
          task.controller.abort()
          n += 1
        }
      }
      if (n > 0) report(jobId)
      return n
    },
    wroteExtraction(realPath) {
      return extractionFiles.has(realPath)
    },
    setChosenFolder(folder) {
      chosenFolder = resolve(folder)
    },
    async idle() {
      await queue.onIdle()
    },
  }
}

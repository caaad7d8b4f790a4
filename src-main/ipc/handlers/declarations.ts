/**
 * Handlers of the DSN screen: `declarations:search` (cabinet-wide search through the active connection) and the
 * `downloads:*` channels (download jobs of PDF summaries, and of extractions' CSV through `extractions:download`, the registry of written files, open / show in folder of
 * those files only, the destination folder picked by the clerk). Electron's pieces (Downloads folder, data folder,
 * shell.openPath, shell.showItemInFolder, the folder dialog) come in through {@link DownloadDeps}.
 */
import { realpath } from 'node:fs/promises'
import { REPORT_CONTEXTS } from '../../../src-shared/domain/reports'
import type { IpcHandlers } from '../dispatcher'
import type { EventSender } from '../events'
import { IpcHandlerError } from '../errors'
import type { PayrollConnection } from '../../services/connection'
import { createDownloadJobs, DownloadJobError, type DownloadJobs } from '../../declarations/jobs'
import { createRecapitulatifRegistry, type RecapitulatifRegistry } from '../../declarations/registry'
import { searchDeclarations } from '../../declarations/search'
import { ipcErrorFromApi, requireConnection } from './shared'

/** Electron's pieces the download channels need (the app passes Electron's; tests pass temp folders and fakes). */
export interface DownloadDeps {
  /** The user's Downloads folder (`app.getPath('downloads')`). */
  readonly downloadsDir: () => string
  /** The app's data folder (`app.getPath('userData')`), where the registry of written files lives. */
  readonly dataDir: () => string
  /** Opens a file with the system's application; resolves '' on success or an error message (`shell.openPath`). */
  readonly openPath: (path: string) => Promise<string>
  /** Shows a file in the system's file manager (`shell.showItemInFolder`). */
  readonly showItemInFolder: (path: string) => void
  /** Asks the clerk for a folder (`dialog.showOpenDialog`, openDirectory); null when closed. */
  readonly pickFolder: (title: string | undefined) => Promise<string | null>
  /** Files downloaded at once (default 4). */
  readonly concurrency?: number
  /** Size limit of one summary in bytes (default 20 MB). */
  readonly maxBytes?: number
  /** Longest wait for the head or next chunk of a download, in ms (default 30 000). */
  readonly idleTimeoutMs?: number
}

/** What the `declarations:*` and `downloads:*` handlers read. */
export interface DeclarationHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
  /** Sends `downloads:changed`. */
  readonly sendEvent: EventSender
  /** Electron's pieces for downloads; without them the `downloads:*` channels answer TELECHARGEMENTS_INDISPONIBLES. */
  readonly downloads?: DownloadDeps
}

type Channels =
  | 'declarations:search'
  | 'downloads:start'
  | 'downloads:cancel'
  | 'downloads:list'
  | 'downloads:open'
  | 'downloads:show'
  | 'downloads:chooseFolder'
  | 'extractions:download'

/** Code answered for a path main did not write (open / show). */
export const CHEMIN_REFUSE = 'CHEMIN_REFUSE'

/**
 * Handlers of the DSN channels. Errors: CONNEXION_ABSENTE, the API's code (with `contexte: DECLARATIONS`),
 * DOSSIER_NON_CHOISI, CHEMIN_REFUSE (a path the registry does not hold, after resolving links), OUVERTURE_IMPOSSIBLE.
 */
export function createDeclarationHandlers(deps: DeclarationHandlerDeps): Pick<IpcHandlers, Channels> {
  let services: { registry: RecapitulatifRegistry; jobs: DownloadJobs; d: DownloadDeps } | null = null

  function downloads(): { registry: RecapitulatifRegistry; jobs: DownloadJobs; d: DownloadDeps } {
    const d = deps.downloads
    if (d === undefined) throw new IpcHandlerError('TELECHARGEMENTS_INDISPONIBLES', 'downloads not wired on this workstation')
    if (services === null) {
      const registry = createRecapitulatifRegistry(d.dataDir())
      const jobs = createDownloadJobs({
        connection: deps.connection,
        downloadsRoot: d.downloadsDir,
        registry,
        onProgress: (job) => {
          deps.sendEvent('downloads:changed', job)
        },
        ...(d.concurrency === undefined ? {} : { concurrency: d.concurrency }),
        ...(d.maxBytes === undefined ? {} : { maxBytes: d.maxBytes }),
        ...(d.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: d.idleTimeoutMs }),
      })
      services = { registry, jobs, d }
    }
    return services
  }

  /** A job just started, or why it could not start. */
  function started(start: () => { jobId: string; folder: string }): Promise<{ jobId: string; folder: string }> {
    try {
      return Promise.resolve(start())
    } catch (error) {
      if (error instanceof DownloadJobError) throw new IpcHandlerError(error.code, error.message, undefined, { cause: error })
      throw error
    }
  }

  /** The real path of a file main wrote: a summary of the registry, or an extraction's file of this run. */
  async function registered(path: string): Promise<string> {
    const entry = await downloads().registry.find(path)
    if (entry !== null) return entry.path
    const real = await realpath(path).catch(() => null)
    if (real !== null && downloads().jobs.wroteExtraction(real)) return real
    throw new IpcHandlerError(CHEMIN_REFUSE, 'path not in the registry of written summaries nor an extraction written by this run')
  }

  return {
    'declarations:search': async (input) => {
      const connection = requireConnection(deps.connection())
      try {
        return await searchDeclarations(connection.client, input, { budget: connection.budget })
      } catch (error) {
        throw ipcErrorFromApi(error, REPORT_CONTEXTS.declarations)
      }
    },
    'downloads:start': (input) => started(() => downloads().jobs.start(input.items, input.destination)),
    'extractions:download': (input) => started(() => downloads().jobs.startExtraction(input.extraction, input.destination)),
    'downloads:cancel': (input) => Promise.resolve({ cancelled: downloads().jobs.cancel(input.jobId, input.id) }),
    'downloads:list': () => downloads().registry.list(),
    'downloads:open': async (input) => {
      const path = await registered(input.path)
      const failure = await downloads().d.openPath(path)
      if (failure !== '')
        throw new IpcHandlerError('OUVERTURE_IMPOSSIBLE', `openPath failed: ${failure}`, undefined, { params: { raison: failure } })
      return { opened: true as const }
    },
    'downloads:show': async (input) => {
      const path = await registered(input.path)
      downloads().d.showItemInFolder(path)
      return { shown: true as const }
    },
    'downloads:chooseFolder': async (input) => {
      const s = downloads()
      const folder = await s.d.pickFolder(input.titre)
      if (folder !== null) s.jobs.setChosenFolder(folder)
      return { folder }
    },
  }
}

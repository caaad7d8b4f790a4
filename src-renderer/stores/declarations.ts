/**
 * DSN store (issue 5): the cached cabinet-wide list of declarations with its age, the screen's filters, the download
 * jobs main runs (progress from `downloads:changed`), the destination folder and the summaries main wrote (its
 * registry, readable offline).
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref } from 'vue'

import type { DeclarationRow, DownloadJobProgress, DownloadedRecapitulatif, RecapitulatifRef } from '../../src-shared/domain/declarations'
import type { Reported } from '../i18n/reported'
import { appServices } from '../services/app-services'
import {
  loadDeclarations,
  matchesFilters,
  refreshDeclarations,
  searchInputOf,
  type DeclarationFilters,
  type DeclarationsApi,
} from '../services/declarations-cache'

let injectedApi: DeclarationsApi | null = null

/** Replaces `window.api` for this store (unit tests). */
export function useDeclarationsApi(api: DeclarationsApi | null): void {
  injectedApi = api
}

/** The `window.api` of the DSN screens (or the one a test injected). */
export function declarationsApi(): DeclarationsApi {
  return injectedApi ?? window.api
}

function api(): DeclarationsApi {
  return declarationsApi()
}

/** The reference of a row main needs to download and name its summary. */
export function refOf(d: DeclarationRow): RecapitulatifRef {
  return { id: d.id, siren: d.siren, nic: d.nic, periode: d.periode, nature: d.nature, type: d.type }
}

export const useDeclarationsStore = defineStore('declarations', () => {
  /** Cached rows in display order. */
  const rows = ref<DeclarationRow[]>([])
  /** ISO instant of the cached list; null when never fetched. */
  const fetchedAt = ref<string | null>(null)
  const searching = ref(false)
  /** Why the last search failed (main's code, worded by the view; the cache stays shown). */
  const error = ref<Reported | null>(null)
  const filters = reactive<DeclarationFilters>({
    sirens: [],
    periodeDu: '',
    periodeAu: '',
    nature: '',
    dateEnvoiDu: '',
    dateEnvoiAu: '',
    statut: '',
  })
  /** Cached rows passing the filters. */
  const filtered = computed(() => rows.value.filter((d) => matchesFilters(d, filters)))
  /** Filtered rows whose summary the server can give. */
  const downloadable = computed(() => filtered.value.filter((d) => d.recapitulatif_disponible))

  /** Every job of this window by id, and the refs it was started with (for a retry). */
  const jobs = ref<Record<string, DownloadJobProgress>>({})
  const jobItems = new Map<string, RecapitulatifRef[]>()
  /** Job shown in the progress panel. */
  const currentJobId = ref<string | null>(null)
  const currentJob = computed(() => (currentJobId.value === null ? null : (jobs.value[currentJobId.value] ?? null)))
  /** Why main refused the last download action (no connection, no folder…), worded by the view. */
  const downloadError = ref<Reported | null>(null)
  const destination = ref<'defaut' | 'choisi'>('defaut')
  const chosenFolder = ref<string | null>(null)
  const downloaded = ref<DownloadedRecapitulatif[]>([])
  /** Why main refused the last open / show, worded by the view. */
  const fileError = ref<Reported | null>(null)
  let unsubscribe: (() => void) | null = null

  /** Latest state of each declaration's file across the jobs of this window. */
  const fileStates = computed(() => {
    const out: Record<string, DownloadJobProgress['files'][number]> = {}
    for (const job of Object.values(jobs.value)) for (const f of job.files) out[f.id] = f
    return out
  })

  /** Reads the cached list and the registry, and listens to download progress (once). */
  async function load(): Promise<void> {
    if (unsubscribe === null) {
      unsubscribe = api().onDownloadsChanged((job) => {
        jobs.value = { ...jobs.value, [job.jobId]: job }
        if (job.finished) void loadDownloaded()
      })
    }
    const cached = await loadDeclarations(appServices().db)
    rows.value = cached.rows
    fetchedAt.value = cached.fetchedAt
    await loadDownloaded()
  }

  /** Runs the cabinet-wide search with the filters and caches its answer; on failure the cache stays. */
  async function search(): Promise<boolean> {
    if (searching.value) return false
    searching.value = true
    try {
      const result = await refreshDeclarations(appServices().db, api(), searchInputOf(filters))
      if (!result.ok) {
        error.value = result.error
        return false
      }
      error.value = null
      const cached = await loadDeclarations(appServices().db)
      rows.value = cached.rows
      fetchedAt.value = cached.fetchedAt
      return true
    } finally {
      searching.value = false
    }
  }

  /** Starts one job over `items` to the current destination; returns its id, or null (message in `downloadError`). */
  async function download(items: RecapitulatifRef[]): Promise<string | null> {
    if (items.length === 0) return null
    const result = await api()['downloads:start']({ items, destination: destination.value })
    if (!result.ok) {
      downloadError.value = result.error
      return null
    }
    downloadError.value = null
    jobItems.set(result.value.jobId, items)
    currentJobId.value = result.value.jobId
    return result.value.jobId
  }

  /** Every summary of the filtered list (e.g. a period across the selected dossiers) in one job. */
  function downloadAll(): Promise<string | null> {
    return download(downloadable.value.map(refOf))
  }

  /** Cancels the current job (or one of its files). */
  async function cancel(id?: string): Promise<void> {
    if (currentJobId.value === null) return
    await api()['downloads:cancel']({ jobId: currentJobId.value, ...(id === undefined ? {} : { id }) })
  }

  /** Starts a new job over the failed and cancelled files of the current one. */
  function retryFailed(): Promise<string | null> {
    const job = currentJob.value
    if (job === null) return Promise.resolve(null)
    const again = new Set(job.files.filter((f) => f.state === 'echec' || f.state === 'annule').map((f) => f.id))
    return download((jobItems.get(job.jobId) ?? []).filter((i) => again.has(i.id)))
  }

  /** Opens the system folder dialog titled `title` (the view's words); a picked folder becomes the destination. */
  async function chooseFolder(title?: string): Promise<void> {
    const result = await api()['downloads:chooseFolder'](title === undefined ? {} : { titre: title })
    if (!result.ok) {
      downloadError.value = result.error
      return
    }
    if (result.value.folder !== null) {
      chosenFolder.value = result.value.folder
      destination.value = 'choisi'
    }
  }

  /** Reads main's registry of written summaries (works offline). */
  async function loadDownloaded(): Promise<void> {
    const result = await api()['downloads:list']({})
    if (result.ok) downloaded.value = result.value
  }

  /** Opens (`open`) or shows in its folder (`show`) a summary main wrote; a refusal lands in `fileError`. */
  async function openFile(path: string, how: 'open' | 'show'): Promise<boolean> {
    const result = how === 'open' ? await api()['downloads:open']({ path }) : await api()['downloads:show']({ path })
    fileError.value = result.ok ? null : result.error
    return result.ok
  }

  return {
    rows,
    fetchedAt,
    searching,
    error,
    filters,
    filtered,
    downloadable,
    jobs,
    currentJobId,
    currentJob,
    downloadError,
    destination,
    chosenFolder,
    downloaded,
    fileError,
    fileStates,
    load,
    search,
    download,
    downloadAll,
    cancel,
    retryFailed,
    chooseFolder,
    loadDownloaded,
    openFile,
  }
})

/**
 * Extractions store (issue 16, point 6): a dossier's extractions (listed by main, online), launching one, following
 * its status until its file can be downloaded (nextExtractionStep, #53), and the download job of its file run by main
 * with the DSN summaries' jobs (progress from `downloads:changed`, shown by DownloadProgress.vue). Nothing is cached
 * nor queued: an extraction is a read the clerk launches while online.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'

import type { DownloadJobProgress } from '../../src-shared/domain/declarations'
import { nextExtractionStep, type ExtractionRef, type ExtractionSummary } from '../../src-shared/domain/extractions'
import type { WindowApi } from '../../src-shared/ipc/contract'
import type { Reported } from '../i18n/reported'

/** The part of `window.api` this store uses. */
export type ExtractionsApi = Pick<
  WindowApi,
  | 'extractions:list'
  | 'extractions:start'
  | 'extractions:read'
  | 'extractions:download'
  | 'downloads:cancel'
  | 'downloads:open'
  | 'downloads:show'
  | 'onDownloadsChanged'
>

/** What the store needs from outside: the api and a way to wait (tests pass fakes). */
export interface ExtractionsDeps {
  readonly api: ExtractionsApi
  readonly sleep: (ms: number) => Promise<void>
}

let injected: ExtractionsDeps | null = null

/** Replaces `window.api` and the timer for this store (unit tests); null restores them. */
export function useExtractionsDeps(deps: ExtractionsDeps | null): void {
  injected = deps
}

function deps(): ExtractionsDeps {
  return injected ?? { api: window.api, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }
}

/** `record` without `key`. */
function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))
}

/** How an extraction is followed: being read again, or given up after too many reads (`abandon`). */
export type FollowState = 'suivi' | 'abandon'

/** The reference main needs to download and name an extraction's file. */
export function extractionRefOf(e: ExtractionSummary): ExtractionRef {
  return { id: e.id, siren: e.siren, type: e.type, periode: e.periode }
}

export const useExtractionsStore = defineStore('extractions', () => {
  const siren = ref('')
  /** The dossier's extractions, newest first. */
  const extractions = ref<ExtractionSummary[]>([])
  const loading = ref(false)
  const launching = ref(false)
  /** Why the last call failed (main's code, worded by the view); null after a success. */
  const error = ref<Reported | null>(null)
  /** Extractions being followed, by id. */
  const following = ref<Record<string, FollowState>>({})
  /** Download jobs of this store, by job id, and the extraction of each. */
  const jobs = ref<Record<string, DownloadJobProgress>>({})
  const jobExtraction = new Map<string, ExtractionRef>()
  const currentJobId = ref<string | null>(null)
  const currentJob = computed(() => (currentJobId.value === null ? null : (jobs.value[currentJobId.value] ?? null)))
  let unsubscribe: (() => void) | null = null

  /** Puts `e` in the list (replacing the same id), newest first. */
  function upsert(e: ExtractionSummary): void {
    const others = extractions.value.filter((x) => x.id !== e.id)
    extractions.value = [e, ...others].sort((a, b) => b.date_creation.localeCompare(a.date_creation))
  }

  /** Lists the dossier's extractions (and listens to download progress, once); follows those still `en_cours`. */
  async function open(dossier: string): Promise<void> {
    if (unsubscribe === null) {
      unsubscribe = deps().api.onDownloadsChanged((job) => {
        if (jobExtraction.has(job.jobId)) jobs.value = { ...jobs.value, [job.jobId]: job }
      })
    }
    if (dossier !== siren.value) {
      siren.value = dossier
      extractions.value = []
      error.value = null
    }
    loading.value = true
    try {
      const result = await deps().api['extractions:list']({ siren: dossier })
      if (!result.ok) {
        error.value = result.error
        return
      }
      error.value = null
      for (const e of result.value.extractions) upsert(e)
      for (const e of result.value.extractions) if (e.statut === 'en_cours' && following.value[e.id] !== 'suivi') void follow(e.id)
    } finally {
      loading.value = false
    }
  }

  /**
   * Reads `id` again until it is `terminee` or `echec` (waits of nextExtractionStep), or gives up (`abandon`).
   * @returns the last status read, or null when a read failed (`error` says why).
   */
  async function follow(id: string, firstReads = 1): Promise<ExtractionSummary['statut'] | null> {
    following.value = { ...following.value, [id]: 'suivi' }
    let reads = firstReads
    let statut: ExtractionSummary['statut'] = extractions.value.find((e) => e.id === id)?.statut ?? 'en_cours'
    for (;;) {
      const step = nextExtractionStep(statut, reads)
      if (step.action !== 'relire') {
        following.value = step.action === 'abandon' ? { ...following.value, [id]: 'abandon' } : without(following.value, id)
        return statut
      }
      await deps().sleep(step.delayMs)
      const result = await deps().api['extractions:read']({ id })
      reads += 1
      if (!result.ok) {
        error.value = result.error
        following.value = without(following.value, id)
        return null
      }
      upsert(result.value)
      statut = result.value.statut
    }
  }

  /** Launches an extraction of the dossier shown and follows it; false when main refused (`error`). */
  async function launch(type: ExtractionSummary['type'], periode: string): Promise<boolean> {
    if (launching.value || siren.value === '') return false
    launching.value = true
    try {
      const result = await deps().api['extractions:start']({ siren: siren.value, type, periode })
      if (!result.ok) {
        error.value = result.error
        return false
      }
      error.value = null
      upsert(result.value)
      void follow(result.value.id)
      return true
    } finally {
      launching.value = false
    }
  }

  /** Starts the download job of an extraction's file (default destination); returns its job id or null (`error`). */
  async function download(e: ExtractionSummary): Promise<string | null> {
    const ref = extractionRefOf(e)
    const result = await deps().api['extractions:download']({ extraction: ref, destination: 'defaut' })
    if (!result.ok) {
      error.value = result.error
      return null
    }
    error.value = null
    jobExtraction.set(result.value.jobId, ref)
    currentJobId.value = result.value.jobId
    return result.value.jobId
  }

  /** Cancels the current download job. */
  async function cancel(): Promise<void> {
    if (currentJobId.value !== null) await deps().api['downloads:cancel']({ jobId: currentJobId.value })
  }

  /** Downloads again the extraction of the current job (a new job). */
  async function retry(): Promise<string | null> {
    const ref = currentJobId.value === null ? undefined : jobExtraction.get(currentJobId.value)
    const e = ref === undefined ? undefined : extractions.value.find((x) => x.id === ref.id)
    return e === undefined ? null : download(e)
  }

  /** Opens (`open`) or shows in its folder (`show`) a file the current job wrote; a refusal lands in `error`. */
  async function openFile(path: string, how: 'open' | 'show'): Promise<boolean> {
    const api = deps().api
    const result = how === 'open' ? await api['downloads:open']({ path }) : await api['downloads:show']({ path })
    error.value = result.ok ? null : result.error
    return result.ok
  }

  return {
    siren,
    extractions,
    loading,
    launching,
    error,
    following,
    jobs,
    currentJobId,
    currentJob,
    open,
    follow,
    launch,
    download,
    cancel,
    retry,
    openFile,
  }
})

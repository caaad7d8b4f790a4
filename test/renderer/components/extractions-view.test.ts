// @vitest-environment happy-dom
/**
 * The extractions screen (ExtractionsView.vue, issue 16 point 6): launched online for a table and period, followed
 * (read again until `terminee`), then its file downloaded through main's job with its progress shown; offline the
 * launch is disabled and says why; a refusal is said in French.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import ExtractionsView from '../../../src-renderer/features/people/ExtractionsView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useExtractionsDeps, type ExtractionsApi } from '../../../src-renderer/stores/extractions'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { DownloadJobProgress } from '../../../src-shared/domain/declarations'
import type { ExtractionSummary } from '../../../src-shared/domain/extractions'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'

let app: TestApp
let wrapper: VueWrapper | undefined

const ID = '44444444-4444-4444-8444-444444444444'

/** A fake api: the extraction runs for `runningReads` reads, then is done; records every call. */
function fakeExtractions(runningReads: number, over: Partial<ExtractionsApi> = {}) {
  const calls: string[] = []
  const listeners = new Set<(job: DownloadJobProgress) => void>()
  let reads = 0
  const extraction = (statut: ExtractionSummary['statut']): ExtractionSummary => ({
    id: ID,
    siren: SIREN,
    type: 'contrats',
    periode: '2026-10',
    statut,
    date_creation: '2026-11-20T08:59:00.000Z',
  })
  const api: ExtractionsApi = {
    'extractions:list': () => {
      calls.push('list')
      return Promise.resolve({ ok: true, value: { fetchedAt: '2026-11-20T09:00:00.000Z', extractions: [] } })
    },
    'extractions:start': (input) => {
      calls.push(`start ${input.type} ${input.periode}`)
      return Promise.resolve({ ok: true, value: extraction('en_cours') })
    },
    'extractions:read': () => {
      reads += 1
      calls.push('read')
      return Promise.resolve({ ok: true, value: extraction(reads > runningReads ? 'terminee' : 'en_cours') })
    },
    'extractions:download': (input) => {
      calls.push(`download ${input.extraction.id}`)
      return Promise.resolve({ ok: true, value: { jobId: 'job-1', folder: '/home/gp/Téléchargements/Extractions' } })
    },
    'downloads:cancel': () => Promise.resolve({ ok: true, value: { cancelled: 1 } }),
    'downloads:open': (input) => {
      calls.push(`open ${input.path}`)
      return Promise.resolve({ ok: true, value: { opened: true } })
    },
    'downloads:show': (input) => {
      calls.push(`show ${input.path}`)
      return Promise.resolve({ ok: true, value: { shown: true } })
    },
    onDownloadsChanged: (callback) => {
      listeners.add(callback)
      return () => listeners.delete(callback)
    },
    ...over,
  }
  const emit = (job: DownloadJobProgress): void => {
    for (const l of listeners) l(job)
  }
  return { api, calls, emit }
}

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  useExtractionsDeps(null)
  await app.dispose()
})

async function open(): Promise<VueWrapper> {
  const router = createAppRouter()
  await router.push(`/dossiers/${SIREN}/extractions`)
  await router.isReady()
  wrapper = mountIn(app, ExtractionsView, { siren: SIREN }, router)
  await flushPromises()
  return wrapper
}

describe('ExtractionsView', () => {
  it('launches an extraction, follows it until done, downloads its file with the job’s progress', async () => {
    const fake = fakeExtractions(2)
    const waits: number[] = []
    useExtractionsDeps({ api: fake.api, sleep: (ms) => (waits.push(ms), Promise.resolve()) })
    const view = await open()
    expect(view.find('[data-testid="extractions-empty"]').exists()).toBe(true)
    await view.get('[data-testid="extraction-type"]').setValue('contrats')
    await view.get('[data-testid="extraction-periode"]').setValue('2026-10')
    await view.get('[data-testid="extraction-launch"]').trigger('submit')
    await vi.waitFor(() => {
      expect(view.get(`[data-testid="extraction-${ID}"]`).attributes('data-statut')).toBe('terminee')
    })
    expect(fake.calls).toEqual(['list', 'start contrats 2026-10', 'read', 'read', 'read'])
    expect(waits).toEqual([500, 1000, 2000])
    expect(view.find(`[data-testid="extraction-follow-${ID}"]`).exists()).toBe(false)

    await view.get(`[data-testid="extraction-download-${ID}"]`).trigger('click')
    await flushPromises()
    expect(fake.calls.at(-1)).toBe(`download ${ID}`)
    fake.emit({
      jobId: 'job-1',
      folder: '/home/gp/Téléchargements/Extractions',
      total: 1,
      done: 1,
      failed: 0,
      cancelled: 0,
      bytes: 2048,
      finished: true,
      files: [
        {
          id: ID,
          siren: SIREN,
          periode: '2026-10',
          fileName: `extraction_contrats_${SIREN}_2026-10_0a1b2c3d.csv`,
          state: 'termine',
          bytes: 2048,
          totalBytes: 2048,
          path: `/home/gp/Téléchargements/Extractions/${SIREN}/extraction_contrats_${SIREN}_2026-10_0a1b2c3d.csv`,
          error: null,
        },
      ],
    })
    await flushPromises()
    const progress = view.get('[data-testid="download-progress"]')
    expect(progress.attributes('data-done')).toBe('1')
    expect(progress.text()).toContain(`extraction_contrats_${SIREN}_2026-10_0a1b2c3d.csv`)
    expect(progress.get('h2').text()).toBe('Téléchargement du fichier de l’extraction')
    await view.get('[data-testid="extraction-open"]').trigger('click')
    await flushPromises()
    expect(fake.calls.at(-1)).toBe(`open /home/gp/Téléchargements/Extractions/${SIREN}/extraction_contrats_${SIREN}_2026-10_0a1b2c3d.csv`)
  })

  it('offline: the launch is disabled and says why, nothing is asked', async () => {
    const fake = fakeExtractions(0)
    useExtractionsDeps({ api: fake.api, sleep: () => Promise.resolve() })
    useSyncStore(app.pinia).online = false
    const view = await open()
    expect(view.get('[data-testid="extraction-launch"]').attributes('disabled')).toBeDefined()
    expect(view.get('[data-testid="extractions-offline"]').text()).toContain('Hors ligne')
    expect(fake.calls).toEqual([])
  })

  it('a refused launch is said in French', async () => {
    const fake = fakeExtractions(0, {
      'extractions:start': () =>
        Promise.resolve({
          ok: false,
          error: { code: 'DROIT_MANQUANT', message: 'Droit « extractions » manquant.', params: { contexte: 'EXTRACTION' } },
        }),
    })
    useExtractionsDeps({ api: fake.api, sleep: () => Promise.resolve() })
    const view = await open()
    await view.get('[data-testid="extraction-launch"]').trigger('submit')
    await flushPromises()
    expect(view.get('[data-testid="extractions-error"]').text()).toMatch(/^Extraction : /)
  })
})

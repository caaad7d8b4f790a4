// @vitest-environment happy-dom
/**
 * The acomptes screen (AcomptesView.vue, issue 14 point 4): the advances the service holds for a dossier and period,
 * read only, with their count and total in cents; another period chosen reads that period; offline, the cache with its
 * age and no request; the dossier screen links to it, disabled when the `acomptes` right is missing.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import AcomptesView from '../../../src-renderer/features/dossier/AcomptesView.vue'
import DossierView from '../../../src-renderer/features/dossier/DossierView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { refreshServiceRecords } from '../../../src-renderer/services/records-cache'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { RecordsRefreshInput, RecordsRefreshResult } from '../../../src-shared/domain/service-records'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { recordsAnswer, serviceAcompte, serviceEvp } from '../support/records'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** Answers `records:refresh` with `answer` and keeps each input asked. */
function serve(answer: (input: RecordsRefreshInput) => RecordsRefreshResult): RecordsRefreshInput[] {
  const calls: RecordsRefreshInput[] = []
  app.api.records = (input): IpcResult<RecordsRefreshResult> => {
    calls.push(input)
    return { ok: true, value: answer(input) }
  }
  return calls
}

/** Acomptes of November (two, one of them with cents) and October (one); an EVP that must not be listed here. */
function answer(input: RecordsRefreshInput): RecordsRefreshResult {
  const records =
    input.periode === '2026-11'
      ? [
          { kind: 'acompte' as const, record: serviceAcompte({ montant: '300.00' }) },
          { kind: 'acompte' as const, record: serviceAcompte({ matricule: 'M002', montant: '150.55', date: '2026-11-12' }) },
          { kind: 'evp' as const, record: serviceEvp() },
        ]
      : [{ kind: 'acompte' as const, record: serviceAcompte({ periode: input.periode, date: `${input.periode}-14`, montant: '80.10' }) }]
  return recordsAnswer(records, input)
}

async function open(path: string): Promise<VueWrapper> {
  const router = createAppRouter()
  await router.push(path)
  await router.isReady()
  wrapper = mountIn(app, AcomptesView, { siren: SIREN }, router)
  await flushPromises()
  return wrapper
}

function lines(w: VueWrapper): string[] {
  return w.findAll('[data-testid^="period-record-"]').map((r) => r.text())
}

describe('AcomptesView', () => {
  it('lists the period’s acomptes read only, with their count and total summed in cents, nothing else', async () => {
    const calls = serve(answer)
    const view = await open(`/dossiers/${SIREN}/acomptes`)
    await vi.waitFor(() => {
      expect(lines(view)).toHaveLength(2)
    })
    expect(calls).toEqual([{ siren: SIREN, periode: '2026-11' }])
    expect(lines(view).every((l) => l.includes('Acompte') && l.includes('lecture seule'))).toBe(true)
    expect(lines(view).some((l) => l.includes('HS25'))).toBe(false)
    const total = view.get('[data-testid="acomptes-total"]')
    expect(total.attributes('data-total')).toBe('450.55')
    expect(total.attributes('data-count')).toBe('2')
    expect(total.text()).toContain('2 acomptes')
    expect(total.text()).toContain('450,55')
    expect(view.get('[data-testid="acomptes-readonly"]').text()).toContain('Lecture seule')
    expect(view.find('button[data-testid^="submit"]').exists()).toBe(false)
  })

  it('another period chosen: that period is read and listed; the current one comes first in the choice', async () => {
    const calls = serve(answer)
    const view = await open(`/dossiers/${SIREN}/acomptes`)
    const options = view.findAll('[data-testid="acomptes-periode"] option').map((o) => o.attributes('value'))
    expect(options[0]).toBe('2026-11')
    expect(options).toHaveLength(12)
    expect(options[11]).toBe('2025-12')
    await view.get('[data-testid="acomptes-periode"]').setValue('2026-10')
    await vi.waitFor(() => {
      expect(view.get('[data-testid="acomptes-total"]').attributes('data-total')).toBe('80.10')
    })
    expect(calls.map((c) => c.periode)).toContain('2026-10')
    expect(lines(view)).toHaveLength(1)
  })

  it('offline: the cached acomptes with their age, and no request', async () => {
    const calls = serve(answer)
    await refreshServiceRecords(app.db, app.api, SIREN, '2026-11')
    calls.length = 0
    useSyncStore(app.pinia).online = false
    const view = await open(`/dossiers/${SIREN}/acomptes`)
    await vi.waitFor(() => {
      expect(lines(view)).toHaveLength(2)
    })
    expect(calls).toEqual([])
    expect(view.get('[data-testid="period-records-age"]').text()).toMatch(/^Lus sur le service le .* \(il y a .*\)$/)
    expect(view.get('[data-testid="acomptes-total"]').attributes('data-total')).toBe('450.55')
  })

  it('the dossier links to it; without the `acomptes` right the link is disabled and says why', async () => {
    const reference = useReferenceStore(app.pinia)
    reference.droits = [...reference.droits, 'acomptes']
    const router = createAppRouter()
    await router.push(`/dossiers/${SIREN}`)
    await router.isReady()
    wrapper = mountIn(app, DossierView, { siren: SIREN }, router)
    await flushPromises()
    expect(wrapper.get('[data-testid="link-acomptes"]').attributes('href')).toBe(`#/dossiers/${SIREN}/acomptes`)
    wrapper.unmount()

    reference.droits = reference.droits.filter((d) => d !== 'acomptes')
    wrapper = mountIn(app, DossierView, { siren: SIREN }, router)
    await flushPromises()
    const link = wrapper.get('[data-testid="link-acomptes"]')
    expect(link.element.tagName).toBe('SPAN')
    expect(link.attributes('aria-disabled')).toBe('true')
    expect(wrapper.find('[data-testid="right-missing-acomptes"]').exists()).toBe(true)
  })
})

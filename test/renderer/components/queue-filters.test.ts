// @vitest-environment happy-dom
/**
 * The queue's filters as the clerk uses them (QueueView.vue with QueueFilters.vue, on a real IndexedDB): the filter
 * lives in the route query (a bad value is ignored, never an error), each list changes one key of it, the matricule
 * follows after a short pause, « Effacer les filtres » empties it, and the count says how many entries match.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Router } from 'vue-router'

import { enqueue } from '../../../src-renderer/db/outbox'
import QueueView from '../../../src-renderer/features/queue/QueueView.vue'
import { useOutboxStore } from '../../../src-renderer/stores/outbox'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import { SIREN, SIREN_2, valid } from '../support/fixtures'
import { mountIn, testApp, until } from '../support/mount'
import type { TestApp } from '../support/mount'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  // Three EVP and one absence of the first dossier (M001 twice), one EVP of the second dossier.
  const inputs: [EntryKind, Record<string, unknown>][] = [
    ['evp', valid.evp()],
    ['evp', valid.evp({ matricule: 'M002' })],
    ['evp', valid.evp({ code_evp: 'OBS', quantite: undefined, valeur_texte: 'Retard' })],
    ['absence', valid.absence()],
    ['evp', valid.evp({ siren: SIREN_2, matricule: 'D001' })],
  ]
  for (const [kind, payload] of inputs) {
    const result = await enqueue(app.db, { kind, payload }, app.env)
    if (!result.ok) throw new Error(`saisie invalide : ${JSON.stringify(result.issues)}`)
  }
  await useReferenceStore(app.pinia).load()
  await useOutboxStore(app.pinia).refreshCounts()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** Mounts the queue on `/queue?<query>` and waits for its count. */
async function mountQueue(query: Record<string, string>): Promise<{ w: VueWrapper; router: Router }> {
  wrapper = mountIn(app, QueueView, {})
  const router = wrapper.vm.$router
  await router.replace({ name: 'queue', query })
  await flushPromises()
  return { w: wrapper, router }
}

function count(w: VueWrapper): number {
  return Number(w.find('[data-testid="queue-count"]').attributes('data-count'))
}

async function countIs(w: VueWrapper, n: number): Promise<void> {
  await until(`${String(n)} saisies comptées`, async () => {
    await flushPromises()
    return count(w) === n
  })
}

function selectValue(w: VueWrapper, key: string): string {
  return (w.find(`[data-testid="queue-filter-${key}"]`).element as HTMLSelectElement).value
}

describe('queue filters', () => {
  it('reads the filter from the route, ignoring values that are not a state, a kind or a SIREN', async () => {
    const { w } = await mountQueue({ state: 'perdu', siren: '123', kind: 'evp' })
    expect(selectValue(w, 'state')).toBe('')
    expect(selectValue(w, 'siren')).toBe('')
    expect(selectValue(w, 'kind')).toBe('evp')
    await countIs(w, 4)
    expect(w.find('[data-testid="queue-count"]').text()).toBe('4 saisies')
  })

  it('offers every dossier by name, and narrows the queue one list at a time, keeping the other keys', async () => {
    const { w, router } = await mountQueue({})
    await countIs(w, 5)
    const dossiers = w
      .find('[data-testid="queue-filter-siren"]')
      .findAll('option')
      .map((o) => o.text())
    expect(dossiers).toEqual(['Tous', 'Atelier Dupont (552 100 554)', 'Boulangerie Martin (732 829 320)'])

    await w.find('[data-testid="queue-filter-siren"]').setValue(SIREN)
    await countIs(w, 4)
    await w.find('[data-testid="queue-filter-kind"]').setValue('absence')
    await countIs(w, 1)
    expect(router.currentRoute.value.query).toEqual({ siren: SIREN, kind: 'absence' })

    await w.find('[data-testid="queue-filter-state"]').setValue('synced')
    await countIs(w, 0)
    expect(w.find('[data-testid="queue-count"]').text()).toBe('Aucune saisie')
    await w.find('[data-testid="queue-filter-state"]').setValue('')
    await countIs(w, 1)
    expect(router.currentRoute.value.query).toEqual({ siren: SIREN, kind: 'absence' })
  })

  it('applies the typed matricule after a short pause, and clears every filter at once', async () => {
    const { w, router } = await mountQueue({ kind: 'evp' })
    const clear = w.find('[data-testid="queue-filter-clear"]')
    expect(clear.attributes('disabled')).toBeUndefined()
    await w.find('[data-testid="queue-filter-matricule"]').setValue(' M001 ')
    expect(router.currentRoute.value.query).toEqual({ kind: 'evp' })
    await until('matricule dans l’adresse', () => router.currentRoute.value.query['matricule'] === 'M001')
    await countIs(w, 2)

    await clear.trigger('click')
    await countIs(w, 5)
    expect(router.currentRoute.value.query).toEqual({})
    expect((w.find('[data-testid="queue-filter-matricule"]').element as HTMLInputElement).value).toBe('')
    expect(w.find('[data-testid="queue-filter-clear"]').attributes('disabled')).toBeDefined()
  })

  it('shows a filter changed elsewhere (a state count clicked) in its list and its matricule field', async () => {
    const { w, router } = await mountQueue({ matricule: 'M002' })
    expect((w.find('[data-testid="queue-filter-matricule"]').element as HTMLInputElement).value).toBe('M002')
    await countIs(w, 1)
    await w.find('[data-testid="state-count-queued"]').trigger('click')
    await until('état dans l’adresse', () => router.currentRoute.value.query['state'] === 'queued')
    expect(selectValue(w, 'state')).toBe('queued')
    await router.replace({ name: 'queue', query: {} })
    await flushPromises()
    expect((w.find('[data-testid="queue-filter-matricule"]').element as HTMLInputElement).value).toBe('')
  })
})

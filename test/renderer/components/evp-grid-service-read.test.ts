// @vitest-environment happy-dom
/**
 * The EVP grid saves nothing before the service's records of its period are read (docs/api-assumptions.md #85): a cell
 * looks empty until the record the service holds for it is read, and a value pasted or typed meanwhile would be a
 * second EVP of the cell. The service's answer is held back here (a slow network) and released by the test.
 * Real stores on fake-indexeddb; the service's records come from a fake `records:refresh`.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { defineComponent, h } from 'vue'
import { RouterView, createMemoryHistory, createRouter } from 'vue-router'

import EvpGridView from '../../../src-renderer/features/evp/EvpGridView.vue'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useServiceRecordsStore } from '../../../src-renderer/stores/serviceRecords'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { Evp } from '../../../src-shared/api/entries'
import { payloadFields } from '../../../src-shared/domain/entry'
import { enqueue } from '../../../src-renderer/db/outbox'
import { SIREN, valid } from '../support/fixtures'
import { mountAt, mountIn, testApp, until, type TestApp } from '../support/mount'
import { recordsAnswer, serviceEvp } from '../support/records'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore().load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** `records:refresh` answers `records` once the test calls `release()`; `calls` counts the requests. */
function heldAnswer(records: readonly Evp[]): { release: () => void; calls: () => number } {
  let release = (): void => undefined
  app.api.recordsHeld = new Promise<void>((resolve) => {
    release = resolve
  })
  let calls = 0
  app.api.records = (input) => {
    calls += 1
    return {
      ok: true,
      value: recordsAnswer(
        records.map((record) => ({ kind: 'evp' as const, record })),
        input,
      ),
    }
  }
  return {
    release: () => {
      release()
    },
    calls: () => calls,
  }
}

/** The grid of November for M002 (Bernard) then M001 (Durand), its cells drawn (the service's answer may be held). */
async function openGrid(): Promise<VueWrapper> {
  wrapper = await mountAt(app, '/?periode=2026-11&q=M00', EvpGridView, { siren: SIREN })
  const w = wrapper
  await until('grille affichée', () => w.find('[data-testid="cell-M001-HS25"]').exists())
  return w
}

/** Pastes `text` from M002's HS25 (the first row) downwards. */
function pasteFromTop(w: VueWrapper, text: string): Promise<void> {
  return w
    .get('[data-testid="cell-M002-HS25"]')
    .trigger('mousedown')
    .then(() => {
      const event = new Event('paste', { bubbles: true, cancelable: true })
      Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } })
      w.get('table').element.dispatchEvent(event)
    })
}

/** Types `text` in cell `testId` and presses Enter. */
async function type(w: VueWrapper, testId: string, text: string): Promise<void> {
  const cell = w.get(`[data-testid="${testId}"]`)
  await cell.trigger('mousedown')
  await cell.trigger('keydown', { key: 'Enter' })
  await w.get<HTMLInputElement>('[data-testid="cell-editor"]').setValue(text)
  await w.get('[data-testid="cell-editor"]').trigger('keydown', { key: 'Enter' })
}

function state(w: VueWrapper, testId: string): string | undefined {
  return w.get(`[data-testid="${testId}"]`).attributes('data-state')
}

describe('grille EVP : rien n’est enregistré avant la lecture de ce que le service détient', () => {
  it('a paste waits for the read; the cell the service holds with the same value gets no second EVP', async () => {
    const record = serviceEvp({ quantite: '3.50' })
    const answer = heldAnswer([record])
    const w = await openGrid()
    // The cell looks empty: the service's record is not read yet.
    expect(w.get('[data-testid="cell-M001-HS25"]').text()).toBe('')

    await pasteFromTop(w, '2\r\n3,5\r\n')
    await flushPromises()
    expect(w.get('[data-testid="grid-waiting"]').text()).toBe(
      'Lecture de ce que le service détient pour ce mois : 2 cellule(s) seront enregistrées ensuite.',
    )
    expect(state(w, 'cell-M001-HS25')).toBe('saving')
    expect(w.get('[data-testid="cell-M001-HS25"]').text()).toBe('3,5')
    expect(await app.db.outbox.count()).toBe(0)

    answer.release()
    await until('collage enregistré', async () => (await app.db.outbox.count()) === 1)
    await until('cellule du service affichée', async () => {
      await flushPromises()
      return state(w, 'cell-M001-HS25') === 'service' && state(w, 'cell-M002-HS25') === 'queued'
    })
    const [row] = await app.db.outbox.toArray()
    expect(row).toMatchObject({ kind: 'evp', operation: 'create', matricule: 'M002', payload: { code_evp: 'HS25', quantite: '2' } })
    expect(w.find('[data-testid="grid-waiting"]').exists()).toBe(false)
    expect(w.get('[data-testid="paste-message"]').text()).toBe('Collage : 2 cellule(s) lue(s), 0 en erreur.')
    // One read and one request, although the grid and its period list both open the period.
    expect(answer.calls()).toBe(1)
  })

  it('another value than the service’s is not saved over it: the cell says what the service holds; typed again, it changes the record', async () => {
    const record = serviceEvp({ quantite: '3.50' })
    const answer = heldAnswer([record])
    const w = await openGrid()
    await pasteFromTop(w, '2\r\n9\r\n')
    await flushPromises()
    answer.release()
    await until('cellule en conflit', async () => {
      await flushPromises()
      return state(w, 'cell-M001-HS25') === 'invalid'
    })
    // The cell shows what the service holds; the message, what was pasted.
    expect(w.get('[data-testid="cell-M001-HS25"]').text()).toBe('3,50')
    expect(w.get('[data-testid="grid-error-M001-HS25"]').text()).toMatch(
      /^DURAND Jeanne · HS25Non enregistré : vous avez saisi « 9 », mais le service détient déjà « 3,50 » pour cette cellule \(modifié le 18\/11\/2026 \d\d:15\), lu après votre saisie\. Saisissez votre valeur de nouveau pour remplacer celle du service\.$/,
    )
    await until('collage terminé', () => w.find('[data-testid="paste-message"]').exists())
    expect(w.get('[data-testid="paste-message"]').text()).toBe('Collage : 1 cellule(s) lue(s), 1 en erreur.')
    expect((await app.db.outbox.toArray()).map((e) => [e.matricule, e.operation])).toEqual([['M002', 'create']])

    // Typed again, now that the record is read: a change of that record, never a second EVP.
    await type(w, 'cell-M001-HS25', '9')
    await until('modification en file', async () => (await app.db.outbox.count()) === 2)
    const update = (await app.db.outbox.toArray()).find((e) => e.matricule === 'M001')
    expect(update).toMatchObject({ operation: 'update', targetServerId: record.id, payload: { quantite: '9' } })
  })

  it('a value typed before the read waits for it too: the same value as the service’s queues nothing', async () => {
    const answer = heldAnswer([serviceEvp({ quantite: '3.50' })])
    const w = await openGrid()
    await type(w, 'cell-M001-HS25', '3,5')
    await flushPromises()
    expect(state(w, 'cell-M001-HS25')).toBe('saving')
    expect(w.find('[data-testid="grid-waiting"]').exists()).toBe(true)
    answer.release()
    await until('cellule du service affichée', async () => {
      await flushPromises()
      return state(w, 'cell-M001-HS25') === 'service'
    })
    expect(await app.db.outbox.count()).toBe(0)
  })

  it('a held paste over a cell with an entry already changes that entry once the read is done', async () => {
    const queued = await enqueue(app.db, { kind: 'evp', payload: valid.evp({ matricule: 'M002', quantite: '1' }) }, app.env)
    if (!queued.ok) throw new Error('saisie refusée')
    const answer = heldAnswer([])
    const w = await openGrid()
    await until('saisie affichée', async () => {
      await flushPromises()
      return state(w, 'cell-M002-HS25') === 'queued'
    })
    await pasteFromTop(w, '2\r\n3\r\n')
    await flushPromises()
    expect(w.find('[data-testid="grid-waiting"]').exists()).toBe(true)
    answer.release()
    await until('collage terminé', () => w.find('[data-testid="paste-message"]').exists())
    const rows = await app.db.outbox.toArray()
    // M002's queued entry revised (one row, the pasted value), M001 created.
    expect(rows.map((e) => [e.matricule, e.clientId === queued.entry.clientId, payloadFields(e)['quantite']]).sort()).toEqual([
      ['M001', false, '3'],
      ['M002', true, '2'],
    ])
  })

  it('a value typed in a pasted cell while the paste waits is saved after it, as its change', async () => {
    const answer = heldAnswer([])
    const w = await openGrid()
    await pasteFromTop(w, '2\r\n3\r\n')
    await flushPromises()
    await type(w, 'cell-M001-HS25', '7')
    await flushPromises()
    answer.release()
    await until('cellules enregistrées', async () => {
      await flushPromises()
      return state(w, 'cell-M001-HS25') === 'queued' && w.get('[data-testid="cell-M001-HS25"]').text() === '7'
    })
    const rows = await app.db.outbox.toArray()
    expect(rows.map((e) => [e.matricule, e.operation, payloadFields(e)['quantite']]).sort()).toEqual([
      ['M001', 'create', '7'],
      ['M002', 'create', '2'],
    ])
  })

  it('offline, the cache is what the service holds: a paste waits only for reading it', async () => {
    const record = serviceEvp({ quantite: '3.50' })
    const answer = heldAnswer([record])
    const store = useServiceRecordsStore()
    // The period read once, yesterday: the cache holds the record.
    answer.release()
    await store.open(SIREN, '2026-11')
    useSyncStore().online = false
    const w = await openGrid()
    await pasteFromTop(w, '2\r\n3,5\r\n')
    await until('collage enregistré', async () => (await app.db.outbox.count()) === 1)
    expect(answer.calls()).toBe(1)
    await until('cellule du service affichée', async () => {
      await flushPromises()
      return state(w, 'cell-M001-HS25') === 'service'
    })
  })

  it('another period chosen while cells wait: they are dropped, nothing is saved into the period now shown', async () => {
    const answer = heldAnswer([])
    const w = await openGrid()
    await pasteFromTop(w, '2\r\n3\r\n')
    await flushPromises()
    expect(w.find('[data-testid="grid-waiting"]').exists()).toBe(true)
    await w.vm.$router.push('/?periode=2026-12&q=M00')
    await until('décembre affiché', async () => {
      await flushPromises()
      return !w.find('[data-testid="grid-waiting"]').exists() && state(w, 'cell-M002-HS25') === ''
    })
    answer.release()
    await until('lecture terminée', () => !useServiceRecordsStore().refreshing)
    await flushPromises()
    expect(await app.db.outbox.count()).toBe(0)
    expect(w.get('[data-testid="cell-M002-HS25"]').text()).toBe('')
  })

  it('a refresh of the period under way when the grid opens (a reconnect): the grid waits for its answer too', async () => {
    const store = useServiceRecordsStore()
    useSyncStore().online = false
    await store.open(SIREN, '2026-11')
    const answer = heldAnswer([serviceEvp({ quantite: '3.50' })])
    // Back online: the period's records are asked for again; the answer is slow.
    useSyncStore().online = true
    await until('actualisation en cours', () => store.refreshing)
    const w = await openGrid()
    await pasteFromTop(w, '2\r\n3,5\r\n')
    await flushPromises()
    expect(w.find('[data-testid="grid-waiting"]').exists()).toBe(true)
    expect(await app.db.outbox.count()).toBe(0)
    answer.release()
    await until('collage terminé', () => w.find('[data-testid="paste-message"]').exists())
    expect((await app.db.outbox.toArray()).map((e) => e.matricule)).toEqual(['M002'])
    expect(state(w, 'cell-M001-HS25')).toBe('service')
    expect(answer.calls()).toBe(1)
  })

  it('a period whose read is slow holds nothing of the next one: a value typed there is saved at once', async () => {
    const answer = heldAnswer([])
    const w = await openGrid()
    await pasteFromTop(w, '2\r\n3\r\n')
    await flushPromises()
    // December's records come at once; November's are still on their way.
    app.api.recordsHeld = null
    await w.vm.$router.push('/?periode=2026-12&q=M00')
    await until('décembre lu', async () => {
      await flushPromises()
      return !w.find('[data-testid="grid-waiting"]').exists() && !useServiceRecordsStore().refreshing
    })
    await type(w, 'cell-M001-HS25', '5')
    await until('décembre enregistré', async () => (await app.db.outbox.count()) === 1)
    expect((await app.db.outbox.toArray())[0]).toMatchObject({ matricule: 'M001', periode: '2026-12', payload: { quantite: '5' } })
    answer.release()
    await flushPromises()
    expect(await app.db.outbox.count()).toBe(1)
  })

  it('leaving while cells wait for the read asks first, and stays when the clerk says no', async () => {
    heldAnswer([])
    const Blank = defineComponent({ render: () => h('div') })
    const router = createRouter({
      history: createMemoryHistory(),
      routes: [
        { path: '/', component: Blank },
        { path: '/queue', name: 'queue', component: Blank },
        { path: '/dossiers/:siren', name: 'dossier', component: Blank },
        { path: '/dossiers/:siren/evp', name: 'evp', component: EvpGridView, props: true },
      ],
    })
    await router.push(`/dossiers/${SIREN}/evp?periode=2026-11&q=M00`)
    await router.isReady()
    const w = mountIn(app, RouterView, {}, router)
    wrapper = w
    await until('grille affichée', () => w.find('[data-testid="cell-M001-HS25"]').exists())
    await pasteFromTop(w, '2\r\n3\r\n')
    await flushPromises()
    const asked: string[] = []
    const original = Object.getOwnPropertyDescriptor(window, 'confirm')
    onTestFinished(() => {
      if (original === undefined) Reflect.deleteProperty(window, 'confirm')
      else Object.defineProperty(window, 'confirm', original)
    })
    window.confirm = (message?: string): boolean => {
      asked.push(message ?? '')
      return false
    }
    await router.push('/queue')
    expect(asked).toEqual([
      'Des cellules ne sont pas encore enregistrées (lecture de ce que le service détient pour ce mois, ou collage en cours) ; quitter maintenant les abandonne. Quitter quand même ?',
    ])
    expect(router.currentRoute.value.name).toBe('evp')
  })
})

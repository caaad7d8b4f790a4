// @vitest-environment happy-dom
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { useToasts } from '../../../src-renderer/components/useToasts'
import DuplicatePanel from '../../../src-renderer/features/entry/DuplicatePanel.vue'
import { candidate, entryWithDuplicates, mountIn, testApp, until } from '../support/mount'
import type { TestApp } from '../support/mount'
import { auditOfEntries } from '../../../src-renderer/db/audit'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

const OWN = '0b7c3c9e-1f2a-4d5b-8c6d-7e8f9a0b1c2d'

describe('DuplicatePanel : une saisie synchronisée signalée « doublon probable »', () => {
  it('montre les deux identifiants, leurs champs et dates de création ; supprimer le doublon met une suppression en file et l’affiche', async () => {
    const extra = candidate({ date_creation: '2026-11-20T09:04:00.000Z' })
    const entry = await entryWithDuplicates(app, OWN, [extra])
    const audit = await auditOfEntries(app.db, [entry.clientId])
    wrapper = mountIn(app, DuplicatePanel, { entry, audit })
    await flushPromises()

    expect(wrapper.find('[data-testid="duplicate-panel"]').text()).toContain('Doublon probable')
    expect(wrapper.find('[data-testid="compare-col-entry"]').text()).toContain(OWN)
    expect(wrapper.find(`[data-testid="compare-col-${extra.id}"]`).text()).toContain(extra.id)
    expect(wrapper.find(`[data-testid="compare-cell-code_evp-${extra.id}"]`).text()).toContain('HS25')
    expect(wrapper.find('[data-testid="compare-table"]').text()).toContain('20/11/2026')

    // Back first: nothing queued.
    await wrapper.find(`[data-testid="delete-duplicate-${extra.id}"]`).trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="confirm-message"]').text()).toContain(extra.id)
    await wrapper.find('[data-testid="confirm-no"]').trigger('click')
    await flushPromises()
    expect(await app.db.outbox.count()).toBe(1)

    await wrapper.find(`[data-testid="delete-duplicate-${extra.id}"]`).trigger('click')
    await flushPromises()
    await wrapper.find('[data-testid="confirm-yes"]').trigger('click')
    await until('delete queued', async () => (await app.db.outbox.count()) === 2)

    const del = (await app.db.outbox.toArray()).find((e) => e.operation === 'delete')
    expect(del).toMatchObject({ kind: 'evp', state: 'queued', targetServerId: extra.id })
    expect(await app.db.outbox.get(entry.clientId)).toMatchObject({ state: 'synced', serverId: OWN, duplicates: null })
    const decisions = (await auditOfEntries(app.db, [entry.clientId])).filter((a) => a.method === 'DECISION')
    expect(decisions).toMatchObject([
      {
        operation: 'decision:supprimer_doublon',
        serverId: extra.id,
        errorBody: { utilisateur: 'Profil Démo', suppression: del?.clientId },
      },
    ])
    expect(useToasts().toasts.value.map((t) => t.message)).toContain(`Suppression du doublon ${extra.id} mise en file.`)
    expect(wrapper.emitted('changed')).toHaveLength(1)

    // The page reloads the entry: the panel shows the delete asked for, and its state.
    const after = await app.db.outbox.get(entry.clientId)
    await wrapper.setProps({ entry: after, audit: await auditOfEntries(app.db, [entry.clientId]) })
    await until('delete shown', () => wrapper?.find(`[data-testid="duplicate-removal-${extra.id}"]`).attributes('data-state') === 'queued')
    expect(wrapper.find(`[data-testid="duplicate-removal-${extra.id}"]`).text()).toContain('En attente')
    expect(wrapper.find(`[data-testid="delete-duplicate-${extra.id}"]`).exists()).toBe(false)
  })

  it('n’apparaît pas pour une saisie sans doublon', async () => {
    const entry = await entryWithDuplicates(app, OWN, [candidate()])
    wrapper = mountIn(app, DuplicatePanel, { entry: { ...entry, duplicates: null }, audit: [] })
    await flushPromises()
    expect(wrapper.find('[data-testid="duplicate-panel"]').exists()).toBe(false)
  })
})

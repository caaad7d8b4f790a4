// @vitest-environment happy-dom
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { decideToCheck } from '../../../src-renderer/db/outbox'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import EntryHistory from '../../../src-renderer/features/entry/EntryHistory.vue'
import QueueCounts from '../../../src-renderer/features/queue/QueueCounts.vue'
import QueueList from '../../../src-renderer/features/queue/QueueList.vue'
import { useOutboxStore } from '../../../src-renderer/stores/outbox'
import { candidate, entryToCheck, entryWithDuplicates, mountIn, testApp } from '../support/mount'
import type { TestApp } from '../support/mount'
import { SIREN, valid } from '../support/fixtures'
import { auditOfEntries } from '../../../src-renderer/db/audit'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
})
afterEach(async () => {
  vi.restoreAllMocks()
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

describe('la file : l’état « à vérifier » et le « doublon probable »', () => {
  it('QueueCounts compte « À vérifier », le met en avant (« à traiter ») et le propose comme filtre', async () => {
    await entryToCheck(app, [candidate()])
    await entryToCheck(app, [candidate()], undefined, valid.evp({ matricule: 'M002' }))
    wrapper = mountIn(app, QueueCounts, { selectedState: undefined, counts: await useOutboxStore().readCounts() })
    await flushPromises()

    const toCheck = wrapper.find('[data-testid="state-count-to_check"]')
    expect(toCheck.attributes('data-count')).toBe('2')
    expect(toCheck.text()).toContain('À vérifier')
    expect(toCheck.text()).toContain('à traiter')
    expect(toCheck.attributes('data-needs-clerk')).toBe('true')
    // Other states with entries are not flagged for the clerk.
    expect(wrapper.find('[data-testid="state-count-queued"]').attributes('data-needs-clerk')).toBeUndefined()
    expect(wrapper.find(`[data-testid="siren-count-${SIREN}-to_check"]`).text()).toBe('2')
    await toCheck.trigger('click')
    expect(wrapper.emitted('filter')).toEqual([[{ state: 'to_check' }]])
  })

  it('QueueCounts : plus de mise en avant une fois les décisions prises', async () => {
    const entry = await entryToCheck(app, [candidate()])
    await decideToCheck(app.db, entry.clientId, { type: 'cancel' }, 'Profil Démo', app.env)
    wrapper = mountIn(app, QueueCounts, { selectedState: undefined, counts: await useOutboxStore().readCounts() })
    await flushPromises()
    const toCheck = wrapper.find('[data-testid="state-count-to_check"]')
    expect(toCheck.attributes('data-count')).toBe('0')
    expect(toCheck.text()).not.toContain('à traiter')
  })

  it('QueueList montre « À vérifier » avec son motif, et le badge « Doublon probable » sur une saisie synchronisée', async () => {
    const toCheck = await entryToCheck(app, [candidate()])
    const flagged = await entryWithDuplicates(app, '0b7c3c9e-1f2a-4d5b-8c6d-7e8f9a0b1c2d', [candidate()])
    const rows: StoredEntry[] = [toCheck, flagged]
    // happy-dom lays nothing out: the list's scroller gets the height of a screen, so the virtualiser renders rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
    wrapper = mountIn(app, QueueList, { total: rows.length, row: (i: number) => rows[i] })
    await flushPromises()

    const toCheckRow = wrapper.find(`[data-testid="queue-row-${toCheck.clientId}"]`)
    expect(toCheckRow.attributes('data-state')).toBe('to_check')
    expect(toCheckRow.find('.badge').text()).toBe('À vérifier')
    expect(toCheckRow.find('[data-testid="queue-row-error"]').text()).toContain('élément identique')
    expect(toCheckRow.find('[data-testid="queue-row-duplicate"]').exists()).toBe(false)

    const flaggedRow = wrapper.find(`[data-testid="queue-row-${flagged.clientId}"]`)
    expect(flaggedRow.attributes('data-duplicate')).toBe('true')
    expect(flaggedRow.find('[data-testid="queue-row-duplicate"]').text()).toBe('Doublon probable')
    expect(flaggedRow.find('.badge-synced').text()).toBe('Synchronisé')
  })
})

describe('l’historique d’une saisie : les décisions en clair', () => {
  it('dit quelle décision, par qui et quand, pour chaque enregistrement DECISION du journal', async () => {
    const linked = candidate()
    const entry = await entryToCheck(app, [linked])
    await decideToCheck(app.db, entry.clientId, { type: 'link', serverId: linked.id }, 'Profil Démo', {
      now: () => '2026-11-24T09:32:00.000Z',
      newId: () => crypto.randomUUID(),
    })
    const audit = await auditOfEntries(app.db, [entry.clientId])
    wrapper = mountIn(app, EntryHistory, { revisions: [], audit, summarize: () => '' })
    await flushPromises()

    const index = audit.findIndex((a) => a.method === 'DECISION')
    const row = wrapper.find(`[data-testid="audit-decision-${index}"]`)
    const when = new Intl.DateTimeFormat('fr-FR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date('2026-11-24T09:32:00.000Z'))
    expect(row.text()).toBe(`Décision : c’est le même (élément ${linked.id}) — par Profil Démo, le ${when}`)
    expect(wrapper.find(`[data-testid="audit-row-${index}"]`).attributes('data-decision')).toBe('decision:lier')
  })

  it('« envoyer quand même » nomme les éléments écartés', async () => {
    const a = candidate()
    const b = candidate()
    const entry = await entryToCheck(app, [a, b])
    await decideToCheck(app.db, entry.clientId, { type: 'send_anyway' }, 'Profil Démo', app.env)
    const audit = await auditOfEntries(app.db, [entry.clientId])
    wrapper = mountIn(app, EntryHistory, { revisions: [], audit, summarize: () => '' })
    await flushPromises()
    const text = wrapper.find('[data-testid="entry-audit"]').text()
    expect(text).toContain(`Décision : envoyer quand même (éléments écartés : ${a.id}, ${b.id}) — par Profil Démo, le `)
  })
})

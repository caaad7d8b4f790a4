// @vitest-environment happy-dom
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { useToasts } from '../../../src-renderer/components/useToasts'
import { useOutboxStore } from '../../../src-renderer/stores/outbox'
import ToCheckPanel from '../../../src-renderer/features/entry/ToCheckPanel.vue'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import { candidate, entryToCheck, mountIn, testApp, until } from '../support/mount'
import type { TestApp } from '../support/mount'
import { valid } from '../support/fixtures'
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

function text(testId: string): string {
  return wrapper?.find(`[data-testid="${testId}"]`).text() ?? ''
}

/** Clicks `testId`, then the dialog's confirm (or back) button, and waits for the decision to settle. */
async function decide(testId: string, answer: 'confirm-yes' | 'confirm-no'): Promise<void> {
  if (wrapper === undefined) throw new Error('non monté')
  await wrapper.find(`[data-testid="${testId}"]`).trigger('click')
  await flushPromises()
  const dialog = wrapper.find('[data-testid="confirm-dialog"]').element as HTMLDialogElement
  expect(dialog.open).toBe(true)
  await wrapper.find(`[data-testid="${answer}"]`).trigger('click')
  await flushPromises()
}

async function auditOf(entry: StoredEntry) {
  return auditOfEntries(app.db, [entry.clientId])
}

describe('ToCheckPanel : une saisie « à vérifier » à côté de ses candidats', () => {
  it('montre le motif, la saisie et chaque candidat, et marque en toutes lettres les valeurs qui diffèrent', async () => {
    // The service filled in the only contract the entry left empty: not a difference (as the sync's matching holds).
    const same = candidate({
      cree_par: 'gestionnaire-2',
      fields: { cree_par: 'gestionnaire-2', numero_contrat: 'M001-01', quantite: '3.5' },
    })
    const other = candidate({ relation: 'meme_element', fields: { quantite: '4.00', commentaire: 'Saisi sur le portail' } })
    const absentCreator = candidate()
    const withoutCreator = Object.fromEntries(Object.entries(absentCreator.fields).filter(([key]) => key !== 'cree_par'))
    const notStated = { ...absentCreator, fields: withoutCreator }
    const entry = await entryToCheck(app, [same, other, notStated], {
      code: 'CANDIDATS_MULTIPLES',
      message: 'Plusieurs éléments du service peuvent être cette saisie.',
      status: null,
      champs: [],
    })
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()

    expect(text('to-check-reason')).toContain('CANDIDATS_MULTIPLES')
    // Worded by its code in the interface's language (main's message is for the log).
    expect(text('to-check-reason')).toContain('Plusieurs éléments du service de paie pourraient correspondre à cette saisie')
    expect(text('compare-col-entry')).toBe('Votre saisie')
    expect(text(`compare-col-${same.id}`)).toContain(same.id)
    // The quantity: 3,5 entered, 3,5 on the identical record ("3.50" both), 4 on the other one.
    expect(text('compare-cell-quantite-entry')).toContain('3,5')
    expect(wrapper.find(`[data-testid="compare-cell-quantite-${same.id}"]`).attributes('data-differs')).toBe('false')
    const differing = wrapper.find(`[data-testid="compare-cell-quantite-${other.id}"]`)
    expect(differing.attributes('data-differs')).toBe('true')
    expect(differing.text()).toContain('diffère')
    expect(text(`compare-cell-quantite-${same.id}`)).not.toContain('diffère')
    expect(wrapper.find(`[data-testid="compare-cell-numero_contrat-${same.id}"]`).attributes('data-differs')).toBe('false')
    expect(text(`compare-cell-numero_contrat-${same.id}`)).toBe('M001-01')
    expect(wrapper.find(`[data-testid="compare-cell-commentaire-${other.id}"]`).attributes('data-differs')).toBe('true')
    expect(text(`compare-relation-${same.id}`)).toBe('identique')
    expect(text(`compare-relation-${other.id}`)).toBe('même élément, autres valeurs')
    expect(text(`compare-creator-${same.id}`)).toBe('gestionnaire-2')
    expect(text(`compare-creator-${other.id}`)).toBe('hors API (portail, écrans du logiciel)')
    expect(text(`compare-creator-${notStated.id}`)).toBe('non indiqué')
    expect(wrapper.findAll('[data-testid^="link-"]')).toHaveLength(3)
  })

  it('« C’est le même » : après confirmation, la saisie est synchronisée sur ce candidat, la décision est au journal, un message le dit', async () => {
    const first = candidate()
    const second = candidate()
    const entry = await entryToCheck(app, [first, second])
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()

    await decide(`link-${second.id}`, 'confirm-yes')
    await until('decision stored', async () => (await app.db.outbox.get(entry.clientId))?.state === 'synced')
    const row = await app.db.outbox.get(entry.clientId)
    expect(row).toMatchObject({ state: 'synced', serverId: second.id, candidates: null })
    const decision = (await auditOf(entry)).find((a) => a.method === 'DECISION')
    expect(decision).toMatchObject({
      operation: 'decision:lier',
      serverId: second.id,
      result: 'linked',
      errorBody: { utilisateur: 'Profil Démo', candidats: [first.id, second.id], motif: 'IDENTIQUE_EXISTANT' },
    })
    expect(useToasts().toasts.value.map((t) => t.message)).toContain(`Saisie rattachée à l’élément ${second.id} du service.`)
    expect(wrapper.emitted('decided')?.[0]?.[0]).toMatchObject({ state: 'synced' })
    // The counts the header and the queue show moved with it (the store refreshed them after the transaction).
    expect(useOutboxStore().countsByState).toMatchObject({ to_check: 0, synced: 1 })
  })

  it('« Envoyer quand même » : la saisie repart en file, les candidats vus sont écartés pour toujours', async () => {
    const seen = candidate()
    const entry = await entryToCheck(app, [seen])
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()

    await decide('send-anyway', 'confirm-yes')
    await until('decision stored', async () => (await app.db.outbox.get(entry.clientId))?.state === 'queued')
    expect(await app.db.outbox.get(entry.clientId)).toMatchObject({ state: 'queued', serverId: null, dismissedServerIds: [seen.id] })
    const decision = (await auditOf(entry)).find((a) => a.method === 'DECISION')
    expect(decision).toMatchObject({
      operation: 'decision:envoyer',
      result: 'send_anyway',
      errorBody: { utilisateur: 'Profil Démo', candidats: [seen.id] },
    })
    expect(useToasts().toasts.value.map((t) => t.message)).toContain('Saisie remise en file : elle sera envoyée comme un nouvel élément.')
  })

  it('« Annuler ma saisie » : la saisie est annulée, rien ne partira, la décision est au journal', async () => {
    const entry = await entryToCheck(app, [candidate()])
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()

    await decide('cancel-to-check', 'confirm-yes')
    await until('decision stored', async () => (await app.db.outbox.get(entry.clientId))?.state === 'cancelled')
    const decision = (await auditOf(entry)).find((a) => a.method === 'DECISION')
    expect(decision).toMatchObject({
      operation: 'decision:annuler',
      result: 'cancelled',
      serverId: null,
      errorBody: { utilisateur: 'Profil Démo' },
    })
    expect(await app.db.counts.get([valid.evp().siren, 'cancelled'])).toMatchObject({ n: 1 })
  })

  it('revenir sans décider (bouton ou Échap) ne change rien : ni la saisie, ni le journal', async () => {
    const only = candidate()
    const entry = await entryToCheck(app, [only])
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()

    for (const testId of [`link-${only.id}`, 'send-anyway', 'cancel-to-check']) {
      await decide(testId, 'confirm-no')
      expect((wrapper.find('[data-testid="confirm-dialog"]').element as HTMLDialogElement).open).toBe(false)
    }
    // Escape on the open dialog: the browser's `cancel` event.
    await wrapper.find('[data-testid="send-anyway"]').trigger('click')
    await flushPromises()
    const dialog = wrapper.find('[data-testid="confirm-dialog"]')
    await dialog.trigger('cancel')
    await flushPromises()
    expect((dialog.element as HTMLDialogElement).open).toBe(false)

    expect(await app.db.outbox.get(entry.clientId)).toMatchObject({ state: 'to_check', candidates: [only] })
    expect((await auditOf(entry)).filter((a) => a.method === 'DECISION')).toEqual([])
    expect(wrapper.emitted('decided')).toBeUndefined()
  })

  it('une décision déjà prise ailleurs (autre fenêtre) est refusée avec un message, sans seconde écriture', async () => {
    const only = candidate()
    const entry = await entryToCheck(app, [only])
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()
    const { decideToCheck } = await import('../../../src-renderer/db/outbox')
    await decideToCheck(app.db, entry.clientId, { type: 'cancel' }, 'Autre fenêtre', app.env)

    await decide(`link-${only.id}`, 'confirm-yes')
    await until('error shown', () =>
      useToasts().toasts.value.some((t) => t.kind === 'error' && t.message.includes('n’est plus « à vérifier »')),
    )
    expect(await app.db.outbox.get(entry.clientId)).toMatchObject({ state: 'cancelled', serverId: null })
    expect((await auditOf(entry)).filter((a) => a.method === 'DECISION')).toHaveLength(1)
  })
})

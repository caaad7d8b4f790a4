// @vitest-environment happy-dom
/**
 * The EVP grid screen (EvpGridView.vue) with an employee holding two contracts in the period and a code the cabinet
 * does not see: one row per contract, an EVP typed or pasted in a contract row queued with that contract's
 * `numero_contrat`, the employer's code without a column but named. Real stores on a real IndexedDB.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'

import EvpGridView from '../../../src-renderer/features/evp/EvpGridView.vue'
import { CodeEvp } from '../../../src-shared/api/codification'
import { Salarie } from '../../../src-shared/api/salaries'
import { SIREN, salaries, snapshot } from '../support/fixtures'
import { mountAt, testApp, until, withReference } from '../support/mount'
import type { TestApp } from '../support/mount'

let app: TestApp
let wrapper: VueWrapper | undefined

const twoContracts = Salarie.parse({
  ...salaries[0],
  matricule: 'M050',
  nom: 'Lefebvre',
  contrats: [
    { numero_contrat: 'C1', nature_contrat: '01', date_debut: '2020-01-01', date_fin: null },
    { numero_contrat: 'C2', nature_contrat: '02', date_debut: '2026-11-10', date_fin: '2026-12-31' },
  ],
})
const employerCode = CodeEvp.parse({
  code: 'OBJEMP',
  libelle: 'Prime sur objectifs (saisie par l’employeur)',
  libelle_court: 'Objectifs',
  famille: 'remuneration',
  format: 'montant',
  unite: 'euros',
  ordre: 99,
  masque: false,
  visibilite: { gp: false, employeur: true },
})

beforeEach(async () => {
  app = await testApp()
  // The reference cache (Dexie) holds them: the outbox checks entries against it.
  const base = snapshot()
  const value = {
    ...base,
    salaries: [...base.salaries, twoContracts],
    codesEvp: { ...base.codesEvp, [SIREN]: [...(base.codesEvp[SIREN] ?? []), employerCode] },
  }
  await withReference(app, value)
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

async function open(query: string): Promise<VueWrapper> {
  wrapper = await mountAt(app, `/${query}`, EvpGridView, { siren: SIREN })
  await flushPromises()
  return wrapper
}

async function press(w: VueWrapper, name: string): Promise<void> {
  const editor = w.find('input.cell-editor')
  const target = editor.exists() ? editor.element : w.find('[role="gridcell"][aria-selected="true"]').element
  target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }))
  await nextTick()
  await nextTick()
}

async function queued(n: number): Promise<{ matricule: string; payload: Record<string, unknown> }[]> {
  await until(`${String(n)} saisies en file`, async () => {
    await flushPromises()
    return (await app.db.outbox.count()) === n
  })
  const rows = await app.db.outbox.toArray()
  return rows.map((r) => ({ matricule: r.matricule, payload: { ...(r.payload ?? {}) } }))
}

describe('grille EVP : contrats multiples et visibilité des codes', () => {
  it('met en file une saisie tapée dans chaque ligne de contrat avec le numéro de ce contrat', async () => {
    const w = await open('?q=M050')
    expect(w.findAll('[role="row"][data-testid^="row-"]').map((r) => r.attributes('data-testid'))).toEqual(['row-M050-C1', 'row-M050-C2'])
    await w.find('[data-testid="cell-M050-C1-HS25"]').trigger('mousedown')
    await press(w, '4')
    await press(w, 'Enter')
    await press(w, '6')
    await press(w, 'Enter')

    const saved = await queued(2)
    expect(saved.map((e) => [e.payload['numero_contrat'], e.payload['quantite']]).sort()).toEqual([
      ['C1', '4'],
      ['C2', '6'],
    ])
    await until('cellules enregistrées', async () => {
      await flushPromises()
      return w.find('[data-testid="cell-M050-C2-HS25"]').attributes('data-state') === 'queued'
    })
    expect(w.find('[data-testid="cell-M050-C1-HS25"]').text()).toBe('4')
  })

  it('colle un bloc ligne par ligne de contrat, et une seule ligne sans contrat pour un salarié à un contrat', async () => {
    const w = await open('?q=M0')
    const keys = w.findAll('[role="row"][data-testid^="row-"]').map((r) => r.attributes('data-testid'))
    // « M0 » also finds « Nom0 » (G000), listed after them.
    expect(keys.slice(0, 4)).toEqual(['row-M002', 'row-M001', 'row-M050-C1', 'row-M050-C2'])
    await w.find('[data-testid="cell-M002-HS25"]').trigger('mousedown')
    const paste = new Event('paste', { bubbles: true, cancelable: true })
    Object.defineProperty(paste, 'clipboardData', { value: { getData: () => '1\r\n2\r\n3\r\n4\r\n' } })
    w.find('table').element.dispatchEvent(paste)

    const saved = await queued(4)
    const byRow = saved.map((e) => [e.matricule, e.payload['numero_contrat'] ?? null, e.payload['quantite']])
    expect(byRow.sort()).toEqual([
      ['M001', null, '2'],
      ['M002', null, '1'],
      ['M050', 'C1', '3'],
      ['M050', 'C2', '4'],
    ])
  })

  it('n’offre pas de colonne pour un code que le cabinet ne voit pas, le nomme, et dit qui voit chaque code', async () => {
    const w = await open('?q=M050')
    expect(w.find('[data-testid="col-OBJEMP"]').exists()).toBe(false)
    expect(w.find('[data-testid="grid-employer-codes"]').text()).toBe(
      'Code saisi par l’employeur, non proposé au cabinet : OBJEMP (Prime sur objectifs (saisie par l’employeur)).',
    )
    expect(w.find('[data-testid="visibility-HS25"]').text()).toBe('GP + employeur')
    expect(w.find('[data-testid="contract-M050-C2"]').text()).toBe('C2 · CDD')
  })
})

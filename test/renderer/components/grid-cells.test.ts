// @vitest-environment happy-dom
/**
 * The cells of the two keyboard grids as tests, e2e and assistive technology read them (EvpGrid.vue's rows and
 * CumulsGrid.vue): role gridcell with its column index, the active cell alone selected and in the tab order, a refused
 * or unreadable cell marked invalid with its message as title, the state as a class and `data-state`, and the editor
 * opened in the active cell with the label naming the code and the employee.
 */
import { mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { Component } from 'vue'

import CumulsGrid from '../../../src-renderer/features/cumuls/CumulsGrid.vue'
import type { CumulCellView } from '../../../src-renderer/features/cumuls/cumulCells'
import EvpGrid from '../../../src-renderer/features/evp/grid/EvpGrid.vue'
import type { CellView } from '../../../src-renderer/features/evp/grid/evpCellModel'
import { gridRows } from '../../../src-renderer/features/evp/grid/gridRows'
import { createAppI18n } from '../../../src-renderer/i18n'
import { Salarie } from '../../../src-shared/api/salaries'
import { SIREN, codesEvp, salaries } from '../support/fixtures'

const employees = salaries.filter((s) => s.siren === SIREN).slice(0, 2)
const [m1, m2] = employees.map((s) => s.matricule) as [string, string]

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

/** Mounts a grid in the document with the French catalogue. */
function mountGrid(grid: Component, props: Record<string, unknown>): VueWrapper {
  wrapper = mount(grid, { props, attachTo: document.body, global: { plugins: [createAppI18n('fr')] } })
  return wrapper
}

function attrs(w: VueWrapper, testId: string): Record<string, string> {
  const { class: cls, ...rest } = w.get(`[data-testid="${testId}"]`).attributes()
  return {
    ...rest,
    class: (cls ?? '')
      .split(' ')
      .filter((c) => c !== '' && !c.startsWith('data-v'))
      .join(' '),
  }
}

describe('EVP grid cells', () => {
  const views: Record<string, CellView> = {
    [`${m1}|HS25`]: { text: '2,5x', status: 'invalid', message: 'Nombre illisible', clientId: null },
    [`${m1}|OBS`]: { text: 'note', status: 'service', message: null, clientId: null },
    [`${m2}|HS25`]: { text: '3', status: 'rejected', message: null, clientId: 'c1' },
  }
  function mountEvp(): VueWrapper {
    return mountGrid(EvpGrid, {
      rows: gridRows(employees, '2026-11'),
      codes: codesEvp,
      cell: (m: string, c: string) => views[`${m}|${c}`] ?? { text: '', status: null, message: null, clientId: null },
      label: 'Saisie des EVP',
    })
  }

  it('marks the active cell, the states and the invalid cells, and opens the labelled editor in the active cell', async () => {
    const w = mountEvp()
    const first = attrs(w, `cell-${m1}-HS25`)
    expect(first).toMatchObject({ role: 'gridcell', 'aria-selected': 'true', tabindex: '0', 'aria-invalid': 'true' })
    expect(first).toMatchObject({ title: 'Nombre illisible', 'data-state': 'invalid', class: 'st-invalid active' })
    expect(Number(first['aria-colindex'])).toBe(2)
    const obs = attrs(w, `cell-${m1}-OBS`)
    expect(obs).toMatchObject({ 'aria-selected': 'false', tabindex: '-1', 'data-state': 'service', class: 'st-service cell-text' })
    expect(obs['aria-invalid']).toBeUndefined()
    expect(Number(obs['aria-colindex'])).toBe(1 + 1 + codesEvp.findIndex((c) => c.code === 'OBS'))
    expect(attrs(w, `cell-${m2}-HS25`)).toMatchObject({ 'aria-invalid': 'true', 'data-state': 'rejected', class: 'st-rejected' })
    expect(attrs(w, `cell-${m2}-HS25`).title).toBeTruthy()
    expect(attrs(w, `cell-${m2}-OBS`)).toMatchObject({ 'data-state': '', class: 'st-empty cell-text' })
    expect(attrs(w, `cell-${m2}-OBS`).title).toBeUndefined()

    await w.get(`[data-testid="cell-${m1}-HS25"]`).trigger('dblclick')
    expect(attrs(w, `cell-${m1}-HS25`).class).toBe('st-invalid active editing')
    const editor = w.get('[data-testid="cell-editor"]')
    expect(editor.attributes()).toMatchObject({ type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false' })
    expect(editor.attributes('aria-label')).toMatch(/^Heures supplémentaires à 25 % – /)
    expect((editor.element as HTMLInputElement).value).toBe('2,5x')
  })
})

describe('EVP grid cells of a contract row', () => {
  it('names the contract in the editor’s label', async () => {
    const first = employees[0]
    if (first === undefined) throw new Error('un salarié attendu')
    const twoContracts = Salarie.parse({
      ...first,
      contrats: [
        { numero_contrat: 'C1', nature_contrat: '01', date_debut: '2020-01-01', date_fin: null },
        { numero_contrat: 'C2', nature_contrat: '02', date_debut: '2026-11-10', date_fin: '2026-12-31' },
      ],
    })
    const w = mountGrid(EvpGrid, {
      rows: gridRows([twoContracts], '2026-11'),
      codes: codesEvp,
      cell: () => ({ text: '', status: null, message: null, clientId: null }),
      label: 'Saisie des EVP',
    })
    await w.get(`[data-testid="cell-${m1}-C2-HS25"]`).trigger('mousedown')
    await w.get(`[data-testid="cell-${m1}-C2-HS25"]`).trigger('dblclick')
    expect(w.get('[data-testid="cell-editor"]').attributes('aria-label')).toMatch(/^Heures supplémentaires à 25 % – .+ – Contrat C2$/)
  })
})

describe('cumuls grid cells', () => {
  const views: Record<string, CumulCellView> = {
    'M001|BRUT': { text: '12x', status: 'invalid', message: 'nombre' },
    'M001|NET': { text: '10', status: 'rejected', message: 'Valeur refusée' },
    'M002|BRUT': { text: '18 000,50', status: 'service', message: null },
  }
  function mountCumuls(): VueWrapper {
    return mountGrid(CumulsGrid, {
      rows: [
        { matricule: 'M001', nom: 'Martin Claire' },
        { matricule: 'M002', nom: 'Roux Julien' },
      ],
      columns: [
        { code: 'BRUT', libelle: 'Brut', categorie: 'remuneration', codeMoteur: 'C_BRUT' },
        { code: 'NET', libelle: 'Net', categorie: 'remuneration', codeMoteur: 'C_NET' },
      ],
      cell: (m: string, c: string) => views[`${m}|${c}`] ?? { text: '', status: null, message: null },
      label: 'Cumuls',
    })
  }

  it('marks the active cell, the states and the invalid cells, and opens the labelled editor in the active cell', async () => {
    const w = mountCumuls()
    expect(attrs(w, 'ccell-M001-BRUT')).toMatchObject({
      role: 'gridcell',
      'aria-colindex': '2',
      'aria-selected': 'true',
      tabindex: '0',
      'aria-invalid': 'true',
      'data-state': 'invalid',
      class: 'st-invalid active',
    })
    expect(attrs(w, 'ccell-M001-BRUT').title).toBeTruthy()
    expect(attrs(w, 'ccell-M001-NET')).toMatchObject({
      'aria-colindex': '3',
      'aria-selected': 'false',
      tabindex: '-1',
      'aria-invalid': 'true',
      title: 'Valeur refusée',
      class: 'st-rejected',
    })
    expect(attrs(w, 'ccell-M002-BRUT')).toMatchObject({ 'data-state': 'service', class: 'st-service' })
    expect(attrs(w, 'ccell-M002-BRUT')['aria-invalid']).toBeUndefined()
    expect(attrs(w, 'ccell-M002-NET')).toMatchObject({ 'data-state': '', class: 'st-empty' })
    expect(attrs(w, 'ccell-M002-NET').title).toBeUndefined()

    await w.get('[data-testid="ccell-M002-NET"]').trigger('mousedown')
    await w.get('[data-testid="ccell-M002-NET"]').trigger('dblclick')
    expect(attrs(w, 'ccell-M002-NET')).toMatchObject({ 'aria-selected': 'true', tabindex: '0', class: 'st-empty active' })
    const editor = w.get('[data-testid="ccell-editor"]')
    expect(editor.attributes()).toMatchObject({
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      'aria-label': 'Net – Roux Julien',
    })
  })
})

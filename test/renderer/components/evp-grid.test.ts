// @vitest-environment happy-dom
/**
 * The EVP grid's keyboard model as the clerk meets it (EvpGrid.vue over gridNav.ts), mounted in a DOM: arrows and
 * Tab move the active cell, Enter or typing opens the editor, Enter / Tab / an arrow commit what was typed and move,
 * Escape drops it, Delete empties a cell, a pasted block is placed from the active cell, copy takes the active
 * cell's text. The grid has no undo: a change is a new entry in the queue, cancelled from there. An employee with
 * several contracts in the period has one row per contract (its number and nature in a contract column): the keyboard
 * moves and a paste fills those rows like any other; the column headers say who sees each code's elements.
 */
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'

import EvpGrid from '../../../src-renderer/features/evp/grid/EvpGrid.vue'
import type { CellView } from '../../../src-renderer/features/evp/grid/evpCellModel'
import { gridRows, type GridRow } from '../../../src-renderer/features/evp/grid/gridRows'
import type { PastePlan } from '../../../src-renderer/features/evp/grid/paste'
import { createAppI18n } from '../../../src-renderer/i18n'
import { Salarie } from '../../../src-shared/api/salaries'
import { SIREN, codesEvp, salaries } from '../support/fixtures'

const employees = salaries.filter((s) => s.siren === SIREN).slice(0, 3)
const rows = gridRows(employees, '2026-11')
const [m1, m2, m3] = employees.map((s) => s.matricule) as [string, string, string]
/** Texts shown by the cells: M001 has 2 hours, the rest is empty. */
const texts = new Map([[`${m1}|HS25`, '2']])

function cell(matricule: string, code: string): CellView {
  return { text: texts.get(`${matricule}|${code}`) ?? '', status: null, message: null, clientId: null }
}

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

function mountGrid(gridRowsShown: readonly GridRow[] = rows): VueWrapper {
  wrapper = mount(EvpGrid, {
    props: { rows: gridRowsShown, codes: codesEvp, cell, label: 'Saisie des EVP' },
    attachTo: document.body,
    global: { plugins: [createAppI18n('fr')] },
  })
  return wrapper
}

/** Test id of the active cell (the one with tabindex 0 and aria-selected). */
function active(w: VueWrapper): string {
  const selected = w.findAll('[role="gridcell"][aria-selected="true"]')
  expect(selected).toHaveLength(1)
  expect(selected[0]?.attributes('tabindex')).toBe('0')
  return selected[0]?.attributes('data-testid') ?? ''
}

async function key(w: VueWrapper, name: string, extra: Partial<KeyboardEventInit> = {}): Promise<KeyboardEvent> {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...extra })
  const target = w.find('input.cell-editor').exists()
    ? w.find('input.cell-editor').element
    : w.find('[role="gridcell"][aria-selected="true"]').element
  target.dispatchEvent(event)
  await nextTick()
  await nextTick()
  return event
}

async function type(w: VueWrapper, text: string): Promise<void> {
  await w.find('input.cell-editor').setValue(text)
}

function commits(w: VueWrapper): { row: number; col: number; text: string }[] {
  return (w.emitted('commit') ?? []).map((args) => args[0] as { row: number; col: number; text: string })
}

function clipboardEvent(kind: 'paste' | 'copy', text = ''): { event: Event; written: () => string } {
  let written = ''
  const event = new Event(kind, { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'clipboardData', {
    value: {
      getData: () => text,
      setData: (_type: string, value: string) => {
        written = value
      },
    },
  })
  return { event, written: () => written }
}

describe('EVP grid keyboard model', () => {
  it('moves the active cell with the arrows, Tab and Shift+Tab, never outside the grid', async () => {
    const w = mountGrid()
    expect(active(w)).toBe(`cell-${m1}-HS25`)
    expect((await key(w, 'ArrowDown')).defaultPrevented).toBe(true)
    expect(active(w)).toBe(`cell-${m2}-HS25`)
    await key(w, 'ArrowRight')
    expect(active(w)).toBe(`cell-${m2}-OBS`)
    await key(w, 'ArrowRight')
    expect(active(w)).toBe(`cell-${m2}-OBS`)
    await key(w, 'ArrowDown')
    await key(w, 'ArrowDown')
    expect(active(w)).toBe(`cell-${m3}-OBS`)
    await key(w, 'Tab', { shiftKey: true })
    expect(active(w)).toBe(`cell-${m3}-HS25`)
    await key(w, 'Tab')
    expect(active(w)).toBe(`cell-${m3}-OBS`)
    await key(w, 'ArrowUp', { ctrlKey: true })
    expect(active(w)).toBe(`cell-${m1}-HS25`)
    expect(w.emitted('commit')).toBeUndefined()
  })

  it('lets Tab leave the grid from its last column (no keyboard trap)', async () => {
    const w = mountGrid()
    await key(w, 'End')
    expect(active(w)).toBe(`cell-${m1}-OBS`)
    const tab = await key(w, 'Tab')
    expect(tab.defaultPrevented).toBe(false)
    expect(active(w)).toBe(`cell-${m1}-OBS`)
  })

  it('opens the editor on Enter keeping the value, commits the typed text on Enter and moves down', async () => {
    const w = mountGrid()
    await key(w, 'Enter')
    const editor = w.find('[data-testid="cell-editor"]')
    expect(editor.exists()).toBe(true)
    expect((editor.element as HTMLInputElement).value).toBe('2')
    await type(w, '3,5')
    await key(w, 'Enter')
    expect(commits(w)).toEqual([{ row: 0, col: 0, text: '3,5' }])
    expect(w.find('[data-testid="cell-editor"]').exists()).toBe(false)
    expect(active(w)).toBe(`cell-${m2}-HS25`)
  })

  it('replaces the value when the clerk types on a cell, and commits with Tab (right) or an arrow (down)', async () => {
    const w = mountGrid()
    await key(w, '7')
    expect((w.find('input.cell-editor').element as HTMLInputElement).value).toBe('7')
    await key(w, 'Tab')
    expect(active(w)).toBe(`cell-${m1}-OBS`)
    await key(w, 'R')
    await type(w, 'Retard')
    await key(w, 'ArrowDown')
    expect(commits(w)).toEqual([
      { row: 0, col: 0, text: '7' },
      { row: 0, col: 1, text: 'Retard' },
    ])
    expect(active(w)).toBe(`cell-${m2}-OBS`)
  })

  it('drops the edit on Escape and does not commit an unchanged value', async () => {
    const w = mountGrid()
    await key(w, '9')
    await key(w, 'Escape')
    expect(w.find('input.cell-editor').exists()).toBe(false)
    await key(w, 'F2')
    await key(w, 'Enter')
    expect(w.emitted('commit')).toBeUndefined()
    expect(active(w)).toBe(`cell-${m2}-HS25`)
  })

  it('empties a filled cell on Delete, and does nothing on an empty one', async () => {
    const w = mountGrid()
    await key(w, 'Delete')
    await key(w, 'ArrowDown')
    await key(w, 'Backspace')
    expect(commits(w)).toEqual([{ row: 0, col: 0, text: '' }])
  })

  it('places a pasted block from the active cell, and refuses one that overflows the grid', async () => {
    const w = mountGrid()
    await key(w, 'ArrowDown')
    const fits = clipboardEvent('paste', '1\tRetard\r\n2\t\r\n')
    w.find('table').element.dispatchEvent(fits.event)
    expect(fits.event.defaultPrevented).toBe(true)
    const overflow = clipboardEvent('paste', '1\n2\n3')
    w.find('table').element.dispatchEvent(overflow.event)
    const plans = (w.emitted('paste') ?? []).map((args) => args[0] as PastePlan)
    expect(plans).toEqual([
      {
        ok: true,
        cells: [
          { row: 1, col: 0, raw: '1' },
          { row: 1, col: 1, raw: 'Retard' },
          { row: 2, col: 0, raw: '2' },
        ],
      },
      { ok: false, reason: 'lignesEnTrop', rows: 3, available: 2 },
    ])
  })

  it('copies the active cell’s text', () => {
    const w = mountGrid()
    const copy = clipboardEvent('copy')
    w.find('table').element.dispatchEvent(copy.event)
    expect(copy.written()).toBe('2')
  })

  it('moves to a cell named by the error panel (focusCell)', async () => {
    const w = mountGrid()
    ;(w.vm as unknown as { focusCell: (matricule: string, code: string) => void }).focusCell(m3, 'OBS')
    await nextTick()
    expect(active(w)).toBe(`cell-${m3}-OBS`)
  })
})

/** An employee of the fixtures' dossier with a CDI (C1) and, since 10 November, a CDD (C2) in 2026-11. */
const twoContracts = Salarie.parse({
  ...employees[1],
  matricule: 'M050',
  nom: 'Lefebvre',
  contrats: [
    { numero_contrat: 'C2', nature_contrat: '02', date_debut: '2026-11-10', date_fin: '2026-12-31' },
    { numero_contrat: 'C1', nature_contrat: '01', date_debut: '2020-01-01', date_fin: null },
  ],
})

describe('EVP grid with the contract rows of an employee holding several contracts', () => {
  const contractRows = gridRows([employees[0]!, twoContracts, employees[2]!], '2026-11')

  it('shows one row per contract with its number and nature, and who sees each code in the column header', () => {
    expect(contractRows.map((r) => r.key)).toEqual([m1, 'M050-C1', 'M050-C2', m3])
    const w = mountGrid(contractRows)
    expect(w.find('table').attributes('aria-colcount')).toBe(String(codesEvp.length + 2))
    expect(w.find('[data-testid="contract-column"]').text()).toBe('Contrat')
    expect(w.find('[data-testid="contract-M050-C1"]').text()).toBe('C1 · CDI')
    expect(w.find('[data-testid="contract-M050-C2"]').text()).toBe('C2 · CDD')
    expect(w.find('[data-testid="contract-M050-C2"]').attributes('title')).toBe('Contrat C2 (CDD), du 10/11/2026 au 31/12/2026')
    // An employee's only row shows his only contract (muted), never an empty header.
    expect(w.find(`[data-testid="contract-${m1}"]`).text()).toBe('C1 · CDI')
    expect(w.find(`[data-testid="contract-${m1}"]`).classes()).toContain('only-contract')
    expect(w.find('[data-testid="visibility-HS25"]').text()).toBe('GP + employeur')
    expect(w.find('[data-testid="col-HS25"]').attributes('title')).toContain('visible par le cabinet et par l’employeur')
    // The first code cell of a row comes after both row headers.
    expect(w.find('[data-testid="cell-M050-C1-HS25"]').attributes('aria-colindex')).toBe('3')
  })

  it('moves through the contract rows with the arrows and commits a cell of each contract row by its row', async () => {
    const w = mountGrid(contractRows)
    await key(w, 'ArrowDown')
    expect(active(w)).toBe('cell-M050-C1-HS25')
    await key(w, '4')
    await key(w, 'Enter')
    expect(active(w)).toBe('cell-M050-C2-HS25')
    await key(w, '6')
    await key(w, 'Tab')
    expect(active(w)).toBe('cell-M050-C2-OBS')
    // Shift+Tab from the first code column leaves the grid: the contract column is a header, not a cell.
    await key(w, 'ArrowLeft')
    expect(active(w)).toBe('cell-M050-C2-HS25')
    expect((await key(w, 'Tab', { shiftKey: true })).defaultPrevented).toBe(false)
    expect(commits(w)).toEqual([
      { row: 1, col: 0, text: '4' },
      { row: 2, col: 0, text: '6' },
    ])
  })

  it('fills the contract rows with a pasted block, one line per row as shown', () => {
    const w = mountGrid(contractRows)
    const paste = clipboardEvent('paste', '1\r\n2\r\n3\r\n4')
    w.find('table').element.dispatchEvent(paste.event)
    const [plan] = (w.emitted('paste') ?? []).map((args) => args[0] as PastePlan)
    expect(plan).toEqual({
      ok: true,
      cells: [0, 1, 2, 3].map((row) => ({ row, col: 0, raw: String(row + 1) })),
    })
  })

  it('goes to a contract row’s cell named by the error panel', async () => {
    const w = mountGrid(contractRows)
    ;(w.vm as unknown as { focusCell: (key: string, code: string) => void }).focusCell('M050-C2', 'OBS')
    await nextTick()
    expect(active(w)).toBe('cell-M050-C2-OBS')
  })
})

describe('EVP grid cell titles', () => {
  /** M001's cells saving and refused without a message, M002's queued and unreadable, M003's the service's record. */
  function stateCell(matricule: string, code: string): CellView {
    const hs25 = code === 'HS25'
    const base = { text: '1', message: null, clientId: null }
    if (matricule === m1) return { ...base, status: hs25 ? 'saving' : 'rejected' }
    if (matricule === m2) return hs25 ? { ...base, status: 'queued' } : { ...base, status: 'invalid', message: 'Valeur illisible' }
    return { ...base, status: 'service' }
  }

  it.each(['fr', 'en'] as const)('names each state in the language shown (%s), translated once for every row', (locale) => {
    const i18n = createAppI18n(locale)
    const { t } = i18n.global
    wrapper = mount(EvpGrid, {
      props: { rows, codes: codesEvp, cell: stateCell, label: 'Saisie des EVP' },
      attachTo: document.body,
      global: { plugins: [i18n] },
    })
    const title = (matricule: string, code: string): string | undefined =>
      wrapper?.find(`[data-testid="cell-${matricule}-${code}"]`).attributes('title')
    const expected = [
      [m1, 'HS25', 'saisie.etatCellule.enregistrement'],
      [m1, 'OBS', 'etats.rejected'],
      [m2, 'HS25', 'etats.queued'],
      [m3, 'HS25', 'saisie.etatCellule.service'],
    ] as const
    for (const [matricule, code, key] of expected) {
      expect(t(key)).not.toBe(key)
      expect(title(matricule, code)).toBe(t(key))
    }
    expect(title(m2, 'OBS')).toBe('Valeur illisible')
  })
})

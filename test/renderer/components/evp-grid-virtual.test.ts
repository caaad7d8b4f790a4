// @vitest-environment happy-dom
/**
 * The EVP grid of a big dossier (issue 19, point 3): above 300 rows only the rows in view are rendered, between two
 * spacer rows, each with its aria-rowindex; the keyboard reaches every row (a move out of view brings the row in
 * and focuses its cell), and a paste covers rows not rendered. Below the threshold every row is rendered. A keystroke
 * renders only the rows it changes: none for a character typed in the editor, the two rows concerned by a move.
 */
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'

import EvpGrid from '../../../src-renderer/features/evp/grid/EvpGrid.vue'
import EvpGridRow from '../../../src-renderer/features/evp/grid/EvpGridRow.vue'
import type { CellView } from '../../../src-renderer/features/evp/grid/evpCellModel'
import { gridRows } from '../../../src-renderer/features/evp/grid/gridRows'
import type { PastePlan } from '../../../src-renderer/features/evp/grid/paste'
import { createAppI18n } from '../../../src-renderer/i18n'
import { SIREN, codesEvp, salaries } from '../support/fixtures'

const found = salaries.find((s) => s.siren === SIREN)
if (found === undefined) throw new Error('fixture sans salarié')
const model = found

/** `count` employees copied from the fixture's first one, matricules V0001…; one row each. */
function bigRows(count: number) {
  return gridRows(
    Array.from({ length: count }, (_, i) => ({ ...model, matricule: `V${String(i + 1).padStart(4, '0')}` })),
    '2026-11',
  )
}

const cellsAsked = new Set<string>()
function cell(matricule: string, code: string): CellView {
  cellsAsked.add(matricule)
  return { text: code === 'HS25' ? matricule.slice(1) : '', status: null, message: null, clientId: null }
}

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  cellsAsked.clear()
})

function mountGrid(count: number): VueWrapper {
  wrapper = mount(EvpGrid, {
    props: { rows: bigRows(count), codes: codesEvp, cell, label: 'Saisie des EVP' },
    attachTo: document.body,
    global: { plugins: [createAppI18n('fr')] },
  })
  return wrapper
}

function commits(w: VueWrapper): { row: number; col: number; text: string }[] {
  return (w.emitted('commit') ?? []).map((args) => args[0] as { row: number; col: number; text: string })
}

function renderedRows(w: VueWrapper): string[] {
  return w.findAll('tbody tr[role="row"]').map((r) => r.attributes('data-testid') ?? '')
}

async function key(w: VueWrapper, name: string, extra: Partial<KeyboardEventInit> = {}): Promise<void> {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...extra })
  w.find('[role="gridcell"][aria-selected="true"]').element.dispatchEvent(event)
  await nextTick()
}

describe('grille EVP virtualisée (1 000 salariés)', () => {
  it('renders only the rows in view, each with its aria-rowindex, and computes only their cells', () => {
    const w = mountGrid(1000)
    const shown = renderedRows(w)
    expect(shown.length).toBeGreaterThan(10)
    expect(shown.length).toBeLessThan(100)
    expect(shown[0]).toBe('row-V0001')
    expect(w.get('[role="grid"]').attributes('aria-rowcount')).toBe('1001')
    expect(w.get('[data-testid="row-V0002"]').attributes('aria-rowindex')).toBe('3')
    expect(w.find('[data-testid="grid-spacer-before"]').exists()).toBe(false)
    const after = w.get('[data-testid="grid-spacer-after"]')
    expect(after.attributes('aria-hidden')).toBe('true')
    expect(after.get('td').attributes('style')).toMatch(/^height: \d+(\.\d+)?px;?$/)
    expect(cellsAsked.size).toBe(shown.length)
    expect(w.find('[data-testid="row-V1000"]').exists()).toBe(false)
  })

  it('Ctrl+End reaches the last row: it is rendered and its cell focused', async () => {
    const w = mountGrid(1000)
    // happy-dom lays nothing out: the scroller gets the heights a browser would give it (1 000 rows of 29 px, 900 px shown).
    const scroller = w.get('.grid-scroll').element
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => 1000 * 29 + 40 })
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 900 })
    w.get('[data-testid="cell-V0001-HS25"]').element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    await nextTick()
    await key(w, 'End', { ctrlKey: true })
    await vi.waitFor(() => {
      expect(document.activeElement?.getAttribute('data-testid')).toMatch(/^cell-V1000-/)
    })
    expect(w.get('[data-testid="row-V1000"]').attributes('aria-rowindex')).toBe('1001')
    expect(w.find('[data-testid="row-V0001"]').exists()).toBe(false)
    expect(w.find('[data-testid="grid-spacer-before"]').exists()).toBe(true)
  })

  it('a paste from the first cell covers rows that are not rendered', async () => {
    const w = mountGrid(1000)
    const first = w.get('[data-testid="cell-V0001-HS25"]')
    first.element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    await nextTick()
    const text = Array.from({ length: 500 }, (_, i) => String(i + 1)).join('\n')
    const event = new Event('paste', { bubbles: true, cancelable: true })
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } })
    first.element.dispatchEvent(event)
    const plans = (w.emitted('paste') ?? []).map((args) => args[0] as PastePlan)
    expect(plans).toHaveLength(1)
    const plan = plans[0]
    if (plan === undefined || !plan.ok) throw new Error('collage refusé')
    expect(plan.cells).toHaveLength(500)
    expect(plan.cells[499]).toMatchObject({ row: 499, col: 0, raw: '500' })
  })

  it('at 300 rows or fewer every row is rendered, without spacers', () => {
    const w = mountGrid(300)
    expect(renderedRows(w)).toHaveLength(300)
    expect(w.find('[data-testid="grid-spacer-after"]').exists()).toBe(false)
  })

  it('a character typed renders no row; a move renders the row left and the row entered only', async () => {
    // Every render of a row goes through its component's render function (one instance per row in view).
    const options = EvpGridRow as unknown as { render: (...args: unknown[]) => unknown }
    const render = vi.spyOn(options, 'render')
    try {
      const w = mountGrid(1000)
      const rowsInView = renderedRows(w).length
      expect(render).toHaveBeenCalledTimes(rowsInView)
      w.get('[data-testid="cell-V0003-HS25"]').element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
      await nextTick()
      expect(render).toHaveBeenCalledTimes(rowsInView + 2)
      await key(w, 'Enter')
      const editor = w.get('input.cell-editor')
      render.mockClear()
      for (const text of ['3', '3,', '3,5']) {
        await editor.setValue(text)
        await nextTick()
      }
      expect(render).not.toHaveBeenCalled()
      // What was typed stays in the editor when its row is rendered again (the draft is read at each render).
      await key(w, 'ArrowDown')
      expect(commits(w)).toEqual([{ row: 2, col: 0, text: '3,5' }])
      expect(render).toHaveBeenCalledTimes(2)
      expect(w.find('[data-testid="row-V0004"] [role="gridcell"][aria-selected="true"]').exists()).toBe(true)
    } finally {
      render.mockRestore()
    }
  })
})

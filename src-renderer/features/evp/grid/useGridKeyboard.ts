/**
 * The keyboard, focus and clipboard handlers of a spreadsheet-like ARIA grid, shared by the EVP grid (EvpGrid.vue) and
 * the cumuls grid (features/cumuls/CumulsGrid.vue): the cell navigation state (gridNav.ts) kept in step with the grid's
 * size, keys turned into actions, the active cell (or its editor) focused after each move, a copy of the active cell's
 * text, and a pasted block planned from the active cell (paste.ts). The grid keeps its rendering, its cell ids and
 * what a committed cell means.
 */
import { nextTick, shallowRef, watch } from 'vue'
import type { Ref } from 'vue'

import { gridReducer, initialGridState, keyToAction } from './gridNav'
import type { GridAction, GridNavState } from './gridNav'
import { planClipboardPaste } from './paste'
import type { PastePlan } from './paste'

/** Options of {@link useGridKeyboard}. */
export interface GridKeyboardOptions {
  /** Number of rows of the grid (reactive getter). */
  readonly rowCount: () => number
  /** Number of editable columns of the grid (reactive getter). */
  readonly colCount: () => number
  /** The grid's table element; null until mounted. */
  readonly table: Ref<HTMLTableElement | null>
  /** CSS selector of the cell editor inside the table (e.g. `input.cell-editor`). */
  readonly editorSelector: string
  /** The DOM id of the cell at `row`, `col` (0-based, editable columns only). */
  readonly cellId: (row: number, col: number) => string
  /** The text the cell at `row`, `col` shows (what a copy takes and an edit starts from). */
  readonly cellText: (row: number, col: number) => string
  /** Called with a cell's typed text when an edit is committed (0-based row and column). */
  readonly onCommit: (commit: { row: number; col: number; value: string }) => void
  /** Called with the plan of a pasted block (placed cells, or why it is refused). */
  readonly onPastePlan: (plan: PastePlan) => void
  /** Brings a row into view before its cell is focused (a virtualised grid); none: every row is rendered. */
  readonly reveal?: (row: number) => Promise<unknown>
}

/**
 * The navigation state and the handlers of a grid (see the file comment); `listeners` go on the table element. `dispatch(action, focus)` applies one
 * action and, unless `focus` is false, focuses the active cell (or its editor) on the next tick; `moveTo` moves to a
 * cell when both indices are found (>= 0). Raises nothing.
 *
 * `nav` is what the grid shows (active cell, editing or not) and changes only with it: a character typed in the
 * editor changes the draft, which the editor's input already holds, so the grid is not rendered again for it (issue
 * 19 point 3: a keystroke touches its cell only). `draft()` is the text being typed, for the editor's `value` (read at
 * each render of the grid, so that a render while typing keeps what was typed).
 */
export function useGridKeyboard(options: GridKeyboardOptions) {
  const nav = shallowRef<GridNavState>(initialGridState(options.rowCount(), options.colCount()))
  /** The latest state, draft included (`nav` lags behind it by the characters typed since the grid last rendered). */
  let latest = nav.value

  function setState(next: GridNavState): void {
    latest = next
    if (!sameShown(nav.value, next)) nav.value = next
  }

  watch(
    () => [options.rowCount(), options.colCount()] as const,
    ([rowCount, colCount]) => {
      setState(gridReducer(latest, { type: 'resize', rowCount, colCount }).state)
    },
  )

  /** The text typed in the active cell's editor ('' when not editing). */
  function draft(): string {
    return latest.draft
  }

  function currentText(): string {
    return options.cellText(latest.row, latest.col)
  }

  async function focusActive(): Promise<void> {
    await nextTick()
    if (options.reveal !== undefined) await options.reveal(latest.row)
    const root = options.table.value
    if (root === null) return
    if (latest.editing) {
      const input = root.querySelector<HTMLInputElement>(options.editorSelector)
      input?.focus()
      input?.setSelectionRange(input.value.length, input.value.length)
      return
    }
    document.getElementById(options.cellId(latest.row, latest.col))?.focus()
  }

  function dispatch(action: GridAction, focus = true): void {
    const step = gridReducer(latest, action)
    setState(step.state)
    if (step.commit !== null) options.onCommit(step.commit)
    if (focus) void focusActive()
  }

  function isBoundaryTab(event: KeyboardEvent): boolean {
    if (event.key !== 'Tab' || latest.editing) return false
    return event.shiftKey ? latest.col === 0 : latest.col >= options.colCount() - 1
  }

  function onKeydown(event: KeyboardEvent): void {
    if (event.isComposing || options.rowCount() === 0 || options.colCount() === 0) return
    // Tab out of the grid from its first/last column: the grid is not a keyboard trap.
    if (isBoundaryTab(event)) return
    const action = keyToAction(event, latest.editing, currentText())
    if (action === null) return
    event.preventDefault()
    dispatch(action)
  }

  function onPaste(event: ClipboardEvent): void {
    const text = event.clipboardData?.getData('text/plain') ?? ''
    // Inside the editor, plain text pastes into the input; a block (tabs, lines) pastes into the grid.
    if (latest.editing && !/[\t\r\n]/.test(text.replace(/[\r\n]+$/, ''))) return
    event.preventDefault()
    if (latest.editing) dispatch({ type: 'cancel' })
    options.onPastePlan(planClipboardPaste(text, { row: latest.row, col: latest.col }, options.rowCount(), options.colCount()))
  }

  function onCopy(event: ClipboardEvent): void {
    if (latest.editing) return
    event.preventDefault()
    event.clipboardData?.setData('text/plain', currentText())
  }

  function moveTo(row: number, col: number): void {
    if (row >= 0 && col >= 0) dispatch({ type: 'moveTo', row, col })
  }

  function isActive(row: number, col: number): boolean {
    return nav.value.row === row && nav.value.col === col
  }

  /** The table's listeners (`v-on="listeners"`): keys, paste and copy. */
  const listeners = { keydown: onKeydown, paste: onPaste, copy: onCopy }

  return { nav, draft, currentText, dispatch, listeners, moveTo, isActive }
}

/** True when `a` and `b` show the same grid: they differ at most by the draft typed in the editor. */
function sameShown(a: GridNavState, b: GridNavState): boolean {
  return (
    a.row === b.row &&
    a.col === b.col &&
    a.rowCount === b.rowCount &&
    a.colCount === b.colCount &&
    a.editing === b.editing &&
    a.original === b.original
  )
}

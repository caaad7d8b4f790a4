/**
 * The attributes of a cell of the keyboard grids (EvpGridRow.vue, CumulsGrid.vue; WAI-ARIA grid with a roving tab
 * stop), bound on their `<td>` with `v-bind`: one place says how a cell tells its column, whether it is the active
 * one, its state and a refusal, so both grids read the same to tests and assistive technology. A plain function, not
 * a component: the EVP grid renders one per cell of every row in view, and a component per cell would add an
 * instance to each. Pure.
 */

/** What a grid knows of one of its cells. */
export interface GridCellState {
  /** DOM id of the cell (the grid's roving focus moves to it). */
  readonly id: string
  /** Column index in the grid, 1-based, the row headers counted. */
  readonly colIndex: number
  /** The cell is the grid's active one (selected, in the tab order). */
  readonly active: boolean
  /** The cell's state (`invalid` and `rejected` mark it invalid), null for an empty cell. */
  readonly status: string | null
  /** Tooltip: the state or the refusal in French; none when undefined. */
  readonly title: string | undefined
  readonly testId: string
  /** Classes of the grid's own, after `st-<state>` and `active`. */
  readonly classes?: Readonly<Record<string, boolean>>
}

/** The attributes of a `<td>`, in the order they are written in the DOM. */
export interface GridCellAttrs {
  readonly id: string
  readonly role: 'gridcell'
  readonly 'aria-colindex': number
  readonly 'aria-selected': boolean
  readonly 'aria-invalid': true | undefined
  readonly tabindex: 0 | -1
  readonly title: string | undefined
  readonly class: readonly [string, Readonly<Record<string, boolean>>]
  readonly 'data-testid': string
  readonly 'data-state': string
}

/**
 * The attributes of `cell`'s `<td>`: role gridcell, its column, `aria-selected` and tab stop (0) for the active cell
 * alone, `aria-invalid` for an `invalid` or `rejected` one, the class `st-<state>` (`st-empty` without one) and
 * `active`, the state again in `data-state` ('' for none).
 */
export function gridCellAttrs(cell: GridCellState): GridCellAttrs {
  const { status, active } = cell
  return {
    id: cell.id,
    role: 'gridcell',
    'aria-colindex': cell.colIndex,
    'aria-selected': active,
    'aria-invalid': status === 'invalid' || status === 'rejected' ? true : undefined,
    tabindex: active ? 0 : -1,
    title: cell.title,
    class: [`st-${status ?? 'empty'}`, { active, ...cell.classes }],
    'data-testid': cell.testId,
    'data-state': status ?? '',
  }
}

/** The attributes of the editor `<input>` opened in a grid's active cell (its value and events are the grid's). */
export interface GridEditorAttrs {
  readonly class: string
  readonly 'data-testid': string
  readonly type: 'text'
  readonly autocomplete: 'off'
  readonly spellcheck: 'false'
  readonly inputmode: 'text' | 'decimal'
  readonly 'aria-label': string
}

/**
 * The attributes of a grid's cell editor: `name` as its class and test id (`cell-editor`, `ccell-editor`: the grid's
 * keyboard finds it by class), a text input without the browser's suggestions nor spelling marks, the keyboard of
 * `inputmode` on a touch screen, and `label` (the code and the employee) said to assistive technology.
 */
export function gridEditorAttrs(name: string, inputmode: 'text' | 'decimal', label: string): GridEditorAttrs {
  return {
    class: name,
    'data-testid': name,
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    inputmode,
    'aria-label': label,
  }
}

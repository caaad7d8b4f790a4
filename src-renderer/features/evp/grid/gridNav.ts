/**
 * Keyboard model of the EVP grid, as a pure reducer: an active cell that arrows move, an edit mode entered with
 * Enter/F2 (keeps the value) or by typing (replaces it), committed with Enter (moves down) or Tab/Shift+Tab (moves
 * right/left), cancelled with Escape. Committing yields a {@link CellCommit} for the caller to save; the reducer
 * itself saves nothing, so typing is never blocked by a save.
 */

export interface GridNavState {
  readonly row: number
  readonly col: number
  readonly rowCount: number
  readonly colCount: number
  /** True while the active cell is being edited. */
  readonly editing: boolean
  /** Text in the editor. */
  readonly draft: string
  /** Value of the cell when editing started (a commit of the same text is not a change). */
  readonly original: string
}

export type Direction = 'up' | 'down' | 'left' | 'right'

export type GridAction =
  | { readonly type: 'move'; readonly direction: Direction; readonly by?: number }
  | { readonly type: 'moveTo'; readonly row: number; readonly col: number }
  | { readonly type: 'rowStart' }
  | { readonly type: 'rowEnd' }
  | { readonly type: 'gridStart' }
  | { readonly type: 'gridEnd' }
  /** Enter/F2: edit keeping `current`; typing: edit with `current` replaced by the typed text. */
  | { readonly type: 'startEdit'; readonly current: string; readonly replaceWith?: string }
  | { readonly type: 'input'; readonly value: string }
  /** Ends the edit, keeping the draft, then moves (`none`: stays). */
  | { readonly type: 'commit'; readonly then: Direction | 'none' }
  | { readonly type: 'cancel' }
  /** Delete/Backspace outside edit mode: empties the cell (`current` is its value). */
  | { readonly type: 'clear'; readonly current: string }
  | { readonly type: 'resize'; readonly rowCount: number; readonly colCount: number }

/** A value to save: the cell (row, col indexes) and the text the clerk left in it. */
export interface CellCommit {
  readonly row: number
  readonly col: number
  readonly value: string
}

export interface GridStep {
  readonly state: GridNavState
  readonly commit: CellCommit | null
}

/** Initial state: first cell active, not editing. */
export function initialGridState(rowCount: number, colCount: number): GridNavState {
  return { row: 0, col: 0, rowCount, colCount, editing: false, draft: '', original: '' }
}

function clamp(value: number, count: number): number {
  return Math.max(0, Math.min(Math.max(0, count - 1), value))
}

function moved(state: GridNavState, direction: Direction | 'none', by = 1): GridNavState {
  switch (direction) {
    case 'up':
      return { ...state, row: clamp(state.row - by, state.rowCount) }
    case 'down':
      return { ...state, row: clamp(state.row + by, state.rowCount) }
    case 'left':
      return { ...state, col: clamp(state.col - by, state.colCount) }
    case 'right':
      return { ...state, col: clamp(state.col + by, state.colCount) }
    case 'none':
      return state
  }
}

function idle(state: GridNavState): GridNavState {
  return { ...state, editing: false, draft: '', original: '' }
}

/**
 * Applies `action` to `state`. Movements while editing commit first (a spreadsheet habit: typing then an arrow
 * saves the cell). The returned `commit` is non-null only when a cell's text changed.
 */
export function gridReducer(state: GridNavState, action: GridAction): GridStep {
  const none = (next: GridNavState): GridStep => ({ state: next, commit: null })
  switch (action.type) {
    case 'move': {
      if (state.editing) return gridReducer(state, { type: 'commit', then: action.direction })
      return none(moved(state, action.direction, action.by ?? 1))
    }
    case 'moveTo': {
      const base = state.editing ? gridReducer(state, { type: 'commit', then: 'none' }) : none(state)
      return {
        state: { ...base.state, row: clamp(action.row, state.rowCount), col: clamp(action.col, state.colCount) },
        commit: base.commit,
      }
    }
    case 'rowStart':
      return none(state.editing ? state : { ...state, col: 0 })
    case 'rowEnd':
      return none(state.editing ? state : { ...state, col: clamp(state.colCount - 1, state.colCount) })
    case 'gridStart':
      return none(state.editing ? state : { ...state, row: 0, col: 0 })
    case 'gridEnd':
      return none(
        state.editing
          ? state
          : { ...state, row: clamp(state.rowCount - 1, state.rowCount), col: clamp(state.colCount - 1, state.colCount) },
      )
    case 'startEdit': {
      if (state.editing || state.rowCount === 0 || state.colCount === 0) return none(state)
      return none({ ...state, editing: true, original: action.current, draft: action.replaceWith ?? action.current })
    }
    case 'input':
      return none(state.editing ? { ...state, draft: action.value } : state)
    case 'commit': {
      if (!state.editing) return none(moved(state, action.then))
      const commit = state.draft === state.original ? null : { row: state.row, col: state.col, value: state.draft }
      return { state: moved(idle(state), action.then), commit }
    }
    case 'cancel':
      return none(idle(state))
    case 'clear': {
      if (state.editing || state.rowCount === 0 || state.colCount === 0 || action.current === '') return none(state)
      return { state, commit: { row: state.row, col: state.col, value: '' } }
    }
    case 'resize': {
      const next = { ...state, rowCount: action.rowCount, colCount: action.colCount }
      const clamped = { ...next, row: clamp(state.row, action.rowCount), col: clamp(state.col, action.colCount) }
      // The edited cell moved away (filter changed): the edit is dropped, not saved somewhere else.
      return none(clamped.row !== state.row || clamped.col !== state.col ? idle(clamped) : clamped)
    }
  }
}

/** What a key press means, independent of the DOM event (tests pass plain objects). */
export interface KeyInput {
  readonly key: string
  readonly shiftKey?: boolean
  readonly ctrlKey?: boolean
  readonly metaKey?: boolean
  readonly altKey?: boolean
}

/** Rows jumped by PageUp/PageDown. */
export const PAGE_ROWS = 20

/**
 * Action for a key pressed on the grid, or null when the key is not the grid's (left to the browser: copy/paste
 * shortcuts, caret moves inside the editor…). `current` is the active cell's text.
 */
export function keyToAction(key: KeyInput, editing: boolean, current: string): GridAction | null {
  const ctrl = key.ctrlKey === true || key.metaKey === true
  if (editing) {
    switch (key.key) {
      case 'Enter':
        return { type: 'commit', then: key.shiftKey === true ? 'up' : 'down' }
      case 'Tab':
        return { type: 'commit', then: key.shiftKey === true ? 'left' : 'right' }
      case 'Escape':
        return { type: 'cancel' }
      case 'ArrowUp':
        return { type: 'commit', then: 'up' }
      case 'ArrowDown':
        return { type: 'commit', then: 'down' }
      default:
        return null
    }
  }
  switch (key.key) {
    case 'ArrowUp':
      return ctrl ? { type: 'gridStart' } : { type: 'move', direction: 'up' }
    case 'ArrowDown':
      return { type: 'move', direction: 'down', by: ctrl ? Number.MAX_SAFE_INTEGER : 1 }
    case 'ArrowLeft':
      return ctrl ? { type: 'rowStart' } : { type: 'move', direction: 'left' }
    case 'ArrowRight':
      return ctrl ? { type: 'rowEnd' } : { type: 'move', direction: 'right' }
    case 'PageUp':
      return { type: 'move', direction: 'up', by: PAGE_ROWS }
    case 'PageDown':
      return { type: 'move', direction: 'down', by: PAGE_ROWS }
    case 'Home':
      return ctrl ? { type: 'gridStart' } : { type: 'rowStart' }
    case 'End':
      return ctrl ? { type: 'gridEnd' } : { type: 'rowEnd' }
    case 'Tab':
      return { type: 'move', direction: key.shiftKey === true ? 'left' : 'right' }
    case 'Enter':
      return key.shiftKey === true ? { type: 'move', direction: 'up' } : { type: 'startEdit', current }
    case 'F2':
      return { type: 'startEdit', current }
    case 'Delete':
    case 'Backspace':
      return { type: 'clear', current }
    default:
      // One printable character, without Ctrl/Meta (Ctrl+V and co. stay the browser's): type-to-edit.
      if (key.key.length === 1 && !ctrl && key.altKey !== true) return { type: 'startEdit', current, replaceWith: key.key }
      return null
  }
}

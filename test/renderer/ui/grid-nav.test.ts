import { describe, expect, it } from 'vitest'

import { gridReducer, initialGridState, keyToAction } from '../../../src-renderer/features/evp/grid/gridNav'
import type { GridAction, GridNavState } from '../../../src-renderer/features/evp/grid/gridNav'

function run(state: GridNavState, ...actions: GridAction[]) {
  let s = state
  const commits = []
  for (const a of actions) {
    const step = gridReducer(s, a)
    s = step.state
    if (step.commit !== null) commits.push(step.commit)
  }
  return { state: s, commits }
}

describe('grid navigation', () => {
  const start = initialGridState(3, 4)

  it('moves with arrows and stays inside the grid', () => {
    const { state } = run(start, { type: 'move', direction: 'up' }, { type: 'move', direction: 'left' })
    expect([state.row, state.col]).toEqual([0, 0])
    const far = run(start, { type: 'move', direction: 'down', by: 99 }, { type: 'move', direction: 'right', by: 99 }).state
    expect([far.row, far.col]).toEqual([2, 3])
  })

  it('type-to-edit replaces the value; Enter commits and moves down', () => {
    const { state, commits } = run(
      start,
      { type: 'startEdit', current: '7', replaceWith: '3' },
      { type: 'input', value: '3,5' },
      { type: 'commit', then: 'down' },
    )
    expect(commits).toEqual([{ row: 0, col: 0, value: '3,5' }])
    expect([state.row, state.col, state.editing]).toEqual([1, 0, false])
  })

  it('F2/Enter keeps the current value; an unchanged commit saves nothing', () => {
    const { state, commits } = run(start, { type: 'startEdit', current: '7' }, { type: 'commit', then: 'right' })
    expect(commits).toEqual([])
    expect(state.col).toBe(1)
  })

  it('Escape cancels the edit without saving and stays on the cell', () => {
    const { state, commits } = run(start, { type: 'startEdit', current: '', replaceWith: '9' }, { type: 'cancel' })
    expect(commits).toEqual([])
    expect([state.row, state.col, state.editing, state.draft]).toEqual([0, 0, false, ''])
  })

  it('an arrow while editing commits then moves', () => {
    const { state, commits } = run(start, { type: 'startEdit', current: '', replaceWith: '2' }, { type: 'move', direction: 'down' })
    expect(commits).toEqual([{ row: 0, col: 0, value: '2' }])
    expect(state.row).toBe(1)
  })

  it('Delete empties a filled cell, not an empty one', () => {
    expect(run(start, { type: 'clear', current: '4' }).commits).toEqual([{ row: 0, col: 0, value: '' }])
    expect(run(start, { type: 'clear', current: '' }).commits).toEqual([])
  })

  it('resizing drops an edit whose cell disappeared', () => {
    const editing = run(
      initialGridState(5, 2),
      { type: 'move', direction: 'down', by: 4 },
      { type: 'startEdit', current: '', replaceWith: '1' },
    ).state
    const { state, commits } = run(editing, { type: 'resize', rowCount: 2, colCount: 2 })
    expect(commits).toEqual([])
    expect([state.row, state.editing]).toEqual([1, false])
  })

  it('maps keys', () => {
    expect(keyToAction({ key: 'ArrowDown' }, false, '')).toEqual({ type: 'move', direction: 'down', by: 1 })
    expect(keyToAction({ key: 'Tab', shiftKey: true }, false, '')).toEqual({ type: 'move', direction: 'left' })
    expect(keyToAction({ key: 'Tab' }, true, '')).toEqual({ type: 'commit', then: 'right' })
    expect(keyToAction({ key: 'Enter' }, false, '5')).toEqual({ type: 'startEdit', current: '5' })
    expect(keyToAction({ key: 'F2' }, false, '5')).toEqual({ type: 'startEdit', current: '5' })
    expect(keyToAction({ key: '8' }, false, '5')).toEqual({ type: 'startEdit', current: '5', replaceWith: '8' })
    expect(keyToAction({ key: 'Escape' }, true, '')).toEqual({ type: 'cancel' })
    expect(keyToAction({ key: 'v', ctrlKey: true }, false, '')).toBeNull()
    expect(keyToAction({ key: 'ArrowLeft' }, true, '')).toBeNull()
  })
})

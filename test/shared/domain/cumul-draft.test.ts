/**
 * The cumuls grid's draft (#69), pure: edits (emptied or set back to the service's value: no change), what one PUT
 * carries, and the outcome placed on the cells (applied leave, refused become `rejected` with the service's words,
 * unconfirmed wait for the settle time, a cell edited while its PUT was in flight stays to send).
 */
import { describe, expect, it } from 'vitest'
import { applyEdits, applyOutcome, cellsToSend, draftCounts, emptyDraft, type CumulEdit } from '../../../src-shared/domain/cumul-draft'
import type { CumulsPutOutcome } from '../../../src-shared/domain/cumuls'

const NOW = '2026-11-20T09:00:00.000Z'
const edit = (matricule: string, code: string, text: string, valeur: string | null, error: string | null = null): CumulEdit => ({
  matricule,
  code_cumul: code,
  text,
  valeur,
  error,
})
const held = new Map([['A1|BRUT', '100.00']])

describe('applyEdits', () => {
  it('keeps changed cells, drops emptied ones and those set back to the service’s value', () => {
    let row = applyEdits(
      emptyDraft('123456782', 2026, NOW),
      [edit('A1', 'BRUT', '120', '120'), edit('A2', 'BRUT', 'x', null, 'nombre')],
      held,
      NOW,
    )
    expect(draftCounts(row)).toEqual({ draft: 1, invalid: 1, rejected: 0, unconfirmed: 0 })
    row = applyEdits(row, [edit('A1', 'BRUT', '100,0', '100.0'), edit('A2', 'BRUT', '', null)], held, NOW)
    expect(row.cells).toEqual({})
  })
})

describe('cellsToSend and applyOutcome', () => {
  const base = applyEdits(
    emptyDraft('123456782', 2026, NOW),
    [edit('A1', 'BRUT', '1', '1'), edit('A2', 'BRUT', '2', '2'), edit('A3', 'BRUT', '3', '3'), edit('A4', 'BRUT', 'z', null, 'nombre')],
    held,
    NOW,
  )

  it('sends the readable cells only, in key order', () => {
    const sent = cellsToSend(base)
    expect(sent.keys).toEqual(['A1|BRUT', 'A2|BRUT', 'A3|BRUT'])
    expect(sent.afterLostAnswer).toBe(false)
  })

  it('places an applied answer: refusals by index stay with their message, the others leave', () => {
    const sent = cellsToSend(base)
    const outcome: CumulsPutOutcome = {
      result: 'applied',
      retour: { crees: 0, mis_a_jour: 2, erreurs: [{ index: 1, code: 'INTROUVABLE', message: 'Salarié A2 introuvable.' }] },
      unconfirmed: [],
      error: null,
      settleUntil: null,
    }
    const edited = applyEdits(base, [edit('A3', 'BRUT', '33', '33')], held, NOW)
    const after = applyOutcome(edited, sent, outcome, NOW)
    expect(Object.keys(after.cells).sort()).toEqual(['A2|BRUT', 'A3|BRUT', 'A4|BRUT'])
    expect(after.cells['A2|BRUT']).toMatchObject({ state: 'rejected', message: 'Salarié A2 introuvable.' })
    expect(after.cells['A3|BRUT']).toMatchObject({ state: 'draft', valeur: '33' })
    // A rejected cell is not sent again until edited.
    expect(cellsToSend(after).keys).toEqual(['A3|BRUT'])
  })

  it('a lost answer: the unconfirmed wait with the settle time and go next with afterLostAnswer; refused changes nothing', () => {
    const sent = cellsToSend(base)
    const lost: CumulsPutOutcome = {
      result: 'unknown',
      retour: null,
      unconfirmed: [0, 2],
      error: { code: 'DELAI_DEPASSE', message: 'timeout' },
      settleUntil: '2026-11-20T09:00:40.000Z',
    }
    const after = applyOutcome(base, sent, lost, NOW)
    expect(draftCounts(after)).toEqual({ draft: 0, invalid: 1, rejected: 0, unconfirmed: 2 })
    expect(after.settleUntil).toBe('2026-11-20T09:00:40.000Z')
    expect(cellsToSend(after).afterLostAnswer).toBe(true)
    expect(applyOutcome(base, sent, { ...lost, result: 'refused', unconfirmed: [] }, NOW)).toBe(base)
  })
})

import { describe, expect, it } from 'vitest'

import { parseEvpCell, formatEvpCell, isFormula } from '../../../src-renderer/features/evp/grid/evpValue'
import { parseTsv, planPaste } from '../../../src-renderer/features/evp/grid/paste'

describe('clipboard TSV', () => {
  it('reads tab-separated rows with CRLF or LF and drops the final line break', () => {
    expect(parseTsv('1\t2,5\r\n3\t4\r\n')).toEqual([
      ['1', '2,5'],
      ['3', '4'],
    ])
    expect(parseTsv('1\t2\n3\t4\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ])
    expect(parseTsv('7')).toEqual([['7']])
  })

  it('keeps quoted cells as spreadsheets write them', () => {
    expect(parseTsv('"a\tb"\t2\n')).toEqual([['a\tb', '2']])
  })

  it('keeps empty cells and inner empty rows', () => {
    expect(parseTsv('1\t\t3\n\n4\n')).toEqual([['1', '', '3'], [''], ['4']])
  })
})

describe('paste placement', () => {
  it('anchors the block at the active cell and skips empty cells', () => {
    const plan = planPaste([['1', '', '3'], ['4']], { row: 2, col: 1 }, 10, 5)
    expect(plan).toEqual({
      ok: true,
      cells: [
        { row: 2, col: 1, raw: '1' },
        { row: 2, col: 3, raw: '3' },
        { row: 3, col: 1, raw: '4' },
      ],
    })
  })

  it('refuses a block with more rows than remain visible (nothing dropped silently)', () => {
    expect(planPaste([['1'], ['2'], ['3']], { row: 8, col: 0 }, 10, 5)).toEqual({
      ok: false,
      reason: 'lignesEnTrop',
      rows: 3,
      available: 2,
    })
  })

  it('refuses a block wider than the remaining columns, ignoring trailing empty columns', () => {
    expect(planPaste([['1', '2', '3']], { row: 0, col: 3 }, 10, 5)).toEqual({ ok: false, reason: 'colonnesEnTrop', cols: 3, available: 2 })
    expect(planPaste([['1', '2', '', '']], { row: 0, col: 3 }, 10, 5).ok).toBe(true)
  })

  it('caps the number of cells', () => {
    const big = Array.from({ length: 101 }, () => Array.from({ length: 100 }, () => '1'))
    expect(planPaste(big, { row: 0, col: 0 }, 1000, 1000)).toEqual({ ok: false, reason: 'tropDeCellules', cells: 10_100, max: 10_000 })
  })

  it('says when there is nothing to paste', () => {
    expect(planPaste([['', ' ']], { row: 0, col: 0 }, 10, 5)).toEqual({ ok: false, reason: 'vide' })
  })
})

describe('cell values', () => {
  it('reads French decimals into wire decimals by format', () => {
    expect(parseEvpCell('3,5', 'quantite')).toEqual({ ok: true, value: { quantite: '3.5' } })
    expect(parseEvpCell('1 234,50 €', 'montant')).toEqual({ ok: true, value: { montant: '1234.50' } })
    expect(parseEvpCell('12,5', 'taux')).toEqual({ ok: true, value: { taux: '12.5' } })
    expect(parseEvpCell('-3', 'montant')).toEqual({ ok: true, value: { montant: '-3' } })
    expect(parseEvpCell('  ', 'quantite')).toEqual({ ok: true, value: null })
  })

  it('refuses formulas and control characters, per cell', () => {
    for (const f of ['=SUM(A1:A2)', '+A1', '-A1', '@cmd', '=1+1']) {
      expect(parseEvpCell(f, 'montant')).toEqual({ ok: false, error: 'formule' })
    }
    expect(parseEvpCell('=HYPERLINK("x")', 'texte')).toEqual({ ok: false, error: 'formule' })
    expect(parseEvpCell('1\u00002', 'quantite')).toEqual({ ok: false, error: 'controle' })
    expect(parseEvpCell('a\nb', 'texte')).toEqual({ ok: false, error: 'controle' })
    expect(isFormula('-3,5')).toBe(false)
    expect(isFormula('+2')).toBe(false)
    expect(isFormula('-1 234,50 €')).toBe(false)
    expect(isFormula('-2;25')).toBe(false)
    // A sign then a digit, then a formula (DDE): refused, on number and text codes alike.
    expect(isFormula("-2+3+cmd|' /C calc'!A0")).toBe(true)
    expect(parseEvpCell("+1-cmd|' /C calc'!A0", 'texte')).toEqual({ ok: false, error: 'formule' })
    // A megabyte in one cell is refused before any parsing.
    expect(parseEvpCell('9'.repeat(1_000_000), 'quantite')).toEqual({ ok: false, error: 'celluleTropLongue' })
  })

  it('refuses text that is not a number', () => {
    expect(parseEvpCell('trois', 'quantite')).toEqual({ ok: false, error: 'nombre' })
    expect(parseEvpCell('1,2,3', 'quantite')).toEqual({ ok: false, error: 'nombre' })
  })

  it('reads quantite_taux as "quantité;taux"', () => {
    expect(parseEvpCell('2;25', 'quantite_taux')).toEqual({ ok: true, value: { quantite: '2', taux: '25' } })
    expect(parseEvpCell('1,5 ; 12,5', 'quantite_taux')).toEqual({ ok: true, value: { quantite: '1.5', taux: '12.5' } })
    expect(parseEvpCell('2', 'quantite_taux')).toEqual({ ok: true, value: { quantite: '2' } })
    expect(parseEvpCell('2;x', 'quantite_taux')).toEqual({ ok: false, error: 'quantiteTaux' })
    expect(parseEvpCell('1;2;3', 'quantite_taux')).toEqual({ ok: false, error: 'quantiteTaux' })
  })

  it('keeps text values and bounds their length', () => {
    expect(parseEvpCell(' Prime exceptionnelle ', 'texte')).toEqual({ ok: true, value: { valeur_texte: 'Prime exceptionnelle' } })
    expect(parseEvpCell('x'.repeat(101), 'texte')).toEqual({ ok: false, error: 'texteTropLong' })
  })

  it('shows payload values back in French', () => {
    expect(formatEvpCell({ quantite: '3.5' }, 'quantite')).toBe('3,5')
    expect(formatEvpCell({ quantite: '2', taux: '12.5' }, 'quantite_taux')).toBe('2;12,5')
    expect(formatEvpCell({ montant: '1234.50' }, 'montant')).toBe('1\u00a0234,50')
    expect(formatEvpCell({ valeur_texte: 'ok' }, 'texte')).toBe('ok')
    expect(formatEvpCell(null, 'texte')).toBe('')
  })

  it('round-trips what it shows', () => {
    for (const [text, format] of [
      ['3,5', 'quantite'],
      ['1 234,5', 'montant'],
      ['2;25', 'quantite_taux'],
    ] as const) {
      const parsed = parseEvpCell(text, format)
      expect(parsed.ok).toBe(true)
      if (parsed.ok && parsed.value !== null) {
        expect(parseEvpCell(formatEvpCell(parsed.value, format), format)).toEqual(parsed)
      }
    }
  })
})

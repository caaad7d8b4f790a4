import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NBSP, compareDecimal, decimalToCents, formatFrenchDecimal, parseFrenchDecimal } from '../../../src-shared/domain/decimal'

const NNBSP = '\u202F'

describe('parseFrenchDecimal', () => {
  it.each([
    // typed by a clerk
    ['3,5', '3.5'],
    ['12.5', '12.5'],
    ['-4', '-4'],
    ['+4', '4'],
    ['\u22124,5', '-4.5'],
    ['  7 ', '7'],
    [',5', '0.5'],
    ['0,50', '0.50'],
    ['007', '7'],
    ['-0', '0'],
    ['-0,00', '0.00'],
    ['1.234', '1.234'],
    // pasted from a French spreadsheet (Excel, LibreOffice, Google Sheets)
    ['1 234,50', '1234.50'],
    [`1${NBSP}234,50`, '1234.50'],
    [`1${NNBSP}234${NNBSP}567,5`, '1234567.5'],
    ['1.234,50', '1234.50'],
    ['1.234.567', '1234567'],
    ['1,234.50', '1234.50'],
    [`12${NBSP}€`, '12'],
    ['12 €', '12'],
    ['12€', '12'],
    [`1${NNBSP}250,00${NNBSP}€`, '1250.00'],
    ['15 %', '15'],
    ['15%', '15'],
    ['3,5\r\n', '3.5'],
    ['\t42\t', '42'],
  ])('%j → %j', (input, expected) => {
    expect(parseFrenchDecimal(input)).toBe(expected)
  })

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['12abc'],
    ['=SUM(A1)'],
    ['=1+1'],
    ['1,2,3'],
    ['1.2.3'],
    ['1,234.5,6'],
    ['1 234.567,89'],
    ['12 34'],
    ['1 2'],
    ['1e3'],
    ['Infinity'],
    ['NaN'],
    ['0x1F'],
    ['5,'],
    ['.'],
    [','],
    ['-'],
    ['--4'],
    ['- 4'],
    ['4-'],
    ['(12,50)'],
    ['€12'],
    ['12 € €'],
    ['12 h'],
    ['1\u00002'],
    ['12\u0007'],
    ['\u001B[31m12'],
    ['1\n2'],
    ['١٢'],
    ['１２'],
    ['9'.repeat(41)],
    ['1'.repeat(10_000)],
    [' '.repeat(5_000) + '5' + ' '.repeat(5_000)],
  ])('%j → null', (input) => {
    expect(parseFrenchDecimal(input)).toBeNull()
  })

  it('answers a wire decimal or null for any string, never throws (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const out = parseFrenchDecimal(s)
        return out === null || /^-?\d+(\.\d+)?$/.test(out)
      }),
    )
  })

  it('reads back what formatFrenchDecimal shows (property)', () => {
    const wire = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.option(fc.stringMatching(/^\d{1,4}$/), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg && (int > 0n || /[1-9]/.test(frac ?? '')) ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`)
    fc.assert(fc.property(wire, (w) => parseFrenchDecimal(formatFrenchDecimal(w)) === w))
  })
})

describe('formatFrenchDecimal', () => {
  it.each([
    ['1234.5', `1${NBSP}234,5`],
    ['-1234567.50', `-1${NBSP}234${NBSP}567,50`],
    ['0.05', '0,05'],
    ['999', '999'],
    ['1000', `1${NBSP}000`],
    ['not a number', 'not a number'],
  ])('%j → %j', (wire, shown) => {
    expect(formatFrenchDecimal(wire)).toBe(shown)
  })
})

describe('compareDecimal and decimalToCents', () => {
  it.each([
    ['3.50', '3.5', 0],
    ['3.5', '3.49', 1],
    ['-1', '0', -1],
    ['-0.01', '-0.1', 1],
    ['100000.01', '100000', 1],
    ['744', '744.001', -1],
    ['12345678901234567890.5', '12345678901234567890.49', 1],
  ] as const)('compareDecimal(%j, %j) = %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected)
    expect(compareDecimal(b, a)).toBe(-expected || 0)
  })

  it('throws RangeError on non-decimals', () => {
    expect(() => compareDecimal('1,5', '1')).toThrow(RangeError)
    expect(() => decimalToCents('abc')).toThrow(RangeError)
  })

  it('counts cents exactly, never rounding money', () => {
    expect(decimalToCents('1234.5')).toBe(123450n)
    expect(decimalToCents('-0.05')).toBe(-5n)
    expect(decimalToCents('3.500')).toBe(350n)
    expect(decimalToCents('0.1')).toBe(10n)
    expect(() => decimalToCents('1.005')).toThrow(RangeError)
  })

  it('agrees with integer arithmetic where floats would not (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (a, b) => {
        const wire = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`
        expect(decimalToCents(wire(a))).toBe(a)
        expect(compareDecimal(wire(a), wire(b))).toBe(a < b ? -1 : a > b ? 1 : 0)
      }),
    )
  })
})

/**
 * Decimal numbers as a French payroll clerk types or pastes them, and as the wire carries them.
 *
 * Wire form (api/common.ts): a decimal string with a dot, no grouping, optional leading `-` (`"1234.50"`).
 * Money is never a float: amounts are compared as integer cents (bigint) and other decimals by string
 * arithmetic scaled to bigint. Pure TypeScript: no DOM, Node or Electron.
 */

/** Wire decimal: optional minus, digits, optional dot and digits (`"-3.50"`). */
const WIRE_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** The characters a number may be written with: digits, comma, dot, and as thousands separators space, NBSP,
 * narrow NBSP (U+202F, as Excel and LibreOffice in French write it) and thin space. */
const NUMBER_CHARS = /^[\d.,\u0020\u00A0\u202F\u2009]+$/

/** Longest input (after trimming) still read as a number; anything longer is garbage (pasted text, a whole row). */
const MAX_INPUT_LENGTH = 40

/** The non-breaking space used by {@link formatFrenchDecimal} between digit groups. */
export const NBSP = '\u00A0'

/**
 * Splits an integer part written with thousands separators into its digits, or null when the grouping is not
 * "1 to 3 digits, then groups of exactly 3" with one separator kind (`"1 234 567"`, `"1.234"`).
 */
function ungroup(intPart: string): string | null {
  const separator = /\D/.exec(intPart)?.[0]
  if (separator === undefined) return intPart
  const groups = intPart.split(separator)
  const [first, ...rest] = groups
  if (first === undefined || !/^\d{1,3}$/.test(first)) return null
  if (!rest.every((g) => /^\d{3}$/.test(g))) return null
  return groups.join('')
}

/**
 * Reads a decimal number typed by a clerk or pasted from a French spreadsheet, and returns its wire form.
 *
 * Accepted (surrounding white space, tabs and line breaks of a copied cell are ignored):
 * - decimal comma or dot: `"3,5"` → `"3.5"`, `"12.5"` → `"12.5"`, `",5"` → `"0.5"`;
 * - thousands grouped by space, NBSP, narrow NBSP or thin space: `"1 234,50"` → `"1234.50"`; by dots when the
 *   decimal separator is a comma (`"1.234,50"`), or by commas when it is a dot (`"1,234.50"`, an English sheet);
 *   groups must be of 3 digits (`"12 34"` is refused, it is more likely a typo than 1234);
 * - a sign: `"-4"`, `"+4"`, `"−4"` (U+2212, as LibreOffice writes it);
 * - one trailing unit, which is dropped: `"12 €"` → `"12"`, `"15 %"` → `"15"` (the rate stays in percent).
 *
 * A lone dot is a decimal point: `"1.234"` → `"1.234"` (quantities have 3 decimals). Several dots without a
 * comma are grouping: `"1.234.567"` → `"1234567"`. Digits are kept as given, trailing zeros included
 * (`"3,50"` → `"3.50"`), except superfluous leading zeros (`"007"` → `"7"`) and the sign of zero (`"-0"` → `"0"`).
 *
 * @returns the wire decimal string, or null when the input is not a number: empty, letters, formulas (`"=1+1"`),
 *   several decimal separators (`"1,2,3"`), exponents (`"1e3"`), control characters, more than 40 characters
 *   once trimmed.
 *   Never throws. Bounds (how many decimals, how large) are the contract's and the validators' business.
 */
export function parseFrenchDecimal(input: string): string | null {
  if (input.length > MAX_INPUT_LENGTH * 4) return null
  let s = input.trim()
  if (s === '' || s.length > MAX_INPUT_LENGTH) return null
  if (s.endsWith('€') || s.endsWith('%')) s = s.slice(0, -1).trimEnd()
  let negative = false
  if (s.startsWith('-') || s.startsWith('+') || s.startsWith('\u2212')) {
    negative = !s.startsWith('+')
    s = s.slice(1)
  }
  if (!NUMBER_CHARS.test(s)) return null
  if (!/^[\d.,]/.test(s) || !/\d$/.test(s)) return null

  const commas = s.split(',').length - 1
  const dots = s.split('.').length - 1
  if (commas > 1 && dots === 0) return null
  let decimalSeparator: ',' | '.' | null
  if (commas === 0) decimalSeparator = dots === 1 ? '.' : null
  else if (dots === 0) decimalSeparator = ','
  else decimalSeparator = s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.'

  let intPart = s
  let fracPart = ''
  if (decimalSeparator !== null) {
    const at = s.lastIndexOf(decimalSeparator)
    intPart = s.slice(0, at)
    fracPart = s.slice(at + 1)
    if (!/^\d+$/.test(fracPart)) return null
    if (intPart.includes(decimalSeparator)) return null
  }
  // Spaces and the remaining punctuation are grouping; one kind only.
  const digits = ungroup(intPart)
  if (digits === null) return null
  const int = digits === '' ? '0' : digits.replace(/^0+(?=\d)/, '')
  const body = fracPart === '' ? int : `${int}.${fracPart}`
  return negative && /[1-9]/.test(body) ? `-${body}` : body
}

/**
 * French display of a wire decimal: decimal comma, digit groups of 3 separated by NBSP (U+00A0).
 * `"1234.5"` → `"1 234,5"`, `"-1234567.50"` → `"-1 234 567,50"`. Digits are shown as given (no rounding).
 * @returns the input unchanged when it is not a wire decimal (never throws).
 */
export function formatFrenchDecimal(wire: string): string {
  const match = WIRE_DECIMAL.exec(wire)
  if (match === null) return wire
  const [, sign = '', int = '', frac] = match
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)
  return `${sign}${grouped}${frac === undefined ? '' : `,${frac}`}`
}

interface ScaledDecimal {
  readonly units: bigint
  readonly scale: number
}

/** @throws RangeError when `value` is not a wire decimal. */
function scaled(value: string): ScaledDecimal {
  const match = WIRE_DECIMAL.exec(value)
  if (match === null) throw new RangeError(`Nombre décimal illisible : « ${value.slice(0, 40)} »`)
  const [, sign = '', int = '0', frac = ''] = match
  const units = BigInt(`${int}${frac}`)
  return { units: sign === '-' ? -units : units, scale: frac.length }
}

/**
 * Compares two wire decimals exactly (string arithmetic on bigint, no float): `compareDecimal("3.50", "3.5")` is 0.
 * @returns -1 when a < b, 0 when equal, 1 when a > b.
 * @throws RangeError when either is not a wire decimal (`/^-?\d+(\.\d+)?$/`).
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = scaled(a)
  const y = scaled(b)
  const scale = Math.max(x.scale, y.scale)
  const left = x.units * 10n ** BigInt(scale - x.scale)
  const right = y.units * 10n ** BigInt(scale - y.scale)
  return left < right ? -1 : left > right ? 1 : 0
}

/**
 * Integer cents of a wire amount in euros: `"1234.5"` → 123450n, `"-0.05"` → -5n, `"3.500"` → 350n.
 * @throws RangeError when `montant` is not a wire decimal, or when it has a non-zero digit past the cents
 *   (`"1.005"`: money is never rounded silently).
 */
export function decimalToCents(montant: string): bigint {
  const { units, scale } = scaled(montant)
  if (scale <= 2) return units * 10n ** BigInt(2 - scale)
  const divisor = 10n ** BigInt(scale - 2)
  if (units % divisor !== 0n) throw new RangeError(`Montant au-delà du centime : « ${montant} »`)
  return units / divisor
}

/**
 * Fixed-point arithmetic for the sandbox seed: money in integer cents, quantities in hundredths, rates in
 * hundredths of a percent (6.90 % = 690). Values are only turned into decimal strings at the end, never into floats.
 */

/**
 * Decimal string of an integer counted in units of 10^-decimals: `formatFixed(123456, 2)` → `"1234.56"`,
 * `formatFixed(-5, 2)` → `"-0.05"`, `formatFixed(0, 2)` → `"0.00"`. Throws `Error` when `units` is not an integer.
 */
export function formatFixed(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`Entier attendu : ${units}`)
  const negative = units < 0
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0')
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals)
  const fraction = decimals === 0 ? '' : `.${digits.slice(-decimals)}`
  return `${negative ? '-' : ''}${whole}${fraction}`
}

/** Euros of an integer number of cents, as the contract's `Montant` (`"1234.56"`). */
export function euros(cents: number): string {
  return formatFixed(cents, 2)
}

/**
 * Integer division rounded half away from zero, exact for |numerator| < 2^53: `divRound(5, 2)` → 3,
 * `divRound(-5, 2)` → -3. `denominator` must be a positive integer.
 */
export function divRound(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1
  const absolute = Math.abs(numerator)
  const quotient = Math.floor(absolute / denominator)
  const remainder = absolute - quotient * denominator
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient)
}

/**
 * Contribution on a base: `baseCents × rate / 10 000`, `rate` in hundredths of a percent (6.90 % = 690), rounded
 * half away from zero to the cent, as payroll engines round each line.
 */
export function applyRate(baseCents: number, rate: number): number {
  return divRound(baseCents * rate, 10_000)
}

/** Rate in hundredths of a percent as the contract's `Taux` (`690` → `"6.90"`). */
export function formatRate(rate: number): string {
  return formatFixed(rate, 2)
}

/**
 * Integer cents of a decimal euro string (`"1234.5"` → 123450, `"-0.05"` → -5), parsed digit by digit, never
 * through a float. Throws `Error` on anything but an optional minus, digits and up to 2 decimals.
 */
export function parseCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value)
  if (match === null) throw new Error(`Montant invalide : ${value}`)
  const whole = Number(match[2])
  const fraction = Number((match[3] ?? '').padEnd(2, '0'))
  const cents = whole * 100 + fraction
  return match[1] === '-' ? -cents : cents
}

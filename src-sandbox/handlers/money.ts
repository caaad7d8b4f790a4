/**
 * Money arithmetic of the sandbox in integer cents (contract: amounts are decimal strings in euros with at most
 * two decimals, never floats).
 */

/**
 * Cents of a decimal euro string: `'1234.5'` → 123450, `'-0.05'` → -5.
 * @throws Error when `montant` is not a decimal with at most 2 decimals (the contract's `Montant`).
 */
export function toCents(montant: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(montant)
  if (match === null) throw new Error(`Montant illisible : ${montant}`)
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] === '-' ? -cents : cents
}

/** Decimal euro string of an integer number of cents: 123450 → `'1234.50'`, -5 → `'-0.05'`. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * `cents` × `basisPoints` / 10 000, rounded half away from zero (rates in hundredths of a percent: 2200 = 22 %).
 */
export function applyRate(cents: number, basisPoints: number): number {
  const product = cents * basisPoints
  const sign = product < 0 ? -1 : 1
  return sign * Math.floor((Math.abs(product) + 5000) / 10_000)
}

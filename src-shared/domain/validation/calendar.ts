/**
 * Calendar helpers on ISO strings (`YYYY-MM-DD` dates, `YYYY-MM` payroll periods), in UTC so that no time zone or
 * daylight-saving change moves a day. ISO strings compare in calendar order, so `<` is used on them directly.
 */

/** First day of a period: `'2026-11'` → `'2026-11-01'`. */
export function periodStart(periode: string): string {
  return `${periode}-01`
}

/** Last day of a period (Gregorian): `'2028-02'` → `'2028-02-29'`. */
export function periodEnd(periode: string): string {
  const [y = 1970, m = 1] = periode.split('-').map(Number)
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return `${periode}-${String(last).padStart(2, '0')}`
}

/** Period a date falls in: `'2026-11-05'` → `'2026-11'`. */
export function monthOf(date: string): string {
  return date.slice(0, 7)
}

/** Period `months` after (negative: before) `periode`: `addMonths('2026-01', -3)` → `'2025-10'`. */
export function addMonths(periode: string, months: number): string {
  const [y = 1970, m = 1] = periode.split('-').map(Number)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}`
}

/** Days since 1970-01-01 of a date `YYYY-MM-DD` (UTC). */
export function dayNumber(date: string): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number)
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000)
}

/** French display of a date: `'2026-11-05'` → `'05/11/2026'`. */
export function formatDateFr(date: string): string {
  const [y = '', m = '', d = ''] = date.split('-')
  return `${d}/${m}/${y}`
}

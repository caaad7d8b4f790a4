/**
 * Calendar helpers for the sandbox seed. Dates are ISO `YYYY-MM-DD`, payroll periods `YYYY-MM`, instants ISO 8601
 * UTC. Every computation goes through UTC (`Date.UTC`), so the result never depends on the machine's time zone.
 */

/** Year, month (1-12) and day of an ISO date. Throws `Error` when `date` is not `YYYY-MM-DD`. */
export function splitDate(date: string): { annee: number; mois: number; jour: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (match === null) throw new Error(`Date attendue au format AAAA-MM-JJ : ${date}`)
  return { annee: Number(match[1]), mois: Number(match[2]), jour: Number(match[3]) }
}

/** Year and month (1-12) of a period `YYYY-MM`. Throws `Error` on another shape. */
export function splitPeriode(periode: string): { annee: number; mois: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(periode)
  if (match === null) throw new Error(`Période attendue au format AAAA-MM : ${periode}`)
  return { annee: Number(match[1]), mois: Number(match[2]) }
}

/** `YYYY-MM-DD` of a UTC calendar day; out-of-range parts roll over (month 13 = January of the next year). */
export function isoDate(annee: number, mois: number, jour: number): string {
  return new Date(Date.UTC(annee, mois - 1, jour)).toISOString().slice(0, 10)
}

/** `YYYY-MM` of a year and a month (1-12); months outside 1-12 roll over. */
export function periode(annee: number, mois: number): string {
  return isoDate(annee, mois, 1).slice(0, 7)
}

/** The date `days` days after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const { annee, mois, jour } = splitDate(date)
  return isoDate(annee, mois, jour + days)
}

/** The period `months` months after `p` (negative: before). */
export function addMonths(p: string, months: number): string {
  const { annee, mois } = splitPeriode(p)
  return periode(annee, mois + months)
}

/** Period `YYYY-MM` of a date. */
export function periodeOf(date: string): string {
  return date.slice(0, 7)
}

const DAYS_IN_PERIODE = new Map<string, number>()

/** Number of days of a period (28 to 31). Memoised: the seed asks for the same few periods thousands of times. */
export function daysInPeriode(p: string): number {
  const known = DAYS_IN_PERIODE.get(p)
  if (known !== undefined) return known
  const { annee, mois } = splitPeriode(p)
  const days = new Date(Date.UTC(annee, mois, 0)).getUTCDate()
  DAYS_IN_PERIODE.set(p, days)
  return days
}

/** First day of a period. */
export function firstDay(p: string): string {
  return `${p}-01`
}

/** Last day of a period. */
export function lastDay(p: string): string {
  return `${p}-${String(daysInPeriode(p)).padStart(2, '0')}`
}

/** Day `jour` of a period, clamped to its last day (day 31 of February gives the 28th or 29th). */
export function dayOf(p: string, jour: number): string {
  return `${p}-${String(Math.max(1, Math.min(jour, daysInPeriode(p)))).padStart(2, '0')}`
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const a = splitDate(from)
  const b = splitDate(to)
  return Math.round((Date.UTC(b.annee, b.mois - 1, b.jour) - Date.UTC(a.annee, a.mois - 1, a.jour)) / 86_400_000)
}

/** The earlier of two ISO dates (or periods: same-length strings compare in calendar order). */
export function minDate(a: string, b: string): string {
  return a < b ? a : b
}

/** The later of two ISO dates (or periods). */
export function maxDate(a: string, b: string): string {
  return a > b ? a : b
}

/** ISO 8601 UTC instant of a date at `heure:minute` (e.g. `2026-11-22T08:30:00.000Z`). */
export function instant(date: string, heure: number, minute: number): string {
  return `${date}T${String(heure).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday (ISO 8601). */
export function isoWeekday(date: string): number {
  const { annee, mois, jour } = splitDate(date)
  const day = new Date(Date.UTC(annee, mois - 1, jour)).getUTCDay()
  return day === 0 ? 7 : day
}

/** True when the interval [debut, fin] (fin null: open) meets the period `p`. */
export function overlapsPeriode(debut: string, fin: string | null, p: string): boolean {
  return debut <= lastDay(p) && (fin === null || fin >= firstDay(p))
}

/** Today's date in UTC from the machine clock: only for a caller that was not given a date. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10)
}

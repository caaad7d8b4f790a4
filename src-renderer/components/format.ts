/**
 * Display formats shared by the views: SIREN, periods, dates, instants, amounts in euros and the accent-insensitive
 * search key. Pure functions (no Vue, no DOM), tested in node. Values stay strings end to end: decimals are never
 * turned into floats (ARCHITECTURE.md, STYLE.md "euros as decimal strings").
 */

/** "123456789" -> "123 456 789" (INSEE display of a SIREN); other strings unchanged. */
export function formatSiren(siren: string): string {
  return /^\d{9}$/.test(siren) ? `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}` : siren
}

/**
 * Lower-case, accent-free, trimmed, single-spaced form of `text`, for accent-insensitive search
 * ("Éloïse  Lefèvre" -> "eloise lefevre"). Unicode NFD, combining marks removed; œ/æ expanded.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/œ/giu, 'oe').replace(/æ/giu, 'ae').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** `YYYY-MM` of `periode` shifted by `months` (may be negative). */
export function addMonths(periode: string, months: number): string {
  const [y = 0, m = 1] = periode.split('-').map(Number)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
}

/** First and last day (`YYYY-MM-DD`) of the period `YYYY-MM`. */
export function periodBounds(periode: string): { du: string; au: string } {
  const [y = 0, m = 1] = periode.split('-').map(Number)
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { du: `${periode}-01`, au: `${periode}-${String(lastDay).padStart(2, '0')}` }
}

/** The `count` periods from `first` on: `['2026-11', '2026-12', …]`. */
export function periodsFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(first, i))
}

/** "2026-11" -> "novembre 2026" (in `locale`); invalid input unchanged. */
export function formatPeriode(periode: string, locale = 'fr-FR'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(periode)
  if (match === null) return periode
  const year = Number(match[1])
  const month = Number(match[2])
  const names = MONTH_NAMES.get(locale)
  const name = names?.[month - 1]
  if (name !== undefined) return `${name} ${String(year)}`
  const date = new Date(Date.UTC(year, month - 1, 1))
  let format = PERIOD_FORMATS.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    PERIOD_FORMATS.set(locale, format)
  }
  return format.format(date)
}

/** Formatters of {@link formatPeriode} for a locale other than the interface's two. */
const PERIOD_FORMATS = new Map<string, Intl.DateTimeFormat>()

/**
 * Month names of the interface's two `Intl` locales ({@link intlLocale}), as `Intl.DateTimeFormat` writes them
 * (`month: 'long'`, CLDR): the dates of these locales are written here without `Intl`. Reason: a renderer's first
 * `Intl.DateTimeFormat` loads ICU's date data, 17–45 ms measured at the home's first render (docs/performance.md,
 * "The home's first dates, vue-i18n's cache keys and Dexie's versions"). The test suite checks every format written
 * here against `Intl`.
 */
const MONTH_NAMES: ReadonlyMap<string, readonly string[]> = new Map([
  ['fr-FR', ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']],
  ['en-GB', ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']],
])

/**
 * Separator between the day and the time in {@link formatDateTime}, per `Intl` locale written without `Intl`
 * (see {@link MONTH_NAMES}): `Intl.DateTimeFormat` writes "22/11/2026 08:30" in fr-FR, "22/11/2026, 08:30" in en-GB.
 */
const DAY_TIME_SEPARATOR: ReadonlyMap<string, string> = new Map([
  ['fr-FR', ' '],
  ['en-GB', ', '],
])

function twoDigits(n: number): string {
  return String(n).padStart(2, '0')
}

/** `date`'s local day as jj/mm/aaaa, as `Intl.DateTimeFormat` writes it in fr-FR and en-GB (2-digit day and month). */
function localDay(date: Date): string {
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${String(date.getFullYear())}`
}

/** `date`'s local time as hh:mm (24 hours, 00 at midnight), and `:ss` when `seconds`. */
function localTime(date: Date, seconds: boolean): string {
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  return seconds ? `${time}:${twoDigits(date.getSeconds())}` : time
}

/**
 * "2026-11-22" -> "22/11/2026": the clerk's date format (jj/mm/aaaa), whatever the interface language or the
 * system's locale (never `toLocaleDateString()`, which follows the OS). Invalid input unchanged.
 */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match === null ? iso : `${match[3] ?? ''}/${match[2] ?? ''}/${match[1] ?? ''}`
}

/**
 * A date as the clerk types it -> ISO `YYYY-MM-DD`, or null when it is not a day of the calendar.
 * Accepted: `jj/mm/aaaa` with `/`, `.`, `-` or spaces between the parts, one-digit day or month (`5/1/2026`), a
 * two-digit year meaning 20aa (`05/01/26`), eight digits `jjmmaaaa`, and ISO `aaaa-mm-jj` (a pasted or stored
 * value). Surrounding spaces are ignored. `31/02/2026` is null.
 */
export function parseDate(text: string): string | null {
  const value = text.trim()
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value)
  const french = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4}|\d{2})$/.exec(value)
  const packed = /^(\d{2})(\d{2})(\d{4})$/.exec(value)
  let parts: [string, string, string] | null = null
  if (iso !== null) parts = [iso[3] ?? '', iso[2] ?? '', iso[1] ?? '']
  else if (french !== null) parts = [french[1] ?? '', french[2] ?? '', french[3] ?? '']
  else if (packed !== null) parts = [packed[1] ?? '', packed[2] ?? '', packed[3] ?? '']
  if (parts === null) return null
  const day = Number(parts[0])
  const month = Number(parts[1])
  const year = parts[2].length === 2 ? 2000 + Number(parts[2]) : Number(parts[2])
  const date = new Date(Date.UTC(year, month - 1, day))
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** `value` when it is an ISO date `YYYY-MM-DD`, else '' (a filter's date still being typed constrains nothing). */
export function isoDateOrEmpty(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''
}

/** The local day of an ISO instant as jj/mm/aaaa (in the local time zone, or `timeZone`); invalid input unchanged. */
export function formatInstantDate(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  if (timeZone === undefined) return localDay(date)
  return new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date)
}

/**
 * ISO instant -> "22/11/2026 08:30" in the local time zone (or `timeZone`, for tests); invalid input unchanged.
 * `seconds` adds ":ss" (audit tables). fr-FR and en-GB in the local zone are written without `Intl`
 * ({@link MONTH_NAMES}), the same text.
 */
export function formatDateTime(iso: string, locale = 'fr-FR', options: { seconds?: boolean; timeZone?: string } = {}): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const separator = DAY_TIME_SEPARATOR.get(locale)
  if (separator !== undefined && options.timeZone === undefined)
    return `${localDay(date)}${separator}${localTime(date, options.seconds === true)}`
  const key = `${locale}|${options.seconds === true ? 's' : ''}|${options.timeZone ?? ''}`
  let format = DATE_TIME_FORMATS.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(options.seconds === true ? { second: '2-digit' } : {}),
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    })
    DATE_TIME_FORMATS.set(key, format)
  }
  return format.format(date)
}

/**
 * Formatters of {@link formatDateTime}, one per locale, seconds and time zone: building an `Intl.DateTimeFormat`
 * costs about a millisecond, and a list of the period's records formats thousands of instants.
 */
const DATE_TIME_FORMATS = new Map<string, Intl.DateTimeFormat>()

/** ISO instant -> "08:30" in the local time zone (or `timeZone`); invalid input unchanged. */
export function formatTime(iso: string, locale = 'fr-FR', timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  if (DAY_TIME_SEPARATOR.has(locale) && timeZone === undefined) return localTime(date, false)
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', ...(timeZone === undefined ? {} : { timeZone }) }).format(
    date,
  )
}

const NARROW_NBSP = '\u202f'

/**
 * Decimal string in euros ("1234.5", "-3") -> "1 234,50 €" (French: thin no-break space between thousands,
 * comma, two decimals, no-break space before €). No float arithmetic. Invalid input returned unchanged.
 */
export function formatEuros(montant: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(montant.trim())
  if (match === null) return montant
  const [, sign = '', int = '0', frac = ''] = match
  const cents = frac.padEnd(2, '0')
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NBSP)
  return `${sign}${grouped},${cents}\u00a0€`
}

/** Whole minutes between two ISO instants (`from` earlier), never negative; null when `from` is null or invalid. */
export function minutesBetween(from: string | null, now: Date): number | null {
  if (from === null) return null
  const start = new Date(from).getTime()
  if (Number.isNaN(start)) return null
  return Math.max(0, Math.floor((now.getTime() - start) / 60_000))
}

/** Age split for display: under an hour in minutes, under two days in hours, else in days. */
export function ageParts(minutes: number): { unit: 'minutes' | 'heures' | 'jours'; n: number } {
  if (minutes < 60) return { unit: 'minutes', n: minutes }
  if (minutes < 48 * 60) return { unit: 'heures', n: Math.floor(minutes / 60) }
  return { unit: 'jours', n: Math.floor(minutes / (24 * 60)) }
}

/**
 * `Intl` locale of an interface locale (`'fr'` -> `'fr-FR'`, `'en'` -> `'en-GB'`): both write dates jj/mm/aaaa and
 * times on 24 hours, so instants read the same in either language and whatever the system's locale.
 */
export function intlLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : 'fr-FR'
}

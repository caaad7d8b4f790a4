/**
 * Cell texts of an imported file read as wire values (issue 17, point 1): decimals written the French way or as
 * the spreadsheet's numbers, dates as jj/mm/aaaa, ISO or Excel serials, periods as the clerk writes them. Pure.
 */
import { parseFrenchDecimal } from '../../../src-shared/domain/decimal'
import { parseDate, searchKey } from '../../components/format'

/** Day 0 of Excel's 1900 date system as JavaScript counts it (serial 1 = 1900-01-01, Lotus's 29 Feb 1900 counted). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30)
const DAY_MS = 86_400_000

/** ISO date of an Excel serial written as a plain number (`46331` → `2026-11-05`), for serials of 1901 to 2199. */
export function excelSerialDate(text: string): string | null {
  if (!/^\d{3,5}$/.test(text.trim())) return null
  const serial = Number(text)
  if (serial < 367 || serial > 109_572) return null
  return new Date(EXCEL_EPOCH_MS + serial * DAY_MS).toISOString().slice(0, 10)
}

/** ISO date of a cell: ISO, jj/mm/aaaa (and the forms `parseDate` reads), or an Excel serial; null otherwise. */
export function cellDate(text: string): string | null {
  const s = text.trim()
  if (s === '') return null
  return parseDate(s) ?? excelSerialDate(s)
}

/** Wire decimal of a cell (French comma or the sheet's dot, thousands separators, `€`/`%`), or null. */
export function cellDecimal(text: string): string | null {
  return parseFrenchDecimal(text)
}

const MONTHS = ['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre']

/**
 * Payroll period (`YYYY-MM`) of a cell: `2026-11`, `11/2026`, `11-2026`, `novembre 2026`, `nov. 2026`, or a date (its
 * month: a spreadsheet often stores « novembre 2026 » as the 1st of the month). Null otherwise.
 */
export function cellPeriode(text: string): string | null {
  const s = searchKey(text).replace(/\./g, '')
  if (s === '') return null
  const iso = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(s)
  if (iso !== null) return `${iso[1] ?? ''}-${iso[2] ?? ''}`
  const fr = /^(0?[1-9]|1[0-2])[/-](\d{4})$/.exec(s)
  if (fr !== null) return `${fr[2] ?? ''}-${(fr[1] ?? '').padStart(2, '0')}`
  const named = /^([a-z]+) (\d{4})$/.exec(s)
  if (named !== null) {
    const word = named[1] ?? ''
    const index = MONTHS.findIndex((m) => m === word || (word.length >= 3 && m.startsWith(word)))
    if (index >= 0) return `${named[2] ?? ''}-${String(index + 1).padStart(2, '0')}`
  }
  return cellDate(s)?.slice(0, 7) ?? null
}

/** A yes/no cell: `oui`, `x`, `1`, `true`, `vrai` are yes; empty, `non`, `0`, `false`, `faux` are no; else null. */
export function cellBoolean(text: string): boolean | null {
  const s = searchKey(text)
  if (['oui', 'o', 'x', '1', 'true', 'vrai', 'yes'].includes(s)) return true
  if (['', 'non', 'n', '0', 'false', 'faux', 'no'].includes(s)) return false
  return null
}

/**
 * A cell's text as the clerk reads it (the preview, the mapping's samples, the report): a spreadsheet number, held as
 * its wire decimal (`7.25`, sheet.ts `numberText`), is shown the French way (`7,25`); any other text as it is. A
 * value typed back with the comma reads the same (`cellDecimal`, `parseFrenchDecimal`). Pure.
 */
export function displayCell(text: string): string {
  return /^-?\d+\.\d+$/.test(text) ? text.replace('.', ',') : text
}

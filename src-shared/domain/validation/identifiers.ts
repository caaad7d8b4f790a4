/**
 * Validators for the identifiers a French payroll clerk types: SIREN, SIRET, NIC, NIR (numéro de
 * sécurité sociale), IBAN and BIC.
 *
 * Every validator takes what the user typed and returns a boolean; none throws. Human formatting is
 * tolerated: spaces (including non-breaking and narrow non-breaking spaces), dots, dashes and lower case
 * are ignored — see {@link normalizeIdentifier}. Pure TypeScript: no DOM, Node or Electron dependency.
 */
import { ibanCountryRule } from './iban-registry'

/** Characters a human may put inside an identifier: every Unicode white space (incl. U+00A0, U+202F), dots, hyphens and dashes. */
const SEPARATORS = /[\s.\-\u2010-\u2015\u2212]+/g

/**
 * Canonical form of a typed identifier: removes spaces (incl. NBSP / narrow NBSP), dots and dashes,
 * and upper-cases ASCII letters (`'fr76 3000.6000-0112'` → `'FR76300060000112'`).
 * Only `a`–`z` are upper-cased, so exotic letters never turn into ASCII ones and still fail validation.
 * Never throws; returns `''` for an input made only of separators.
 */
export function normalizeIdentifier(input: string): string {
  return input.replace(SEPARATORS, '').replace(/[a-z]+/g, (letters) => letters.toUpperCase())
}

/** Luhn (mod 10) check on a string of digits: every second digit from the right is doubled. */
function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    const digit = digits.charCodeAt(digits.length - 1 - index) - 48
    const weighted = index % 2 === 1 ? digit * 2 : digit
    sum += weighted > 9 ? weighted - 9 : weighted
  }
  return sum % 10 === 0
}

/**
 * Remainder modulo 97 (0..96) of a string of digits and/or upper-case letters, letters counting as
 * 10 (A) … 35 (Z) as in ISO 7064 / ISO 13616 (IBAN check, MOD 97-10) and the NIR key (INSEE). Chunk-free and
 * exact: the running remainder never exceeds 96 * 100 + 35, far below 2^53. Other characters are not expected
 * (the callers normalise first); no error is raised.
 */
export function mod97(value: string): number {
  let remainder = 0
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code >= 48 && code <= 57) remainder = (remainder * 10 + (code - 48)) % 97
    else remainder = (remainder * 100 + (code - 55)) % 97
  }
  return remainder
}

const DIGITS_9 = /^\d{9}$/
const DIGITS_14 = /^\d{14}$/

/**
 * SIREN (company number, répertoire SIRENE).
 *
 * Input: 9 digits, formatting tolerated (`'732 829 320'`, `'732.829.320'`).
 * Accepts: numbers whose Luhn checksum is valid; rejects `000000000` (never issued, a common placeholder).
 * Errors: none — anything else (wrong length, letters, bad checksum) returns `false`.
 * Source: INSEE, SIRENE — the 9th digit is a Luhn check digit.
 */
export function isValidSiren(input: string): boolean {
  const siren = normalizeIdentifier(input)
  return DIGITS_9.test(siren) && siren !== '000000000' && passesLuhn(siren)
}

/** SIREN shared by every La Poste establishment since its change of status (2010). */
const LA_POSTE_SIREN = '356000000'
/** La Poste's head office, the only SIRET under {@link LA_POSTE_SIREN} whose Luhn checksum is valid. */
const LA_POSTE_HEAD_OFFICE_SIRET = '35600000000048'

/**
 * SIRET (establishment number) = SIREN (9 digits) + NIC (5 digits).
 *
 * Input: 14 digits, formatting tolerated (`'732 829 320 00074'`).
 * Accepts: numbers whose Luhn checksum over the 14 digits is valid, except La Poste:
 * La Poste has more establishments than the 5-digit NIC with a Luhn key allows, so INSEE validates
 * SIRETs starting with its SIREN `356000000` by another rule — the sum of the 14 digits must be a
 * multiple of 5. Only the head office `356 000 000 00048` follows Luhn (its digit sum is 26) and is
 * accepted as such. Rejects the all-zero placeholder.
 * Errors: none — returns `false`.
 * Source: INSEE (numéro SIRET, clé de Luhn) and INSEE's La Poste exception.
 */
export function isValidSiret(input: string): boolean {
  const siret = normalizeIdentifier(input)
  if (!DIGITS_14.test(siret) || siret === '00000000000000') return false
  if (siret.startsWith(LA_POSTE_SIREN)) {
    if (siret === LA_POSTE_HEAD_OFFICE_SIRET) return true
    let digitSum = 0
    for (const char of siret) digitSum += Number(char)
    return digitSum % 5 === 0
  }
  return passesLuhn(siret)
}

/**
 * NIC (numéro interne de classement): the 5 last digits of a SIRET, identifying the establishment.
 *
 * Input: 5 digits, formatting tolerated. Accepts any 5 digits: the NIC's last digit is a key only
 * in combination with the SIREN, so it cannot be checked alone (use {@link isValidSiret}).
 * Errors: none — returns `false`.
 * Source: INSEE, SIRENE.
 */
export function isValidNic(input: string): boolean {
  return /^\d{5}$/.test(normalizeIdentifier(input))
}

/** sex · year · month · department (2 digits or Corsican 2A/2B) · commune · order · key. */
const NIR_SHAPE = /^([123478])(\d{2})(\d{2})(\d{2}|2[AB])(\d{3})(\d{3})(\d{2})$/

/**
 * NIR — numéro d'inscription au répertoire (French social security number), 15 characters:
 * sex (1) · year of birth (2) · month (2) · department (2) · commune (3) · order number (3) · key (2).
 *
 * Input: formatting tolerated (`'1 84 12 76 451 089 46'`, `'2 69 05 2a 004 012 37'`).
 * Accepts:
 * - first digit 1 or 2 (men / women), also 3, 4, 7, 8 (special and temporary registrations, e.g.
 *   the NIA given to people born abroad while their number is being assigned);
 * - month 01–12, or 20–42 and 50–99 (INSEE's pseudo-months, used when the birth month is unknown);
 * - department two digits, or `2A` / `2B` (Corsica since 1976);
 * - key = 97 − (first 13 digits mod 97), where `2A` is read as `19` and `2B` as `18`.
 * Errors: none — returns `false`. Arithmetic is exact (incremental mod 97, no floating point).
 * Source: INSEE (structure of the NIR) and CNAV / Sécurité sociale (control key).
 */
export function isValidNir(input: string): boolean {
  const parts = NIR_SHAPE.exec(normalizeIdentifier(input))
  if (parts === null) return false
  const [, sex, year, month, department, commune, order, key] = parts
  if (sex === undefined || year === undefined || month === undefined || department === undefined) return false
  if (commune === undefined || order === undefined || key === undefined) return false
  const monthNumber = Number(month)
  const monthOk = (monthNumber >= 1 && monthNumber <= 12) || (monthNumber >= 20 && monthNumber <= 42) || monthNumber >= 50
  if (!monthOk) return false
  const numericDepartment = department === '2A' ? '19' : department === '2B' ? '18' : department
  const expectedKey = 97 - mod97(`${sex}${year}${month}${numericDepartment}${commune}${order}`)
  return Number(key) === expectedKey
}

/**
 * IBAN (ISO 13616).
 *
 * Input: the electronic or the printed form, formatting tolerated (`'fr76 3000 6000 0112 3456 7890 189'`).
 * Accepts: a country that is in the SWIFT IBAN Registry, the exact length for that country, a BBAN that
 * matches the registry structure (digits / letters / alphanumerics at the right places), check digits
 * 02–98, and the ISO 7064 MOD 97-10 check (country code and check digits moved to the end, letters as
 * 10–35, remainder 1). National BBAN keys (e.g. the French RIB key) are not checked separately.
 * Errors: none — returns `false` (unknown country, wrong length or structure, bad check digits).
 * Source: ISO 13616-1 and the SWIFT IBAN Registry (see `iban-registry.ts`).
 */
export function isValidIban(input: string): boolean {
  const iban = normalizeIdentifier(input)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false
  const rule = ibanCountryRule(iban.slice(0, 2))
  if (rule === undefined || iban.length !== rule.ibanLength) return false
  const checkDigits = Number(iban.slice(2, 4))
  if (checkDigits < 2 || checkDigits > 98) return false
  if (!rule.bbanPattern.test(iban.slice(4))) return false
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1
}

/**
 * Printed form of an IBAN: normalized, then grouped by 4 characters separated by spaces
 * (`'fr7630006000011234567890189'` → `'FR76 3000 6000 0112 3456 7890 189'`). Does not validate.
 */
export function formatIban(input: string): string {
  return normalizeIdentifier(input).replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * ISO 3166-1 alpha-2 country codes (all 249 officially assigned codes), plus `XK` (Kosovo), a
 * user-assigned code that SWIFT uses in BICs and IBANs.
 */
const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET ' +
    'FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
    'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM ' +
    'PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
    'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' '),
)

/** The ISO 3166-1 alpha-2 codes accepted as the country part of a BIC (exported for tests and UI hints). */
export function isIsoCountryCode(code: string): boolean {
  return ISO_COUNTRY_CODES.has(code)
}

/**
 * BIC (ISO 9362, "SWIFT code"), 8 or 11 characters:
 * institution (4 letters) · country (2 letters, an ISO 3166-1 alpha-2 code, or `XK`) ·
 * location (2 letters/digits) · optional branch (3 letters/digits; `XXX` = head office).
 *
 * Input: formatting tolerated (`'bnpa fr pp xxx'`).
 * Accepts: the shapes above; a location whose second character is `0` (test BIC) is accepted too.
 * The 2014 edition of ISO 9362 allows digits in the institution part; none is accepted here
 * (classic / SEPA EPC form, which every BIC seen in French payroll uses).
 * Errors: none — returns `false`.
 * Source: ISO 9362 (SWIFT is its registration authority) and ISO 3166-1.
 */
export function isValidBic(input: string): boolean {
  const bic = normalizeIdentifier(input)
  const parts = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.exec(bic)
  const country = parts?.[1]
  return country !== undefined && ISO_COUNTRY_CODES.has(country)
}

/**
 * Builders of valid French identifiers for the sandbox seed: SIREN and SIRET (Luhn key, INSEE), NIR (key
 * 97 − n mod 97, Corsica 2A/2B read as 19/18, INSEE), RIB key and IBAN (ISO 13616, MOD 97-10). Pure functions;
 * the shared validators in src-shared/domain/validation/identifiers.ts accept everything built here.
 */
import { mod97 } from '../../src-shared/domain/validation/identifiers'

/** Luhn check digit to append to `digits` so that the whole string passes the Luhn (mod 10) test. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    const digit = digits.charCodeAt(digits.length - 1 - index) - 48
    const weighted = index % 2 === 0 ? digit * 2 : digit
    sum += weighted > 9 ? weighted - 9 : weighted
  }
  return String((10 - (sum % 10)) % 10)
}

/** SIREN from its first 8 digits: appends the Luhn key (INSEE). Throws `Error` unless given 8 digits. */
export function buildSiren(first8: string): string {
  if (!/^\d{8}$/.test(first8)) throw new Error(`8 chiffres attendus : ${first8}`)
  return first8 + luhnCheckDigit(first8)
}

/**
 * NIC of an establishment from its first 4 digits: the 5th digit makes SIREN + NIC pass the Luhn test over
 * 14 digits (INSEE). Throws `Error` unless given a 9-digit SIREN and 4 digits.
 */
export function buildNic(siren: string, first4: string): string {
  if (!/^\d{9}$/.test(siren) || !/^\d{4}$/.test(first4)) throw new Error(`SIREN et 4 chiffres attendus : ${siren} ${first4}`)
  return first4 + luhnCheckDigit(siren + first4)
}

/**
 * NIR (15 characters) from its parts: sex (1 or 2), year (2 digits), month (2), department (2 digits, or 2A/2B
 * for Corsica, or 99 for a birth abroad), commune or country code (3), order number (3). The key is
 * 97 − (13 first digits mod 97), with 2A read as 19 and 2B as 18 (INSEE, CNAV).
 */
export function buildNir(parts: {
  sexe: '1' | '2'
  annee: string
  mois: string
  departement: string
  commune: string
  ordre: string
}): string {
  const body = `${parts.sexe}${parts.annee}${parts.mois}${parts.departement}${parts.commune}${parts.ordre}`
  const numeric = body.replace('2A', '19').replace('2B', '18')
  const key = 97 - mod97(numeric)
  return `${body}${String(key).padStart(2, '0')}`
}

/**
 * French RIB key: 97 − ((89 × bank + 15 × branch + 3 × account) mod 97), for an all-digit account number
 * (Banque de France convention). All products stay below 2^53.
 */
export function ribKey(banque: string, guichet: string, compte: string): string {
  const value = (89 * Number(banque) + 15 * Number(guichet) + 3 * Number(compte)) % 97
  return String(97 - value).padStart(2, '0')
}

/**
 * French IBAN (27 characters) from bank code (5 digits), branch code (5) and account number (11 digits): the RIB
 * key completes the BBAN, then the ISO 13616 check digits are 98 − (BBAN + "FR00" mod 97).
 */
export function buildIbanFr(banque: string, guichet: string, compte: string): string {
  const bban = `${banque}${guichet}${compte}${ribKey(banque, guichet, compte)}`
  const check = 98 - mod97(`${bban}FR00`)
  return `FR${String(check).padStart(2, '0')}${bban}`
}

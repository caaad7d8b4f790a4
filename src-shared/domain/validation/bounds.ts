/**
 * Sane bounds of the values a clerk enters, to catch typing slips (an extra zero, a comma in the wrong place)
 * before they reach a payslip. Money is compared in integer cents, other decimals exactly (decimal.ts), never as
 * floats. Each bound says where it comes from; most are assumptions: the reference shows none.
 */
import { Montant, Quantite, Taux } from '../../api/common'
import type { CodeEvp } from '../../api/codification'
import { compareDecimal, decimalToCents, formatFrenchDecimal } from '../decimal'
import { validField, type IssueList, type Payload } from './fields'

/** EVP and prime amount ceiling per entry, euros. Assumption: above any monthly variable pay a cabinet keys in. */
export const MAX_MONTANT_EVP_PRIME = '100000'
/** Professional expense ceiling per entry, euros. Assumption: one expense claim line, not a month's total. */
export const MAX_MONTANT_FRAIS = '10000'
/** Benefit in kind ceiling per entry, euros. Assumption: URSSAF flat rates (logement, véhicule) stay far below. */
export const MAX_MONTANT_AVANTAGE = '10000'
/** Hours in one month: 31 days × 24 h = 744 (the longest month, every hour). */
export const MAX_HEURES_MOIS = '744'
/** Days in one month: 31 (the longest month). */
export const MAX_JOURS_MOIS = '31'
/** Rate ceiling, percent. Assumption: overtime and bonus rates stay well below 1000 %. */
export const MAX_TAUX = '1000'
/** Kilometres per expense entry. Assumption: about 10 h of driving a day over a few days; a typo above. */
export const MAX_KILOMETRES = '5000'
/** How many months before its period an expense may date from. Assumption: late claims within one quarter. */
export const FRAIS_ANCIENNETE_MAX_MOIS = 3

/** `1234.5` → `1 234,5 €`. */
export function euros(montant: string): string {
  return `${formatFrenchDecimal(montant)} €`
}

/**
 * `montant` (euros, contract `Montant`) is above 0 and at most `max` euros. Issue on `montant`.
 * @param quoi what the ceiling applies to, in French (`'un EVP'`, `'une note de frais'`).
 */
export function checkMontant(payload: Payload, max: string, quoi: string, issues: IssueList): void {
  const montant = validField(payload, 'montant', Montant)
  if (montant === undefined) return
  const cents = decimalToCents(montant)
  if (cents <= 0n) issues.push({ champ: 'montant', message: `Le montant doit être supérieur à 0 € (${euros(montant)} saisi).` })
  else if (cents > decimalToCents(max)) {
    issues.push({
      champ: 'montant',
      message: `Le montant ${euros(montant)} dépasse le plafond de ${euros(max)} pour ${quoi} : vérifiez la saisie.`,
    })
  }
}

/**
 * `quantite` (contract `Quantite`) is above 0 and, for the code's unit, at most a month's worth: 744 hours
 * (31 × 24) or 31 days. Other units: only above 0. Issue on `quantite`.
 */
export function checkQuantite(payload: Payload, unite: CodeEvp['unite'] | undefined, issues: IssueList): void {
  const quantite = validField(payload, 'quantite', Quantite)
  if (quantite === undefined) return
  const shown = formatFrenchDecimal(quantite)
  if (compareDecimal(quantite, '0') <= 0) {
    issues.push({ champ: 'quantite', message: `La quantité doit être supérieure à 0 (${shown} saisi).` })
  } else if (unite === 'heures' && compareDecimal(quantite, MAX_HEURES_MOIS) > 0) {
    issues.push({
      champ: 'quantite',
      message: `${shown} heures dépassent les ${MAX_HEURES_MOIS} heures d’un mois de 31 jours : vérifiez la saisie.`,
    })
  } else if (unite === 'jours' && compareDecimal(quantite, MAX_JOURS_MOIS) > 0) {
    issues.push({ champ: 'quantite', message: `${shown} jours dépassent les ${MAX_JOURS_MOIS} jours d’un mois : vérifiez la saisie.` })
  }
}

/** `taux` (percent, contract `Taux`) is in (0, 1000]. Issue on `taux`. */
export function checkTaux(payload: Payload, issues: IssueList): void {
  const taux = validField(payload, 'taux', Taux)
  if (taux === undefined) return
  if (compareDecimal(taux, '0') <= 0 || compareDecimal(taux, MAX_TAUX) > 0) {
    issues.push({
      champ: 'taux',
      message: `Le taux ${formatFrenchDecimal(taux)} % doit être supérieur à 0 et au plus ${formatFrenchDecimal(MAX_TAUX)} %.`,
    })
  }
}

/** `kilometres` (contract `Quantite`) is above 0 and at most 5 000 per entry. Issue on `kilometres`. */
export function checkKilometres(payload: Payload, issues: IssueList): void {
  const km = validField(payload, 'kilometres', Quantite)
  if (km === undefined) return
  if (compareDecimal(km, '0') <= 0) {
    issues.push({ champ: 'kilometres', message: `Le nombre de kilomètres doit être supérieur à 0 (${formatFrenchDecimal(km)} saisi).` })
  } else if (compareDecimal(km, MAX_KILOMETRES) > 0) {
    issues.push({
      champ: 'kilometres',
      message: `${formatFrenchDecimal(km)} km dépassent le plafond de ${formatFrenchDecimal(MAX_KILOMETRES)} km par saisie : vérifiez la saisie.`,
    })
  }
}

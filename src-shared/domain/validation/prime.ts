/**
 * Business rules of a prime or indemnité (reference V1.4.0). Rules: assumption, docs/api-assumptions.md rule 18,
 * as the sandbox applies them (handlers/evp.ts checkPrime): a code of the dossier (codes-primes-indemnites) that the
 * cabinet enters (visibility.ts: the app is stricter than the sandbox there), the period not closed, the employee
 * under contract in the period, the contract named when several run.
 */
import { Periode } from '../../api/common'
import { MAX_MONTANT_EVP_PRIME, checkMontant } from './bounds'
import { periodEnd, periodStart } from './calendar'
import { checkContractNumber, checkOpenPeriod, checkPresenceInPeriod, checkSalarie } from './salarie'
import { validField, type IssueList, type Payload } from './fields'
import type { ValidationContext, ValidationOperation } from './types'
import { offeredForEntry } from './visibility'

/** Prime rules after the schema check; issues pushed into `issues` (see index.ts for the order). */
export function checkPrime(payload: Payload, operation: ValidationOperation, ctx: ValidationContext, issues: IssueList): void {
  const salarie = checkSalarie(ctx, payload, operation, issues)
  const codeSaisi = payload['code_prime']
  const code = typeof codeSaisi === 'string' && codeSaisi !== '' ? ctx.codesPrimes.find((c) => c.code === codeSaisi) : undefined
  if (typeof codeSaisi === 'string' && codeSaisi !== '' && code === undefined) {
    issues.push({
      champ: 'code_prime',
      message: `Le code de prime ${codeSaisi} n’existe pas pour le dossier ${ctx.dossier.raison_sociale}.`,
    })
  } else if (code !== undefined && !offeredForEntry(code)) {
    issues.push({
      champ: 'code_prime',
      message: `Le code de prime ${code.code} (${code.libelle}) est saisi par l’employeur : le cabinet ne le saisit pas.`,
    })
  }
  checkMontant(payload, MAX_MONTANT_EVP_PRIME, 'une prime', issues)

  const periode = validField(payload, 'periode', Periode)
  if (periode === undefined) return
  checkOpenPeriod(ctx.dossier, periode, 'periode', issues)
  if (salarie === undefined) return
  const range = { from: periodStart(periode), to: periodEnd(periode), libelle: `sur la période ${periode}` }
  checkPresenceInPeriod(salarie, range, issues)
  checkContractNumber(salarie, range, payload, operation, issues)
}

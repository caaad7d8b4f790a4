/**
 * Business rules of an EVP (creation V1.4.0, contract numbers V1.11.0). The value fields follow the code's `format`
 * (Silae "format", codification.ts); a hidden (`masque`) code, or one the cabinet (GP) does not see (visibility.ts), is
 * not offered for entry. Rules: assumption,
 * docs/api-assumptions.md rule 18, as the sandbox applies them (handlers/evp.ts FORMAT_FIELDS, FORMAT_VALEUR).
 */
import type { CodeEvp, FormatEvp } from '../../api/codification'
import { Periode } from '../../api/common'
import { MAX_MONTANT_EVP_PRIME, checkMontant, checkQuantite, checkTaux } from './bounds'
import { periodEnd, periodStart } from './calendar'
import { checkContractNumber, checkOpenPeriod, checkPresenceInPeriod, checkSalarie } from './salarie'
import { isGiven, isMissing, validField, type IssueList, type Payload } from './fields'
import type { ValidationContext, ValidationOperation } from './types'
import { offeredForEntry } from './visibility'

type ValueField = 'quantite' | 'taux' | 'montant' | 'valeur_texte'
const VALUE_FIELDS: readonly ValueField[] = ['quantite', 'taux', 'montant', 'valeur_texte']

/** Value fields each EVP format wants; the others must stay empty (sandbox FORMAT_FIELDS). */
export const FORMAT_FIELDS: Readonly<Record<FormatEvp, readonly ValueField[]>> = {
  quantite: ['quantite'],
  montant: ['montant'],
  taux: ['taux'],
  quantite_taux: ['quantite', 'taux'],
  texte: ['valeur_texte'],
}

const VALUE_LABELS: Readonly<Record<ValueField, string>> = {
  quantite: 'une quantité',
  taux: 'un taux',
  montant: 'un montant',
  valeur_texte: 'un texte',
}
const FORMAT_LABELS: Readonly<Record<FormatEvp, string>> = {
  quantite: 'quantité',
  montant: 'montant',
  taux: 'taux',
  quantite_taux: 'quantité et taux',
  texte: 'texte',
}

/**
 * The values of an EVP fit its code's format: each wanted field given, no other. On an update, a field absent from
 * the patch keeps the record's value: only a wanted field cleared (null, '') is missing. Issues on the value field.
 */
export function checkEvpFormat(code: CodeEvp, payload: Payload, operation: ValidationOperation, issues: IssueList): void {
  const wanted = FORMAT_FIELDS[code.format]
  for (const field of VALUE_FIELDS) {
    if (wanted.includes(field) && isMissing(payload, field, operation)) {
      issues.push({ champ: field, message: `Le code ${code.code} (${code.libelle}) attend ${VALUE_LABELS[field]}.` })
    } else if (!wanted.includes(field) && isGiven(payload, field)) {
      issues.push({
        champ: field,
        message: `Le code ${code.code} (${code.libelle}) n’accepte pas ${VALUE_LABELS[field]} : il se saisit en ${FORMAT_LABELS[code.format]}.`,
      })
    }
  }
}

/** EVP rules after the schema check; issues pushed into `issues` (see index.ts for the order). */
export function checkEvp(payload: Payload, operation: ValidationOperation, ctx: ValidationContext, issues: IssueList): void {
  const salarie = checkSalarie(ctx, payload, operation, issues)
  const codeSaisi = payload['code_evp']
  let code: CodeEvp | undefined
  if (typeof codeSaisi === 'string' && codeSaisi !== '') {
    code = ctx.codesEvp.find((c) => c.code === codeSaisi)
    if (code === undefined) {
      issues.push({ champ: 'code_evp', message: `Le code EVP ${codeSaisi} n’existe pas pour le dossier ${ctx.dossier.raison_sociale}.` })
    } else if (code.masque) {
      issues.push({
        champ: 'code_evp',
        message: `Le code EVP ${code.code} (${code.libelle}) est masqué pour le dossier ${ctx.dossier.raison_sociale} : il ne se saisit pas.`,
      })
      code = undefined
    } else if (!offeredForEntry(code)) {
      issues.push({
        champ: 'code_evp',
        message: `Le code EVP ${code.code} (${code.libelle}) est saisi par l’employeur : le cabinet ne le saisit pas.`,
      })
      code = undefined
    }
  }
  if (code !== undefined) checkEvpFormat(code, payload, operation, issues)
  checkQuantite(payload, code?.unite, issues)
  checkTaux(payload, issues)
  checkMontant(payload, MAX_MONTANT_EVP_PRIME, 'un EVP', issues)

  const periode = validField(payload, 'periode', Periode)
  if (periode === undefined) return
  checkOpenPeriod(ctx.dossier, periode, 'periode', issues)
  if (salarie === undefined) return
  const range = { from: periodStart(periode), to: periodEnd(periode), libelle: `sur la période ${periode}` }
  checkPresenceInPeriod(salarie, range, issues)
  checkContractNumber(salarie, range, payload, operation, issues)
}

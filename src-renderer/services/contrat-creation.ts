/**
 * A new contract as a people write (issue 16, point 3; docs/api-assumptions.md #63 and #66): the form checked offline
 * is queued as a `contrat` write (db/people-writes.ts) and sent by the people drain like any write. This module maps
 * between the form and the write: the service's field errors of a refused write onto the form's fields, and a
 * refused write's payload back into the form so the clerk can correct it. Pure.
 */
import type { ContratPayload } from '../../src-shared/domain/people-writes'
import type { ContratFormValues } from '../../src-shared/domain/contrat-form'
import type { FieldIssue } from '../../src-shared/domain/validation/types'
import type { PeopleWriteRow } from '../db/people-writes'

/** Form field of a BridgeError path (`body.pcs_ese` → `pcs_ese`, `body.duree_travail.quotite` → `semaine`). */
export function formFieldOf(chemin: string): string {
  const field = chemin.replace(/^body\./, '')
  return field.startsWith('duree_travail') ? 'semaine' : (field.split(/[.[]/)[0] ?? '')
}

/**
 * The service's field errors of a refused write, on the form's fields; a refusal without field errors gives one
 * issue on the whole form (`champ` `''`) with the service's message. Empty for a write that is not refused.
 */
export function refusalIssues(row: PeopleWriteRow): FieldIssue[] {
  if (row.state !== 'rejected' || row.error === null) return []
  const erreurs = row.error.erreurs ?? []
  if (erreurs.length === 0) return [{ champ: row.error.champ == null ? '' : formFieldOf(row.error.champ), message: row.error.message }]
  return erreurs.map((e) => ({ champ: formFieldOf(e.chemin), message: e.message }))
}

/**
 * The form as it was typed for `payload` (the week's hours from the working-time table, `'0'` for a day without
 * hours; absent optional fields empty), to correct a refused write.
 */
export function formValuesOf(payload: ContratPayload): ContratFormValues {
  const tableau = payload.duree_travail.tableau_horaire ?? []
  const semaine = [1, 2, 3, 4, 5, 6, 7].map((jour) => tableau.find((l) => l.jour === jour)?.heures ?? '0')
  return {
    numero_contrat: payload.numero_contrat,
    nic: payload.nic,
    nature_contrat: payload.nature_contrat,
    libelle_emploi: payload.libelle_emploi,
    code_profession: payload.code_profession ?? '',
    pcs_ese: payload.pcs_ese,
    dispositif_politique_publique: payload.dispositif_politique_publique,
    idcc: payload.idcc ?? '',
    date_debut: payload.date_debut,
    date_fin: payload.date_fin ?? '',
    modalite_temps: payload.duree_travail.modalite_temps,
    semaine,
  }
}

/**
 * The contract form and its people write (services/contrat-creation.ts, issue 16 point 3): a refused write's field
 * errors land on the form's fields, and its payload reopens the form as it was typed.
 */
import { describe, expect, it } from 'vitest'

import type { PeopleWriteRow } from '../../../src-renderer/db/people-writes'
import { formFieldOf, formValuesOf, refusalIssues } from '../../../src-renderer/services/contrat-creation'
import { contratBodyOf, ContratFormSchema } from '../../../src-shared/domain/contrat-form'
import type { ContratPayload } from '../../../src-shared/domain/people-writes'

const values = {
  numero_contrat: 'C2',
  nic: '00017',
  nature_contrat: '02',
  libelle_emploi: 'Cuisinier',
  code_profession: '',
  pcs_ese: '636d',
  dispositif_politique_publique: '61',
  idcc: '1979',
  date_debut: '2026-12-01',
  date_fin: '2027-05-31',
  modalite_temps: '20',
  semaine: ['8', '8', '0', '8', '0', '0', '0'],
}

function row(payload: ContratPayload, state: PeopleWriteRow['state'], error: PeopleWriteRow['error']): PeopleWriteRow {
  return {
    kind: 'contrat',
    payload,
    clientId: '8f7c5a59-8d47-4a4e-9f0e-3d2b1c0a9e11',
    siren: '123456789',
    matricule: 'M001',
    state,
    error,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    attempts: 1,
    lost: false,
    windowStart: null,
    settleUntil: null,
    serverId: null,
  }
}

describe('contract write ↔ form', () => {
  const payload = contratBodyOf(ContratFormSchema.parse(values))

  it('reopens the form as typed from the write’s payload (the week from the table, empty optional fields)', () => {
    expect(formValuesOf(payload)).toEqual(values)
  })

  it('places the service’s field errors on the form’s fields, the working time on the week', () => {
    expect(formFieldOf('body.duree_travail.quotite')).toBe('semaine')
    const refused = row(payload, 'rejected', {
      code: 'REGLE_METIER',
      message: 'Contrat refusé',
      erreurs: [
        { chemin: 'body.pcs_ese', message: 'Code 636d refusé.' },
        { chemin: 'body.duree_travail.tableau_horaire[0].heures', message: 'Trop d’heures.' },
      ],
    })
    expect(refusalIssues(refused)).toEqual([
      { champ: 'pcs_ese', message: 'Code 636d refusé.' },
      { champ: 'semaine', message: 'Trop d’heures.' },
    ])
  })

  it('a refusal without field errors is one issue on the form; a write not refused has none', () => {
    const conflict = row(payload, 'rejected', { code: 'CONFLIT', message: 'Le contrat C2 existe déjà.' })
    expect(refusalIssues(conflict)).toEqual([{ champ: '', message: 'Le contrat C2 existe déjà.' }])
    expect(refusalIssues(row(payload, 'queued', null))).toEqual([])
  })
})

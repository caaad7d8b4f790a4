/** The month at a glance (issue 15, point 5, #60): the next action of a dossier and where its work is. */
import { describe, expect, it } from 'vitest'

import type { StatutBulletin } from '../../../src-shared/api/bulletins'
import { countByStatut } from '../../../src-shared/domain/bulletin-view'
import {
  bulletinsRestants,
  lieuAction,
  prochaineAction,
  PROCHAINES_ACTIONS,
  statutVise,
  type EtatDuMois,
} from '../../../src-shared/domain/month-glance'

function counts(...statuts: StatutBulletin[]): Record<StatutBulletin, number> {
  return countByStatut(statuts.map((statut) => ({ statut })))
}

const calm: EtatDuMois = { enAttente: 0, rejetes: 0, aVerifier: 0, bulletins: counts('envoye_salarie'), dsn: 'deposee' }

describe('prochaineAction', () => {
  it('puts the entries first: rejected, then to check, then queued', () => {
    expect(prochaineAction({ ...calm, rejetes: 1, aVerifier: 2, enAttente: 3 })).toBe('corriger')
    expect(prochaineAction({ ...calm, aVerifier: 2, enAttente: 3 })).toBe('verifier')
    expect(prochaineAction({ ...calm, enAttente: 3 })).toBe('synchroniser')
  })

  it('asks to read the payslips never read, and to compute when there are none or some to compute', () => {
    expect(prochaineAction({ ...calm, bulletins: null })).toBe('lire_bulletins')
    expect(prochaineAction({ ...calm, bulletins: counts() })).toBe('calculer')
    expect(prochaineAction({ ...calm, bulletins: counts('a_calculer', 'calcule', 'refuse') })).toBe('calculer')
  })

  it('follows the least advanced payslips through the workflow', () => {
    const cases: [StatutBulletin[], string][] = [
      [['refuse', 'calcule', 'valide'], 'recalculer'],
      [['calcule', 'controle'], 'controler'],
      [['controle', 'envoye_salarie'], 'envoyer_employeur'],
      [['envoye_employeur', 'valide'], 'valider'],
      [['valide', 'envoye_salarie'], 'envoyer_salarie'],
      [['envoye_coffre'], 'envoyer_salarie'],
    ]
    for (const [statuts, action] of cases) expect(prochaineAction({ ...calm, bulletins: counts(...statuts) })).toBe(action)
  })

  it('ends with the DSN once every payslip reached the employee', () => {
    expect(prochaineAction({ ...calm, dsn: 'rejetee' })).toBe('corriger_dsn')
    expect(prochaineAction({ ...calm, dsn: 'aucune' })).toBe('deposer_dsn')
    expect(prochaineAction({ ...calm, dsn: 'en_preparation' })).toBe('deposer_dsn')
    expect(prochaineAction({ ...calm, dsn: 'acceptee' })).toBe('termine')
    expect(prochaineAction(calm)).toBe('termine')
  })
})

describe('where the work is', () => {
  it('sends entry actions to the queue, payslip actions to the payslips with their state, DSN ones to the declarations', () => {
    expect(PROCHAINES_ACTIONS.map((a) => [a, lieuAction(a), statutVise(a)])).toEqual([
      ['corriger', 'file', null],
      ['verifier', 'file', null],
      ['synchroniser', 'file', null],
      ['lire_bulletins', 'bulletins', null],
      ['calculer', 'bulletins', 'a_calculer'],
      ['recalculer', 'bulletins', 'refuse'],
      ['controler', 'bulletins', 'calcule'],
      ['envoyer_employeur', 'bulletins', 'controle'],
      ['valider', 'bulletins', 'envoye_employeur'],
      ['envoyer_salarie', 'bulletins', 'valide'],
      ['corriger_dsn', 'declarations', null],
      ['deposer_dsn', 'declarations', null],
      ['termine', 'aucun', null],
    ])
  })

  it('counts the payslips not yet sent to the employee', () => {
    expect(bulletinsRestants(counts('calcule', 'valide', 'envoye_salarie', 'envoye_salarie'))).toBe(2)
  })
})

/**
 * The workflow rules of the payslip screens (issue 15, point 3): which action a payslip allows and why not, what a
 * read shows applied (#50), the batch report, the action input's motif rule.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { ActionBulletin, StatutBulletin, type Bulletin } from '../../../src-shared/api/bulletins'
import { actionDenial, batchReport, BulletinActInput, showsApplied, type BulletinActOutcome } from '../../../src-shared/domain/bulletins'

/** Decision #19 written out independently: the states each action may start from. */
const FROM: Readonly<Record<ActionBulletin, readonly StatutBulletin[]>> = {
  calculer: ['a_calculer', 'calcule', 'controle', 'refuse'],
  controler: ['calcule'],
  'envoyer-employeur': ['controle'],
  valider: ['envoye_employeur'],
  refus: ['envoye_employeur', 'valide'],
  'envoi-coffre': ['valide'],
  'envoyer-salarie': ['valide', 'envoye_coffre'],
}

function bulletin(over: Partial<Bulletin> = {}): Bulletin {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    siren: '732829320',
    nic: '00012',
    matricule: 'M001',
    numero_contrat: 'C001',
    periode: '2026-11',
    statut: 'calcule',
    brut: '2500.00',
    net_a_payer: '1950.00',
    dernier_calcul_par: 'GP01',
    date_dernier_calcul: '2026-11-20T08:00:00Z',
    date_envoi_coffre: null,
    dates_envoi: { employeur: null, salarie: null },
    ...over,
  }
}

describe('actionDenial', () => {
  it('allows an action exactly from the states of decision #19, and says the state otherwise', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ActionBulletin.options), fc.constantFrom(...StatutBulletin.options), (action, statut) => {
        const denial = actionDenial(action, { statut }, true)
        if (FROM[action].includes(statut)) expect(denial).toBeNull()
        else expect(denial).toEqual({ reason: 'etat', statut })
      }),
    )
  })

  it('refuses the safe sending of a validated payslip when the employee’s safe is not active or unknown', () => {
    expect(actionDenial('envoi-coffre', { statut: 'valide' }, false)).toEqual({ reason: 'coffre_inactif' })
    expect(actionDenial('envoi-coffre', { statut: 'valide' }, undefined)).toEqual({ reason: 'coffre_inactif' })
    expect(actionDenial('envoi-coffre', { statut: 'valide' }, true)).toBeNull()
    expect(actionDenial('envoyer-salarie', { statut: 'valide' }, false)).toBeNull()
  })
})

describe('showsApplied', () => {
  it('a state change is applied when the payslip is in the action’s target state', () => {
    expect(showsApplied('valider', { statut: 'valide', date_dernier_calcul: null }, '2026-11-20T09:00:00Z')).toBe(true)
    expect(showsApplied('valider', { statut: 'envoye_employeur', date_dernier_calcul: null }, '2026-11-20T09:00:00Z')).toBe(false)
    expect(showsApplied('refus', { statut: 'refuse', date_dernier_calcul: null }, '2026-11-20T09:00:00Z')).toBe(true)
  })

  it('a computation is applied only when the last computation is at or after the sending instant', () => {
    const sent = '2026-11-20T09:00:00Z'
    expect(showsApplied('calculer', { statut: 'calcule', date_dernier_calcul: '2026-11-20T08:59:59Z' }, sent)).toBe(false)
    expect(showsApplied('calculer', { statut: 'calcule', date_dernier_calcul: '2026-11-20T09:00:00Z' }, sent)).toBe(true)
    expect(showsApplied('calculer', { statut: 'calcule', date_dernier_calcul: null }, sent)).toBe(false)
    expect(showsApplied('calculer', { statut: 'controle', date_dernier_calcul: '2026-11-20T10:00:00Z' }, sent)).toBe(false)
  })
})

describe('batchReport', () => {
  it('one line per selected payslip in order; those not sent are ignored with their state kept; counts add up', () => {
    const a = bulletin({ id: '00000000-0000-4000-8000-00000000000a', matricule: 'M001' })
    const b = bulletin({ id: '00000000-0000-4000-8000-00000000000b', matricule: 'M002', statut: 'valide' })
    const c = bulletin({ id: '00000000-0000-4000-8000-00000000000c', matricule: 'M003' })
    const outcomes = new Map<string, BulletinActOutcome>([
      [a.id, { id: a.id, action: 'controler', result: 'applied', bulletin: { ...a, statut: 'controle' }, error: null, settleUntil: null }],
      [
        c.id,
        {
          id: c.id,
          action: 'controler',
          result: 'refused',
          bulletin: null,
          error: { code: 'TRANSITION_IMPOSSIBLE', message: 'déjà contrôlé' },
          settleUntil: null,
        },
      ],
    ])
    const { lines, counts } = batchReport(
      [a, b, c].map((x) => ({ ...x, action: 'controler' as const })),
      outcomes,
    )
    expect(lines.map((l) => [l.matricule, l.avant, l.result, l.apres])).toEqual([
      ['M001', 'calcule', 'applied', 'controle'],
      ['M002', 'valide', 'ignored', 'valide'],
      ['M003', 'calcule', 'refused', 'calcule'],
    ])
    expect(lines[2]?.error?.code).toBe('TRANSITION_IMPOSSIBLE')
    expect(counts).toEqual({ applied: 1, already_applied: 0, refused: 1, not_sent: 0, unknown: 0, queued: 0, ignored: 1 })
    expect(lines.every((l) => l.action === 'controler')).toBe(true)
  })
})

describe('BulletinActInput', () => {
  const id = '00000000-0000-4000-8000-000000000001'
  it('requires a motif of 3 characters or more for a refusal, and refuses one on the other actions', () => {
    expect(BulletinActInput.safeParse({ id, action: 'refus' }).success).toBe(false)
    expect(BulletinActInput.safeParse({ id, action: 'refus', motif: ' a ' }).success).toBe(false)
    expect(BulletinActInput.safeParse({ id, action: 'refus', motif: 'Prime oubliée' }).success).toBe(true)
    expect(BulletinActInput.safeParse({ id, action: 'valider', motif: 'Prime oubliée' }).success).toBe(false)
    expect(BulletinActInput.parse({ id, action: 'valider' })).toEqual({ id, action: 'valider', afterLostAnswer: false })
  })
})

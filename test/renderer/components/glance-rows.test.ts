/**
 * The home screen's rows (features/cabinet/glance.ts, issue 15 point 5, #60): where one click on the next action
 * takes the clerk, and how a column sorts the dossiers (ties by company name); and the control's threshold as typed.
 */
import { describe, expect, it } from 'vitest'

import { seuilOf } from '../../../src-renderer/features/bulletins/useControl'
import { sortGlance, targetOf, type GlanceRow } from '../../../src-renderer/features/cabinet/glance'
import { countByStatut } from '../../../src-shared/domain/bulletin-view'
import type { ProchaineAction } from '../../../src-shared/domain/month-glance'
import { dossierDupont, dossierMartin, SIREN } from '../support/fixtures'

function row(over: Partial<GlanceRow> & { prochaine: ProchaineAction }): GlanceRow {
  return { dossier: dossierMartin, enAttente: 0, rejetes: 0, aVerifier: 0, dsn: 'aucune', bulletins: null, ...over }
}

describe('targetOf', () => {
  it('opens the queue filtered on the dossier and the state of the entries to work on', () => {
    expect(targetOf(row({ prochaine: 'corriger' }))).toEqual({ name: 'queue', query: { siren: SIREN, state: 'rejected' } })
    expect(targetOf(row({ prochaine: 'verifier' }))).toEqual({ name: 'queue', query: { siren: SIREN, state: 'to_check' } })
    expect(targetOf(row({ prochaine: 'synchroniser' }))).toEqual({ name: 'queue', query: { siren: SIREN, state: 'queued' } })
  })

  it('opens the payslips of the period, filtered on the state the action works on', () => {
    expect(targetOf(row({ prochaine: 'valider' }))).toEqual({
      name: 'bulletins',
      params: { siren: SIREN },
      query: { periode: '2026-11', statut: 'envoye_employeur' },
    })
    expect(targetOf(row({ prochaine: 'lire_bulletins' }))).toEqual({
      name: 'bulletins',
      params: { siren: SIREN },
      query: { periode: '2026-11' },
    })
  })

  it('opens the declarations for the DSN, the dossier when the month is done', () => {
    expect(targetOf(row({ prochaine: 'deposer_dsn' }))).toEqual({ name: 'declarations' })
    expect(targetOf(row({ prochaine: 'termine' }))).toEqual({ name: 'dossier', params: { siren: SIREN } })
  })
})

describe('sortGlance', () => {
  const martin = row({
    prochaine: 'controler',
    rejetes: 0,
    bulletins: { counts: countByStatut([{ statut: 'calcule' }]), fetchedAt: '2026-11-20T06:00:00Z' },
  })
  const dupont = row({ dossier: dossierDupont, prochaine: 'corriger', rejetes: 4 })

  it('sorts by a number column both ways, never-read payslips first, and by name on ties', () => {
    expect(sortGlance([martin, dupont], { column: 'refuses', descending: true }).map((r) => r.prochaine)).toEqual(['corriger', 'controler'])
    expect(sortGlance([martin, dupont], { column: 'bulletins', descending: false }).map((r) => r.prochaine)).toEqual([
      'corriger',
      'controler',
    ])
    expect(sortGlance([martin, dupont], { column: 'periode', descending: true }).map((r) => r.dossier.raison_sociale)).toEqual([
      'Atelier Dupont',
      'Boulangerie Martin',
    ])
  })

  it('sorts by next action in the order of the work', () => {
    expect(sortGlance([martin, dupont], { column: 'prochaine', descending: false }).map((r) => r.prochaine)).toEqual([
      'corriger',
      'controler',
    ])
  })
})

describe('seuilOf', () => {
  it('takes a whole percent from 1 to 100, as typed or as a number input gives it', () => {
    expect([seuilOf('15'), seuilOf(' 7 '), seuilOf(100), seuilOf('0'), seuilOf('12.5'), seuilOf(''), seuilOf('101')]).toEqual([
      15,
      7,
      100,
      null,
      null,
      null,
      null,
    ])
  })
})

/**
 * The cabinet channels served through the dispatcher against the real sandbox (issue 18): billing counters of twelve
 * months equal to the sandbox's rows, the cabinet's users, a user created then assigned to dossiers with dates through
 * `people:push` (the cabinet's writes are people writes, docs/api-assumptions.md #58, #80: an overlap, an unknown
 * assignment or an end reaching into a later one refused with the service's words, an end before its start refused
 * before anything is sent), the assignments and the signed-in user; a declaration's detail and its
 * PDF summary in memory; credentials without the `cabinet` right refused with the missing right named, the billing
 * still read.
 */
import { describe, expect, it } from 'vitest'
import type { UtilisateurCabinet } from '../../../src-shared/api/cabinet'
import type { CabinetAssignmentsResult, CabinetUsersResult, FacturationsListResult } from '../../../src-shared/domain/cabinet'
import type { DeclarationDetail, RecapitulatifContent } from '../../../src-shared/domain/declarations'
import type { PeoplePushResult, PeopleWriteItem, PeopleWriteOutcome } from '../../../src-shared/domain/people-writes'
import { assignWrite, endWrite, userWrite } from '../../support/cabinet-writes'
import { ok, refused, sandboxPerTest, serveSandbox, type Dispatch } from '../../support/ipc-sandbox'
import { BIG_SIREN } from '../sync/helpers'

const env = sandboxPerTest('cabinet-ipc-')

function serve(clientId?: string): Dispatch {
  return serveSandbox(env.sandbox, clientId === undefined ? {} : { clientId }).dispatch
}

const TWELVE = [
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
]

describe('facturations:list', () => {
  it('reads every row of the twelve months, equal to the sandbox’s counters', async () => {
    const dispatch = serve()
    const value = await ok<FacturationsListResult>(dispatch('facturations:list', { periodes: TWELVE }))
    expect(value.periodes).toEqual(TWELVE)
    const expected = env.sandbox.store.facturations.filter((f) => TWELVE.includes(f.periode))
    expect(value.facturations).toHaveLength(expected.length)
    expect(new Set(value.facturations.map((f) => f.periode))).toEqual(new Set(TWELVE))
    const key = (f: { siren: string; periode: string }): string => `${f.siren}|${f.periode}`
    expect([...value.facturations].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...expected].sort((a, b) => key(a).localeCompare(key(b))),
    )
  })

  it('narrows to the dossiers asked for', async () => {
    const value = await ok<FacturationsListResult>(serve()('facturations:list', { periodes: ['2026-10'], sirens: [BIG_SIREN] }))
    expect(value.facturations.map((f) => f.siren)).toEqual([BIG_SIREN])
  })

  it('is read with credentials that lack the cabinet right', async () => {
    const value = await ok<FacturationsListResult>(serve('gestionnaire-restreint')('facturations:list', { periodes: ['2026-10'] }))
    expect(value.facturations.length).toBeGreaterThan(0)
  })
})

describe('cabinet users and assignments', () => {
  /** The outcomes of one `people:push` of `writes` in the scope `siren` (null: the cabinet's). */
  async function push(dispatch: Dispatch, siren: string | null, writes: PeopleWriteItem[]): Promise<PeopleWriteOutcome[]> {
    return (await ok<PeoplePushResult>(dispatch('people:push', { siren, writes }))).outcomes
  }

  it('lists the users, creates one, reads it back, assigns it with dates and refuses an overlap', async () => {
    const dispatch = serve()
    const before = await ok<CabinetUsersResult>(dispatch('cabinet:users', {}))
    expect(before.utilisateurs.map((u) => u.matricule)).toEqual(['GP001', 'GP002', 'GP003', 'GP004'])
    expect((await push(dispatch, null, [userWrite('GP010')])).map((o) => o.result)).toEqual(['synced'])
    const created = await ok<UtilisateurCabinet>(dispatch('cabinet:user', { matricule: 'GP010' }))
    expect(created).toMatchObject({ matricule: 'GP010', actif: true })
    expect(created.email).toBe('lucie.petit@cabinet.fr')
    // The same matricule again, in another write: the service refuses it.
    const [taken] = await push(dispatch, null, [userWrite('GP010')])
    expect(taken).toMatchObject({ result: 'rejected', error: { code: 'CONFLIT' } })

    const assigned = { siren: BIG_SIREN, matricule_utilisateur: 'GP010', date_debut: '2026-01-01', date_fin: '2026-06-30' }
    expect((await push(dispatch, BIG_SIREN, [assignWrite('GP010', '2026-01-01', '2026-06-30')])).map((o) => o.result)).toEqual(['synced'])
    const [overlap] = await push(dispatch, BIG_SIREN, [assignWrite('GP010', '2026-06-01', null)])
    expect(overlap).toMatchObject({ result: 'rejected', error: { code: 'REGLE_METIER' } })
    expect(overlap?.error?.message).toMatch(/déjà affecté à ce dossier du 2026-01-01/)

    const all = await ok<CabinetAssignmentsResult>(dispatch('cabinet:assignments', {}))
    expect(all.utilisateur).toBe('GP001')
    expect(all.refused).toEqual([])
    expect(all.affectations.filter((a) => a.matricule_utilisateur === 'GP010')).toEqual([assigned])
    expect(all.sirens).toHaveLength(4)
  })

  it('ends an assignment on a date; refuses an end reaching into a later one, or naming none, with the service’s words', async () => {
    const dispatch = serve()
    const base = { siren: BIG_SIREN, matricule_utilisateur: 'GP004' }
    env.sandbox.store.affectations = env.sandbox.store.affectations.filter(
      (a) => !(a.siren === BIG_SIREN && a.matricule_utilisateur === 'GP004'),
    )
    const assigned = await push(dispatch, BIG_SIREN, [
      assignWrite('GP004', '2027-01-01', null),
      assignWrite('GP004', '2025-01-01', '2025-12-31'),
    ])
    expect(assigned.map((o) => o.result)).toEqual(['synced', 'synced'])
    const end = async (date_debut: string, date_fin: string): Promise<PeopleWriteOutcome | undefined> =>
      (await push(dispatch, BIG_SIREN, [endWrite('GP004', date_debut, date_fin)]))[0]

    const into = await end('2025-01-01', '2027-02-01')
    expect(into).toMatchObject({ result: 'rejected', error: { code: 'REGLE_METIER' } })
    expect(into?.error?.message).toMatch(/autre affectation à ce dossier à partir du 2027-01-01/)
    const none = await end('2025-01-02', '2025-06-30')
    expect(none?.error?.message).toMatch(/Aucune affectation .* ne commence le 2025-01-02/)
    const before = await refused(dispatch('people:push', { siren: BIG_SIREN, writes: [endWrite('GP004', '2027-01-01', '2026-12-31')] }))
    expect(before.code).toBe('ENTREE_INVALIDE')

    expect((await end('2027-01-01', '2027-03-31'))?.result).toBe('synced')
    const ended = [
      { ...base, date_debut: '2025-01-01', date_fin: '2025-12-31' },
      { ...base, date_debut: '2027-01-01', date_fin: '2027-03-31' },
    ]
    const held = async (): Promise<unknown[]> =>
      (await ok<CabinetAssignmentsResult>(dispatch('cabinet:assignments', { sirens: [BIG_SIREN] }))).affectations.filter(
        (a) => a.matricule_utilisateur === 'GP004',
      )
    expect(await held()).toEqual(ended)
    // The same end again is accepted and leaves the record unchanged.
    expect((await end('2027-01-01', '2027-03-31'))?.result).toBe('synced')
    expect(await held()).toEqual(ended)
  })

  it('refuses the cabinet channels without the cabinet right, naming it', async () => {
    const error = await refused(serve('gestionnaire-restreint')('cabinet:users', {}))
    expect(error.code).toBe('DROIT_MANQUANT')
    expect(error.details?.droitManquant).toBe('cabinet')
  })

  it('refuses an end date before the start date before asking the service', async () => {
    const held = (): string[] => env.sandbox.store.affectations.filter((a) => a.matricule_utilisateur === 'GP002').map((a) => a.date_debut)
    const beforeWrite = held()
    const error = await refused(serve()('people:push', { siren: BIG_SIREN, writes: [assignWrite('GP002', '2026-06-01', '2026-05-01')] }))
    expect(error.code).toBe('ENTREE_INVALIDE')
    expect(held()).toEqual(beforeWrite)
  })
})

describe('declaration detail and summary in memory', () => {
  it('reads an event-based declaration and the bytes of its PDF summary', async () => {
    const dispatch = serve()
    const event = env.sandbox.store.declarationsEvenementielles.find((d) => d.recapitulatif_disponible)
    if (event === undefined) throw new Error('aucune DSN événementielle avec récapitulatif')
    const detail = await ok<DeclarationDetail>(dispatch('declarations:detail', { id: event.id }))
    expect(detail.declaration).toMatchObject({ id: event.id, kind: 'evenementielle', siren: event.siren })
    const pdf = await ok<RecapitulatifContent>(dispatch('declarations:recapitulatif', { id: event.id }))
    const bytes = Buffer.from(pdf.base64, 'base64')
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.byteLength).toBe(pdf.bytes)
  })
})

/**
 * The month's elements of one employee beside a payslip (services/bulletin-elements.ts): the service's records and
 * the local creations not yet on the service, each element once.
 */
import '../support/db'

import { afterEach, describe, expect, it } from 'vitest'

import { enqueue } from '../../../src-renderer/db/outbox'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { monthElements } from '../../../src-renderer/services/bulletin-elements'
import { dbWithReference, testEnv } from '../support/db'
import { valid } from '../support/fixtures'
import { rowOf, serviceAcompte, serviceEvp } from '../support/records'

let db: PaieDb | null = null
afterEach(async () => {
  await db?.delete()
  db = null
})

describe('monthElements', () => {
  it('lists the employee’s records with code, amount and contract, then his local creations not on the service', async () => {
    db = await dbWithReference()
    const env = testEnv()
    const queued = await enqueue(db, { kind: 'evp', payload: valid.evp({ quantite: '2' }) }, env)
    const synced = await enqueue(db, { kind: 'evp', payload: valid.evp() }, env)
    const cancelled = await enqueue(db, { kind: 'evp', payload: valid.evp({ quantite: '1.5' }) }, env)
    const other = await enqueue(db, { kind: 'evp', payload: valid.evp({ matricule: 'M002' }) }, env)
    if (!queued.ok || !synced.ok || !cancelled.ok || !other.ok) throw new Error('saisie refusée')
    await db.outbox.update(synced.entry.clientId, { state: 'synced' })
    await db.outbox.update(cancelled.entry.clientId, { state: 'cancelled' })
    const entries = await db.outbox.toArray()

    const evp = serviceEvp({ code_evp: 'HS25', quantite: null, montant: '125.50', numero_contrat: 'C1' })
    const acompte = serviceAcompte({ montant: '300.00' })
    const records = [
      rowOf({ kind: 'evp', record: evp }),
      rowOf({ kind: 'acompte', record: acompte }),
      rowOf({ kind: 'evp', record: serviceEvp({ matricule: 'M002' }) }),
    ]

    expect(monthElements(records, entries, 'M001')).toEqual([
      { source: 'service', kind: 'evp', id: evp.id, code: 'HS25', montant: '125.50', numeroContrat: 'C1' },
      { source: 'service', kind: 'acompte', id: acompte.id, code: null, montant: '300.00', numeroContrat: null },
      { source: 'local', kind: 'evp', id: queued.entry.clientId, code: 'HS25', montant: null, numeroContrat: null },
    ])
  })
})

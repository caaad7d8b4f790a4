/**
 * Exports and cache of the billing screen: the CSV for a French spreadsheet and the .xlsx workbook read back with the
 * same library (counts stay numbers, a formula-looking title stays text); the Dexie cache replaces the months read and
 * keeps the others, and a failed read leaves it as it was.
 */
import '../support/db'

import { read, utils } from '@e965/xlsx'
import { afterEach, describe, expect, it } from 'vitest'

import { billingCsv, billingXlsx } from '../../../src-renderer/features/billing/billingExport'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { loadFacturations, refreshFacturations, type BillingApi } from '../../../src-renderer/services/billing-cache'
import type { Facturation } from '../../../src-shared/api/cabinet'
import { freshDb } from '../support/db'
import { SIREN } from '../support/fixtures'

const TABLE = {
  fields: ['Mois', 'Salariés uniques', '=Danger'],
  rows: [['novembre 2025', 12, 3] as const, ['décembre 2025', 0, 0] as const],
}

describe('billing exports', () => {
  it('writes a CSV for a French spreadsheet: BOM, semicolons, CRLF, formula titles quoted', () => {
    const csv = billingCsv(TABLE)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual(['Mois;Salariés uniques;"\'=Danger"', 'novembre 2025;12;3', 'décembre 2025;0;0'])
  })

  it('writes a one-sheet workbook whose counts read back as numbers', async () => {
    const bytes = await billingXlsx(TABLE, 'Facturation du cabinet sur douze mois')
    const book = read(bytes, { type: 'array' })
    expect(book.SheetNames).toEqual(['Facturation du cabinet sur douz'])
    const sheet = book.Sheets[book.SheetNames[0] ?? '']
    if (sheet === undefined) throw new Error('feuille absente')
    expect(utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['Mois', 'Salariés uniques', '=Danger'],
      ['novembre 2025', 12, 3],
      ['décembre 2025', 0, 0],
    ])
    const title: unknown = sheet['C1']
    expect(title).toMatchObject({ t: 's', v: '=Danger' })
    expect(title).not.toHaveProperty('f')
  })
})

function row(periode: string, n: number): Facturation {
  return {
    siren: SIREN,
    periode,
    salaries_uniques: n,
    entrees: 0,
    sorties: 0,
    arrets_maladie: 0,
    bulletins: n,
    arrets_par_motif: {},
    nombre_contrats: n,
    contrats_par_type: {},
    fins_contrat_par_motif: {},
    taxe_salaires: 0,
    epargne_salariale: 0,
    activite_partielle: 0,
    complement_oeth: false,
  }
}

describe('billing cache', () => {
  let db: PaieDb
  afterEach(async () => {
    await db.delete()
  })

  it('replaces the months read, keeps the others, and is left as it was by a failed read', async () => {
    db = freshDb()
    const api = (rows: Facturation[], fetchedAt: string): BillingApi => ({
      'facturations:list': (input) => Promise.resolve({ ok: true, value: { fetchedAt, periodes: input.periodes, facturations: rows } }),
    })
    await refreshFacturations(db, api([row('2026-09', 5), row('2026-10', 6)], '2026-11-01T08:00:00.000Z'), ['2026-09', '2026-10'])
    await refreshFacturations(db, api([row('2026-10', 7)], '2026-11-02T08:00:00.000Z'), ['2026-10'])
    const cached = await loadFacturations(db)
    expect(cached.rows.map((r) => [r.periode, r.salaries_uniques])).toEqual([
      ['2026-09', 5],
      ['2026-10', 7],
    ])
    expect(cached.fetchedAt).toBe('2026-11-02T08:00:00.000Z')
    expect(cached.periodes).toEqual(['2026-10'])

    const failed: BillingApi = {
      'facturations:list': () => Promise.resolve({ ok: false, error: { code: 'RESEAU_INJOIGNABLE', message: 'x' } }),
    }
    expect((await refreshFacturations(db, failed, ['2026-09'])).ok).toBe(false)
    expect(await loadFacturations(db)).toEqual(cached)
  })
})

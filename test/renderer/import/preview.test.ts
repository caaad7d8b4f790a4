/**
 * The preview and the queueing of an import (features/import/preview.ts, rows.ts, queue.ts, report.ts): each row
 * checked with the entry screens' rules (prepareEntry), ready / warning / error with the reason on its cell;
 * duplicates of the service's cached records, of the queue and of the file; all kept rows written in ONE
 * transaction or none; the report written as a spreadsheet.
 */
import '../support/db'

import { read, utils } from '@e965/xlsx'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { enqueue } from '../../../src-renderer/db/outbox'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { proposeMapping } from '../../../src-renderer/features/import/mapping'
import type { ImportMapping, MappingReference } from '../../../src-renderer/features/import/mapping'
import { countStatuses, previewRows } from '../../../src-renderer/features/import/preview'
import type { PreviewRow } from '../../../src-renderer/features/import/preview'
import { queueImport } from '../../../src-renderer/features/import/queue'
import { reportWorkbook } from '../../../src-renderer/features/import/report'
import type { RowContext } from '../../../src-renderer/features/import/rows'
import type { SheetTable } from '../../../src-renderer/features/import/table'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, codesAbsences, codesEvp, codesPrimes, salaries, valid } from '../support/fixtures'
import { rowOf, serviceEvp } from '../support/records'
import { absenceSheets, csvNames, longSheet, wideSheet, workbook, tableFrom } from './workbooks'
import { entriesInStates } from '../../../src-renderer/db/outbox-query'

let db: PaieDb
const env = testEnv()
const ref: MappingReference = {
  salaries: salaries.filter((s) => s.siren === SIREN),
  codes: { evp: codesEvp, absences: codesAbsences, primes: codesPrimes },
}
const ctx: RowContext = { siren: SIREN, periode: '2026-11', ...ref }

beforeEach(async () => {
  db = await dbWithReference()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await db.delete()
})

async function preview(table: SheetTable, kind: ImportMapping['kind'] = 'evp', dropped?: Set<number>): Promise<PreviewRow[]> {
  return previewRows(db, table.rows, proposeMapping(table, kind, ref), ctx, dropped ? { dropped } : {})
}

describe("aperçu d'un import", () => {
  it('wide xlsx: one entry per filled code cell; an unknown matricule in error on its cell; the totals row set aside', async () => {
    const rows = await preview(tableFrom(workbook([wideSheet()]), 'evp.xlsx'))
    expect(rows.map((r) => r.status)).toEqual(['pret', 'pret', 'erreur', 'ignoree'])
    expect(rows[0]?.inputs.map((i) => i.payload)).toEqual([
      { siren: SIREN, matricule: 'M001', periode: '2026-11', code_evp: 'HS25', quantite: '3.5' },
    ])
    expect(rows[1]?.inputs.map((i) => i.payload?.['code_evp'])).toEqual(['HS25', 'OBS'])
    expect(rows[1]?.inputs[1]?.payload?.['valeur_texte']).toBe('Astreinte')
    expect(rows[2]?.issues).toEqual([{ column: 0, level: 'erreur', key: 'matriculeInconnu', params: { valeur: 'M999' } }])
    expect(rows[3]?.skipped).toBe('total')
  })

  it('long xlsx: an unknown code in error on the code cell', async () => {
    const rows = await preview(tableFrom(workbook([longSheet()]), 'evp.xlsx'))
    expect(rows.map((r) => r.status)).toEqual(['pret', 'pret', 'erreur'])
    expect(rows[0]?.inputs[0]?.payload).toMatchObject({ commentaire: 'Inventaire', quantite: '4' })
    expect(rows[1]?.inputs[0]?.payload).toMatchObject({ quantite: '1.5' })
    expect(rows[2]?.issues[0]).toMatchObject({ column: 1, key: 'codeInconnu' })
  })

  it('Windows-1252 CSV: employees by name, codes by label, an unknown name in error', async () => {
    const rows = await preview(tableFrom(csvNames(), 'v.csv'))
    expect(rows.map((r) => r.status)).toEqual(['pret', 'pret', 'erreur'])
    expect(rows[1]?.inputs[0]?.payload).toMatchObject({ matricule: 'M002', code_evp: 'HS25', quantite: '1.25' })
    expect(rows[2]?.issues[0]).toMatchObject({ column: 0, key: 'nomInconnu', params: { valeur: 'Lefèvre Éloïse' } })
  })

  it('absences: the same offline rules as the form (overlap with a row above it, a closed period)', async () => {
    const [notes, sheet] = absenceSheets()
    if (notes === undefined || sheet === undefined) throw new Error('feuilles')
    const spec = { ...sheet, rows: [...sheet.rows, ['M001', 'CP', '10/11/2026', '12/11/2026'], ['M002', 'CP', '02/01/2025', '03/01/2025']] }
    const rows = await preview(tableFrom(workbook([notes, spec]), 'abs.xlsx', 1), 'absence')
    expect(rows.map((r) => r.status)).toEqual(['pret', 'pret', 'erreur', 'erreur'])
    expect(rows[0]?.inputs[0]?.payload).toMatchObject({ code_absence: 'CP', date_debut: '2026-11-09', date_fin: '2026-11-10' })
    // The overlap and the period are the shared validation's French messages, on the date cell.
    expect(rows[2]?.issues.every((i) => i.text !== undefined && i.column !== null)).toBe(true)
  })

  it('warns of a probable duplicate: in the service, in the queue, or twice in the file', async () => {
    await db.serviceRecords.put(rowOf({ kind: 'evp', record: serviceEvp({ matricule: 'M001', quantite: '3.5' }) }))
    await enqueue(db, { kind: 'evp', payload: valid.evp({ matricule: 'M002', quantite: '2' }) }, env)
    const table = tableFrom(
      workbook([
        {
          name: 'x',
          rows: [
            ['Matricule', 'HS25'],
            ['M001', 3.5],
            ['M002', 2],
            ['G001', 1],
            ['G001', 1],
          ],
        },
      ]),
      'x.xlsx',
    )
    const rows = await preview(table)
    expect(rows.map((r) => r.status)).toEqual(['avertissement', 'avertissement', 'pret', 'avertissement'])
    expect(rows.map((r) => r.issues[0]?.key)).toEqual(['identiqueService', 'dejaEnFile', undefined, 'doublonFichier'])
    expect(countStatuses(rows)).toMatchObject({ pret: 1, avertissement: 3 })
  })

  it('reads the queue of the file’s periods only: a held create of another period is no duplicate, the dossier’s history is not read', async () => {
    const held = async (matricule: string, periode: string, quantite: string): Promise<void> => {
      const saved = await enqueue(db, { kind: 'evp', payload: valid.evp({ matricule, periode, quantite }) }, env)
      if (!saved.ok) throw new Error('saisie refusée')
    }
    await held('M002', '2026-12', '2')
    await held('M001', '2027-01', '3')
    const where = db.outbox.where.bind(db.outbox)
    const indexes: string[] = []
    vi.spyOn(db.outbox, 'where').mockImplementation(((index: string) => {
      indexes.push(index)
      return where(index)
    }) as typeof db.outbox.where)
    const table = tableFrom(
      workbook([
        {
          name: 'x',
          rows: [
            ['Matricule', 'Période', 'HS25'],
            ['M002', '12/2026', 2],
            ['M001', '11/2026', 3],
            ['G001', '12/2026', 1],
          ],
        },
      ]),
      'x.xlsx',
    )
    const rows = await preview(table)
    expect(rows.map((r) => [r.status, r.issues[0]?.key])).toEqual([
      ['avertissement', 'dejaEnFile'],
      ['pret', undefined],
      ['pret', undefined],
    ])
    // Two periods in the file: each read once, by period; never the dossier's rows by date (its whole history).
    expect(indexes.filter((i) => i === '[siren+periode]').length).toBeGreaterThanOrEqual(2)
    expect(indexes.filter((i) => i === '[siren+updatedAt+clientId]')).toEqual([])
  })

  it('drops the rows the clerk removed', async () => {
    const rows = await preview(tableFrom(workbook([wideSheet()]), 'evp.xlsx'), 'evp', new Set([4]))
    expect(rows[0]).toMatchObject({ status: 'ignoree', skipped: 'retiree' })
  })
})

describe("mise en file d'un import", () => {
  it('queues every kept row in one go and lists the rows left with their reasons', async () => {
    const rows = await preview(tableFrom(workbook([wideSheet()]), 'evp.xlsx'))
    const outcome = await queueImport(db, rows, { asDraft: false, includeWarnings: false }, env)
    expect(outcome.saved).toBe(3)
    expect(outcome.left.map((l) => [l.line, l.status])).toEqual([
      [6, 'erreur'],
      [7, 'ignoree'],
    ])
    expect((await db.outbox.toArray()).map((e) => [e.matricule, e.state]).sort()).toEqual([
      ['M001', 'queued'],
      ['M002', 'queued'],
      ['M002', 'queued'],
    ])
  })

  it('keeps them as drafts when asked, warnings included only when asked', async () => {
    await enqueue(db, { kind: 'evp', payload: valid.evp({ matricule: 'M002', quantite: '2' }) }, env)
    const rows = await preview(tableFrom(workbook([wideSheet()]), 'evp.xlsx'))
    expect(rows[1]?.status).toBe('avertissement')
    const outcome = await queueImport(db, rows, { asDraft: true, includeWarnings: true }, env)
    expect(outcome.saved).toBe(3)
    expect(await entriesInStates(db, ['draft']).count()).toBe(3)
  })

  it('writes all the rows or none: a failing write leaves nothing', async () => {
    const rows = await preview(tableFrom(workbook([wideSheet()]), 'evp.xlsx'))
    vi.spyOn(db.counts, 'bulkPut').mockRejectedValue(new Error('disque plein'))
    await expect(queueImport(db, rows, { asDraft: false, includeWarnings: false }, env)).rejects.toThrow('disque plein')
    vi.restoreAllMocks()
    expect(await db.outbox.count()).toBe(0)
  })

  it('writes the report as a spreadsheet, cells as text', () => {
    const bytes = reportWorkbook(['Matricule', 'HS25'], [{ line: 6, cells: ['M999', '=1+1'], reason: 'Matricule inconnu' }], {
      ligne: 'Ligne',
      motif: 'Motif',
      feuille: 'Non repris',
    })
    const book = read(bytes, { type: 'array' })
    const sheet = book.Sheets['Non repris']
    if (sheet === undefined) throw new Error('feuille absente')
    expect(utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['Ligne', 'Matricule', 'HS25', 'Motif'],
      ['6', 'M999', '=1+1', 'Matricule inconnu'],
    ])
    expect((sheet['C2'] as { f?: string }).f).toBeUndefined()
  })
})

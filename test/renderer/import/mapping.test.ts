/**
 * The mapping proposal and its memory (features/import/mapping.ts, headers.ts, memory.ts): from the header row and
 * the values, for wide and long layouts, grouped headers and hidden columns; remembered per dossier and file-name
 * pattern, recalled for the next month's file.
 */
import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import type { PaieDb } from '../../../src-renderer/db/schema'
import { guessKind, mappingProblem, proposeMapping } from '../../../src-renderer/features/import/mapping'
import type { MappingReference } from '../../../src-renderer/features/import/mapping'
import { roleOfHeader } from '../../../src-renderer/features/import/headers'
import { fileNamePattern, recallMapping, rememberMapping, sameHeaders } from '../../../src-renderer/features/import/memory'
import type { SheetTable } from '../../../src-renderer/features/import/table'
import { dbWithReference } from '../support/db'
import { SIREN, SIREN_2, codesAbsences, codesEvp, codesPrimes, salaries } from '../support/fixtures'
import { absenceSheets, csvNames, hiddenColumnSheet, longSheet, mergedSheet, wideSheet, workbook, tableFrom } from './workbooks'
import type { SheetSpec } from './workbooks'

const ref: MappingReference = {
  salaries: salaries.filter((s) => s.siren === SIREN),
  codes: { evp: codesEvp, absences: codesAbsences, primes: codesPrimes },
}

const xlsx = (spec: SheetSpec): SheetTable => tableFrom(workbook([spec]), 'f.xlsx')

describe('proposition de correspondance', () => {
  it('reads the header words the French way (accents, units, abbreviations)', () => {
    expect(roleOfHeader('N° Sécu')).toBe('nir')
    expect(roleOfHeader('Montant (€)')).toBe('montant')
    expect(roleOfHeader('Nb heures')).toBe('quantite')
    expect(roleOfHeader('Date de début')).toBe('dateDebut')
    expect(roleOfHeader('Prénom')).toBe('prenom')
    expect(roleOfHeader('Couleur préférée')).toBeNull()
  })

  it('wide layout: one element column per EVP code, by code or label', () => {
    const table = xlsx(wideSheet())
    expect(guessKind(table, ref)).toBe('evp')
    const mapping = proposeMapping(table, 'evp', ref)
    expect(mapping.columns).toEqual([
      { role: 'matricule' },
      { role: 'nom' },
      { role: 'element', code: 'HS25' },
      { role: 'element', code: 'OBS' },
    ])
    expect(mappingProblem(mapping)).toBeNull()
  })

  it('long layout: a code column and a value column', () => {
    const mapping = proposeMapping(xlsx(longSheet()), 'evp', ref)
    expect(mapping.columns).toEqual([{ role: 'matricule' }, { role: 'code' }, { role: 'quantite' }, { role: 'commentaire' }])
  })

  it('merged header cells: a code named under its group label', () => {
    const mapping = proposeMapping(xlsx(mergedSheet()), 'evp', ref)
    expect(mapping.columns.slice(0, 3)).toEqual([{ role: 'matricule' }, { role: 'nom' }, { role: 'element', code: 'HS25' }])
  })

  it('leaves a hidden column out', () => {
    const mapping = proposeMapping(xlsx(hiddenColumnSheet()), 'evp', ref)
    expect(mapping.columns).toEqual([{ role: 'matricule' }, { role: 'ignorer' }, { role: 'element', code: 'HS25' }])
  })

  it('absences on a second sheet: the kind guessed from the codes and the dates', () => {
    const table = tableFrom(workbook(absenceSheets()), 'absences.xlsx', 1)
    expect(guessKind(table, ref)).toBe('absence')
    expect(proposeMapping(table, 'absence', ref).columns).toEqual([
      { role: 'matricule' },
      { role: 'code' },
      { role: 'dateDebut' },
      { role: 'dateFin' },
    ])
  })

  it('finds a column by its values when its header says nothing (matricules, codes)', () => {
    const table = xlsx({
      name: 'x',
      rows: [
        ['Réf.', 'Rubr.', 'Qté'],
        ['M001', 'HS25', 1],
        ['M002', 'HS25', 2],
      ],
    })
    expect(proposeMapping(table, 'evp', ref).columns).toEqual([{ role: 'matricule' }, { role: 'code' }, { role: 'quantite' }])
  })

  it('says what a mapping lacks', () => {
    expect(mappingProblem({ kind: 'evp', columns: [{ role: 'code' }, { role: 'quantite' }] })).toBe('salarie')
    expect(mappingProblem({ kind: 'evp', columns: [{ role: 'matricule' }, { role: 'quantite' }] })).toBe('code')
    expect(mappingProblem({ kind: 'evp', columns: [{ role: 'matricule' }, { role: 'code' }] })).toBe('valeur')
    expect(mappingProblem({ kind: 'absence', columns: [{ role: 'matricule' }, { role: 'code' }] })).toBe('dates')
  })

  it('CSV with names and code labels', () => {
    const mapping = proposeMapping(tableFrom(csvNames(), 'v.csv'), 'evp', ref)
    expect(mapping.columns).toEqual([{ role: 'nom' }, { role: 'prenom' }, { role: 'code' }, { role: 'quantite' }])
  })
})

describe('mémoire des correspondances', () => {
  let db: PaieDb
  beforeEach(async () => {
    db = await dbWithReference()
  })
  afterEach(async () => {
    await db.delete()
  })

  it('generalises the month and the numbers of a file name', () => {
    expect(fileNamePattern('EVP Martin novembre 2026.xlsx')).toBe(fileNamePattern('EVP_Martin_Décembre_2027.XLSX'))
    expect(fileNamePattern('variables-2026-11.csv')).toBe('variables # #')
    expect(fileNamePattern('variables-2026-11.csv')).not.toBe(fileNamePattern('absences-2026-11.csv'))
  })

  it('compares headers by key, column for column', () => {
    expect(sameHeaders(['Matricule', 'Quantité (h)'], ['MATRICULE', 'quantite h', ''])).toBe(true)
    expect(sameHeaders(['Matricule', 'HS25'], ['Matricule', 'HS25', 'HS50'])).toBe(false)
  })

  it('recalls the mapping of the same dossier and pattern only', async () => {
    const mapping = proposeMapping(xlsx(wideSheet()), 'evp', ref)
    await rememberMapping(
      db,
      SIREN,
      'EVP novembre 2026.xlsx',
      'Variables',
      ['Matricule', 'Nom', 'HS25', 'Observation'],
      mapping,
      '2026-11-20T09:00:00Z',
    )
    const recalled = await recallMapping(db, SIREN, 'EVP décembre 2026.xlsx')
    expect(recalled).toEqual({ mapping, sheet: 'Variables', headers: ['Matricule', 'Nom', 'HS25', 'Observation'] })
    expect(await recallMapping(db, SIREN_2, 'EVP décembre 2026.xlsx')).toBeNull()
    expect(await recallMapping(db, SIREN, 'Absences décembre 2026.xlsx')).toBeNull()
  })

  it('asks again when the stored row no longer reads', async () => {
    await db.importMappings.put({
      siren: SIREN,
      pattern: fileNamePattern('a.csv'),
      kind: 'evp',
      sheet: 'a',
      headers: ['x'],
      columns: [{ role: 'inconnu' }],
      savedAt: '2026-11-20T09:00:00Z',
    })
    expect(await recallMapping(db, SIREN, 'a.csv')).toBeNull()
  })
})

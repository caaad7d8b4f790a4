/**
 * One row of an imported file -> the entries it asks for (issue 17, points 2 and 4), before the offline checks.
 * Pure. How a row becomes an entry (assumption: not shown in reference; docs/api-assumptions.md #55):
 * - the employee: by matricule (case-insensitive) when the row has one, else by name (« Nom Prénom » in either
 *   order, or separate columns; accents and case ignored) when exactly one employee of the dossier bears it; a NIR
 *   alone does not identify (the cached employee list carries no NIR);
 * - long layout: one entry per row, its code from the `code` column (code or label); wide layout: one entry per
 *   non-empty `element` cell;
 * - EVP values are read by the code's format exactly as the grid reads a typed cell (evpValue.ts) from a `valeur`
 *   or `element` cell, else from the `quantite`, `taux`, `montant` columns;
 * - the period is the row's `periode` cell, else the period chosen on the screen; an absence without end date ends
 *   on its start date; half days are not imported (whole days); an avantage without mode is `forfait`.
 */
import type { Salarie } from '../../../src-shared/api/salaries'
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import { searchKey } from '../../components/format'
import type { NewEntryInput } from '../../db/entry-check'
import type { DossierCodes } from '../../db/validation-source'
import { parseEvpCell } from '../evp'
import { cellDate, cellDecimal, cellPeriode } from './cells'
import type { ColumnRole } from './headers'
import { codeFinder, codesOfKind } from './mapping'
import type { ImportMapping } from './mapping'

/** A reason about one cell (`column`) or the whole row (`column: null`): an i18n key of `import.motifs`, or a
 * message of the shared validation (`text`, French by design: docs/i18n.md). */
export interface CellIssue {
  readonly column: number | null
  readonly level: 'erreur' | 'avertissement'
  readonly key?: string
  readonly params?: Readonly<Record<string, string>>
  readonly text?: string
}

/** One entry a row asks for, and which column each of its wire fields came from. */
export interface RowCandidate {
  readonly input: NewEntryInput
  readonly fields: Readonly<Record<string, number>>
}

/** What a row asks for: its entries, or the reasons it cannot be read. */
export interface BuiltRow {
  readonly candidates: readonly RowCandidate[]
  readonly issues: readonly CellIssue[]
}

/** What reading rows needs: the dossier, the default period and the cached reference. */
export interface RowContext {
  readonly siren: string
  /** Period used when the row has none (`YYYY-MM`). */
  readonly periode: string
  readonly salaries: readonly Salarie[]
  readonly codes: DossierCodes
}

/** Employees of a dossier indexed for the import: by matricule and by name key. */
export interface EmployeeIndex {
  readonly byMatricule: ReadonlyMap<string, string>
  readonly byName: ReadonlyMap<string, readonly string[]>
}

/** What reading many rows of one kind looks up, built once: the employees and the code finder of the kind. */
export interface RowIndex extends EmployeeIndex {
  readonly findCode: (text: string) => string | null
}

/** The {@link RowIndex} of `ctx` for rows of `kind`. */
export function indexRows(ctx: RowContext, kind: EntryKind): RowIndex {
  return { ...indexEmployees(ctx.salaries), findCode: codeFinder(codesOfKind(kind, ctx.codes)) }
}

function nameKey(text: string): string {
  return searchKey(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The index of `salaries` (names: « nom prénom », « prénom nom », with the usual name as well). */
export function indexEmployees(salaries: readonly Salarie[]): EmployeeIndex {
  const byMatricule = new Map<string, string>()
  const byName = new Map<string, string[]>()
  const add = (key: string, matricule: string): void => {
    const list = byName.get(key) ?? []
    if (!list.includes(matricule)) list.push(matricule)
    byName.set(key, list)
  }
  for (const s of salaries) {
    byMatricule.set(s.matricule.toUpperCase(), s.matricule)
    for (const nom of [s.nom, s.nom_usage].filter((n): n is string => n !== null && n !== '')) {
      add(nameKey(`${nom} ${s.prenom}`), s.matricule)
      add(nameKey(`${s.prenom} ${nom}`), s.matricule)
    }
  }
  return { byMatricule, byName }
}

const err = (column: number | null, key: string, params: Record<string, string> = {}): CellIssue => ({
  column,
  level: 'erreur',
  key,
  params,
})

function first(mapping: ImportMapping, role: ColumnRole): number | null {
  const i = mapping.columns.findIndex((m) => m.role === role)
  return i < 0 ? null : i
}

type Found = { readonly matricule: string; readonly column: number } | { readonly issue: CellIssue } | null

function findEmployee(cells: readonly string[], mapping: ImportMapping, index: EmployeeIndex): Found {
  const mCol = first(mapping, 'matricule')
  const mText = mCol === null ? '' : (cells[mCol] ?? '').trim()
  if (mCol !== null && mText !== '') {
    const matricule = index.byMatricule.get(mText.toUpperCase())
    return matricule === undefined ? { issue: err(mCol, 'matriculeInconnu', { valeur: mText }) } : { matricule, column: mCol }
  }
  const full = first(mapping, 'nomPrenom')
  const nom = first(mapping, 'nom')
  const prenom = first(mapping, 'prenom')
  const column = full ?? nom ?? prenom
  const text =
    full !== null ? (cells[full] ?? '') : `${nom === null ? '' : (cells[nom] ?? '')} ${prenom === null ? '' : (cells[prenom] ?? '')}`
  if (column !== null && text.trim() !== '') {
    const found = index.byName.get(nameKey(text)) ?? []
    if (found.length === 1 && found[0] !== undefined) return { matricule: found[0], column }
    return { issue: err(column, found.length === 0 ? 'nomInconnu' : 'homonymes', { valeur: text.trim() }) }
  }
  const nir = first(mapping, 'nir')
  if (nir !== null && (cells[nir] ?? '') !== '') return { issue: err(nir, 'nirSeul') }
  return null
}

function text(cells: readonly string[], column: number | null): string {
  return column === null ? '' : (cells[column] ?? '').trim()
}

/** The period of the row: its `periode` cell, else the context's. */
function periodeOf(cells: readonly string[], mapping: ImportMapping, ctx: RowContext, issues: CellIssue[]): string {
  const col = first(mapping, 'periode')
  const raw = text(cells, col)
  if (raw === '') return ctx.periode
  const periode = cellPeriode(raw)
  if (periode === null) issues.push(err(col, 'periode', { valeur: raw }))
  return periode ?? ctx.periode
}

function decimalField(cells: readonly string[], col: number | null, issues: CellIssue[]): string | undefined {
  const raw = text(cells, col)
  if (raw === '') return undefined
  const value = cellDecimal(raw)
  if (value === null) issues.push(err(col, 'nombre', { valeur: raw }))
  return value ?? undefined
}

function dateField(cells: readonly string[], col: number | null, issues: CellIssue[]): string | undefined {
  const raw = text(cells, col)
  if (raw === '') return undefined
  const value = cellDate(raw)
  if (value === null) issues.push(err(col, 'date', { valeur: raw }))
  return value ?? undefined
}

/** Value fields of an EVP from one cell read by the code's format (as the grid reads it). */
function evpValueOf(ctx: RowContext, code: string, raw: string, col: number, issues: CellIssue[]): Record<string, string> | null {
  const format = ctx.codes.evp.find((c) => c.code === code)?.format ?? 'quantite'
  const parsed = parseEvpCell(raw, format)
  if (!parsed.ok) {
    issues.push(err(col, `cellule.${parsed.error}`, { valeur: raw }))
    return null
  }
  return parsed.value
}

interface Element {
  readonly code: string
  readonly codeColumn: number
  /** The element column's text (wide layout), else null. */
  readonly raw: string | null
}

function elementsOf(cells: readonly string[], mapping: ImportMapping, index: RowIndex, issues: CellIssue[]): Element[] {
  const wide = mapping.columns.flatMap((m, c): Element[] =>
    m.role === 'element' && text(cells, c) !== '' ? [{ code: m.code, codeColumn: c, raw: text(cells, c) }] : [],
  )
  const codeCol = first(mapping, 'code')
  const raw = text(cells, codeCol)
  if (codeCol === null || raw === '') return wide
  const code = index.findCode(raw)
  if (code === null) {
    issues.push(err(codeCol, 'codeInconnu', { valeur: raw }))
    return wide
  }
  return [...wide, { code, codeColumn: codeCol, raw: null }]
}

function payloadOf(kind: EntryKind, el: Element, cells: readonly string[], mapping: ImportMapping, ctx: RowContext, issues: CellIssue[]) {
  const col = (role: ColumnRole): number | null => first(mapping, role)
  const fields: Record<string, number> = {}
  const put = (payload: Record<string, unknown>, name: string, value: unknown, column: number | null): void => {
    if (value === undefined) return
    payload[name] = value
    if (column !== null) fields[name] = column
  }
  const payload: Record<string, unknown> = {}
  const periode = periodeOf(cells, mapping, ctx, issues)
  const commentaire = text(cells, col('commentaire'))
  const contrat = text(cells, col('contrat'))
  switch (kind) {
    case 'evp': {
      put(payload, 'periode', periode, col('periode'))
      put(payload, 'code_evp', el.code, el.codeColumn)
      const valueCol = el.raw !== null ? el.codeColumn : col('valeur')
      const raw = el.raw ?? text(cells, col('valeur'))
      if (valueCol !== null && raw !== '') {
        const value = evpValueOf(ctx, el.code, raw, valueCol, issues)
        for (const [name, v] of Object.entries(value ?? {})) put(payload, name, v, valueCol)
      } else {
        for (const name of ['quantite', 'taux', 'montant'] as const) put(payload, name, decimalField(cells, col(name), issues), col(name))
      }
      break
    }
    case 'prime': {
      put(payload, 'periode', periode, col('periode'))
      put(payload, 'code_prime', el.code, el.codeColumn)
      const valueCol = el.raw !== null ? el.codeColumn : (col('montant') ?? col('valeur'))
      put(payload, 'montant', decimalField(cells, valueCol, issues), valueCol)
      break
    }
    case 'absence': {
      const debutCol = col('dateDebut') ?? col('date')
      const debut = dateField(cells, debutCol, issues)
      put(payload, 'code_absence', el.code, el.codeColumn)
      put(payload, 'date_debut', debut, debutCol)
      put(payload, 'date_fin', dateField(cells, col('dateFin'), issues) ?? debut, col('dateFin') ?? debutCol)
      payload['demi_journee_debut'] = false
      payload['demi_journee_fin'] = false
      break
    }
    case 'frais': {
      put(payload, 'type_frais', el.code, el.codeColumn)
      put(payload, 'date', dateField(cells, col('date') ?? col('dateDebut'), issues), col('date') ?? col('dateDebut'))
      put(payload, 'periode', periode, col('periode'))
      put(payload, 'montant', decimalField(cells, col('montant') ?? col('valeur'), issues), col('montant') ?? col('valeur'))
      put(payload, 'kilometres', decimalField(cells, col('kilometres'), issues), col('kilometres'))
      break
    }
    case 'avantage': {
      put(payload, 'periode', periode, col('periode'))
      put(payload, 'type_avantage', el.code, el.codeColumn)
      const mode = searchKey(text(cells, col('modeEvaluation')))
      put(payload, 'mode_evaluation', mode === '' ? 'forfait' : mode, col('modeEvaluation'))
      put(payload, 'montant', decimalField(cells, col('montant') ?? col('valeur'), issues), col('montant') ?? col('valeur'))
      break
    }
  }
  if (commentaire !== '' && kind !== 'prime') put(payload, 'commentaire', commentaire, col('commentaire'))
  if (contrat !== '' && kind !== 'frais' && kind !== 'avantage') put(payload, 'numero_contrat', contrat, col('contrat'))
  return { payload, fields }
}

/**
 * The entries `cells` (one data row) ask for under `mapping` (rules in the file comment).
 * @returns the candidates (each with the column of each wire field), or the row's reasons; a row with neither holds
 *   nothing to import (a wide row with every element cell empty).
 */
export function buildRow(cells: readonly string[], mapping: ImportMapping, ctx: RowContext, index: RowIndex): BuiltRow {
  const issues: CellIssue[] = []
  const employee = findEmployee(cells, mapping, index)
  const elements = elementsOf(cells, mapping, index, issues)
  if (employee === null) {
    if (elements.length > 0) issues.push(err(null, 'salarieManquant'))
    return { candidates: [], issues }
  }
  if ('issue' in employee) return { candidates: [], issues: [employee.issue, ...issues] }
  if (elements.length === 0 && issues.length === 0 && first(mapping, 'code') !== null && text(cells, first(mapping, 'code')) === '')
    issues.push(err(first(mapping, 'code'), 'codeManquant'))
  const candidates = elements.map((el): RowCandidate => {
    const { payload, fields } = payloadOf(mapping.kind, el, cells, mapping, ctx, issues)
    return {
      input: { kind: mapping.kind, payload: { siren: ctx.siren, matricule: employee.matricule, ...payload } },
      fields: { matricule: employee.column, ...fields },
    }
  })
  return issues.length > 0 ? { candidates: [], issues } : { candidates, issues }
}

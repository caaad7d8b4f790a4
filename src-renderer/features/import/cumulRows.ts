/**
 * The cumuls kind of the spreadsheet import (issue 17, point 4; assumption #70). Cumuls are not outbox entries: the
 * rows kept go into the cumuls grid's draft of their year (one IndexedDB transaction, services/cumuls-cache.ts
 * `saveImported`), never the outbox; the clerk sends them from the cumuls screen as ONE PUT, where the service's
 * refusals land on their cells. Pure.
 *
 * Mapping (proposed from the header row, the employer's words): the employee by `matricule` (or by name, as the other
 * kinds: rows.ts `indexEmployees`), the cumul by code or label (`code`: « cumul », « code cumul », « libellé »…),
 * its amount (`montant`, `valeur`) and its year (`annee`: « année », « exercice »; else the year chosen on the
 * screen); wide layouts too: a header naming a cumul (code or label) is that cumul's column.
 * Preview, the checks of the cumuls screen: employee in the dossier, cumul known for the dossier's year (its cached
 * read), amount readable as the grid reads a cell (`readCumulCell`), year a number 2000–2100; a cell twice in the file
 * or equal to the service's value is a warning (kept only when the clerk includes warnings).
 */
import type { Salarie } from '../../../src-shared/api/salaries'
import type { CumulEdit } from '../../../src-shared/domain/cumul-draft'
import { cumulKey } from '../../../src-shared/domain/cumuls'
import { compareDecimal } from '../../../src-shared/domain/decimal'
import { readCumulCell, type CumulColumn } from '../cumuls'
import { headerKey, roleOfHeader } from './headers'
import { codeFinder, type KnownCode } from './mapping'
import type { PreviewRow } from './preview'
import { isKept } from './queue'
import { indexEmployees } from './rows'
import type { CellIssue } from './rows'
import type { SourceRow } from './table'

/** The roles a column of a cumuls file may hold (besides one cumul's values, `element`). */
export const CUMUL_ROLES = ['ignorer', 'matricule', 'nom', 'prenom', 'nomPrenom', 'code', 'valeur', 'annee'] as const

/** What one column of a cumuls file is. */
export type CumulColumnMapping = { readonly role: (typeof CUMUL_ROLES)[number] } | { readonly role: 'element'; readonly code: string }

/**
 * The mapping of a cumuls file, beside the entry kinds' `ImportMapping` (mapping.ts): remembered per dossier and
 * file-name pattern the same way (memory.ts), under the kind `cumul`.
 */
export interface CumulImportMapping {
  readonly kind: 'cumul'
  readonly columns: readonly CumulColumnMapping[]
}

/** A cumul cell to write, with its year. */
export type AnnualCumulEdit = CumulEdit & { readonly annee: number }

/** One row of the cumuls preview: the preview's row (preview.ts) whose kept inputs are cumul cells with their year. */
export type CumulPreviewRow = PreviewRow<AnnualCumulEdit>

const CODE_WORDS = new Set(['cumul', 'code cumul', 'cumuls', 'libelle cumul', 'rubrique cumul'])
const ANNEE_WORDS = new Set(['annee', 'exercice', 'an', 'annee cumul'])

/** The cumuls the dossier's cached year knows, as codes with their labels. */
export function knownCumuls(columns: readonly CumulColumn[]): KnownCode[] {
  return columns.map((c) => ({ code: c.code, labels: [c.libelle, c.codeMoteur] }))
}

/**
 * Whether a sheet reads as cumuls rather than entries: a header names a cumul column (« Cumul », « Code cumul »…) or
 * one of the cumuls the dossier's year knows by its code or label. (Assumption #77: an employer's cumuls file says
 * « cumul » in a header or names its cumuls; else the entry kinds are proposed and the clerk picks « Cumuls ».)
 */
export function looksLikeCumuls(headers: readonly string[], known: readonly KnownCode[]): boolean {
  const findCode = codeFinder(known)
  return headers.some((h) => CODE_WORDS.has(headerKey(h)) || (known.length > 0 && findCode(h) !== null))
}

/** Why a cumuls mapping cannot be used yet (i18n key `import.mapping.manque.<reason>`), or null when it can. */
export function cumulMappingProblem(columns: readonly CumulColumnMapping[]): 'salarie' | 'code' | 'valeur' | null {
  const has = (role: CumulColumnMapping['role']): boolean => columns.some((m) => m.role === role)
  if (!has('matricule') && !has('nom') && !has('nomPrenom')) return 'salarie'
  if (!has('code') && !has('element')) return 'code'
  if (!has('element') && !has('valeur')) return 'valeur'
  return null
}

/** The proposed mapping of `headers` (hidden columns ignored). */
export function proposeCumulMapping(
  headers: readonly string[],
  known: readonly KnownCode[],
  hidden: readonly number[] = [],
): CumulColumnMapping[] {
  const findCode = codeFinder(known)
  const taken = new Set<string>()
  return headers.map((header, i): CumulColumnMapping => {
    if (hidden.includes(i)) return { role: 'ignorer' }
    const key = headerKey(header)
    const code = findCode(header)
    let role: CumulColumnMapping['role'] | null = null
    if (CODE_WORDS.has(key)) role = 'code'
    else if (ANNEE_WORDS.has(key)) role = 'annee'
    else if (code !== null) return { role: 'element', code }
    else {
      const r = roleOfHeader(header)
      if (r === 'montant' || r === 'valeur' || r === 'quantite') role = 'valeur'
      else if (r === 'matricule' || r === 'nom' || r === 'prenom' || r === 'nomPrenom' || r === 'code') role = r
    }
    if (role === null || taken.has(role)) return { role: 'ignorer' }
    taken.add(role)
    return { role }
  })
}

/** What the preview reads besides the file. */
export interface CumulPreviewContext {
  readonly salaries: readonly Salarie[]
  readonly known: readonly KnownCode[]
  /** Year of rows without an `annee` cell. */
  readonly annee: number
  /** Values the service holds for the dossier's year, by cumul key (the cached read). */
  readonly held: ReadonlyMap<string, string>
}

const issue = (column: number | null, level: CellIssue['level'], key: string, params: Record<string, string> = {}): CellIssue => ({
  column,
  level,
  key,
  params,
})

function col(mapping: readonly CumulColumnMapping[], role: CumulColumnMapping['role']): number | null {
  const i = mapping.findIndex((m) => m.role === role)
  return i < 0 ? null : i
}

/** The employee of a row: by matricule, else by a unique name. */
function employeeOf(
  cells: readonly string[],
  mapping: readonly CumulColumnMapping[],
  index: ReturnType<typeof indexEmployees>,
): { matricule: string } | { issue: CellIssue } {
  const m = col(mapping, 'matricule')
  const text = m === null ? '' : (cells[m] ?? '').trim()
  if (m !== null && text !== '') {
    const found = index.byMatricule.get(text.toUpperCase())
    return found === undefined ? { issue: issue(m, 'erreur', 'matriculeInconnu', { valeur: text }) } : { matricule: found }
  }
  const full = col(mapping, 'nomPrenom')
  const nom = col(mapping, 'nom')
  const prenom = col(mapping, 'prenom')
  const name =
    full !== null ? (cells[full] ?? '') : `${nom === null ? '' : (cells[nom] ?? '')} ${prenom === null ? '' : (cells[prenom] ?? '')}`
  const key = headerKey(name)
  const matches = index.byName.get(key) ?? []
  const at = full ?? nom ?? m
  if (matches.length === 1 && matches[0] !== undefined) return { matricule: matches[0] }
  return { issue: issue(at, 'erreur', key === '' ? 'salarieManquant' : 'nomInconnu', { valeur: name.trim() }) }
}

/**
 * The preview of `rows` (cells per row, with their spreadsheet line) mapped by `mapping`: each row's cells to set,
 * or the reasons on its cells (keys of `import.motifs`), in the file's order; a totals row, or a row the clerk
 * dropped (`dropped`, by line), is `ignoree`. Duplicates are judged over the file.
 */
export function previewCumulRows(
  rows: readonly SourceRow[],
  mapping: readonly CumulColumnMapping[],
  ctx: CumulPreviewContext,
  dropped: ReadonlySet<number> = new Set(),
): CumulPreviewRow[] {
  const index = indexEmployees(ctx.salaries)
  const findCode = codeFinder(ctx.known)
  const seen = new Set<string>()
  return rows.map(({ line, cells, skipped }): CumulPreviewRow => {
    if (skipped !== undefined || dropped.has(line))
      return { line, cells, inputs: [], issues: [], status: 'ignoree', skipped: skipped ?? 'retiree' }
    const issues: CellIssue[] = []
    const anneeCol = col(mapping, 'annee')
    const anneeText = anneeCol === null ? '' : (cells[anneeCol] ?? '').trim()
    const annee = anneeText === '' ? ctx.annee : Number(anneeText)
    if (!Number.isInteger(annee) || annee < 2000 || annee > 2100)
      issues.push(issue(anneeCol, 'erreur', 'anneeInvalide', { valeur: anneeText }))
    // The (code, value column) pairs of the row: one per `element` column, or the `code` and `valeur` columns.
    const pairs: { code: string | null; codeCol: number | null; valueCol: number }[] = []
    mapping.forEach((m, i) => {
      if (m.role === 'element' && (cells[i] ?? '').trim() !== '') pairs.push({ code: m.code, codeCol: null, valueCol: i })
    })
    const codeCol = col(mapping, 'code')
    const valueCol = col(mapping, 'valeur')
    if (codeCol !== null && valueCol !== null && (cells[valueCol] ?? '').trim() !== '')
      pairs.push({ code: findCode(cells[codeCol] ?? ''), codeCol, valueCol })
    if (pairs.length === 0) return { line, cells, inputs: [], issues, status: issues.length > 0 ? 'erreur' : 'vide' }
    const who = employeeOf(cells, mapping, index)
    if ('issue' in who) issues.push(who.issue)
    const edits: AnnualCumulEdit[] = []
    for (const p of pairs) {
      if (p.code === null) {
        issues.push(issue(p.codeCol, 'erreur', 'codeInconnu', { valeur: (cells[p.codeCol ?? -1] ?? '').trim() }))
        continue
      }
      if (!('matricule' in who)) continue
      const edit = readCumulCell(who.matricule, p.code, cells[p.valueCol] ?? '')
      if (edit.error !== null) {
        issues.push(issue(p.valueCol, 'erreur', edit.error === 'montant' ? 'montantCumul' : 'nombre', { valeur: edit.text }))
        continue
      }
      const key = `${String(annee)}|${cumulKey(who.matricule, p.code)}`
      const service = annee === ctx.annee ? ctx.held.get(cumulKey(who.matricule, p.code)) : undefined
      if (seen.has(key)) issues.push(issue(p.valueCol, 'avertissement', 'doublonFichier'))
      else if (service !== undefined && edit.valeur !== null && compareDecimal(service, edit.valeur) === 0)
        issues.push(issue(p.valueCol, 'avertissement', 'identiqueService'))
      seen.add(key)
      edits.push({ ...edit, annee })
    }
    const status = issues.some((i) => i.level === 'erreur') ? 'erreur' : issues.length > 0 ? 'avertissement' : 'pret'
    return { line, cells, inputs: status === 'erreur' ? [] : edits, issues, status }
  })
}

/** The edits to write of the rows kept (`pret`, and `avertissement` when the clerk includes warnings), by year. */
export function keptCumulEdits(rows: readonly CumulPreviewRow[], withWarnings: boolean): Map<number, CumulEdit[]> {
  const byYear = new Map<number, CumulEdit[]>()
  for (const row of rows) {
    if (!isKept(row, withWarnings)) continue
    for (const { annee, ...edit } of row.inputs) byYear.set(annee, [...(byYear.get(annee) ?? []), edit])
  }
  return byYear
}

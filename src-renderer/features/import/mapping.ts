/**
 * The column mapping of an import (issue 17, point 2): which entry kind the file holds and what each column is, as
 * proposed from the header row and the values, then corrected by the clerk. Pure.
 *
 * Layouts: long (one row per element: a `code` column and value columns) and wide (one column per EVP or prime
 * code, role `element`: the header names the code by its code or label). Kinds: EVP, absence, frais, prime,
 * avantage (cumuls are not entries of the outbox: their own mapping and preview are in cumulRows.ts, #70).
 * Rules of the proposal (assumption: not shown in reference; docs/api-assumptions.md #54):
 * - a header naming a code of the kind (code, label or short label; little words such as « à » ignored) is an
 *   `element` column (EVP and primes only); a grouped header's column is read with its group's label, then alone;
 * - else a header naming a role (headers.ts) takes it, the first column only when two name the same;
 * - else a column whose sampled values are at least 80 % known matricules is `matricule`, NIR-shaped is `nir`,
 *   codes of the kind is `code`;
 * - hidden columns and everything else are `ignorer`.
 */
import type { Salarie } from '../../../src-shared/api/salaries'
import { TypeAvantageNature, TypeFrais } from '../../../src-shared/api/entries'
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import type { DossierCodes } from '../../db/validation-source'
import { headerKey, roleOfHeader } from './headers'
import type { ColumnRole } from './headers'
import type { SheetTable } from './table'

/** What one column is: a role, or the values of one code (wide layout). */
export type ColumnMapping = { readonly role: ColumnRole } | { readonly role: 'element'; readonly code: string }

/** The mapping of a file: its kind and one {@link ColumnMapping} per column (same order as the headers). */
export interface ImportMapping {
  readonly kind: EntryKind
  readonly columns: readonly ColumnMapping[]
}

/** What the proposal reads besides the file: the dossier's cached employees and code lists. */
export interface MappingReference {
  readonly salaries: readonly Salarie[]
  readonly codes: DossierCodes
}

/** A code a cell or a header may name: its code and the labels it is known by. */
export interface KnownCode {
  readonly code: string
  readonly labels: readonly string[]
}

/** The codes of `kind`: the dossier's lists for EVP, absences and primes, the contract's enums for frais and avantages. */
export function codesOfKind(kind: EntryKind, codes: DossierCodes): readonly KnownCode[] {
  switch (kind) {
    case 'evp':
      return codes.evp.filter((c) => !c.masque).map((c) => ({ code: c.code, labels: [c.libelle, c.libelle_court] }))
    case 'absence':
      return codes.absences.map((c) => ({ code: c.code, labels: [c.libelle] }))
    case 'prime':
      return codes.primes.map((c) => ({ code: c.code, labels: [c.libelle] }))
    case 'frais':
      return TypeFrais.options.map((code) => ({ code, labels: [] }))
    case 'avantage':
      return TypeAvantageNature.options.map((code) => ({ code, labels: [] }))
  }
}

/**
 * A finder of the code a text names among `known` (its code, case-insensitive, or one of its labels by header key,
 * little words ignored), its keys computed once: for reading thousands of rows.
 */
export function codeFinder(known: readonly KnownCode[]): (text: string) => string | null {
  const byCode = new Map<string, string>()
  const byLabel = new Map<string, string>()
  for (const c of known) {
    if (!byCode.has(headerKey(c.code))) byCode.set(headerKey(c.code), c.code)
    for (const label of c.labels) {
      const key = looseKey(headerKey(label))
      if (!byLabel.has(key)) byLabel.set(key, c.code)
    }
  }
  return (text) => {
    const key = headerKey(text)
    if (key === '') return null
    return byCode.get(key) ?? byLabel.get(looseKey(key)) ?? null
  }
}

/** The code `text` names among `known` (see {@link codeFinder}), or null. */
export function findCode(known: readonly KnownCode[], text: string): string | null {
  return codeFinder(known)(text)
}

/** A header key without its little words (« Heures supplémentaires à 25 % » = « Heures supplémentaires 25 »). */
function looseKey(key: string): string {
  return key
    .split(' ')
    .filter((w) => !['a', 'au', 'de', 'des', 'du', 'd', 'l', 'la', 'le', 'les', 'en', 'et'].includes(w))
    .join(' ')
}

/** Kinds whose codes may be columns of a wide layout. */
const WIDE_KINDS: ReadonlySet<EntryKind> = new Set(['evp', 'prime'])

/** Share of sampled values a column needs to be recognised by its values. */
const VALUE_SHARE = 0.8
const SAMPLE = 50
const NIR_SHAPE = /^[12378]\d{4}(\d{2}|2A|2B)\d{6}(\d{2})?$/i

function sampleOf(table: SheetTable, column: number): string[] {
  const values: string[] = []
  for (const row of table.rows) {
    if (row.skipped !== undefined) continue
    const v = row.cells[column] ?? ''
    if (v !== '') values.push(v)
    if (values.length >= SAMPLE) break
  }
  return values
}

function share(values: readonly string[], test: (v: string) => boolean): number {
  return values.length === 0 ? 0 : values.filter(test).length / values.length
}

function roleByValues(values: readonly string[], kind: EntryKind, ref: MappingReference): ColumnRole | null {
  const matricules = new Set(ref.salaries.map((s) => s.matricule.toUpperCase()))
  if (share(values, (v) => matricules.has(v.toUpperCase())) >= VALUE_SHARE) return 'matricule'
  if (share(values, (v) => NIR_SHAPE.test(v.replace(/\s/g, ''))) >= VALUE_SHARE) return 'nir'
  const known = codesOfKind(kind, ref.codes)
  if (share(values, (v) => findCode(known, v) !== null) >= VALUE_SHARE) return 'code'
  return null
}

/**
 * The mapping proposed for `table` read as entries of `kind` (rules in the file comment).
 */
export function proposeMapping(table: SheetTable, kind: EntryKind, ref: MappingReference): ImportMapping {
  const known = codesOfKind(kind, ref.codes)
  const taken = new Set<ColumnRole>()
  const columns: ColumnMapping[] = table.headers.map((header, c): ColumnMapping => {
    if (table.hiddenColumns.includes(c)) return { role: 'ignorer' }
    const own = table.ownHeaders[c] ?? header
    if (WIDE_KINDS.has(kind)) {
      const code = findCode(known, header) ?? findCode(known, own)
      if (code !== null) return { role: 'element', code }
    }
    const role = roleOfHeader(header) ?? roleOfHeader(own)
    if (role !== null && !taken.has(role)) {
      taken.add(role)
      return { role }
    }
    return { role: 'ignorer' }
  })
  return {
    kind,
    columns: columns.map((mapping, c) => {
      if (mapping.role !== 'ignorer' || table.hiddenColumns.includes(c)) return mapping
      const role = roleByValues(sampleOf(table, c), kind, ref)
      if (role === null || taken.has(role)) return mapping
      taken.add(role)
      return { role }
    }),
  }
}

/**
 * The kind a file most likely holds: the kind whose proposal finds the most element columns, else the kind whose
 * codes the `code` column's values name, else EVP (an absence needs a start date column besides its code).
 */
export function guessKind(table: SheetTable, ref: MappingReference): EntryKind {
  const order: readonly EntryKind[] = ['evp', 'prime', 'absence', 'frais', 'avantage']
  let best: EntryKind = 'evp'
  let bestScore = 0
  for (const kind of order) {
    const mapping = proposeMapping(table, kind, ref)
    const elements = mapping.columns.filter((m) => m.role === 'element').length
    const codeColumn = mapping.columns.findIndex((m) => m.role === 'code')
    const known = codesOfKind(kind, ref.codes)
    const codeShare = codeColumn < 0 ? 0 : share(sampleOf(table, codeColumn), (v) => findCode(known, v) !== null)
    const needsDates = kind === 'absence' && !mapping.columns.some((m) => m.role === 'dateDebut' || m.role === 'date')
    const score = needsDates ? 0 : elements * 10 + codeShare * 5
    if (score > bestScore) {
      best = kind
      bestScore = score
    }
  }
  return best
}

/** Columns of `mapping` holding `role` (their indexes). */
export function columnsOf(mapping: ImportMapping, role: ColumnRole | 'element'): number[] {
  return mapping.columns.flatMap((m, i) => (m.role === role ? [i] : []))
}

/** Why a mapping cannot be used yet (i18n key `import.mapping.manque.<reason>`), or null when it can. */
export function mappingProblem(mapping: ImportMapping): 'salarie' | 'code' | 'valeur' | 'dates' | null {
  const has = (role: ColumnRole | 'element'): boolean => mapping.columns.some((m) => m.role === role)
  if (!['matricule', 'nir', 'nom', 'nomPrenom'].some((r) => has(r as ColumnRole))) return 'salarie'
  if (!has('code') && !has('element')) return 'code'
  if (mapping.kind === 'absence') return has('dateDebut') || has('date') ? null : 'dates'
  if (!has('element') && !['quantite', 'taux', 'montant', 'valeur'].some((r) => has(r as ColumnRole))) return 'valeur'
  return null
}

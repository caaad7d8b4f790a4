/**
 * The import mapping remembered per dossier and per source file-name pattern (issue 17, point 2; Dexie table
 * `importMappings`, schema v10), for the entry kinds and the cumuls kind alike (`kind` `cumul`: the column roles of
 * cumulRows.ts; the row's `kind` is not indexed, so no schema change). Assumption (not shown in reference; docs/api-assumptions.md #54): the key is the
 * dossier's SIREN and the file name with its extension dropped, lower-cased and accent-free, every run of digits as
 * `#` and every French month name (or its abbreviation) as `@`: « EVP Martin novembre 2026.xlsx » and
 * « EVP Martin décembre 2026.xlsx » share `evp martin @ #`. A remembered mapping is applied without a question only
 * when the new file's headers are the same, by header key, column for column; anything else asks again.
 */
import { z } from 'zod'

import { EntryKind } from '../../../src-shared/domain/entry-kinds'
import type { ImportMappingRow, PaieDb } from '../../db/schema'
import { searchKey } from '../../components/format'
import { COLUMN_ROLES, headerKey } from './headers'
import { CUMUL_ROLES, type CumulImportMapping } from './cumulRows'
import type { ImportMapping } from './mapping'

const MONTH_WORDS =
  /\b(janvier|janv|fevrier|fevr|fev|mars|avril|avr|mai|juin|juillet|juil|aout|septembre|sept|octobre|oct|novembre|nov|decembre|dec)\b/g

/** The pattern of a file name (see the file comment). */
export function fileNamePattern(fileName: string): string {
  return searchKey(fileName.replace(/\.[a-z0-9]{2,4}$/i, ''))
    .replace(/[_\-.]+/g, ' ')
    .replace(/\d+/g, '#')
    .replace(MONTH_WORDS, '@')
    .replace(/\s+/g, ' ')
    .trim()
}

/** True when two header rows are the same column for column, by header key (trailing empty headers ignored). */
export function sameHeaders(a: readonly string[], b: readonly string[]): boolean {
  const keys = (h: readonly string[]): string[] => {
    const k = h.map(headerKey)
    while (k.length > 0 && k[k.length - 1] === '') k.pop()
    return k
  }
  const ka = keys(a)
  const kb = keys(b)
  return ka.length === kb.length && ka.every((k, i) => k === kb[i])
}

const StoredColumn = z.union([
  z.strictObject({ role: z.literal('element'), code: z.string().min(1) }),
  z.strictObject({ role: z.enum(COLUMN_ROLES as [ImportColumnRole, ...ImportColumnRole[]]) }),
])
type ImportColumnRole = (typeof COLUMN_ROLES)[number]
const StoredCumulColumn = z.union([
  z.strictObject({ role: z.literal('element'), code: z.string().min(1) }),
  z.strictObject({ role: z.enum(CUMUL_ROLES) }),
])
const StoredMapping = z.union([
  z.object({ kind: EntryKind, columns: z.array(StoredColumn) }),
  z.object({ kind: z.literal('cumul'), columns: z.array(StoredCumulColumn) }),
])

/** The mapping of any kind of the import: an entry kind's, or the cumuls' (kind `cumul`, cumulRows.ts). */
export type AnyImportMapping = ImportMapping | CumulImportMapping

/** A mapping remembered for a file: the mapping, the sheet it was made on and its headers. */
export interface Remembered {
  readonly mapping: AnyImportMapping
  readonly sheet: string
  readonly headers: readonly string[]
}

/**
 * The mapping remembered for `fileName` in dossier `siren`, or null (none, or a stored row that no longer reads:
 * then the clerk is asked again).
 */
export async function recallMapping(db: PaieDb, siren: string, fileName: string): Promise<Remembered | null> {
  const row = await db.importMappings.get([siren, fileNamePattern(fileName)])
  if (row === undefined) return null
  const parsed = StoredMapping.safeParse({ kind: row.kind, columns: row.columns })
  return parsed.success ? { mapping: parsed.data, sheet: row.sheet, headers: row.headers } : null
}

/** Remembers `mapping` (made on `sheet` with `headers`) for the files of `fileName`'s pattern in dossier `siren`. */
export async function rememberMapping(
  db: PaieDb,
  siren: string,
  fileName: string,
  sheet: string,
  headers: readonly string[],
  mapping: AnyImportMapping,
  now: string,
): Promise<void> {
  const row: ImportMappingRow = {
    siren,
    pattern: fileNamePattern(fileName),
    kind: mapping.kind,
    sheet,
    headers: [...headers],
    columns: mapping.columns.map((c) => ({ ...c })),
    savedAt: now,
  }
  await db.importMappings.put(row)
}

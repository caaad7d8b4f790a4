/**
 * The cumuls grid's cells (issue 16, point 4), pure: the columns (one per cumul code of the cached year passing the
 * filters), the reading of a typed or pasted cell as an amount (the EVP grid's reading of a `montant` cell, then the
 * contract's `Montant`: 9 digits, 2 decimals at most), and what a cell shows (the draft's text over the service's
 * value).
 */
import { Montant } from '../../../src-shared/api/common'
import type { Cumul } from '../../../src-shared/api/bulletins'
import type { CumulDraftCell, CumulDraftRow, CumulEdit } from '../../../src-shared/domain/cumul-draft'
import { cumulKey } from '../../../src-shared/domain/cumuls'
import { formatFrenchDecimal } from '../../../src-shared/domain/decimal'
import { keptCellText, parseEvpCell } from '../evp'

/** One column of the grid: a cumul code with its label, category and engine code. */
export interface CumulColumn {
  readonly code: string
  readonly libelle: string
  readonly categorie: string
  readonly codeMoteur: string
}

/** Columns of the cumuls `cumuls` (one per code), by category then code. */
export function cumulColumns(cumuls: readonly Cumul[]): CumulColumn[] {
  const byCode = new Map<string, CumulColumn>()
  for (const c of cumuls)
    if (!byCode.has(c.code_cumul))
      byCode.set(c.code_cumul, { code: c.code_cumul, libelle: c.libelle, categorie: c.categorie, codeMoteur: c.code_moteur })
  return [...byCode.values()].sort((a, b) => a.categorie.localeCompare(b.categorie) || a.code.localeCompare(b.code))
}

/**
 * Reads the text the clerk left in a cell (typed, pasted or imported) as an edit of `matricule`'s `codeCumul`:
 * French or dot decimals, spaces as thousands separators; refused (`error`, a `saisie.cellErreur` code, or
 * `montant` for more than 2 decimals or 9 digits): formulas, control characters, unreadable numbers.
 */
export function readCumulCell(matricule: string, codeCumul: string, text: string): CumulEdit {
  const base = { matricule, code_cumul: codeCumul, text: keptCellText(text) }
  const parsed = parseEvpCell(text, 'montant')
  if (!parsed.ok) return { ...base, valeur: null, error: parsed.error }
  const wire = parsed.value?.montant
  if (wire === undefined) return { ...base, text: '', valeur: null, error: null }
  if (!Montant.safeParse(wire).success) return { ...base, valeur: null, error: 'montant' }
  return { ...base, valeur: wire, error: null }
}

/** Status of a cell: a draft cell's state, `service` for a value the service holds, null when empty. */
export type CumulCellStatus = CumulDraftCell['state'] | 'service' | null

/** What a cell shows. `message`: an `invalid` cell's `saisie.cellErreur` code, a `rejected` cell's service message. */
export interface CumulCellView {
  readonly text: string
  readonly status: CumulCellStatus
  readonly message: string | null
}

/** The view of `matricule`'s `code` from the draft and the service's values (`held`, by cumul key). */
export function cumulCellView(
  draft: CumulDraftRow | null,
  held: ReadonlyMap<string, string>,
  matricule: string,
  code: string,
): CumulCellView {
  const key = cumulKey(matricule, code)
  const cell = draft?.cells[key]
  if (cell !== undefined) return { text: cell.text, status: cell.state, message: cell.message }
  const value = held.get(key)
  return value === undefined
    ? { text: '', status: null, message: null }
    : { text: formatFrenchDecimal(value), status: 'service', message: null }
}

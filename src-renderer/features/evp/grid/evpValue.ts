/**
 * Text of an EVP grid cell <-> value fields of an EVP payload (`quantite`, `taux`, `montant`, `valeur_texte`),
 * by the code's `format` (codes-evp).
 *
 * Decision for `quantite_taux` (a quantity and its rate, e.g. on-call days and their premium): one cell holds
 * "quantité;taux" with French decimals on both sides ("2;25" = 2 days at 25 %, "1,5;12,5"); a lone number is the
 * quantity without a rate. The semicolon is the list separator of French spreadsheets, so the comma stays the
 * decimal separator. `texte`: the cell's text as typed, trimmed, 100 characters at most.
 *
 * Bounds (decimals, sign) are checked by the store's validation against the contract; here only what cannot even
 * be read is refused.
 */
import type { FormatEvp } from '../../../../src-shared/api/codification'
import { formatFrenchDecimal, parseFrenchDecimal } from '../../../../src-shared/domain/decimal'

/** Value fields of an EVP payload; absent fields are not sent. */
export type EvpValue = {
  quantite?: string
  taux?: string
  montant?: string
  valeur_texte?: string
}

/** Why a cell's text cannot be read (i18n key under `saisie.cellErreur`). */
export type CellErrorCode = 'formule' | 'controle' | 'nombre' | 'quantiteTaux' | 'texteTropLong' | 'celluleTropLongue'

export type CellParse = { readonly ok: true; readonly value: EvpValue | null } | { readonly ok: false; readonly error: CellErrorCode }

/** Longest `valeur_texte` (EvpCreateDto). */
export const MAX_TEXTE = 100

/**
 * Longest cell text read at all (assumption: no EVP value needs more than 100 characters; a megabyte pasted into
 * one cell is refused before any parsing, so it costs nothing).
 */
export const MAX_CELL_CHARS = 1_000

/** Text kept on screen for a refused cell: a huge one is cut (the clerk sees its start, the page stays light). */
export function keptCellText(text: string): string {
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, 40)}…` : text
}

// C0 controls (tab and line breaks inside one cell included), DEL and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u

/**
 * True when `text` looks like a spreadsheet formula (CSV/DDE injection, OWASP): starts with `=` or `@`, or with
 * `+` or `-` unless the whole text is a signed number (`-3,5`, `+2`, `-2;25`). `-2+3+cmd|' /C calc'!A0` starts
 * with a digit after its sign but is a formula: refused (the hostile-paste suite showed it slipping through as a
 * mere unreadable number, and as text on a `texte` code).
 */
export function isFormula(text: string): boolean {
  const s = text.trim()
  if (s.startsWith('=') || s.startsWith('@')) return true
  if (s.startsWith('+') || s.startsWith('-')) return !/^[+-]\s*[\d\s,.;%€]*$/.test(s)
  return false
}

/** True when `text` holds a control character (tab, line break, NUL…); surrounding white space excluded. */
export function hasControlChar(text: string): boolean {
  return CONTROL.test(text.trim())
}

/**
 * Reads a cell's text for a code of `format`.
 * @returns `{ ok: true, value: null }` for an empty cell (nothing to save, or a value to remove), the payload's
 *   value fields, or the reason the text cannot be read.
 */
export function parseEvpCell(text: string, format: FormatEvp): CellParse {
  if (text.length > MAX_CELL_CHARS) return { ok: false, error: 'celluleTropLongue' }
  const s = text.trim()
  if (s === '') return { ok: true, value: null }
  if (hasControlChar(s)) return { ok: false, error: 'controle' }
  if (isFormula(s)) return { ok: false, error: 'formule' }
  switch (format) {
    case 'texte':
      return s.length > MAX_TEXTE ? { ok: false, error: 'texteTropLong' } : { ok: true, value: { valeur_texte: s } }
    case 'quantite_taux': {
      const parts = s.split(';')
      if (parts.length > 2) return { ok: false, error: 'quantiteTaux' }
      const quantite = parseFrenchDecimal(parts[0] ?? '')
      const tauxText = (parts[1] ?? '').trim()
      const taux = tauxText === '' ? null : parseFrenchDecimal(tauxText)
      if (quantite === null || (tauxText !== '' && taux === null)) return { ok: false, error: 'quantiteTaux' }
      return { ok: true, value: taux === null ? { quantite } : { quantite, taux } }
    }
    case 'quantite':
    case 'montant':
    case 'taux': {
      const wire = parseFrenchDecimal(s)
      if (wire === null) return { ok: false, error: 'nombre' }
      return { ok: true, value: { [format]: wire } }
    }
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/**
 * Cell text of an EVP payload's value (the reverse of {@link parseEvpCell}): French decimals, "q;t" for
 * `quantite_taux`. A payload with the value in another field than the format's (older entry) still shows it.
 */
export function formatEvpCell(payload: Readonly<Record<string, unknown>> | null, format: FormatEvp): string {
  if (payload === null) return ''
  const quantite = str(payload['quantite'])
  const taux = str(payload['taux'])
  const montant = str(payload['montant'])
  const texte = str(payload['valeur_texte'])
  if (format === 'texte' && texte !== null) return texte
  if (format === 'quantite_taux' && quantite !== null)
    return taux === null ? formatFrenchDecimal(quantite) : `${formatFrenchDecimal(quantite)};${formatFrenchDecimal(taux)}`
  const first = [format === 'montant' ? montant : null, format === 'taux' ? taux : null, quantite, montant, taux].find((v) => v !== null)
  if (first !== undefined) return formatFrenchDecimal(first)
  return texte ?? ''
}

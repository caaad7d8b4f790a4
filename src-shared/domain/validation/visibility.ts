/**
 * GP/employer visibility of the payroll elements of the codifications (reference: "Codifications (codes-evp,
 * codes-primes-indemnites) | GP/employer visibility of payroll elements | read field", V1.9.0), and what this app,
 * which the cabinet's clerks (gestionnaires de paie, "GP") use, makes of it. Decision (assumption: the reference names
 * the field, not its effect; docs/api-assumptions.md #43):
 * - a code visible to the GP side (`visibilite.gp`) and not hidden (`masque`, EVP codes) is offered for entry;
 * - a code the GP side does not see is an element the employer enters on the vendor's portal: the cabinet does not
 *   enter it (no grid column, no choice in a form) and offline validation refuses it;
 * - `visibilite.employeur` says whether the employer also sees what the cabinet enters: shown to the clerk (column
 *   header, choice label), it changes nothing to the entry.
 */
/** A code of a codification as far as visibility goes (EVP codes also carry `masque`). */
export interface VisibleCode {
  readonly visibilite: { readonly gp: boolean; readonly employeur: boolean }
  readonly masque?: boolean
}

/** Who sees an element of a code: both sides, the cabinet only, the employer only, or nobody (`aucun`). */
export type CodeAudience = 'gp_employeur' | 'gp' | 'employeur' | 'aucun'

/** True when the cabinet's clerk may enter elements of `code`: visible to the GP side and not hidden. */
export function offeredForEntry(code: VisibleCode): boolean {
  return code.visibilite.gp && code.masque !== true
}

/** Who sees elements of a code with visibility `v` (shown in the EVP grid's column header). */
export function audienceOf(v: VisibleCode['visibilite']): CodeAudience {
  if (v.gp) return v.employeur ? 'gp_employeur' : 'gp'
  return v.employeur ? 'employeur' : 'aucun'
}

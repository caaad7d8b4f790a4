/**
 * Shapes of entry validation (offline, before an entry goes to the outbox): what is checked against, and what
 * comes out. A {@link FieldIssue} has the shape of a sync `FieldError` (sync-protocol.ts), so a local message and
 * a message from the API show on the field the same way.
 */
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../api/codification'
import type { Dossier } from '../../api/dossiers'
import type { Salarie } from '../../api/salaries'

/** One broken rule, shown on one field of the form. */
export interface FieldIssue {
  /** Wire field name (`'date_fin'`, `'quantite'`); `''` for the entry as a whole. */
  readonly champ: string
  /** French, for the clerk; names the value at fault. */
  readonly message: string
}

/** What validation may ask of an entry: a create payload or a patch of a synced record. */
export type ValidationOperation = 'create' | 'update'

/**
 * An absence of the employee other than the one being checked, queued or synced (dates ISO `YYYY-MM-DD`).
 * `demi_journee_debut`: it starts at noon; `demi_journee_fin`: it ends at noon (as in AbsenceCreateDto).
 */
export interface AbsenceSpan {
  readonly date_debut: string
  readonly date_fin: string
  readonly demi_journee_debut: boolean
  readonly demi_journee_fin: boolean
  /** How to name it in a message (`'Congés payés'`); default « une autre absence ». */
  readonly label?: string
}

/**
 * Reference data an entry is checked against, from the renderer's cache (ARCHITECTURE.md "Reference data").
 * `salarie` is the employee the entry names, looked up by the caller; undefined when the cache has none.
 */
export interface ValidationContext {
  readonly dossier: Dossier
  readonly salarie: Salarie | undefined
  /** Absence codes of the dossier (GET /api/dossiers/{siren}/codes-absences). */
  readonly codesAbsences: readonly CodeAbsence[]
  /** EVP codes of the dossier (GET /api/codes-evp), hidden ones included: they are refused with their own message. */
  readonly codesEvp: readonly CodeEvp[]
  /** Bonus and allowance codes of the dossier (GET /api/codes-primes-indemnites). */
  readonly codesPrimes: readonly CodePrimeIndemnite[]
  /** The employee's other absences, queued or synced, excluding the one being edited. */
  readonly otherAbsences: readonly AbsenceSpan[]
}

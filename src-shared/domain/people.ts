/**
 * IPC shapes of the dossier's people (issue 16, points 1 and 3): the employee sheet (`salaries:sheet`) with its
 * contracts (working time and definition) and notes, and the dynamic code lists that label the contracts' coded
 * fields (`codes:list`). Wire records are those of `src-shared/api/salaries.ts` and `cabinet.ts`.
 *
 * What crosses IPC and is cached (docs/api-assumptions.md #51): the IBAN is masked by main (all but its last 4
 * characters, {@link maskIban}); the NIR and the residence permit's number are not sent to the renderer at all.
 */
import { z } from 'zod'
import { Note } from '../api/cabinet'
import { ListeCodes, NomCode } from '../api/codification'
import { Bic, IsoDate, Matricule, Siren } from '../api/common'
import { Contrat, DefinitionContrat, DureeTravail, RegimeSocial, Salarie, TypeTitreSejour } from '../api/salaries'

/** Input of `salaries:sheet`: one employee of one dossier. */
export const SalarieSheetInput = z.strictObject({ siren: Siren, matricule: Matricule })
export type SalarieSheetInput = z.infer<typeof SalarieSheetInput>

/** Bank details as the sheet shows them: the IBAN masked but its last 4 characters (#51), BIC and holder. */
export const CoordonneesMasquees = z.object({
  iban_masque: z.string().min(1),
  bic: Bic,
  titulaire: z.string(),
})

/** Payment information of the sheet (V1.3.0), bank details masked. */
export const PaiementFiche = z.object({
  mode_paiement: z.enum(['virement', 'cheque', 'especes']),
  coordonnees_bancaires: CoordonneesMasquees.nullable(),
})

/** The employee as the sheet holds him: the list fields plus regime, permit type and end, payment, safe opening. */
export const SalarieFiche = Salarie.extend({
  regime_social: RegimeSocial,
  titre_sejour: z.object({ type: TypeTitreSejour, date_fin_validite: IsoDate }).nullable(),
  informations_paiement: PaiementFiche,
  date_ouverture_coffre: IsoDate.nullable(),
})
export type SalarieFiche = z.infer<typeof SalarieFiche>

/** One contract of the sheet: the contract, its working time (…/duree-travail) and its definition (…/definition). */
export const ContratFiche = z.object({
  contrat: Contrat,
  dureeTravail: DureeTravail,
  definition: DefinitionContrat,
})
export type ContratFiche = z.infer<typeof ContratFiche>

/** Answer of `salaries:sheet`: the employee, his contracts (by start date), his notes (by creation), read at `fetchedAt`. */
export const SalarieSheet = z.object({
  siren: Siren,
  matricule: Matricule,
  fetchedAt: z.iso.datetime(),
  salarie: SalarieFiche,
  contrats: z.array(ContratFiche),
  notes: z.array(Note),
})
export type SalarieSheet = z.infer<typeof SalarieSheet>

/** Input of `codes:list`: one dynamic code list (GET /api/codes/{nomCode}). */
export const CodesListInput = z.strictObject({ nomCode: NomCode })

/** Answer of `codes:list`: the list read at `fetchedAt` (ISO instant). */
export const CodesListResult = ListeCodes.extend({ fetchedAt: z.iso.datetime() })
export type CodesListResult = z.infer<typeof CodesListResult>

/** Masking character of {@link maskIban}. */
export const MASK_CHAR = '•'

/**
 * The IBAN as the sheet shows it: every character but the last 4 replaced by {@link MASK_CHAR}, spaces removed,
 * upper case, written in groups of 4 from the start with the last 4 in a group of their own
 * (`FR7630006000011234567890189` → `•••• •••• •••• •••• •••• ••• 0189`). Assumption #51: the clerk recognises an
 * account by its end, as on a bank card; the rest never leaves main.
 * @throws RangeError when the IBAN has fewer than 5 characters (a valid IBAN has 15 to 34).
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase()
  if (compact.length < 5) throw new RangeError('IBAN trop court pour être masqué')
  const hidden = MASK_CHAR.repeat(compact.length - 4)
  const groups = hidden.match(/.{1,4}/gu) ?? []
  return [...groups, compact.slice(-4)].join(' ')
}

/** One day of the working-time week: ISO weekday (1 = Monday … 7 = Sunday) and hours (decimal string, '0' when none). */
export interface JourSemaine {
  readonly jour: number
  readonly heures: string
}

/**
 * The contract's working-time table (`tableau_horaire`, lines `{ jour, heures }`) as a week, Monday to Sunday,
 * seven days always, a day absent from the table worked `'0'` hours; two lines of the same day add up. Hours stay
 * decimal strings (3 decimals at most, no float arithmetic: summed in thousandths of an hour). Null when the
 * contract has no table (`tableau_horaire: null`). Assumption #52.
 */
export function semaineDeTravail(tableau: readonly { jour: number; heures: string }[] | null): JourSemaine[] | null {
  if (tableau === null) return null
  const milliemes = new Map<number, bigint>()
  for (const ligne of tableau) milliemes.set(ligne.jour, (milliemes.get(ligne.jour) ?? 0n) + toThousandths(ligne.heures))
  return [1, 2, 3, 4, 5, 6, 7].map((jour) => ({ jour, heures: fromThousandths(milliemes.get(jour) ?? 0n) }))
}

/** Total hours of a week from {@link semaineDeTravail}, as a decimal string. */
export function totalSemaine(semaine: readonly JourSemaine[]): string {
  return fromThousandths(semaine.reduce((sum, j) => sum + toThousandths(j.heures), 0n))
}

function toThousandths(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3))
}

function fromThousandths(value: bigint): string {
  const whole = value / 1000n
  const fraction = (value % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return fraction === '' ? whole.toString() : `${whole.toString()}.${fraction}`
}

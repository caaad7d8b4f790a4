/**
 * The control before sending (issue 15, point 4), as pure functions: per payslip, the variance of the gross pay
 * (brut) and the net pay (net à payer) against the employee's payslip of the same contract in the previous period,
 * flagged above a threshold the clerk sets (default {@link SEUIL_ECART_DEFAUT} %); and the month's variable elements
 * that landed on none of the employee's payslips (matching of #49, `matchElements`). Decision #59 of
 * docs/api-assumptions.md (assumption: not shown in reference).
 *
 * Money stays decimal strings and is compared in integer cents (bigint); a variance is written in hundredths of a
 * percent (integer basis points), never a float.
 */
import type { Bulletin, BulletinDetail } from '../api/bulletins'
import { matchElements, type ElementMatch, type MonthElement } from './bulletin-view'
import { decimalToCents } from './decimal'

/** Threshold of the variance check when the clerk has set none, in percent (#59). */
export const SEUIL_ECART_DEFAUT = 10
/** Bounds of the threshold the clerk may set, in whole percent. */
export const SEUIL_ECART_MIN = 1
export const SEUIL_ECART_MAX = 100

/** The variance of one amount: both values (decimal strings, null when not computed) and the change. */
export interface Ecart {
  readonly avant: string | null
  readonly apres: string | null
  /**
   * (apres − avant) / |avant| in basis points (hundredths of a percent), rounded toward zero; null when either
   * value is missing or `avant` is zero (no ratio).
   */
  readonly pointsBase: number | null
  /** True when |change| is strictly above the threshold (exact comparison in cents). */
  readonly depasse: boolean
}

/** One payslip of the control: its variances, or `sansPrecedent` when the previous period has no payslip to compare. */
export interface EcartBulletin {
  readonly id: string
  readonly matricule: string
  readonly numeroContrat: string
  readonly sansPrecedent: boolean
  readonly brut: Ecart
  readonly net: Ecart
}

function ecart(avant: string | null, apres: string | null, seuilPct: number): Ecart {
  if (avant === null || apres === null) return { avant, apres, pointsBase: null, depasse: false }
  const a = decimalToCents(avant)
  const b = decimalToCents(apres)
  const base = a < 0n ? -a : a
  if (base === 0n) return { avant, apres, pointsBase: null, depasse: false }
  const diff = b - a
  const abs = diff < 0n ? -diff : diff
  return { avant, apres, pointsBase: Number((diff * 10_000n) / base), depasse: abs * 100n > BigInt(seuilPct) * base }
}

/**
 * The variance of each payslip of `courants` against the previous period's payslip of the same employee and contract
 * (`precedents`), in the order of `courants`.
 * @param seuilPct threshold in whole percent ({@link SEUIL_ECART_MIN}–{@link SEUIL_ECART_MAX})
 * @throws RangeError when the threshold is out of bounds, or an amount is not a wire decimal of at most two decimals
 */
export function ecartsBulletins(
  courants: readonly Pick<Bulletin, 'id' | 'matricule' | 'numero_contrat' | 'brut' | 'net_a_payer'>[],
  precedents: readonly Pick<Bulletin, 'matricule' | 'numero_contrat' | 'brut' | 'net_a_payer'>[],
  seuilPct: number,
): EcartBulletin[] {
  if (!Number.isInteger(seuilPct) || seuilPct < SEUIL_ECART_MIN || seuilPct > SEUIL_ECART_MAX) {
    throw new RangeError(`seuil hors bornes : ${seuilPct}`)
  }
  const before = new Map(precedents.map((p) => [`${p.matricule}|${p.numero_contrat}`, p]))
  return courants.map((b) => {
    const p = before.get(`${b.matricule}|${b.numero_contrat}`)
    return {
      id: b.id,
      matricule: b.matricule,
      numeroContrat: b.numero_contrat,
      sansPrecedent: p === undefined || (p.brut === null && p.net_a_payer === null),
      brut: ecart(p?.brut ?? null, b.brut, seuilPct),
      net: ecart(p?.net_a_payer ?? null, b.net_a_payer, seuilPct),
    }
  })
}

/** The payslips whose brut or net variance is above the threshold. */
export function ecartsDepasses(ecarts: readonly EcartBulletin[]): EcartBulletin[] {
  return ecarts.filter((e) => e.brut.depasse || e.net.depasse)
}

/** A variable element of the month with its employee. */
export type ElementDuMois = MonthElement & { readonly matricule: string }

/**
 * Why an element is on none of the payslips:
 * - `missing`, `not_sent` of {@link ElementMatch};
 * - `sans_bulletin`: the employee (and contract) has no payslip in the period;
 * - `non_lu`: the employee's payslip is listed but its rubriques were never read (offline, never opened).
 */
export type ElementAbsent = Exclude<ElementMatch, 'found' | 'no_rubrique'> | 'sans_bulletin' | 'non_lu'

/**
 * The month's elements found on none of their employee's payslips, with why, in the order of `elements`. An absence
 * (no rubrique of its own, #49) is never listed; an element without contract is found when any payslip of the
 * employee holds it.
 * @param listes every payslip of the period (to tell « no payslip » from « not read »)
 * @param details the payslips whose rubriques were read
 * @throws RangeError when an amount is not a wire decimal of at most two decimals
 */
export function elementsAbsents(
  listes: readonly Pick<Bulletin, 'id' | 'matricule' | 'numero_contrat'>[],
  details: readonly Pick<BulletinDetail, 'id' | 'matricule' | 'numero_contrat' | 'rubriques'>[],
  elements: readonly ElementDuMois[],
): { element: ElementDuMois; raison: ElementAbsent }[] {
  const read = new Map(details.map((d) => [d.id, d]))
  return elements.flatMap((element): { element: ElementDuMois; raison: ElementAbsent }[] => {
    if (element.kind === 'absence') return []
    if (element.source === 'local') return [{ element, raison: 'not_sent' }]
    const own = listes.filter(
      (b) => b.matricule === element.matricule && (element.numeroContrat === null || element.numeroContrat === b.numero_contrat),
    )
    if (own.length === 0) return [{ element, raison: 'sans_bulletin' }]
    const ownRead = own.flatMap((b) => {
      const d = read.get(b.id)
      return d === undefined ? [] : [d]
    })
    if (ownRead.some((d) => matchElements(d, [element]).some((m) => m.match === 'found'))) return []
    return [{ element, raison: ownRead.length < own.length ? 'non_lu' : 'missing' }]
  })
}

/**
 * Cumuls of a dossier for a year (issue 16, point 4): the IPC shapes of `cumuls:list` (GET /api/cumuls with its two
 * filters, V1.3.0: categories and cumuls `categorie`/`cumul`, engine code `code_moteur`) and `cumuls:put` (ONE
 * PUT /api/dossiers/{siren}/cumuls of `Cumuls.PutDto`), the filter predicate shared by the sandbox's read and the
 * renderer's cache, and the exactly-once comparison of a lost PUT (read back, compare, resend only what the read does
 * not show: docs/api-assumptions.md #69).
 *
 * A PUT sets values: sending again a value the service already holds changes nothing, but it may overwrite a value
 * another writer (the payroll engine, a colleague) set in between. So a PUT whose answer is lost is never sent again
 * blindly: main reads the year back first and leaves out every item the read shows applied.
 */
import { z } from 'zod'
import { Cumul, CumulsPutDto, CumulsPutRetourDto } from '../api/bulletins'
import type { CumulsItemPutDto } from '../api/bulletins'
import { IsoDateTime, Siren } from '../api/common'
import { ReportParams } from './reports'
import { compareDecimal } from './decimal'

/** A year of cumuls (the reference's `annee`). */
export const AnneeCumuls = CumulsPutDto.shape.annee

/**
 * The two filters of GET /api/cumuls (V1.3.0, #68): `categories` and `cumuls` (codes), each any of the listed values
 * (empty: no filter), and one engine code `codeMoteur` (null: no filter).
 */
export const CumulsFilter = z.strictObject({
  categories: z.array(z.string().min(1).max(40)).max(20).default([]),
  cumuls: z.array(z.string().min(1).max(20)).max(50).default([]),
  codeMoteur: z.string().min(1).max(20).nullable().default(null),
})
export type CumulsFilter = z.output<typeof CumulsFilter>

/** Input of `cumuls:list`: a dossier, a year and the filters. */
export const CumulsListInput = z.strictObject({ siren: Siren, annee: AnneeCumuls, filtre: CumulsFilter })
export type CumulsListInput = z.input<typeof CumulsListInput>

/** Answer of `cumuls:list`: every page of the filtered list, read at `fetchedAt` (this workstation's clock). */
export const CumulsListResult = z.object({
  siren: Siren,
  annee: AnneeCumuls,
  filtre: CumulsFilter,
  fetchedAt: IsoDateTime,
  cumuls: z.array(Cumul),
})
export type CumulsListResult = z.output<typeof CumulsListResult>

/**
 * Input of `cumuls:put`: the items of ONE PUT, and `afterLostAnswer` when an earlier send of these cells lost its
 * answer (main then reads the year back before sending, and sends only the items the read does not show applied).
 */
export const CumulsPutInput = z.strictObject({
  siren: Siren,
  annee: AnneeCumuls,
  elements: CumulsPutDto.shape.elements,
  afterLostAnswer: z.boolean().default(false),
})
export type CumulsPutInput = z.input<typeof CumulsPutInput>

/**
 * What a PUT of cumuls made (the bulletins' outcomes, #50, applied to one batch):
 * - `applied`: the service answered (`retour`, its `erreurs[].index` pointing into the INPUT's `elements`), or, its
 *   answer lost, the year read right after shows every item applied (`retour` null);
 * - `already_applied`: read before a resend, every item already held its value: nothing was sent;
 * - `refused`: the service refused the whole request (400, 404, 409…): nothing applied;
 * - `not_sent`: the road is broken (offline, 429, 401, missing right): proven not applied;
 * - `unknown`: the request left, no answer came, and the read after does not show every item applied: `unconfirmed`
 *   lists the indexes not shown; not to be sent again before `settleUntil`, then only with `afterLostAnswer`.
 */
export const CumulsPutOutcome = z.object({
  result: z.enum(['applied', 'already_applied', 'refused', 'not_sent', 'unknown']),
  retour: CumulsPutRetourDto.nullable(),
  unconfirmed: z.array(z.number().int().nonnegative()),
  error: z.object({ code: z.string(), message: z.string(), params: ReportParams.optional() }).nullable(),
  settleUntil: IsoDateTime.nullable(),
})
export type CumulsPutOutcome = z.output<typeof CumulsPutOutcome>

type ItemPut = z.output<typeof CumulsItemPutDto>

/** True when `cumul` passes `filtre` (each filter: one of its values; an empty filter passes everything). Pure. */
export function matchesCumulsFilter(cumul: Pick<Cumul, 'categorie' | 'code_cumul' | 'code_moteur'>, filtre: CumulsFilter): boolean {
  return (
    (filtre.categories.length === 0 || filtre.categories.includes(cumul.categorie)) &&
    (filtre.cumuls.length === 0 || filtre.cumuls.includes(cumul.code_cumul)) &&
    (filtre.codeMoteur === null || filtre.codeMoteur === cumul.code_moteur)
  )
}

/** Key of one cumul of one employee: `matricule|code_cumul` (a grid cell, a draft cell). */
export function cumulKey(matricule: string, codeCumul: string): string {
  return `${matricule}|${codeCumul}`
}

/**
 * Merges a filtered read into the cached cumuls of the same dossier and year: the cached ones the filter covers are
 * replaced by the read (a cumul gone from the service goes from the cache too), the others are kept. Pure.
 */
export function mergeFilteredRead(cached: readonly Cumul[], read: readonly Cumul[], filtre: CumulsFilter): Cumul[] {
  const kept = cached.filter((c) => !matchesCumulsFilter(c, filtre))
  return [...kept, ...read]
}

/** True when the read shows `item` applied: the same employee and code holding the same value (exact decimal). */
function showsItem(byKey: ReadonlyMap<string, Cumul>, item: ItemPut): boolean {
  const held = byKey.get(cumulKey(item.matricule, item.code_cumul))
  return held !== undefined && compareDecimal(held.valeur, item.valeur) === 0
}

/**
 * Which of the sent `elements` a read of the year shows applied (#69), by index into `elements`. Pure.
 * @param read the cumuls of the dossier's year as read (any filter covering the items)
 */
export function readBackIndexes(elements: readonly ItemPut[], read: readonly Cumul[]): { applied: number[]; notShown: number[] } {
  const byKey = new Map(read.map((c) => [cumulKey(c.matricule, c.code_cumul), c]))
  const applied: number[] = []
  const notShown: number[] = []
  elements.forEach((item, index) => (showsItem(byKey, item) ? applied : notShown).push(index))
  return { applied, notShown }
}

/** Most codes one `cumul` filter holds ({@link CumulsFilter}). */
export const MAX_FILTER_CUMULS = 50

/** The filter that covers the codes of `elements` (the read-back of a PUT); no filter past 50 codes. Pure. */
export function filterOfItems(elements: readonly ItemPut[]): CumulsFilter {
  const codes = [...new Set(elements.map((e) => e.code_cumul))].sort()
  return { categories: [], cumuls: codes.length > MAX_FILTER_CUMULS ? [] : codes, codeMoteur: null }
}

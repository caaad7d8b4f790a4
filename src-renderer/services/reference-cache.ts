/**
 * The reference cache (ARCHITECTURE.md "Reference data"): main fetches dossiers, employees and code lists
 * (`reference:refresh`); the renderer keeps the answer in Dexie with the instant it was fetched, so entry forms
 * validate offline and show the age of what they validate against.
 */
import type { Categorie } from '../../src-shared/api/categories'
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { Dossier } from '../../src-shared/api/dossiers'
import type { Salarie } from '../../src-shared/api/salaries'
import type { ReferenceSnapshot } from '../../src-shared/domain/reference'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import { getMeta, setMeta } from '../db/meta'
import type { CodesRow, PaieDb } from '../db/schema'

/** The part of `window.api` this module uses. */
export type ReferenceApi = Pick<WindowApi, 'reference:refresh'>

/** Everything the cache holds, grouped for the forms. Code lists and employees keyed by SIREN. */
export interface CachedReference {
  readonly dossiers: Dossier[]
  readonly salariesBySiren: Record<string, Salarie[]>
  readonly codesAbsences: Record<string, CodeAbsence[]>
  readonly codesEvp: Record<string, CodeEvp[]>
  readonly codesPrimes: Record<string, CodePrimeIndemnite[]>
  readonly droits: Categorie[]
  /**
   * Age of the data shown, ISO instant: the oldest fetch among the cached dossiers (a partial refresh does not
   * make the others younger), or the last refresh when no dossier is cached; null when never fetched.
   */
  readonly fetchedAt: string | null
}

function codeRows(snapshot: ReferenceSnapshot, siren: string): CodesRow[] {
  return [
    { siren, type: 'absences', list: snapshot.codesAbsences[siren] ?? [] },
    { siren, type: 'evp', list: snapshot.codesEvp[siren] ?? [] },
    { siren, type: 'primes', list: snapshot.codesPrimesIndemnites[siren] ?? [] },
  ]
}

/**
 * Asks main for the reference data of `sirens` (all assigned dossiers when absent) and stores it in ONE
 * transaction. A full refresh replaces the cache; a partial one replaces those dossiers only (a requested dossier
 * missing from the answer is no longer assigned and leaves the cache). Rights are replaced either way.
 * @returns main's envelope: `{ ok: true, value: snapshot }` once stored, or `{ ok: false, error }` (French message;
 *   the cache is left as it was).
 */
export async function refreshReference(db: PaieDb, api: ReferenceApi, sirens?: readonly string[]): Promise<IpcResult<ReferenceSnapshot>> {
  const result = await api['reference:refresh'](sirens === undefined ? {} : { sirens: [...sirens] })
  if (!result.ok) return result
  const snapshot = result.value
  await db.transaction('rw', db.dossiers, db.salaries, db.codes, db.meta, async () => {
    const replaced = sirens === undefined ? null : [...new Set([...sirens, ...snapshot.dossiers.map((d) => d.siren)])]
    if (replaced === null) {
      await Promise.all([db.dossiers.clear(), db.salaries.clear(), db.codes.clear()])
    } else {
      await db.dossiers.bulkDelete(replaced)
      await db.salaries.where('siren').anyOf(replaced).delete()
      await db.codes.bulkDelete(
        replaced.flatMap((s) => (['absences', 'evp', 'primes'] as const).map((t): [string, CodesRow['type']] => [s, t])),
      )
    }
    await db.dossiers.bulkPut(snapshot.dossiers)
    await db.salaries.bulkPut(snapshot.salaries)
    await db.codes.bulkPut(snapshot.dossiers.flatMap((d) => codeRows(snapshot, d.siren)))
    const previous = replaced === null ? {} : ((await getMeta(db, 'reference.fetchedAtBySiren')) ?? {})
    const bySiren = Object.fromEntries(Object.entries(previous).filter(([siren]) => !replaced?.includes(siren)))
    for (const d of snapshot.dossiers) bySiren[d.siren] = snapshot.fetchedAt
    await setMeta(db, 'reference.fetchedAtBySiren', bySiren)
    await setMeta(db, 'reference.fetchedAt', snapshot.fetchedAt)
    await setMeta(db, 'reference.droits', snapshot.droits)
  })
  return result
}

function groupBySiren<T>(rows: readonly T[], sirenOf: (row: T) => string): Record<string, T[]> {
  const groups: Record<string, T[]> = {}
  for (const row of rows) (groups[sirenOf(row)] ??= []).push(row)
  return groups
}

/**
 * French order of names, built once: `localeCompare(x, 'fr')` builds a collator per call, and sorting a cabinet's
 * 20 000 employees makes some 600 000 calls (issue 19, point 3: the home screen waited on it).
 */
const FRENCH = new Intl.Collator('fr')

/** What the home screen shows of the cache: its dossiers, rights and age. */
export type ReferenceHead = Pick<CachedReference, 'dossiers' | 'droits' | 'fetchedAt'>

/**
 * The cache's dossiers sorted by raison sociale, rights and age: what the home screen shows, and nothing else. A
 * cabinet's 20 000 employees take half a second of the main thread to read and sort ({@link loadSalaries}), and its
 * 450 code lists (150 dossiers × absences, EVP, primes) 70–130 ms of IndexedDB at a start ({@link loadCodeLists});
 * both are read after it (issue 19, point 3; docs/performance.md, "The home: the origin's store opened at once").
 */
export async function loadReferenceHead(db: PaieDb): Promise<ReferenceHead> {
  return db.transaction('r', db.dossiers, db.meta, async () => {
    const [dossiers, droits, lastFetch, bySiren] = await Promise.all([
      db.dossiers.toArray(),
      getMeta(db, 'reference.droits'),
      getMeta(db, 'reference.fetchedAt'),
      getMeta(db, 'reference.fetchedAtBySiren'),
    ])
    dossiers.sort((a, b) => FRENCH.compare(a.raison_sociale, b.raison_sociale))
    return { dossiers, droits: droits ?? [], fetchedAt: oldestFetch(dossiers, bySiren ?? {}) ?? lastFetch ?? null }
  })
}

/** The cached code lists (absences, EVP, primes), per SIREN. */
export type CodeLists = Pick<CachedReference, 'codesAbsences' | 'codesEvp' | 'codesPrimes'>

/** Reads the cache's code lists of every dossier. */
export async function loadCodeLists(db: PaieDb): Promise<CodeLists> {
  const rows = await db.codes.toArray()
  const lists: CodeLists = { codesAbsences: {}, codesEvp: {}, codesPrimes: {} }
  for (const row of rows) {
    if (row.type === 'absences') lists.codesAbsences[row.siren] = [...row.list]
    else if (row.type === 'evp') lists.codesEvp[row.siren] = [...row.list]
    else lists.codesPrimes[row.siren] = [...row.list]
  }
  return lists
}

/** The cached employees per SIREN, each dossier's by nom then prénom. */
export async function loadSalaries(db: PaieDb): Promise<Record<string, Salarie[]>> {
  const salaries = await db.salaries.toArray()
  salaries.sort((a, b) => FRENCH.compare(a.nom, b.nom) || FRENCH.compare(a.prenom, b.prenom))
  return groupBySiren(salaries, (s) => s.siren)
}

function oldestFetch(dossiers: readonly Dossier[], bySiren: Readonly<Record<string, string>>): string | undefined {
  const instants = dossiers.map((d) => bySiren[d.siren]).filter((t): t is string => t !== undefined)
  return instants.length === 0 ? undefined : instants.reduce((a, b) => (a < b ? a : b))
}

/**
 * Whole minutes since `fetchedAt` (ISO instant) at `nowMs` (ms since the epoch); null when never fetched.
 * A clock set earlier than the fetch gives 0, never a negative age.
 */
export function referenceAgeMinutes(fetchedAt: string | null, nowMs: number): number | null {
  if (fetchedAt === null) return null
  const at = Date.parse(fetchedAt)
  if (Number.isNaN(at)) return null
  return Math.max(0, Math.floor((nowMs - at) / 60_000))
}

/** Age past which forms warn that the reference may be out of date: 24 hours (assumption: one working day). */
export const REFERENCE_STALE_MINUTES = 24 * 60

/** True when never fetched, or fetched more than `maxMinutes` ago. */
export function isReferenceStale(fetchedAt: string | null, nowMs: number, maxMinutes: number = REFERENCE_STALE_MINUTES): boolean {
  const age = referenceAgeMinutes(fetchedAt, nowMs)
  return age === null || age > maxMinutes
}

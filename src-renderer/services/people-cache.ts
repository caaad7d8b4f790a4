/**
 * The cached employee sheets and code lists (issue 16, points 1 and 3): main reads a salarié's sheet
 * (`salaries:sheet`) and the dynamic code lists (`codes:list`); the renderer keeps the answers in Dexie (tables
 * `salarieSheets` and `codeLists`, schema v9) with the instant they were fetched, so the sheet and its contracts read
 * offline with their age. The employee list itself stays in the reference cache (reference-cache.ts): the sheet view
 * shows its row while no sheet of that salarié was ever read.
 */
import type { ListeCodes } from '../../src-shared/api/codification'
import type { CodesListResult, SalarieSheet } from '../../src-shared/domain/people'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb } from '../db/schema'
import type { z } from 'zod'

/** The part of `window.api` this module uses. */
export type PeopleApi = Pick<WindowApi, 'salaries:sheet' | 'codes:list'>

/** Name of a dynamic code list. */
export type NomCode = z.output<typeof ListeCodes>['nom']

/** Code lists that label a contract's coded fields: nature (DSN S21.G00.40.007), PCS-ESE, collective agreement. */
export const CONTRACT_CODE_LISTS = ['natures_contrat', 'pcs_ese', 'conventions_collectives'] as const satisfies readonly NomCode[]

/** Code lists of the contract creation form's searchable selects (#66): the above, professions and public-policy schemes. */
export const CONTRACT_FORM_CODE_LISTS = [
  ...CONTRACT_CODE_LISTS,
  'professions',
  'dispositifs_politique_publique',
] as const satisfies readonly NomCode[]

/**
 * Asks main for the sheet of `matricule` in `siren` and stores it (replacing the previous one of that employee).
 * @returns main's envelope; on `ok: false` (code worded by the view) the cache is left as it was.
 */
export async function refreshSheet(db: PaieDb, api: PeopleApi, siren: string, matricule: string): Promise<IpcResult<SalarieSheet>> {
  const result = await api['salaries:sheet']({ siren, matricule })
  if (result.ok) await db.salarieSheets.put(result.value)
  return result
}

/** The cached sheet of an employee, or null when it was never read on this workstation. */
export async function loadSheet(db: PaieDb, siren: string, matricule: string): Promise<SalarieSheet | null> {
  return (await db.salarieSheets.get([siren, matricule])) ?? null
}

/**
 * Asks main for the code lists `noms` one by one and stores each one answered. A list that fails keeps its cached
 * copy; the first failure is answered (the others are still tried).
 * @returns `{ ok: true }` when every list was refreshed, else the first failure's envelope.
 */
export async function refreshCodeLists(db: PaieDb, api: PeopleApi, noms: readonly NomCode[]): Promise<IpcResult<null>> {
  let failure: IpcResult<null> | null = null
  for (const nomCode of noms) {
    const result = await api['codes:list']({ nomCode })
    if (result.ok) await db.codeLists.put(result.value)
    else failure ??= result
  }
  return failure ?? { ok: true, value: null }
}

/** Every cached code list, by name. */
export async function loadCodeLists(db: PaieDb): Promise<Partial<Record<NomCode, CodesListResult>>> {
  const rows = await db.codeLists.toArray()
  return Object.fromEntries(rows.map((r) => [r.nom, r]))
}

/** The label of `code` in a cached list, or null when the list or the code is not known. */
export function labelOf(list: CodesListResult | undefined, code: string | null): string | null {
  if (list === undefined || code === null) return null
  return list.elements.find((e) => e.code === code)?.libelle ?? null
}

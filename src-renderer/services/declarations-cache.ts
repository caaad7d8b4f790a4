/**
 * The cached DSN list (issue 5): main runs the cabinet-wide search (`declarations:search`); the renderer keeps the
 * answer in Dexie (`declarations` table, schema v3) with the instant it was fetched, so the list stays readable
 * offline with its age. Filters on the cached rows (dossier, period, nature, sending dates) run locally.
 */
import type { DeclarationRow, DeclarationsSearchInput, DeclarationsSearchResult } from '../../src-shared/domain/declarations'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import { isoDateOrEmpty } from '../components/format'
import { getMeta, setMeta } from '../db/meta'
import type { PaieDb } from '../db/schema'

/** The part of `window.api` the DSN screen uses. */
export type DeclarationsApi = Pick<
  WindowApi,
  | 'declarations:search'
  | 'declarations:detail'
  | 'declarations:recapitulatif'
  | 'downloads:start'
  | 'downloads:cancel'
  | 'downloads:list'
  | 'downloads:open'
  | 'downloads:show'
  | 'downloads:chooseFolder'
  | 'onDownloadsChanged'
>

/** Filters of the screen. Empty strings / empty list mean "no filter". Periods `YYYY-MM`, dates `YYYY-MM-DD`. */
export interface DeclarationFilters {
  sirens: string[]
  periodeDu: string
  periodeAu: string
  /** DSN nature (S20.G00.05.001): '01' mensuelle, '02' fin de contrat, '04' arrêt, '05' reprise; '' all. */
  nature: string
  dateEnvoiDu: string
  dateEnvoiAu: string
  /** Status (`en_preparation`, `deposee`, `acceptee`, `rejetee`); '' all. */
  statut: '' | DeclarationRow['statut']
}

/** The filters with the sending dates still being typed (not yet `YYYY-MM-DD`) left open. */
function typedDates(f: DeclarationFilters): DeclarationFilters {
  return { ...f, dateEnvoiDu: isoDateOrEmpty(f.dateEnvoiDu), dateEnvoiAu: isoDateOrEmpty(f.dateEnvoiAu) }
}

/** The filters as the server search takes them (decision 21): a nature picks the list it lives in. */
export function searchInputOf(filters: DeclarationFilters): DeclarationsSearchInput {
  const f = typedDates(filters)
  return {
    ...(f.sirens.length === 0 ? {} : { sirens: [...f.sirens] }),
    ...(f.periodeDu === '' ? {} : { periodeDu: f.periodeDu }),
    ...(f.periodeAu === '' ? {} : { periodeAu: f.periodeAu }),
    ...(f.dateEnvoiDu === '' ? {} : { dateEnvoiDu: f.dateEnvoiDu }),
    ...(f.dateEnvoiAu === '' ? {} : { dateEnvoiAu: f.dateEnvoiAu }),
    ...(f.nature === '' ? {} : { kinds: [f.nature === '01' ? 'periodique' : 'evenementielle'] }),
    ...(f.statut === '' ? {} : { statuts: [f.statut] }),
  }
}

/** True when a cached row passes the filters (same rules as the server: sending date = UTC day of `date_envoi`). */
export function matchesFilters(d: DeclarationRow, filters: DeclarationFilters): boolean {
  const f = typedDates(filters)
  if (f.sirens.length > 0 && !f.sirens.includes(d.siren)) return false
  if (f.periodeDu !== '' && d.periode < f.periodeDu) return false
  if (f.periodeAu !== '' && d.periode > f.periodeAu) return false
  if (f.nature !== '' && d.nature !== f.nature) return false
  if (f.statut !== '' && d.statut !== f.statut) return false
  if (f.dateEnvoiDu === '' && f.dateEnvoiAu === '') return true
  const day = d.date_envoi?.slice(0, 10)
  if (day === undefined) return false
  return (f.dateEnvoiDu === '' || day >= f.dateEnvoiDu) && (f.dateEnvoiAu === '' || day <= f.dateEnvoiAu)
}

/** Rows in display order: latest period first, then SIREN, periodic before event-based, NIC, event date. */
export function sortDeclarations(rows: DeclarationRow[]): DeclarationRow[] {
  const key = (d: DeclarationRow): string =>
    `${d.siren}|${d.kind === 'periodique' ? 0 : 1}|${d.nic}|${'date_evenement' in d ? d.date_evenement : ''}|${d.id}`
  return rows.sort((a, b) => (a.periode !== b.periode ? (a.periode < b.periode ? 1 : -1) : key(a).localeCompare(key(b))))
}

/**
 * Runs the search through main and replaces the cached list with its answer in ONE transaction.
 * @returns main's envelope; on `ok: false` (French message) the cache is left as it was.
 */
export async function refreshDeclarations(
  db: PaieDb,
  api: Pick<DeclarationsApi, 'declarations:search'>,
  input: DeclarationsSearchInput,
): Promise<IpcResult<DeclarationsSearchResult>> {
  const result = await api['declarations:search'](input)
  if (!result.ok) return result
  await db.transaction('rw', db.declarations, db.meta, async () => {
    await db.declarations.clear()
    await db.declarations.bulkPut(result.value.declarations)
    await setMeta(db, 'declarations.fetchedAt', result.value.fetchedAt)
  })
  return result
}

/** The cached list (display order) and when it was fetched (null: never). */
export async function loadDeclarations(db: PaieDb): Promise<{ rows: DeclarationRow[]; fetchedAt: string | null }> {
  return db.transaction('r', db.declarations, db.meta, async () => {
    const [rows, fetchedAt] = await Promise.all([db.declarations.toArray(), getMeta(db, 'declarations.fetchedAt')])
    return { rows: sortDeclarations(rows), fetchedAt: fetchedAt ?? null }
  })
}

/**
 * Reads one declaration through main and puts it in the cache (replacing the row of the same id).
 * @returns main's envelope; on `ok: false` the cache is left as it was.
 */
export async function refreshDeclaration(
  db: PaieDb,
  api: Pick<DeclarationsApi, 'declarations:detail'>,
  id: string,
): Promise<IpcResult<DeclarationRow>> {
  const result = await api['declarations:detail']({ id })
  if (!result.ok) return result
  await db.declarations.put(result.value.declaration)
  return { ok: true, value: result.value.declaration }
}

/** Where a dossier's monthly DSN of a period stands: a declaration status, or `aucune` (none in the cached list). */
export type DsnStatus = DeclarationRow['statut'] | 'aucune'

/** Least advanced first: the dossier's status is that of its least advanced establishment. */
const STATUS_ORDER: readonly DeclarationRow['statut'][] = ['rejetee', 'en_preparation', 'deposee', 'acceptee']

/**
 * The status of dossier `siren`'s monthly DSN for `periode` from cached rows: per establishment (NIC) the latest
 * deposit (by last sending date; one in preparation counts as the latest), then the least advanced establishment
 * (rejetee < en_preparation < deposee < acceptee); `aucune` when the list holds none.
 */
export function dsnStatusOf(rows: readonly DeclarationRow[], siren: string, periode: string): DsnStatus {
  const latest = new Map<string, DeclarationRow>()
  for (const d of rows) {
    if (d.kind !== 'periodique' || d.siren !== siren || d.periode !== periode) continue
    const seen = latest.get(d.nic)
    const at = (x: DeclarationRow): string => x.date_dernier_envoi ?? x.date_envoi ?? '9999'
    if (seen === undefined || at(d) > at(seen)) latest.set(d.nic, d)
  }
  if (latest.size === 0) return 'aucune'
  return [...latest.values()].map((d) => d.statut).sort((a, b) => STATUS_ORDER.indexOf(a) - STATUS_ORDER.indexOf(b))[0] ?? 'aucune'
}

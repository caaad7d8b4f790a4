/**
 * The cached payslips (issue 15): main lists a dossier's period (`bulletins:list`) and reads one payslip with its
 * notes (`bulletins:read`); the renderer keeps both in Dexie (schema v8) with the instant they were read, so the
 * screens show them offline with their age. The outcome of each action updates the cached payslip, and an action
 * whose answer was lost is remembered (`bulletinActions`) so that the next one on that payslip is read first (#50).
 */
import type { Bulletin } from '../../src-shared/api/bulletins'
import { countByStatut } from '../../src-shared/domain/bulletin-view'
import { listedOf, type BulletinActOutcome, type BulletinReadResult, type BulletinsListResult } from '../../src-shared/domain/bulletins'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import type { BulletinActionRow, BulletinDetailRow, BulletinReadRow, PaieDb } from '../db/schema'

/** The part of `window.api` this module uses. */
export type BulletinsApi = Pick<WindowApi, 'bulletins:list' | 'bulletins:read' | 'bulletins:compute' | 'bulletins:act'>

/** What the cache holds for one dossier and period. */
export interface CachedBulletins {
  readonly rows: Bulletin[]
  /** When they were listed; null when never. */
  readonly read: BulletinReadRow | null
  /** Lost answers of the dossier, by payslip id. */
  readonly lost: ReadonlyMap<string, BulletinActionRow>
}

/**
 * Lists the payslips of `siren` in `periode` through main and replaces that dossier and period in the cache in ONE
 * transaction. On `ok: false` the cache is left as it was.
 */
export async function refreshBulletins(
  db: PaieDb,
  api: BulletinsApi,
  siren: string,
  periode: string,
): Promise<IpcResult<BulletinsListResult>> {
  const result = await api['bulletins:list']({ siren, periode })
  if (!result.ok) return result
  const answer = result.value
  await db.transaction('rw', db.bulletins, db.bulletinReads, async () => {
    await db.bulletins.where('[siren+periode]').equals([siren, periode]).delete()
    await db.bulletins.bulkPut(answer.bulletins)
    await db.bulletinReads.put({ siren, periode, fetchedAt: answer.fetchedAt })
  })
  return result
}

/** The cached payslips of `siren` in `periode` and the lost answers of the dossier (works offline). */
export async function loadBulletins(db: PaieDb, siren: string, periode: string): Promise<CachedBulletins> {
  return db.transaction('r', db.bulletins, db.bulletinReads, db.bulletinActions, async () => {
    const [rows, read, lost] = await Promise.all([
      db.bulletins.where('[siren+periode]').equals([siren, periode]).toArray(),
      db.bulletinReads.get([siren, periode]),
      db.bulletinActions.where('siren').equals(siren).toArray(),
    ])
    return { rows, read: read ?? null, lost: new Map(lost.map((l) => [l.id, l])) }
  })
}

/** Reads one payslip through main and caches it (and its list row). On `ok: false` the cache is left as it was. */
export async function refreshBulletin(db: PaieDb, api: BulletinsApi, id: string, siren: string): Promise<IpcResult<BulletinReadResult>> {
  const result = await api['bulletins:read']({ id, siren })
  if (!result.ok) return result
  const { bulletin, notes, fetchedAt } = result.value
  await db.transaction('rw', db.bulletins, db.bulletinDetails, async () => {
    await db.bulletinDetails.put({ id, siren, fetchedAt, bulletin, notes })
    await db.bulletins.put(listedOf(bulletin))
  })
  return result
}

/** The cached read of one payslip; undefined when never read. */
export async function loadBulletin(db: PaieDb, id: string): Promise<BulletinDetailRow | undefined> {
  return db.bulletinDetails.get(id)
}

/**
 * Stores what an action made of a payslip, in one transaction: the payslip's new state in the list and in its
 * detail (whose rubriques are then stale: it is read again by the screen), and the action remembered as `lost`
 * (`unknown`), kept as it was (`not_sent`: a queued action stays queued) or forgotten (any answer that settles it).
 * @param at ISO instant the action was sent
 */
export async function storeOutcome(db: PaieDb, siren: string, outcome: BulletinActOutcome, at: string): Promise<void> {
  await db.transaction('rw', db.bulletins, db.bulletinDetails, db.bulletinActions, async () => {
    const b = outcome.bulletin
    if (b !== null) {
      await db.bulletins.put(b)
      const detail = await db.bulletinDetails.get(b.id)
      if (detail !== undefined) await db.bulletinDetails.put({ ...detail, bulletin: { ...detail.bulletin, ...b } })
    }
    if (outcome.result === 'unknown') {
      const settleUntil = outcome.settleUntil ?? at
      await db.bulletinActions.put({ id: outcome.id, siren, action: outcome.action, motif: null, state: 'lost', at, settleUntil })
    } else if (outcome.result !== 'not_sent') {
      await db.bulletinActions.delete(outcome.id)
    }
  })
}

/** Queues an action asked offline (one per payslip: a later one replaces it). */
export async function queueAction(db: PaieDb, row: Omit<BulletinActionRow, 'state' | 'settleUntil'>): Promise<void> {
  await db.bulletinActions.put({ ...row, state: 'queued', settleUntil: null })
}

/** The actions queued offline, oldest first (every dossier). */
export async function queuedActions(db: PaieDb): Promise<BulletinActionRow[]> {
  const rows = await db.bulletinActions.toArray()
  return rows.filter((r) => r.state === 'queued').sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
}

/** What the home screen shows of one dossier's payslips for a period (issue 15, point 5). */
export interface MonthBulletins {
  /** Payslips per state. */
  readonly counts: Record<Bulletin['statut'], number>
  /** When the list was read (ISO instant). */
  readonly fetchedAt: string
}

/**
 * The cached payslips of each dossier for its period, counted per state (works offline); a dossier whose list was
 * never read for that period is absent from the answer.
 */
export async function loadMonthBulletins(
  db: PaieDb,
  wanted: readonly { siren: string; periode: string }[],
): Promise<Map<string, MonthBulletins>> {
  const keys = wanted.map((w): [string, string] => [w.siren, w.periode])
  return db.transaction('r', db.bulletins, db.bulletinReads, async () => {
    const [reads, rows] = await Promise.all([
      db.bulletinReads.bulkGet(keys),
      keys.length === 0 ? Promise.resolve([]) : db.bulletins.where('[siren+periode]').anyOf(keys).toArray(),
    ])
    const answer = new Map<string, MonthBulletins>()
    for (const read of reads) {
      if (read !== undefined) answer.set(read.siren, { counts: countByStatut([]), fetchedAt: read.fetchedAt })
    }
    for (const b of rows) {
      const month = answer.get(b.siren)
      if (month !== undefined) month.counts[b.statut] += 1
    }
    return answer
  })
}

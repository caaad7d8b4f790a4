/**
 * What the control before sending (issue 15, point 4, #59) reads: the payslips of the period and of the previous one,
 * the month's variable elements (the service's records and this workstation's entries) and the rubriques of every
 * payslip of an employee who has one. Online, the previous period's list, the records and each payslip whose cached
 * rubriques are older than its last computation are read again through main; offline (or when a read fails) the
 * cache answers, and a payslip never read is reported `non_lu` by `elementsAbsents`.
 */
import type { Bulletin, BulletinDetail } from '../../src-shared/api/bulletins'
import type { ElementDuMois } from '../../src-shared/domain/bulletin-control'
import { addMonths } from '../components/format'
import { entriesOfPeriod } from '../db/outbox-query'
import type { PaieDb } from '../db/schema'
import type { WindowApi } from '../../src-shared/ipc/contract'
import { getMeta, setMeta } from '../db/meta'
import { monthElements } from './bulletin-elements'
import { loadBulletin, loadBulletins, refreshBulletin, refreshBulletins, type BulletinsApi } from './bulletins-cache'
import { loadServiceRecords, refreshServiceRecords } from './records-cache'

/** The part of `window.api` the control reads with. */
export type ControlApi = BulletinsApi & Pick<WindowApi, 'records:refresh'>

/** What the control compares. */
export interface ControlInputs {
  readonly courants: readonly Bulletin[]
  readonly precedents: readonly Bulletin[]
  readonly elements: readonly ElementDuMois[]
  /** The payslips whose rubriques are known (cached or read now). */
  readonly details: readonly BulletinDetail[]
}

/** Payslip reads in flight at once (the sandbox and main serve them in parallel). */
const READS_AT_ONCE = 6

/** Runs `work` on each item with at most `n` in flight. */
async function eachLimited<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lanes = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]
      next += 1
      if (item !== undefined) await work(item)
    }
  })
  await Promise.all(lanes)
}

/**
 * Reads what the control of `siren` in `periode` compares. Never fails on a refused read: the cache is used instead.
 * @param online false: the cache only
 */
export async function loadControlInputs(
  db: PaieDb,
  api: ControlApi,
  siren: string,
  periode: string,
  online: boolean,
): Promise<ControlInputs> {
  const previous = addMonths(periode, -1)
  if (online) {
    await refreshBulletins(db, api, siren, previous)
    await refreshServiceRecords(db, api, siren, periode)
  }
  const [courants, precedents, records, ofPeriod] = await Promise.all([
    loadBulletins(db, siren, periode).then((c) => c.rows),
    loadBulletins(db, siren, previous).then((c) => c.rows),
    loadServiceRecords(db, siren, periode).then((c) => c.rows),
    entriesOfPeriod(db, siren, periode).toArray(),
  ])
  const matricules = [...new Set([...records.map((r) => r.matricule), ...ofPeriod.map((e) => e.matricule)])].sort()
  const elements = matricules.flatMap((m) => monthElements(records, ofPeriod, m).map((e) => ({ ...e, matricule: m })))
  const concerned = new Set(elements.filter((e) => e.source === 'service' && e.kind !== 'absence').map((e) => e.matricule))
  const details: BulletinDetail[] = []
  await eachLimited(
    courants.filter((b) => concerned.has(b.matricule)),
    READS_AT_ONCE,
    async (b) => {
      let cached = await loadBulletin(db, b.id)
      const stale = cached === undefined || (b.date_dernier_calcul !== null && cached.fetchedAt < b.date_dernier_calcul)
      if (stale && online) {
        await refreshBulletin(db, api, b.id, siren)
        cached = await loadBulletin(db, b.id)
      }
      if (cached !== undefined) details.push(cached.bulletin)
    },
  )
  return { courants, precedents, elements, details }
}

/**
 * Remembers a control gone past with findings (#59) in `meta` `bulletins.controles`, under `key`
 * (`siren|periode|action`), replacing the earlier one of that key.
 * @param at ISO instant
 */
export async function rememberControl(
  db: PaieDb,
  key: string,
  control: { ecarts: number; absents: number; seuil: number; commentaire: string },
  at: string,
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const all = (await getMeta(db, 'bulletins.controles')) ?? {}
    await setMeta(db, 'bulletins.controles', { ...all, [key]: { at, ...control } })
  })
}

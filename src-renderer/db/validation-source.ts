/**
 * What an entry is validated against, read from the renderer database: the cached reference (dossier, employee,
 * code lists) and the employee's other absences in the outbox. Reads are cached per SIREN and per employee, so a
 * grid paste of 1 000 rows reads each dossier and each employee once. Works inside a Dexie transaction (the reads
 * join it) or outside.
 */
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { Dossier } from '../../src-shared/api/dossiers'
import type { Salarie } from '../../src-shared/api/salaries'
import type { EntryState } from '../../src-shared/domain/states'
import type { AbsenceSpan } from '../../src-shared/domain/validation/types'
import { entriesOfEmployee } from './outbox-query'
import type { CodesRow, PaieDb, StoredEntry } from './schema'

/** Code lists of one dossier. */
export interface DossierCodes {
  readonly absences: readonly CodeAbsence[]
  readonly evp: readonly CodeEvp[]
  readonly primes: readonly CodePrimeIndemnite[]
}

/** States whose absences count as taken (ARCHITECTURE.md: cancelled and rejected ones do not). */
const ABSENCE_STATES: ReadonlySet<EntryState> = new Set(['draft', 'queued', 'sending', 'synced', 'unknown', 'to_check'])

/** Minimal view of an outbox row used to rebuild an employee's absences. */
type AbsenceRow = Pick<StoredEntry, 'clientId' | 'kind' | 'operation' | 'payload' | 'targetServerId' | 'serverId' | 'state' | 'createdAt'>

/** An absence as the outbox knows it: the record it is (server id, else client id) and its current fields. */
interface KnownAbsence {
  readonly recordKey: string
  readonly clientIds: ReadonlySet<string>
  readonly fields: Readonly<Record<string, unknown>>
}

/**
 * Rebuilds an employee's absences from outbox rows: creates give a record, updates overlay their patch on their
 * target, deletes remove it; rows in other states than {@link ABSENCE_STATES} are ignored. Rows are applied in
 * creation order.
 */
export function knownAbsences(rows: readonly AbsenceRow[]): KnownAbsence[] {
  const records = new Map<string, { clientIds: Set<string>; fields: Record<string, unknown> }>()
  const ordered = rows
    .filter((r) => r.kind === 'absence' && ABSENCE_STATES.has(r.state))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
  for (const row of ordered) {
    if (row.operation === 'create') {
      records.set(row.serverId ?? row.clientId, { clientIds: new Set([row.clientId]), fields: { ...row.payload } })
    } else if (row.targetServerId !== null) {
      const target = records.get(row.targetServerId)
      if (row.operation === 'delete') records.delete(row.targetServerId)
      else if (target !== undefined) {
        target.clientIds.add(row.clientId)
        Object.assign(target.fields, row.payload)
      }
    }
  }
  return [...records].map(([recordKey, r]) => ({ recordKey, clientIds: r.clientIds, fields: r.fields }))
}

/** The three code lists of a dossier from its `codes` rows (empty when a list is not cached). */
export function codesFromRows(rows: readonly CodesRow[]): DossierCodes {
  let codes: DossierCodes = { absences: [], evp: [], primes: [] }
  for (const row of rows) {
    if (row.type === 'absences') codes = { ...codes, absences: row.list }
    else if (row.type === 'evp') codes = { ...codes, evp: row.list }
    else codes = { ...codes, primes: row.list }
  }
  return codes
}

function toSpan(fields: Readonly<Record<string, unknown>>, codes: readonly CodeAbsence[]): AbsenceSpan | null {
  const { date_debut: debut, date_fin: fin, demi_journee_debut: dDebut, demi_journee_fin: dFin, code_absence: code } = fields
  if (typeof debut !== 'string' || typeof fin !== 'string') return null
  const libelle = codes.find((c) => c.code === code)?.libelle
  return {
    date_debut: debut,
    date_fin: fin,
    demi_journee_debut: dDebut === true,
    demi_journee_fin: dFin === true,
    ...(libelle === undefined ? {} : { label: libelle }),
  }
}

/** Cached reader of validation inputs over one database. Create one per operation (its cache does not expire). */
export class ValidationSource {
  private readonly dossiers = new Map<string, Dossier | undefined>()
  private readonly salaries = new Map<string, Salarie | undefined>()
  private readonly codes = new Map<string, DossierCodes>()
  private readonly absences = new Map<string, AbsenceRow[]>()

  constructor(private readonly db: PaieDb) {}

  /** Cached dossier, or undefined when the reference cache does not have it. */
  async dossier(siren: string): Promise<Dossier | undefined> {
    if (!this.dossiers.has(siren)) this.dossiers.set(siren, await this.db.dossiers.get(siren))
    return this.dossiers.get(siren)
  }

  /** Cached employee, or undefined. */
  async salarie(siren: string, matricule: string): Promise<Salarie | undefined> {
    const key = `${siren}|${matricule}`
    if (!this.salaries.has(key)) this.salaries.set(key, await this.db.salaries.get([siren, matricule]))
    return this.salaries.get(key)
  }

  /** Code lists of a dossier (empty lists when not cached). */
  async codeLists(siren: string): Promise<DossierCodes> {
    let codes = this.codes.get(siren)
    if (codes === undefined) {
      const rows = await this.db.codes.where('[siren+type]').between([siren, ''], [siren, '\uffff']).toArray()
      codes = codesFromRows(rows)
      this.codes.set(siren, codes)
    }
    return codes
  }

  /**
   * The employee's absences other than the one checked, as spans.
   * @param excludeClientId the entry being revised (its own absence is not "another" one)
   * @param excludeRecord server id of the record an update targets (it is the absence being changed)
   */
  async otherAbsences(
    siren: string,
    matricule: string,
    excludeClientId: string | null,
    excludeRecord: string | null,
  ): Promise<AbsenceSpan[]> {
    const key = `${siren}|${matricule}`
    let rows = this.absences.get(key)
    if (rows === undefined) {
      rows = await entriesOfEmployee(this.db, siren, matricule, ['absence']).toArray()
      this.absences.set(key, rows)
    }
    const codes = (await this.codeLists(siren)).absences
    return knownAbsences(rows)
      .filter((a) => a.recordKey !== excludeRecord && (excludeClientId === null || !a.clientIds.has(excludeClientId)))
      .map((a) => toSpan(a.fields, codes))
      .filter((s): s is AbsenceSpan => s !== null)
  }

  /**
   * Current fields of a server record as this computer synced it: its create payload with the synced updates
   * laid over it in order (siren and matricule included).
   * @returns null when no synced entry has this server id, or when it was deleted.
   */
  async recordFields(serverId: string): Promise<Record<string, unknown> | null> {
    const rows = await this.db.outbox
      .where('serverId')
      .equals(serverId)
      .filter((e) => e.state === 'synced')
      .sortBy('createdAt')
    if (rows.length === 0) return null
    const fields: Record<string, unknown> = {}
    for (const row of rows) {
      if (row.operation === 'delete') return null
      Object.assign(fields, { siren: row.siren, matricule: row.matricule }, row.payload)
    }
    return fields
  }

  /** Counts an entry accepted earlier in the same batch (grid paste) among the employee's absences. */
  remember(entry: AbsenceRow & Pick<StoredEntry, 'siren' | 'matricule'>): void {
    if (entry.kind !== 'absence') return
    this.absences.get(`${entry.siren}|${entry.matricule}`)?.push(entry)
  }
}

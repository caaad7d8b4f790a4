/**
 * What an EVP grid cell shows, and what saving a new value in it does to the outbox. Pure; tested in node.
 *
 * A cell is one employee x one code x one period. Several outbox entries may concern it (a synced create, then a
 * queued update…); the latest one that is not cancelled decides what the cell shows. Saving a value:
 * - nothing queued for the cell (or its record was deleted): a new `create`;
 * - an entry still editable (draft, queued, rejected): `revise` it (a rejected one goes back to the queue);
 *   emptying the cell cancels it;
 * - a synced record: a new `update` of it (PATCH), or a `delete` when the cell is emptied (ARCHITECTURE.md: a
 *   synced record is never edited in place);
 * - an entry being sent or awaiting reconciliation: refused for now (`busy`).
 * A cell no local entry decides shows the service's record of it, if the records cache holds one (entered elsewhere:
 * a colleague, the employer's portal): status `service`, and saving a value in it is an update (or, emptied, a
 * delete) of that record, like a synced one (issue 14, point 5).
 */
import type { FormatEvp } from '../../../../src-shared/api/codification'
import type { Evp } from '../../../../src-shared/api/entries'
import { compareDecimal } from '../../../../src-shared/domain/decimal'
import { scopeOf } from '../../../../src-shared/domain/fingerprint'
import { payloadFields } from '../../../../src-shared/domain/entry'
import type { OutboxEntry } from '../../../../src-shared/domain/outbox'
import type { EntryState } from '../../../../src-shared/domain/states'
import type { SyncError } from '../../../../src-shared/domain/sync-protocol'
import { isEditable } from '../../../../src-shared/domain/states'
import { formatEvpCell } from './evpValue'
import type { EvpValue } from './evpValue'

/**
 * Key of a cell in maps: `matricule|code`, or `matricule|code|numero_contrat` for a cell of a contract row (an
 * employee with several contracts in the period: gridRows.ts).
 */
export function cellKey(matricule: string, code: string, numeroContrat: string | null = null): string {
  return numeroContrat === null ? `${matricule}|${code}` : `${matricule}|${code}|${numeroContrat}`
}

/** The parts of a cell key (see {@link cellKey}). */
export function cellOfKey(key: string): { matricule: string; code: string; numeroContrat: string | null } {
  const [matricule = '', code = '', numeroContrat] = key.split('|')
  return { matricule, code, numeroContrat: numeroContrat ?? null }
}

type Entry = Pick<
  OutboxEntry,
  'clientId' | 'kind' | 'operation' | 'payload' | 'matricule' | 'periode' | 'state' | 'serverId' | 'targetServerId' | 'error' | 'updatedAt'
>

/** What places an entry in the grid: its code and contract (a delete, or a patch, takes them from its target). */
interface Placement {
  readonly code: string
  readonly numeroContrat: string | null
}

/** Code and contract of an EVP entry, or null when neither it nor the record it targets names a code. */
function placementOf(entry: Entry, byServerId: ReadonlyMap<string, Placement>): Placement | null {
  const fields = payloadFields(entry)
  const target = entry.targetServerId === null ? undefined : byServerId.get(entry.targetServerId)
  const code = typeof fields['code_evp'] === 'string' ? fields['code_evp'] : target?.code
  if (code === undefined) return null
  const numero = fields['numero_contrat']
  return { code, numeroContrat: typeof numero === 'string' && numero !== '' ? numero : (target?.numeroContrat ?? null) }
}

/**
 * The entry deciding each cell of `periode`: per cell key (`matricule|code`, plus `|numero_contrat` for an entry
 * naming its contract), the most recently updated entry that is not cancelled. Deletes (no payload) and patches
 * without a contract are placed through the code and contract of the record they target.
 */
export function latestByCell<E extends Entry>(entries: readonly E[], periode: string): Map<string, E> {
  const relevant = entries.filter((e) => e.kind === 'evp' && e.periode === periode && e.state !== 'cancelled')
  const byServerId = new Map<string, Placement>()
  // Creates first: they name both code and contract, the patches of their record then inherit the contract.
  for (const e of [...relevant].sort((a, b) => Number(a.operation !== 'create') - Number(b.operation !== 'create'))) {
    const id = e.serverId ?? e.targetServerId
    const placement = placementOf(e, byServerId)
    if (id !== null && placement !== null && !byServerId.has(id)) byServerId.set(id, placement)
  }
  const sorted = [...relevant].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
  const result = new Map<string, E>()
  for (const e of sorted) {
    const placement = placementOf(e, byServerId)
    if (placement === null) continue
    const key = cellKey(e.matricule, placement.code, placement.numeroContrat)
    if (!result.has(key)) result.set(key, e)
  }
  return result
}

/**
 * What a cell shows: its text, its status (an entry state, or a local one: being saved, unreadable, or `identical`:
 * typed, not saved, the service already holding an identical EVP), a message, its entry.
 */
export interface CellView {
  readonly text: string
  readonly status: EntryState | 'saving' | 'invalid' | 'identical' | 'service' | null
  readonly message: string | null
  readonly clientId: string | null
}

export const EMPTY_CELL: CellView = { text: '', status: null, message: null, clientId: null }

/**
 * The titles of the cells' states in the language shown, made once for every row of the grid (EvpGrid.vue): a paste
 * renders each cell of the rows in view « enregistrement », and a translation per cell was a sixth of that render
 * (docs/performance.md, issue 19).
 */
export interface CellStateTitles {
  /** A cell being saved (`saving`). */
  readonly saving: string
  /** A cell showing the service's record (`service`). */
  readonly service: string
  /** The name of each entry state (`rejected`'s also titles a cell refused locally without a message of its own). */
  readonly states: ReadonlyMap<EntryState, string>
}

/** How a rejected entry's error reads (the views word it by its code: i18n/reported.ts); its message by default. */
export type WordError = (error: SyncError) => string

/** Client id prefix of a service record standing in a cell ({@link serviceEntries}): never an outbox row. */
export const SERVICE_CELL = 'service:'

/**
 * The service's EVP records of `periode` (the records cache of the dossier shown), each as a synced create standing in
 * its cell: key `matricule|code|numero_contrat`, and `matricule|code` too (the row of an employee's only contract).
 * Their client id starts with {@link SERVICE_CELL}; they are never written to the outbox.
 */
export function serviceEntries(records: readonly Evp[], periode: string): Map<string, OutboxEntry> {
  const result = new Map<string, OutboxEntry>()
  for (const r of records) {
    if (r.periode !== periode) continue
    const payload = {
      siren: r.siren,
      matricule: r.matricule,
      numero_contrat: r.numero_contrat,
      periode: r.periode,
      code_evp: r.code_evp,
      quantite: r.quantite,
      taux: r.taux,
      montant: r.montant,
      valeur_texte: r.valeur_texte,
      commentaire: r.commentaire,
    }
    const entry: OutboxEntry = {
      clientId: `${SERVICE_CELL}${r.id}`,
      kind: 'evp',
      operation: 'create',
      targetServerId: null,
      payload,
      siren: r.siren,
      matricule: r.matricule,
      periode: r.periode,
      scope: scopeOf('evp', payload),
      fingerprint: '',
      state: 'synced',
      revision: 1,
      serverId: r.id,
      error: null,
      attempts: 0,
      createdAt: r.date_creation,
      updatedAt: r.date_modification,
      history: [],
    }
    result.set(cellKey(r.matricule, r.code_evp, r.numero_contrat), entry)
    const only = cellKey(r.matricule, r.code_evp)
    if (!result.has(only)) result.set(only, entry)
  }
  return result
}

/** The cells' deciding entries: the local ones (`local`), and the service's records in the cells they leave free. */
export function withServiceEntries(
  local: ReadonlyMap<string, OutboxEntry>,
  service: ReadonlyMap<string, OutboxEntry>,
): ReadonlyMap<string, OutboxEntry> {
  if (service.size === 0) return local
  const merged = new Map(service)
  for (const [key, entry] of local) merged.set(key, entry)
  return merged
}

/** View of a cell decided by `entry` (a synced delete shows an empty cell); `wordError` says a refusal. */
export function cellFromEntry(entry: Entry, format: FormatEvp, wordError: WordError = (e) => e.message): CellView {
  if (entry.clientId.startsWith(SERVICE_CELL))
    return { text: formatEvpCell(entry.payload, format), status: 'service', message: null, clientId: null }
  if (entry.operation === 'delete' && entry.state === 'synced') return EMPTY_CELL
  const message = entry.state === 'rejected' && entry.error !== null ? wordError(entry.error) : null
  const fieldMessages = entry.state === 'rejected' ? (entry.error?.champs ?? []).map((c) => c.message) : []
  const fullMessage = [message, ...fieldMessages].filter((m) => m !== null && m !== '').join(' — ')
  return {
    text: entry.operation === 'delete' ? '' : formatEvpCell(entry.payload, format),
    status: entry.state,
    message: fullMessage === '' ? null : fullMessage,
    clientId: entry.clientId,
  }
}

/** Where a cell is: dossier, employee, code, period, and the contract of a contract row (null otherwise). */
export interface CellPlace {
  readonly siren: string
  readonly matricule: string
  readonly code: string
  readonly periode: string
  readonly numeroContrat?: string | null
}

/** `numero_contrat` of a contract row's payload; nothing for an employee's only row. */
function contractField(place: CellPlace): { numero_contrat?: string } {
  return place.numeroContrat === undefined || place.numeroContrat === null ? {} : { numero_contrat: place.numeroContrat }
}

export type CellChange =
  | { readonly type: 'none' }
  | { readonly type: 'busy' }
  | { readonly type: 'create'; readonly payload: Record<string, unknown> }
  | { readonly type: 'revise'; readonly clientId: string; readonly payload: Record<string, unknown> }
  | { readonly type: 'cancel'; readonly clientId: string }
  | { readonly type: 'update'; readonly targetServerId: string; readonly payload: Record<string, unknown> }
  | { readonly type: 'delete'; readonly targetServerId: string }
  /** A queued delete of a synced record, and the clerk types a value again: cancel the delete, queue an update. */
  | {
      readonly type: 'replaceDelete'
      readonly clientId: string
      readonly targetServerId: string
      readonly payload: Record<string, unknown>
    }

/** Create body of an EVP (EvpCreateDto); a contract row's EVP names its contract. */
export function createPayload(place: CellPlace, value: EvpValue): Record<string, unknown> {
  return { siren: place.siren, matricule: place.matricule, ...contractField(place), periode: place.periode, code_evp: place.code, ...value }
}

/** Patch of a synced EVP replacing its value (EvpPatchDto): the value fields not given are cleared; a contract row's contract kept. */
export function patchPayload(place: CellPlace, value: EvpValue): Record<string, unknown> {
  return {
    ...contractField(place),
    periode: place.periode,
    code_evp: place.code,
    quantite: value.quantite ?? null,
    taux: value.taux ?? null,
    montant: value.montant ?? null,
    valeur_texte: value.valeur_texte ?? null,
  }
}

/** True when `value` is what `fields` (a record's) already hold: decimals by value, text as is, absent = null. */
export function sameEvpValue(fields: Readonly<Record<string, unknown>>, value: EvpValue): boolean {
  const decimal = (name: 'quantite' | 'taux' | 'montant'): boolean => {
    const held = fields[name]
    const typed = value[name]
    if (typed === undefined) return held === undefined || held === null
    return typeof held === 'string' && compareDecimal(held, typed) === 0
  }
  const text = (fields['valeur_texte'] ?? null) === (value.valeur_texte ?? null)
  return decimal('quantite') && decimal('taux') && decimal('montant') && text
}

/**
 * The outbox change that saving `value` (null = emptied cell) in a cell decided by `existing` means. A service
 * record's cell given the value it holds changes nothing (no PATCH of identical values).
 */
export function planCellChange(existing: Entry | undefined, value: EvpValue | null, place: CellPlace): CellChange {
  if (
    existing !== undefined &&
    existing.clientId.startsWith(SERVICE_CELL) &&
    value !== null &&
    sameEvpValue(payloadFields(existing), value)
  )
    return { type: 'none' }
  const settledDelete = existing?.operation === 'delete' && existing.state === 'synced'
  if (existing === undefined || settledDelete) {
    return value === null ? { type: 'none' } : { type: 'create', payload: createPayload(place, value) }
  }
  if (isEditable(existing.state)) {
    if (existing.operation === 'delete') {
      if (value === null || existing.targetServerId === null) return { type: 'none' }
      return {
        type: 'replaceDelete',
        clientId: existing.clientId,
        targetServerId: existing.targetServerId,
        payload: patchPayload(place, value),
      }
    }
    if (value === null) return { type: 'cancel', clientId: existing.clientId }
    return {
      type: 'revise',
      clientId: existing.clientId,
      payload: existing.operation === 'create' ? createPayload(place, value) : patchPayload(place, value),
    }
  }
  if (existing.state === 'synced') {
    const target = existing.operation === 'create' ? existing.serverId : (existing.targetServerId ?? existing.serverId)
    if (target === null) return { type: 'busy' }
    return value === null
      ? { type: 'delete', targetServerId: target }
      : { type: 'update', targetServerId: target, payload: patchPayload(place, value) }
  }
  return { type: 'busy' }
}

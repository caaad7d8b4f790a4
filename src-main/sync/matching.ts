/**
 * Which server record, if any, is an entry's (ARCHITECTURE.md "Exactly once"). Pure: the executor lists the scopes,
 * this module decides, the executor sends.
 *
 * A record is linked to an entry only when it is provably the entry's own:
 *   - its fingerprint matches the entry's (every field of the create schema but the listed exclusions);
 *   - it was created inside the entry's send window on the service's clock (first write − tolerance … last write +
 *     settle time + tolerance), so it cannot be an older record of someone else nor a later one;
 *   - where the service records its creator (`cree_par`), by this connection's API client;
 *   - it was not modified since it was created;
 *   - and it is the ONLY candidate (records of the scope matching the entry's natural key) not held elsewhere.
 * Anything less certain is `to_check` with the candidates: the clerk decides, nothing is linked or resent behind
 * their back. An entry never sent (`reconcile` false) is sent unless an identical record is already on the service
 * (someone else entered it): then it is `to_check` too, instead of a silent duplicate.
 *
 * Identical reconciling entries of one scope (two identical meals) share their candidates: when every candidate is
 * provably theirs, each of the first entries takes one (which one does not matter: they are identical) and the rest,
 * whose writes did not commit, are sent again. Reconciling entries of one scope that differ (a net bonus and a gross
 * one, an EVP on each of two contracts) do not see each other's records as doubts: a record provably owned by
 * exactly one such group of the push is reserved for it; a record two groups could own stays a doubt for both.
 */
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import {
  fingerprintPartsMatch,
  naturalKeyParts,
  naturalKeyPartsMatch,
  recordFingerprintOf,
  scopeKey,
  scopeOf,
  type KeyFields,
} from '../../src-shared/domain/fingerprint'

/** A window on the service's clock, ms since the epoch, bounds included. */
export interface ServerWindow {
  readonly fromMs: number
  readonly toMs: number
}

/** An entry to decide for. */
export interface MatchEntry {
  /** Client id of the entry. */
  readonly key: string
  readonly kind: EntryKind
  /** The create payload (wire shape) the entry sends. */
  readonly fields: KeyFields
  /** `fingerprintOf(kind, fields)`. */
  readonly fingerprint: string
  /** True when the entry's write may already have committed (its last outcome was `unknown`). */
  readonly reconcile: boolean
  /** Where its own writes could have created a record (null: unknown, nothing can be proved). */
  readonly window: ServerWindow | null
  /** Records it must not take (held by other local entries, or dismissed by the clerk for this entry). */
  readonly excluded: ReadonlySet<string>
}

/** A record as listed by the service. */
export interface ListedRecord {
  readonly id: string
  readonly fields: KeyFields
  /** `date_creation`, ms (null when absent or unreadable). */
  readonly createdMs: number | null
  /** `date_modification`, ms (null when absent or unreadable). */
  readonly modifiedMs: number | null
  /** `cree_par`: undefined when the service does not record creators, null when created outside the API. */
  readonly creePar: string | null | undefined
}

/** Why an entry is `to_check` (the SyncError code shown to the clerk). */
export const TO_CHECK_REASONS = {
  identiqueExistant: 'IDENTIQUE_EXISTANT',
  candidatsMultiples: 'CANDIDATS_MULTIPLES',
  creeAvantEnvoi: 'CREE_AVANT_ENVOI',
  horsFenetre: 'CREE_HORS_FENETRE',
  createurDifferent: 'CREATEUR_DIFFERENT',
  modifieDepuis: 'MODIFIE_DEPUIS',
  valeursDifferentes: 'VALEURS_DIFFERENTES',
  fenetreInconnue: 'FENETRE_INCONNUE',
  /** An update or delete whose record changed on the service since the clerk read it (pre-read.ts, #47). */
  modifieDepuisLecture: 'MODIFIE_DEPUIS_LECTURE',
} as const
export type ToCheckReason = (typeof TO_CHECK_REASONS)[keyof typeof TO_CHECK_REASONS]

/** A record shown beside an entry, and how it relates to it. */
export interface Candidate {
  readonly record: ListedRecord
  readonly relation: 'identique' | 'meme_element'
}

export type MatchDecision =
  | { readonly type: 'send' }
  | { readonly type: 'link'; readonly serverId: string }
  | { readonly type: 'to_check'; readonly reason: ToCheckReason; readonly candidates: readonly Candidate[] }

/** What {@link matchRecords} needs besides the entries and records. */
export interface MatchContext {
  /** The connection's API client id (compared with `cree_par`); null: creators are not compared. */
  readonly ownClientId: string | null
}

/** A listed record with what every entry of its scope compares it on, computed once per push. */
export interface IndexedRecord {
  readonly record: ListedRecord
  /** `recordFingerprintOf(kind, record.fields)`, split on `|`. */
  readonly fingerprint: readonly string[]
  /** `naturalKeyParts(kind, record.fields)`. */
  readonly naturalKey: readonly string[]
}

/**
 * Listed records by scope key (`kind|siren|matricule|periode`), each with its fingerprint and natural key: built once
 * per push (each create of a scope is compared with every record of it).
 */
export type RecordIndex = ReadonlyMap<string, readonly IndexedRecord[]>

/** Indexes `records` of `kind` by scope (a record without a readable scope is left out: it is no entry's). */
export function indexRecords(kinds: ReadonlySet<EntryKind>, records: readonly ListedRecord[]): RecordIndex {
  const index = new Map<string, IndexedRecord[]>()
  for (const kind of kinds) {
    for (const record of records) {
      let key: string
      try {
        key = scopeKey(scopeOf(kind, record.fields))
      } catch {
        continue
      }
      const list = index.get(key)
      const item = {
        record,
        fingerprint: recordFingerprintOf(kind, record.fields).split('|'),
        naturalKey: naturalKeyParts(kind, record.fields),
      }
      if (list === undefined) index.set(key, [item])
      else list.push(item)
    }
  }
  return index
}

/**
 * Candidates of one entry: records of its scope, not excluded, matching its natural key (identical ones first).
 * @param records every listed record, or an index of them ({@link indexRecords}) to avoid recomputing their scopes.
 */
export function candidatesOf(entry: MatchEntry, records: readonly ListedRecord[] | RecordIndex): Candidate[] {
  const index = Array.isArray(records) ? indexRecords(new Set([entry.kind]), records as readonly ListedRecord[]) : (records as RecordIndex)
  const scoped = index.get(scopeKey(scopeOf(entry.kind, entry.fields))) ?? []
  const identical: Candidate[] = []
  const sameElement: Candidate[] = []
  const fingerprint = entry.fingerprint.split('|')
  const naturalKey = naturalKeyParts(entry.kind, entry.fields)
  for (const item of scoped) {
    const { record } = item
    if (entry.excluded.has(record.id)) continue
    if (fingerprintPartsMatch(fingerprint, item.fingerprint)) identical.push({ record, relation: 'identique' })
    else if (naturalKeyPartsMatch(entry.kind, naturalKey, item.naturalKey)) sameElement.push({ record, relation: 'meme_element' })
  }
  return [...identical, ...sameElement]
}

/**
 * True when a candidate matters to the entry: an identical record always does (if it is not the entry's own, it is
 * the same element entered by someone else); a record of the same element with other values only when it could be
 * the entry's own record changed since — created inside its window by this client (or when that cannot be told). A
 * record of the same element created by another writer, before the entry's first write, or never modified since its
 * creation (it holds other values than the entry's from the start), is another element of the month (the employer's
 * own EVP of that code, a sibling entry's record…), no more an obstacle to a reconciliation than to a first send.
 */
export function mayConcern(entry: MatchEntry, candidate: Candidate, ctx: MatchContext): boolean {
  if (candidate.relation === 'identique' || entry.window === null || candidate.record.createdMs === null) return true
  const { record } = candidate
  const created = record.createdMs ?? 0
  // Never modified: it still holds the values it was created with, which are not the entry's, so it is not the
  // entry's record changed since (another entry's of the same element: a sibling of the push, still unknown locally).
  if (record.modifiedMs !== null && record.modifiedMs <= created) return false
  if (created < entry.window.fromMs || created > entry.window.toMs) return false
  return record.creePar === undefined || ctx.ownClientId === null || record.creePar === ctx.ownClientId
}

/** Why `record` is not provably the entry's own, or null when it is. */
export function whyNotOurs(entry: MatchEntry, candidate: Candidate, ctx: MatchContext): ToCheckReason | null {
  const { record } = candidate
  if (candidate.relation !== 'identique') return TO_CHECK_REASONS.valeursDifferentes
  if (entry.window === null) return TO_CHECK_REASONS.fenetreInconnue
  if (record.createdMs === null) return TO_CHECK_REASONS.fenetreInconnue
  if (record.createdMs < entry.window.fromMs) return TO_CHECK_REASONS.creeAvantEnvoi
  if (record.createdMs > entry.window.toMs) return TO_CHECK_REASONS.horsFenetre
  if (record.creePar !== undefined && ctx.ownClientId !== null && record.creePar !== ctx.ownClientId)
    return TO_CHECK_REASONS.createurDifferent
  if (record.modifiedMs !== null && record.modifiedMs > record.createdMs) return TO_CHECK_REASONS.modifieDepuis
  return null
}

/**
 * Decides, for each entry, whether to send it, link it to a listed record, or put it `to_check`.
 * @param entries entries of one push (any scopes); reconciling ones are decided first, and the records they take
 *   are never offered to the others.
 * @param records every record listed for their scopes.
 * @returns one decision per entry key. Never links a record to two entries, never links a record that fails
 *   {@link whyNotOurs}.
 */
export function matchRecords(
  entries: readonly MatchEntry[],
  records: readonly ListedRecord[],
  ctx: MatchContext,
): Map<string, MatchDecision> {
  const decisions = new Map<string, MatchDecision>()
  const taken = new Set<string>()
  const index = indexRecords(new Set(entries.map((e) => e.kind)), records)
  const candidates = new Map<string, Candidate[]>()
  const candidatesOfEntry = (entry: MatchEntry): Candidate[] => {
    let found = candidates.get(entry.key)
    if (found === undefined) candidates.set(entry.key, (found = candidatesOf(entry, index)))
    return found
  }
  const available = (entry: MatchEntry): Candidate[] =>
    candidatesOfEntry(entry).filter((c) => !taken.has(c.record.id) && mayConcern(entry, c, ctx))

  // 1. Reconciling entries, by group of identical entries of one scope (same fingerprint).
  const groups = new Map<string, MatchEntry[]>()
  for (const entry of entries) {
    if (!entry.reconcile) continue
    const key = `${scopeKey(scopeOf(entry.kind, entry.fields))}#${entry.fingerprint}`
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [entry])
    else group.push(entry)
  }
  // Records provably owned (identical, in the window, by us, unchanged) by exactly one group are reserved for it.
  const owners = new Map<string, Set<string>>()
  for (const [key, group] of groups) {
    for (const entry of group) {
      for (const c of available(entry)) {
        if (c.relation !== 'identique' || whyNotOurs(entry, c, ctx) !== null) continue
        let set = owners.get(c.record.id)
        if (set === undefined) owners.set(c.record.id, (set = new Set()))
        set.add(key)
      }
    }
  }
  const reservedElsewhere = (recordId: string, key: string): boolean => {
    const set = owners.get(recordId)
    return set !== undefined && set.size === 1 && !set.has(key)
  }
  for (const [groupKey, group] of groups) {
    const [first] = group
    if (first === undefined) continue
    // Candidates of the group: what any of them could be (exclusions may differ per entry).
    const byId = new Map<string, Candidate>()
    for (const entry of group) for (const c of available(entry)) if (!reservedElsewhere(c.record.id, groupKey)) byId.set(c.record.id, c)
    const groupCandidates = [...byId.values()]
    if (groupCandidates.length === 0) {
      for (const entry of group) decisions.set(entry.key, { type: 'send' })
      continue
    }
    // A record another group of the push could own as well is a doubt for both (neither takes it).
    const contested = (id: string): boolean => (owners.get(id)?.size ?? 0) > 1
    const doubts = group.flatMap((entry) =>
      groupCandidates.map((c) =>
        entry.excluded.has(c.record.id) || contested(c.record.id) ? TO_CHECK_REASONS.candidatsMultiples : whyNotOurs(entry, c, ctx),
      ),
    )
    const firstDoubt = doubts.find((d) => d !== null)
    if (firstDoubt === undefined && groupCandidates.length <= group.length) {
      // Every candidate is provably one of these identical entries: one each, in creation order; the rest resend.
      const ordered = [...groupCandidates].sort((a, b) => (a.record.createdMs ?? 0) - (b.record.createdMs ?? 0))
      group.forEach((entry, i) => {
        const c = ordered[i]
        if (c === undefined) decisions.set(entry.key, { type: 'send' })
        else {
          taken.add(c.record.id)
          decisions.set(entry.key, { type: 'link', serverId: c.record.id })
        }
      })
      continue
    }
    const reason =
      groupCandidates.length > group.length ? TO_CHECK_REASONS.candidatsMultiples : (firstDoubt ?? TO_CHECK_REASONS.candidatsMultiples)
    for (const entry of group)
      decisions.set(entry.key, { type: 'to_check', reason, candidates: groupCandidates.filter((c) => !entry.excluded.has(c.record.id)) })
  }

  // 2. Entries never sent: an identical record already on the service (not taken above) is someone else's.
  for (const entry of entries) {
    if (entry.reconcile) continue
    const identical = candidatesOfEntry(entry).filter((c) => !taken.has(c.record.id) && c.relation === 'identique')
    decisions.set(
      entry.key,
      identical.length === 0 ? { type: 'send' } : { type: 'to_check', reason: TO_CHECK_REASONS.identiqueExistant, candidates: identical },
    )
  }
  return decisions
}

/**
 * A listed record as the matcher reads it.
 * @returns null when the record has no string `id`.
 */
export function listedRecordOf(fields: KeyFields): ListedRecord | null {
  const id = fields['id']
  if (typeof id !== 'string') return null
  const creePar = fields['cree_par']
  return {
    id,
    fields,
    createdMs: instantMs(fields['date_creation']),
    modifiedMs: instantMs(fields['date_modification']),
    creePar: creePar === undefined ? undefined : typeof creePar === 'string' ? creePar : null,
  }
}

function instantMs(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

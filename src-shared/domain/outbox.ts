/**
 * An entry of the outbox: what the clerk entered (its typed body, entry.ts), its state, and its history. Kept by the
 * renderer in Dexie; shared so that every layer (forms, queue view, CSV export, tests) reads one shape.
 */
import type { EntryBody } from './entry'
import type { EntryKind, EntryOperation } from './entry-kinds'
import type { EntryScope } from './fingerprint'
import type { EntryState } from './states'
import type { SyncError } from './sync-protocol'

/**
 * One past revision of an entry (kept when a rejected entry is edited and re-queued). Its payload is kept as it was
 * then, for display only: it is never sent again, so it is not parsed.
 */
export interface EntryRevision {
  readonly revision: number
  readonly payload: Readonly<Record<string, unknown>> | null
  /** State the revision ended in (`rejected`, `cancelled`…). */
  readonly state: EntryState
  readonly error: SyncError | null
  /** ISO instant the revision was replaced. */
  readonly at: string
}

/** Everything an outbox entry holds beside its body. */
export interface EntryMeta {
  /** Client id (UUID v4), made when the clerk saves; never changes. */
  readonly clientId: string
  readonly siren: string
  readonly matricule: string
  /** `YYYY-MM` (absences: the month they start in). */
  readonly periode: string
  readonly scope: EntryScope
  readonly fingerprint: string
  readonly state: EntryState
  /** Starts at 1; +1 each time a rejected entry is edited and re-queued. */
  readonly revision: number
  /** Server id once synced. */
  readonly serverId: string | null
  /** Last error (rejected entries show it on the field). */
  readonly error: SyncError | null
  /** Number of sync attempts of this revision. */
  readonly attempts: number
  /** ISO instants. */
  readonly createdAt: string
  readonly updatedAt: string
  readonly history: readonly EntryRevision[]
}

/**
 * A stored entry this version could not read back when it upgraded the database (db/schema.ts, v6): its payload no
 * longer passes its kind's schema. It is kept, never sent: `rejected` with a French reason (or still `synced` or
 * `cancelled` when it was), its stored payload in `unreadable`; the clerk re-enters it (a revision parses again).
 */
export interface UnreadableBody {
  readonly kind: EntryKind
  readonly operation: EntryOperation
  readonly targetServerId: string | null
  readonly payload: null
  /** What was stored, as it was. */
  readonly unreadable: { readonly payload: unknown }
}

/** The body of an outbox entry: typed (the rule), or unreadable (a row an upgrade could not parse). */
export type StoredBody = (EntryBody & { readonly unreadable?: undefined }) | UnreadableBody

/** An entry of the outbox. */
export type OutboxEntry = StoredBody & EntryMeta

/** True when the entry's body is typed (every entry but those an upgrade could not read). */
export function isReadable<E extends OutboxEntry>(entry: E): entry is Exclude<E, { readonly unreadable: object }> {
  return entry.unreadable === undefined
}

/** One line of the audit log: one HTTP attempt (or reconciliation) for one entry revision. */
export interface AuditRecord {
  readonly id?: number
  readonly clientId: string
  readonly revision: number
  readonly siren: string
  readonly kind: EntryKind
  readonly at: string
  readonly operation: string
  readonly method: string
  readonly status: number | null
  readonly serverId: string | null
  readonly errorCode: string | null
  readonly errorBody: unknown
  readonly payloadHash: string | null
  readonly durationMs: number
  /** Outcome the attempt led to, or the clerk's decision on an entry `to_check` (method `DECISION`). */
  readonly result: 'synced' | 'rejected' | 'unknown' | 'requeue' | 'to_check' | 'verified' | 'linked' | 'send_anyway' | 'cancelled'
}

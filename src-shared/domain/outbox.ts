/**
 * An entry of the outbox: what the clerk entered, its state, and its history. Kept by the renderer in Dexie;
 * shared so that every layer (forms, queue view, CSV export, tests) reads one shape.
 */
import type { EntryKind, EntryOperation } from './entry-kinds'
import type { EntryScope } from './fingerprint'
import type { EntryState } from './states'
import type { SyncError } from './sync-protocol'

/** One past revision of an entry (kept when a rejected entry is edited and re-queued). */
export interface EntryRevision {
  readonly revision: number
  readonly payload: Readonly<Record<string, unknown>> | null
  /** State the revision ended in (`rejected`, `cancelled`…). */
  readonly state: EntryState
  readonly error: SyncError | null
  /** ISO instant the revision was replaced. */
  readonly at: string
}

export interface OutboxEntry {
  /** Client id (UUID v4), made when the clerk saves; never changes. */
  readonly clientId: string
  readonly kind: EntryKind
  readonly operation: EntryOperation
  /** Wire-shape create or patch body; null for a delete. */
  readonly payload: Readonly<Record<string, unknown>> | null
  /** For update/delete: the server record targeted. */
  readonly targetServerId: string | null
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

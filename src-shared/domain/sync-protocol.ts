/**
 * What crosses IPC during a sync: the renderer sends a batch of claimed entries (`sync:push`), main answers one
 * outcome per entry with the audit trail of every HTTP attempt, and says whether the road is broken (pause) or a
 * right is missing (category pause). Schemas are plain (no transforms): they are structured-cloned as they are.
 */
import { z } from 'zod'
import { Categorie } from '../api/categories'
import { EntryKind, EntryOperation } from './entry-kinds'

export const MAX_PUSH_BATCH = 500

/** Reconciliation scope, see fingerprint.ts. */
export const EntryScopeSchema = z.object({
  kind: EntryKind,
  siren: z.string().regex(/^\d{9}$/),
  matricule: z.string().min(1).max(20),
  periode: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
})

/** One entry to send. `payload` is checked by main against the kind's create or patch schema. */
export const SyncItem = z.object({
  clientId: z.uuid(),
  revision: z.number().int().min(1),
  kind: EntryKind,
  operation: EntryOperation,
  /** Create or patch body (wire shape); null for a delete. */
  payload: z.record(z.string(), z.unknown()).nullable(),
  /** Server id of the record an update or delete targets. */
  targetServerId: z.uuid().nullable(),
  fingerprint: z.string().min(1).max(2000),
  scope: EntryScopeSchema,
  /** True when the entry's last outcome was `unknown`: main reconciles before sending anything. */
  reconcile: z.boolean(),
  /** Server ids in the same scope already held by synced local entries (a match must not reuse them). */
  claimedServerIds: z.array(z.uuid()).max(10_000),
  /**
   * True when the renderer found the entry still `sending` (its window was reloaded or closed while main pushed
   * it): main's answer to that push was lost, so main adds the audit attempts it made for this revision in its last
   * push to this outcome (the renderer skips any it already holds). Optional: older renderers omit it.
   */
  interrupted: z.boolean().optional(),
})
export type SyncItem = z.infer<typeof SyncItem>

/** A field-level message from the API (BridgeError `erreurs`), path without its `body.` prefix. */
export const FieldError = z.object({ champ: z.string(), message: z.string() })

/** Why an entry was not synced. */
export const SyncError = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int().nullable(),
  champs: z.array(FieldError),
})
export type SyncError = z.infer<typeof SyncError>

/** One HTTP attempt, for the audit log (no personal data beyond ids: the payload appears only as its hash). */
export const AuditAttempt = z.object({
  at: z.iso.datetime(),
  operation: z.string(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  status: z.number().int().nullable(),
  serverId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorBody: z.unknown().nullable(),
  /** SHA-256 (hex) of the JSON payload sent, null for reads. */
  payloadHash: z.string().nullable(),
  durationMs: z.number().min(0),
})
export type AuditAttempt = z.infer<typeof AuditAttempt>

/**
 * Outcome of one entry: `synced` (with the server id), `rejected` (record-level error), `unknown` (no answer to a
 * write: reconcile next time), `requeue` (not sent or to be sent again after a pause: back to queued).
 */
export const SyncOutcome = z.object({
  clientId: z.uuid(),
  revision: z.number().int(),
  result: z.enum(['synced', 'rejected', 'unknown', 'requeue']),
  serverId: z.string().nullable(),
  error: SyncError.nullable(),
  attempts: z.array(AuditAttempt),
})
export type SyncOutcome = z.infer<typeof SyncOutcome>

/** The whole road is broken: the queue pauses. `retryAfterMs` is the server's Retry-After when it gave one. */
export const SyncPause = z.object({ code: z.string(), message: z.string(), retryAfterMs: z.number().int().min(0).nullable() })
export type SyncPause = z.infer<typeof SyncPause>

/** A right is missing: only this category pauses. */
export const CategoryPause = z.object({ category: Categorie, message: z.string() })
export type CategoryPause = z.infer<typeof CategoryPause>

export const SyncPushInput = z.object({ items: z.array(SyncItem).min(1).max(MAX_PUSH_BATCH) })
export const SyncPushResult = z.object({
  outcomes: z.array(SyncOutcome),
  pause: SyncPause.nullable(),
  categoryPauses: z.array(CategoryPause),
})
export type SyncPushResult = z.infer<typeof SyncPushResult>

/** Progress event during a push (`sync:changed`). */
export const SyncProgress = z.object({
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  clientId: z.uuid().nullable(),
  result: z.enum(['synced', 'rejected', 'unknown', 'requeue']).nullable(),
})
export type SyncProgress = z.infer<typeof SyncProgress>

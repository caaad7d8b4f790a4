/**
 * What crosses IPC during a sync: the renderer sends a batch of claimed entries (`sync:push`), main answers one
 * outcome per entry with the audit trail of every HTTP attempt, and says whether the road is broken (pause) or a
 * right is missing (category pause). Schemas are plain (no transforms): they are structured-cloned as they are.
 */
import { z } from 'zod'
import { Categorie } from '../api/categories'
import { entryBodySchema } from './entry'
import { ENTRY_KIND_SPECS, EntryKind } from './entry-kinds'
import { ReportParams } from './reports'

export const MAX_PUSH_BATCH = 500

/** Reconciliation scope, see fingerprint.ts. */
export const EntryScopeSchema = z.object({
  kind: EntryKind,
  siren: z.string().regex(/^\d{9}$/),
  matricule: z.string().min(1).max(20),
  periode: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
})

/**
 * Instants (ISO 8601, this workstation's clock) between which the entry's writes of its current revision started:
 * the first and the last attempt. Main turns it into a window on the service's clock (Date header offset, its
 * tolerance, plus the settle time after `to`) to decide whether a listed record can be this entry's.
 */
export const SendWindow = z.object({ from: z.iso.datetime(), to: z.iso.datetime() })
export type SendWindow = z.infer<typeof SendWindow>

/** Smallest window holding both (either may be absent); null when both are. */
export function widenSendWindow(a: SendWindow | null | undefined, b: SendWindow | null | undefined): SendWindow | null {
  if (a == null) return b ?? null
  if (b == null) return a
  return { from: a.from < b.from ? a.from : b.from, to: a.to > b.to ? a.to : b.to }
}

/**
 * One entry to send: its typed body (entry.ts: kind, operation, target and the payload parsed with the kind's create
 * or patch schema, at this trust boundary) and what the sync needs beside it. An item whose body does not parse makes
 * main refuse the push with ENTREE_INVALIDE naming it (`items.<i>.payload.<field>`): the renderer rejects that entry
 * and sends the others again (sync/push-failures.ts).
 */
export const SyncItem = entryBodySchema(ENTRY_KIND_SPECS, {
  clientId: z.uuid(),
  revision: z.number().int().min(1),
  fingerprint: z.string().min(1).max(2000),
  scope: EntryScopeSchema,
  /** True when the entry's last outcome was `unknown`: main reconciles before sending anything. */
  reconcile: z.boolean(),
  /**
   * Server ids a match must not use: held by other synced local entries of the same scope, and those the clerk
   * already looked at and called "not the same" for this entry ("envoyer quand même").
   */
  claimedServerIds: z.array(z.uuid()).max(10_000),
  /** When the entry's writes of this revision started so far (null: never sent, as far as the renderer knows). */
  sendWindow: SendWindow.nullable().optional(),
  /**
   * True when the renderer found the entry still `sending` (its window was reloaded or closed while main pushed
   * it): main's answer to that push was lost, so main adds the audit attempts it made for this revision in its last
   * push to this outcome (the renderer skips any it already holds). Optional: older renderers omit it.
   */
  interrupted: z.boolean().optional(),
  /**
   * Update or delete: the record as the clerk read it (docs/api-assumptions.md #47): its `date_modification` and the
   * scope it was listed in. Main lists that scope before the write and does not overwrite a record changed since
   * (`to_check` MODIFIE_DEPUIS_LECTURE). Null or absent (a record whose read version is not known): sent as it is.
   */
  readVersion: z
    .object({ dateModification: z.string().min(1).max(64), scope: EntryScopeSchema })
    .nullable()
    .optional(),
})
export type SyncItem = z.infer<typeof SyncItem>

/** A field-level message from the API (BridgeError `erreurs`), path without its `body.` prefix. */
export const FieldError = z.object({ champ: z.string(), message: z.string() })

/**
 * Why an entry was not synced: `code` and `params` worded by the renderer (domain/reports.ts); `message` is the
 * payroll service's own text for a refusal it explained (BridgeError), else a technical description for the log.
 */
export const SyncError = z.object({
  code: z.string(),
  message: z.string(),
  params: ReportParams.optional(),
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

/** Results of one entry's push. */
export const SYNC_RESULTS = ['synced', 'rejected', 'unknown', 'requeue', 'to_check'] as const
export const SyncResult = z.enum(SYNC_RESULTS)
export type SyncResult = z.infer<typeof SyncResult>

/**
 * A server record shown to the clerk beside an entry: a candidate of an entry `to_check`, or the extra record of a
 * "doublon probable". `relation`: `identique` (every fingerprint field matches) or `meme_element` (the natural key
 * matches, some values differ).
 */
export const CandidateRecord = z.object({
  id: z.string().min(1).max(100),
  relation: z.enum(['identique', 'meme_element']),
  /** The record's fields as the service listed them (wire shape). */
  fields: z.record(z.string(), z.unknown()),
  date_creation: z.string().nullable(),
  date_modification: z.string().nullable(),
  /** API client that created it, when the service records it (`cree_par`); null otherwise. */
  cree_par: z.string().nullable(),
})
export type CandidateRecord = z.infer<typeof CandidateRecord>

/** Most candidates reported for one entry. */
export const MAX_CANDIDATES = 20

/**
 * Outcome of one entry: `synced` (with the server id), `rejected` (record-level error), `unknown` (no answer to a
 * write: reconcile once it has settled), `requeue` (not sent or to be sent again after a pause: back to queued),
 * `to_check` (the service holds a record this entry may or may not be: never sent nor linked automatically; `error`
 * says why, `candidates` which records).
 */
export const SyncOutcome = z.object({
  clientId: z.uuid(),
  revision: z.number().int(),
  result: SyncResult,
  serverId: z.string().nullable(),
  error: SyncError.nullable(),
  attempts: z.array(AuditAttempt),
  /** `to_check`: the records the clerk must compare the entry with. */
  candidates: z.array(CandidateRecord).max(MAX_CANDIDATES).optional(),
  /** Start of the first and last write of this push (the renderer widens the entry's stored window with it). */
  sendWindow: SendWindow.nullable().optional(),
  /** `unknown`: not reconciled before this instant (its write may still be in flight until then). */
  settleUntil: z.iso.datetime().nullable().optional(),
  /**
   * `synced` after a resend (the entry was `unknown`, its record was not found, it was sent again): from this
   * instant, its scope is listed once more for a second record of the entry (a late commit of the lost write),
   * flagged "doublon probable" (`sync:verify`).
   */
  verifyAfter: z.iso.datetime().nullable().optional(),
})
export type SyncOutcome = z.infer<typeof SyncOutcome>

/**
 * The whole road is broken: the queue pauses. `retryAfterMs` is the server's Retry-After when it gave one. The
 * renderer words the pause by its `code`; `message` is a technical description for the log.
 */
export const SyncPause = z.object({ code: z.string(), message: z.string(), retryAfterMs: z.number().int().min(0).nullable() })
export type SyncPause = z.infer<typeof SyncPause>

/** A right is missing: only this category pauses (the renderer words it from the category; `message` is for the log). */
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
  result: SyncResult.nullable(),
})
export type SyncProgress = z.infer<typeof SyncProgress>

/** Most entries verified per `sync:verify` call. */
export const MAX_VERIFY_BATCH = 200

/** A synced entry sent again after a lost answer: its scope is listed for a second record of it. */
export const VerifyItem = z.object({
  clientId: z.uuid(),
  revision: z.number().int().min(1),
  kind: EntryKind,
  fingerprint: z.string().min(1).max(2000),
  scope: EntryScopeSchema,
  /** The record the entry is synced to (never reported as its own duplicate). */
  serverId: z.uuid(),
  /** Every write of the entry (the lost one and the resend): a second matching record created inside is a duplicate. */
  sendWindow: SendWindow,
  /** Records held by other synced local entries of the scope (never reported). */
  claimedServerIds: z.array(z.uuid()).max(10_000),
})
export type VerifyItem = z.infer<typeof VerifyItem>

/** What the verification found for one entry: `done` (with the duplicates, maybe none), or `retry` (list failed). */
export const VerifyResultItem = z.object({
  clientId: z.uuid(),
  revision: z.number().int(),
  status: z.enum(['done', 'retry']),
  duplicates: z.array(CandidateRecord).max(MAX_CANDIDATES),
  attempts: z.array(AuditAttempt),
})
export type VerifyResultItem = z.infer<typeof VerifyResultItem>

export const SyncVerifyInput = z.object({ items: z.array(VerifyItem).min(1).max(MAX_VERIFY_BATCH) })
export const SyncVerifyResult = z.object({ results: z.array(VerifyResultItem), pause: SyncPause.nullable() })
export type SyncVerifyResult = z.infer<typeof SyncVerifyResult>

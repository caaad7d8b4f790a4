/**
 * Pieces of a sync outcome: the error of a rejected or unsent entry, the pause of a broken road, the pause of a
 * missing right, and the audit attempt of one HTTP request. Main reports codes and parameters; the renderer words
 * them (src-shared/domain/reports.ts). Messages here are technical, for the log, except the payroll service's own
 * (BridgeError) message of a refused entry.
 */
import { createHash } from 'node:crypto'
import { ERROR_CODES } from '../../src-shared/api/common'
import type { Categorie } from '../../src-shared/api/categories'
import type { HttpMethod } from '../../src-shared/api/endpoint-def'
import { MAX_CANDIDATES } from '../../src-shared/domain/sync-protocol'
import type {
  AuditAttempt,
  CandidateRecord,
  CategoryPause,
  SyncError,
  SyncPause,
  SyncPushResult,
} from '../../src-shared/domain/sync-protocol'
import { ApiError } from '../api/errors'
import type { Candidate, ToCheckReason } from './matching'

/** Code of an unexpected failure inside main (a bug, not an answer of the service). */
export const ERREUR_INTERNE = 'ERREUR_INTERNE'

/** SHA-256 (hex) of `JSON.stringify(payload)`: the audit log keeps this, never the payload itself. */
export function payloadHash(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex')
}

/** A BridgeError path without its `body.` prefix (`body.code_evp` → `code_evp`); other prefixes are kept. */
export function champOf(chemin: string): string {
  return chemin.startsWith('body.') ? chemin.slice('body.'.length) : chemin
}

/**
 * Error of an entry the API refused (record-level) or did not answer.
 * `code`: for a 422 REGLE_METIER, the code of the broken rule (first `erreurs` item: CHEVAUCHEMENT, CODE_INCONNU…),
 * which says more than the generic code; otherwise the BridgeError code, or the client's transport code
 * (decision: the full BridgeError stays in the audit attempt's `errorBody`). `champs`: the `erreurs` items.
 */
export function syncErrorOf(error: ApiError): SyncError {
  const erreurs = error.body?.erreurs ?? []
  const [first] = erreurs
  const code = error.body?.code === ERROR_CODES.regleMetier && first !== undefined ? first.code : error.code
  return {
    code,
    message: error.message,
    status: error.status,
    champs: erreurs.map((e) => ({ champ: champOf(e.chemin), message: e.message })),
  }
}

/** Error of an unexpected failure in main (not an answer of the service). */
export function internalError(): SyncError {
  return { code: ERREUR_INTERNE, message: 'unexpected failure in main while sending; outcome unknown', status: null, champs: [] }
}

/** Technical reason of a global failure, for the log (the renderer words the pause by its code). */
export function pauseMessage(error: ApiError): string {
  return error.status === null ? `${error.code}: ${error.message}` : `${error.code} (HTTP ${String(error.status)}): ${error.message}`
}

/** The pause a global failure causes: its code, technical message and the server's Retry-After (ms) if any. */
export function pauseOf(error: ApiError): SyncPause {
  return {
    code: error.code,
    message: pauseMessage(error),
    retryAfterMs: error.retryAfterMs === null ? null : Math.round(error.retryAfterMs),
  }
}

/** Pause of a thrown value that is not an ApiError (a bug in main): the queue waits, nothing is lost. */
export function internalPause(): SyncPause {
  return { code: ERREUR_INTERNE, message: 'unexpected failure in main during the sync', retryAfterMs: null }
}

/** Pause of one category whose right is missing (403 DROIT_MANQUANT); the renderer words it from the category. */
export function categoryPauseOf(category: Categorie, missing: Categorie | undefined): CategoryPause {
  return { category, message: `missing right: ${missing ?? category}` }
}

/** What one HTTP attempt did, before it becomes an {@link AuditAttempt}. */
export interface AttemptFacts {
  readonly at: Date
  readonly operation: string
  readonly method: HttpMethod
  readonly durationMs: number
  readonly status: number | null
  readonly serverId: string | null
  readonly payload: unknown
  readonly error: unknown
}

/**
 * Audit attempt of one request: the error's code (for a 422 REGLE_METIER, the broken rule's code, as the entry shows
 * it) and BridgeError body when it failed, the payload's hash.
 */
export function auditAttempt(facts: AttemptFacts): AuditAttempt {
  const apiError = facts.error instanceof ApiError ? facts.error : null
  const failed = facts.error !== null && facts.error !== undefined
  return {
    at: facts.at.toISOString(),
    operation: facts.operation,
    method: facts.method,
    status: apiError !== null ? apiError.status : facts.status,
    serverId: facts.serverId,
    errorCode: apiError !== null ? syncErrorOf(apiError).code : failed ? ERREUR_INTERNE : null,
    errorBody: apiError?.body ?? null,
    payloadHash: facts.payload === null || facts.payload === undefined ? null : payloadHash(facts.payload),
    durationMs: Math.max(0, Math.round(facts.durationMs)),
  }
}

/** Counts per result, for the log (ids and counts only). */
export function pushSummary(result: SyncPushResult): Record<string, number | string | null> {
  const counts: Record<string, number | string | null> = { synced: 0, rejected: 0, unknown: 0, requeue: 0, to_check: 0 }
  for (const o of result.outcomes) counts[o.result] = Number(counts[o.result] ?? 0) + 1
  counts['pause'] = result.pause?.code ?? null
  counts['categoriesEnPause'] = result.categoryPauses.length
  return counts
}

/** Error of an entry put `to_check`: the reason's code (worded by the renderer), a technical message, no HTTP status. */
export function toCheckError(reason: ToCheckReason): SyncError {
  return { code: reason, message: `to check: ${reason}`, status: null, champs: [] }
}

/** A matcher candidate as it crosses IPC (at most MAX_CANDIDATES per entry). */
export function candidateRecords(candidates: readonly Candidate[]): CandidateRecord[] {
  return candidates.slice(0, MAX_CANDIDATES).map(({ record, relation }) => ({
    id: record.id,
    relation,
    fields: { ...record.fields },
    date_creation: typeof record.fields['date_creation'] === 'string' ? record.fields['date_creation'] : null,
    date_modification: typeof record.fields['date_modification'] === 'string' ? record.fields['date_modification'] : null,
    cree_par: typeof record.creePar === 'string' ? record.creePar : null,
  }))
}

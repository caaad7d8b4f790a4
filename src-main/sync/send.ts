/**
 * One entry's write: POST, PATCH or DELETE through the typed client, under the rate budget, with one quick retry
 * when the answer proves nothing was committed (a 503 with a short Retry-After: docs/api-assumptions.md, status
 * classes of writes). Every request that left is an audit attempt; a request that never left (the token could not
 * be obtained, the connection was refused) is not.
 */
import type { AuditAttempt } from '../../src-shared/domain/sync-protocol'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { callLoose, createdId, type EntryWrite } from './entry-calls'
import { auditAttempt } from './outcomes'
import { pauseFor, transientRetryDelayMs } from './pacing'
import type { RateBudget } from './rate-budget'

/** What one write gave. `writeStarts`: local instants (ms) at which a request of it left. */
export type SendResult =
  | {
      readonly type: 'answered'
      readonly serverId: string | null
      /** `date_modification` of the record the answer returned (a PATCH's 200), null when it returned none. */
      readonly modifiedAt: string | null
      readonly attempts: AuditAttempt[]
      readonly writeStarts: number[]
    }
  | { readonly type: 'failed'; readonly error: unknown; readonly attempts: AuditAttempt[]; readonly writeStarts: number[] }
  | { readonly type: 'stopped'; readonly attempts: AuditAttempt[]; readonly writeStarts: number[] }

/** What {@link sendWrite} needs. */
export interface SendDeps {
  readonly client: ApiClient
  readonly budget: RateBudget
  readonly signal: AbortSignal
  readonly now: () => Date
  /** True when the push stopped for this entry (global pause, or its category paused): nothing more is sent. */
  readonly stopped: () => boolean
  /**
   * True when this write may no longer leave because what it was checked against is too old (a create's pre-send
   * list: list-age.ts, `LIST_MAX_AGE_AT_WRITE_MS`). Checked right before each request; ends the write like `stopped`.
   */
  readonly expired?: () => boolean
  /** Told of each answer's duration (concurrency sizing). */
  readonly observe?: (ms: number) => void
}

/** The write to send, its payload (for the audit hash) and the target of an update or delete. */
export interface SendRequest {
  readonly write: EntryWrite
  readonly payload: unknown
  /** Server id an update or delete targets (null for a create). */
  readonly targetServerId: string | null
}

/** True when `error` proves the request never left this machine (no audit attempt, nothing to reconcile). */
export function neverSent(error: unknown): boolean {
  return error instanceof ApiError && !error.sent
}

/**
 * Sends one write; never throws.
 * @returns `answered` (2xx: the created record's id, or the target's), `failed` (the last error), or `stopped`
 *   (the push stopped, or the write expired, before a request left).
 */
export async function sendWrite(req: SendRequest, deps: SendDeps): Promise<SendResult> {
  const attempts: AuditAttempt[] = []
  const writeStarts: number[] = []
  const mustStop = (): boolean => deps.stopped() || deps.expired?.() === true
  for (let attempt = 0; ; attempt++) {
    if (mustStop()) return { type: 'stopped', attempts, writeStarts }
    const release = await deps.budget.acquire(deps.signal)
    if (release === null) return { type: 'stopped', attempts, writeStarts }
    let retryIn: number | null
    try {
      if (mustStop()) return { type: 'stopped', attempts, writeStarts }
      const at = deps.now()
      const started = performance.now()
      const base = { at, operation: req.write.operation, method: req.write.method, payload: req.payload }
      try {
        const answer = await callLoose(deps.client, req.write.operation, req.write.request)
        deps.observe?.(performance.now() - started)
        writeStarts.push(at.getTime())
        const serverId = req.write.method === 'POST' ? createdId(answer.value) : req.targetServerId
        attempts.push(auditAttempt({ ...base, durationMs: performance.now() - started, status: answer.status, serverId, error: null }))
        return { type: 'answered', serverId, modifiedAt: modifiedAtOf(answer.value), attempts, writeStarts }
      } catch (thrown) {
        if (!neverSent(thrown)) {
          writeStarts.push(at.getTime())
          attempts.push(
            auditAttempt({ ...base, durationMs: performance.now() - started, status: null, serverId: req.targetServerId, error: thrown }),
          )
        }
        retryIn = attempt === 0 ? transientRetryDelayMs(thrown) : null
        if (retryIn === null) return { type: 'failed', error: thrown, attempts, writeStarts }
      }
    } finally {
      release()
    }
    await pauseFor(retryIn, deps.signal)
  }
}

/** `date_modification` of a record an answer returned, or null (a 204, a body without it). */
function modifiedAtOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('date_modification' in value)) return null
  const at = value.date_modification
  return typeof at === 'string' ? at : null
}

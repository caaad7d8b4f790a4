/**
 * The sync executor: sends a batch of claimed entries to the payroll API with bounded concurrency and a rate budget,
 * and answers one outcome per entry with the audit trail of every HTTP attempt (ARCHITECTURE.md "Sync", "Errors",
 * "Exactly once").
 *
 * Per entry:
 * - the payload is checked against its kind's create or patch schema (ENTRY_KIND_SPECS); invalid → `rejected`
 *   (ENTREE_INVALIDE, with the fields), no request;
 * - create → POST, update → PATCH on `targetServerId`, delete → DELETE on `targetServerId`;
 * - 2xx → `synced` (server id: the created record's id, else the target id);
 * - record-level error → `rejected` with the BridgeError's code, message and fields;
 * - no answer to a write (timeout, cut connection, 502/504…) → `unknown`: reconciled next time, never resent blindly;
 * - a 500 or 503 (a server or proxy failing now and then; nothing committed, ARCHITECTURE.md "global"), and a
 *   502/504 on a reconciliation list, is tried once more after a short wait ({@link transientRetryDelayMs}) before
 *   it counts as a global failure; both attempts are audited. Without this, a service failing on 10% of requests
 *   paused the queue every ~10 entries (found by the chaos suite);
 * - global failure (offline, 401 after a refresh, 429, 5xx…) → no new entry starts; this one and every entry not
 *   started → `requeue`; the answer carries `pause` (code, French message, Retry-After); entries in flight finish;
 * - 403 DROIT_MANQUANT → this entry and every entry of the same category not finished → `requeue`, with a
 *   `categoryPauses` item; other categories go on;
 * - a DELETE answered 404 while it is retried after `unknown` (`reconcile`) → `synced` (the record is gone).
 *
 * Reconciliation (exactly once without idempotency keys): creates with `reconcile: true` are grouped by scope
 * (kind, SIREN, matricule, period); each scope is listed ONCE (all pages of 500) before any write of the push; an
 * entry whose fingerprint matches a listed record not held by another local entry (`claimedServerIds`, and ids
 * matched earlier in this push) takes that record → `synced` with its id, the list request in its audit trail; an
 * entry with no match is sent normally in the same push. Decision: a reconciling create that ends the push without
 * a definite answer (list failed, pause before it was sent) stays `unknown`, never `requeue`, so it is listed again
 * next time rather than resent blindly. Updates and deletes with `reconcile` are simply sent again (PATCH is
 * idempotent; a DELETE answered 404 is `synced`).
 *
 * The fingerprint and scope used to match are computed here from the validated payload with the shared
 * fingerprint.ts functions (the payload is what was sent, so it is what the server holds); an entry whose
 * `fingerprint` differs is logged by client id.
 *
 * One push runs at a time per executor: a second push waits for the first to finish.
 *
 * Interrupted pushes: the executor remembers, per entry, the audit attempts of the last push that carried it
 * (the last {@link ATTEMPT_MEMORY} entries). When an item comes back `interrupted` (the renderer found it still
 * `sending`: its window reloaded while this process pushed it, so the answer was lost), those attempts are put in
 * front of the new outcome's, so the audit log still shows every request made for it (found by the chaos suite).
 */
import PQueue from 'p-queue'
import type { Categorie } from '../../src-shared/api/categories'
import { ENTRY_KIND_SPECS } from '../../src-shared/domain/entry-kinds'
import { fingerprintOf, scopeKey, scopeOf, type EntryScope, type KeyFields } from '../../src-shared/domain/fingerprint'
import type { AuditAttempt, CategoryPause, SyncError, SyncItem, SyncOutcome, SyncPause, SyncProgress, SyncPushResult } from '../../src-shared/domain/sync-protocol'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { describeError, log } from '../log'
import { asRecordPage, buildWrite, callLoose, createdId, scopeListQuery, type EntryWrite } from './entry-calls'
import { auditAttempt, categoryPauseOf, pushSummary, type AttemptFacts, internalError, internalPause, invalidPayloadError, missingPayloadError, missingTargetError, pauseOf, syncErrorOf } from './outcomes'
import { pauseFor, sizeConcurrency, transientRetryDelayMs } from './pacing'
import type { RateBudget } from './rate-budget'

/** Entries whose last attempts the executor remembers for interrupted pushes. */
export const ATTEMPT_MEMORY = 20_000

/** Options of {@link createSyncExecutor}. */
export interface SyncExecutorOptions {
  /** Typed API client of the connection. */
  readonly client: ApiClient
  /** Rate budget of the same connection (fed by the client's answers). */
  readonly budget: RateBudget
  /**
   * Requests in flight at once, list requests included. Default: sized by the rate budget ({@link sizeConcurrency}),
   * re-sized after every answer; a number fixes it.
   */
  readonly concurrency?: number
  /** Clock of the audit instants (default real time). */
  readonly now?: () => Date
  /** Called once per entry when its outcome is known (`done` counts up to `total`). */
  readonly onProgress?: (progress: SyncProgress) => void
}

/** Sends batches of entries. */
export interface SyncExecutor {
  /**
   * Sends `items` and answers one outcome per item, in the same order. Never rejects for an API failure (they
   * become outcomes and pauses); waits for a push already running to finish first.
   */
  push(items: readonly SyncItem[]): Promise<SyncPushResult>
}

/** An entry that passed validation. */
interface Work {
  readonly index: number
  readonly item: SyncItem
  readonly category: Categorie
  readonly write: EntryWrite
  /** Payload as sent (null for a delete), for its audit hash. */
  readonly payload: KeyFields | null
  /** Creates with `reconcile`: their fingerprint and scope from the payload. */
  readonly fingerprint: string | null
  readonly scope: EntryScope | null
}

type Validation = { readonly ok: true; readonly work: Work } | { readonly ok: false; readonly error: SyncError }

/** Checks an item's payload and target, and prepares its write. */
function validate(item: SyncItem, index: number): Validation {
  const spec = ENTRY_KIND_SPECS[item.kind]
  if (item.operation !== 'create' && item.targetServerId === null) return { ok: false, error: missingTargetError() }
  let payload: KeyFields | null = null
  if (item.operation !== 'delete') {
    if (item.payload === null) return { ok: false, error: missingPayloadError() }
    const schema = item.operation === 'create' ? spec.createSchema : spec.patchSchema
    const parsed = schema.safeParse(item.payload)
    if (!parsed.success) return { ok: false, error: invalidPayloadError(parsed.error.issues) }
    // The payload itself is sent (it passed its schema), so that its audit hash is the hash of what the renderer stored.
    payload = item.payload
  }
  const reconciling = item.reconcile && item.operation === 'create' && payload !== null
  const fingerprint = reconciling ? fingerprintOf(item.kind, payload ?? {}) : null
  const scope = reconciling ? scopeOf(item.kind, payload ?? {}) : null
  if (fingerprint !== null && fingerprint !== item.fingerprint) log.warn('Synchronisation : empreinte recalculée différente', { clientId: item.clientId })
  return {
    ok: true,
    work: { index, item, category: spec.category, write: buildWrite(item.kind, item.operation, payload, item.targetServerId), payload, fingerprint, scope },
  }
}

/**
 * Creates the executor of one connection.
 * @throws nothing; `push` never rejects on API failures.
 */
export function createSyncExecutor(options: SyncExecutorOptions): SyncExecutor {
  const fixed = options.concurrency === undefined ? null : Math.max(1, Math.floor(options.concurrency))
  /** Mean request time (ms), exponentially weighted over the answers (weight 0.2 to the newest). */
  let latencyMs: number | null = null
  const concurrency = (): number => fixed ?? sizeConcurrency(options.budget.state(), latencyMs)
  const observeLatency = (ms: number): void => {
    latencyMs = latencyMs === null ? ms : latencyMs * 0.8 + ms * 0.2
  }
  const now = options.now ?? (() => new Date())
  let running: Promise<unknown> = Promise.resolve()
  /** Attempts of the last push that carried each entry, by client id (oldest first, trimmed to ATTEMPT_MEMORY). */
  const lastAttempts = new Map<string, { readonly revision: number; readonly attempts: readonly AuditAttempt[] }>()

  /** Puts the remembered attempts of interrupted items in front of their outcome's, then remembers this push's. */
  function carryAttempts(items: readonly SyncItem[], outcomes: SyncOutcome[]): void {
    outcomes.forEach((outcome, index) => {
      const item = items[index]
      if (item === undefined) return
      const previous = lastAttempts.get(item.clientId)
      const carried = item.interrupted === true && previous?.revision === item.revision ? previous.attempts : []
      const attempts = carried.length === 0 ? outcome.attempts : [...carried, ...outcome.attempts]
      outcomes[index] = { ...outcome, attempts }
      lastAttempts.delete(item.clientId)
      lastAttempts.set(item.clientId, { revision: item.revision, attempts })
    })
    for (const key of lastAttempts.keys()) {
      if (lastAttempts.size <= ATTEMPT_MEMORY) break
      lastAttempts.delete(key)
    }
  }

  async function runPush(items: readonly SyncItem[]): Promise<SyncPushResult> {
    const total = items.length
    const outcomes = new Array<SyncOutcome | undefined>(total)
    let done = 0
    let pause: SyncPause | null = null
    const categoryPauses = new Map<Categorie, CategoryPause>()
    const stop = new AbortController()
    const matchedInPush = new Set<string>()
    const queue = new PQueue({ concurrency: concurrency() })
    const resize = (ms: number): void => {
      observeLatency(ms)
      const next = concurrency()
      if (queue.concurrency !== next) queue.concurrency = next
    }
    /** Audit attempts made before an entry's write (its reconciliation list), by item index. */
    const priorAttempts = new Map<number, AuditAttempt[]>()

    function finish(index: number, result: SyncOutcome['result'], serverId: string | null, error: SyncError | null, attempts: readonly AuditAttempt[]): void {
      const item = items[index]
      if (item === undefined || outcomes[index] !== undefined) return
      outcomes[index] = { clientId: item.clientId, revision: item.revision, result, serverId, error, attempts: [...attempts] }
      done += 1
      try {
        options.onProgress?.({ done, total, clientId: item.clientId, result })
      } catch (thrown) {
        log.error('Synchronisation : envoi de la progression impossible', { cause: describeError(thrown) })
      }
    }

    /** An entry that ends without a definite answer: `unknown` while it still has to be reconciled, else `requeue`. */
    function finishUnsent(w: Work, attempts: readonly AuditAttempt[], error: SyncError | null): void {
      finish(w.index, w.fingerprint !== null ? 'unknown' : 'requeue', null, error, attempts)
    }

    function stoppedFor(w: Work): boolean {
      return pause !== null || categoryPauses.has(w.category)
    }

    /** Records a global failure or a missing right (first pause wins; a missing right pauses its category only). */
    function pauseOn(w: Work, error: unknown): SyncError {
      if (error instanceof ApiError) {
        if (error.missingRight !== undefined) {
          if (!categoryPauses.has(w.category)) {
            categoryPauses.set(w.category, categoryPauseOf(w.category, error.missingRight))
            log.warn('Synchronisation : droit manquant, catégorie en pause', { category: w.category, code: error.code })
          }
        } else if (pause === null) {
          pause = pauseOf(error)
          log.warn('Synchronisation : envoi suspendu', { code: error.code, status: error.status, retryAfterMs: error.retryAfterMs })
          stop.abort()
        }
        return syncErrorOf(error)
      }
      if (pause === null) {
        pause = internalPause()
        log.error('Synchronisation : erreur inattendue', { cause: describeError(error) })
        stop.abort()
      }
      return internalError()
    }

    /** Lists a reconciliation scope once and matches its entries; returns the entries to send. */
    async function reconcile(group: readonly Work[]): Promise<Work[]> {
      const [first] = group
      if (first?.scope == null) return []
      const attempts: Omit<AttemptFacts, 'serverId'>[] = []
      const records: KeyFields[] = []
      const listOp = ENTRY_KIND_SPECS[first.item.kind].list
      const attemptsFor = (serverId: string | null): AuditAttempt[] => attempts.map((facts) => auditAttempt({ ...facts, serverId }))
      let retried = false
      for (let page = 1; ; page++) {
        if (stoppedFor(first)) {
          for (const w of group) finishUnsent(w, attemptsFor(null), null)
          return []
        }
        const release = await options.budget.acquire(stop.signal)
        if (release === null) {
          for (const w of group) finishUnsent(w, attemptsFor(null), null)
          return []
        }
        const at = now()
        const started = performance.now()
        let retryIn: number | null = null
        try {
          const answer = await callLoose(options.client, listOp, { query: scopeListQuery(first.scope, page) })
          resize(performance.now() - started)
          attempts.push({ at, operation: listOp, method: 'GET', durationMs: performance.now() - started, status: answer.status, payload: null, error: null })
          const body = asRecordPage(answer.value)
          records.push(...body.elements)
          if (body.elements.length === 0 || body.page * body.taille >= body.total) break
        } catch (thrown) {
          attempts.push({ at, operation: listOp, method: 'GET', durationMs: performance.now() - started, status: null, payload: null, error: thrown })
          retryIn = retried ? null : transientRetryDelayMs(thrown)
          if (retryIn === null) {
            const global = !(thrown instanceof ApiError) || thrown.errorClass !== 'record'
            // A list refused for this record (dossier no longer assigned…): the entries stay to reconcile, with the reason.
            const error = global ? pauseOn(first, thrown) : syncErrorOf(thrown)
            for (const w of group) finishUnsent(w, attemptsFor(null), error)
            return []
          }
        } finally {
          release()
        }
        if (retryIn !== null) {
          // One more try of the same page after a short wait (a transient 5xx).
          retried = true
          await pauseFor(retryIn, stop.signal)
          page -= 1
        }
      }
      const claimed = new Set(group.flatMap((w) => w.item.claimedServerIds))
      const toSend: Work[] = []
      for (const w of group) {
        const match = records.find((r) => {
          const id = typeof r['id'] === 'string' ? r['id'] : null
          return id !== null && !claimed.has(id) && !matchedInPush.has(id) && fingerprintOf(w.item.kind, r) === w.fingerprint
        })
        const id = match !== undefined && typeof match['id'] === 'string' ? match['id'] : null
        if (id !== null) {
          matchedInPush.add(id)
          finish(w.index, 'synced', id, null, attemptsFor(id))
        } else {
          priorAttempts.set(w.index, attemptsFor(null))
          toSend.push(w)
        }
      }
      return toSend
    }

    /** Sends one entry's write (a transient 5xx once more) and records its outcome. */
    async function send(w: Work): Promise<void> {
      const before = [...(priorAttempts.get(w.index) ?? [])]
      for (let attempt = 0; ; attempt++) {
        if (stoppedFor(w)) {
          finishUnsent(w, before, null)
          return
        }
        const release = await options.budget.acquire(stop.signal)
        if (release === null) {
          finishUnsent(w, before, null)
          return
        }
        let retryIn: number | null
        try {
          if (stoppedFor(w)) {
            finishUnsent(w, before, null)
            return
          }
          const at = now()
          const started = performance.now()
          const base = { at, operation: w.write.operation, method: w.write.method, payload: w.payload }
          try {
            const answer = await callLoose(options.client, w.write.operation, w.write.request)
            resize(performance.now() - started)
            const serverId = w.item.operation === 'create' ? createdId(answer.value) : w.item.targetServerId
            const done = auditAttempt({ ...base, durationMs: performance.now() - started, status: answer.status, serverId, error: null })
            finish(w.index, 'synced', serverId, null, [...before, done])
            return
          } catch (thrown) {
            before.push(auditAttempt({ ...base, durationMs: performance.now() - started, status: null, serverId: w.item.targetServerId, error: thrown }))
            retryIn = attempt === 0 ? transientRetryDelayMs(thrown) : null
            if (retryIn === null) {
              settleFailure(w, thrown, before)
              return
            }
          }
        } finally {
          release()
        }
        await pauseFor(retryIn, stop.signal)
      }
    }

    /** Outcome of a write that failed (see the module comment for the rules). */
    function settleFailure(w: Work, thrown: unknown, attempts: AuditAttempt[]): void {
      if (!(thrown instanceof ApiError)) {
        // A write may have left before the failure: it must be reconciled, not resent.
        log.error('Synchronisation : erreur inattendue pendant un envoi', { clientId: w.item.clientId, cause: describeError(thrown) })
        finish(w.index, 'unknown', null, internalError(), attempts)
        return
      }
      if (thrown.errorClass === 'record') {
        if (w.item.operation === 'delete' && w.item.reconcile && thrown.status === 404) {
          finish(w.index, 'synced', w.item.targetServerId, null, attempts)
          return
        }
        finish(w.index, 'rejected', null, syncErrorOf(thrown), attempts)
        return
      }
      if (thrown.errorClass === 'unknown') {
        finish(w.index, 'unknown', null, syncErrorOf(thrown), attempts)
        return
      }
      finishUnsent(w, attempts, pauseOn(w, thrown))
    }

    // 1. Validation: no request for an invalid entry.
    const valid: Work[] = []
    items.forEach((item, index) => {
      const checked = validate(item, index)
      if (checked.ok) valid.push(checked.work)
      else finish(index, 'rejected', null, checked.error, [])
    })

    // 2. Reconciliation: one list per scope, all before any write of this push (a write of this push must not be
    //    mistaken for the record of an unknown entry).
    const groups = new Map<string, Work[]>()
    const direct: Work[] = []
    for (const w of valid) {
      if (w.scope === null) {
        direct.push(w)
        continue
      }
      const key = scopeKey(w.scope)
      const group = groups.get(key)
      if (group === undefined) groups.set(key, [w])
      else group.push(w)
    }
    const unmatched = (await Promise.all([...groups.values()].map((group) => queue.add(() => reconcile(group))))).flat()

    // 3. Writes, in the order of the batch.
    const toSend = [...direct, ...unmatched].sort((a, b) => a.index - b.index)
    await Promise.all(toSend.map((w) => queue.add(() => send(w))))

    // Safety net: every item has an outcome (a bug would otherwise lose an entry).
    for (const w of valid) finishUnsent(w, priorAttempts.get(w.index) ?? [], null)

    const settled = outcomes.map((o, index) => o ?? { clientId: items[index]?.clientId ?? '', revision: items[index]?.revision ?? 1, result: 'requeue' as const, serverId: null, error: null, attempts: [] })
    carryAttempts(items, settled)
    const result: SyncPushResult = { outcomes: settled, pause, categoryPauses: [...categoryPauses.values()] }
    log.info('Synchronisation : lot traité', pushSummary(result))
    return result
  }

  return {
    push(items) {
      const run = running.then(() => runPush(items))
      running = run.catch(() => undefined)
      return run
    },
  }
}

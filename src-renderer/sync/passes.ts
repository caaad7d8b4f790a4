/**
 * The two passes of a drain (coordinator.ts), each over the outbox and main:
 * - {@link startPush} / {@link finishPush} (or {@link pushBatch}, both): one claimed batch through `sync:push`, its
 *   outcomes stored, and what it tells the drain (go on, or stop on a pause);
 * - {@link verifyDue}: the "doublon probable" checks that are due (entries sent again after a lost answer, once the
 *   resend has settled), through `sync:verify`.
 * The coordinator owns the status, the timers and the lock; these only move entries.
 */
import type { WindowApi } from '../../src-shared/ipc/contract'
import { applyOutcomes, settleClaimed, type OutcomeSummary } from '../db/outbox-sync'
import type { SyncItem } from '../../src-shared/domain/sync-protocol'
import type { PaieDb } from '../db/schema'
import { applyVerifications, claimVerifications } from '../db/to-check'
import type { OutboxEnv } from '../db/write'
import { activePause, addCategoryPauses, registerSuccess } from './pauses'
import { settleFailedPush } from './push-failures'

/** What a pass needs from its coordinator. */
export interface SyncPassContext {
  readonly db: PaieDb
  readonly api: Pick<WindowApi, 'sync:push' | 'sync:verify'>
  readonly env: OutboxEnv
  /** Current time, ms since the epoch. */
  readonly now: () => number
  /** Duration of a category pause, ms. */
  readonly categoryPauseMs: number
  /** Registers a global failure (the queue pauses with backoff, or until the server's Retry-After). */
  fail(code: string, message: string, retryAfterMs?: number | null): Promise<void>
  /** Updates the coordinator's status (progress, last error). */
  update(patch: { progress?: { done: number; total: number } | null; lastError?: string | null }): void
  /** Told after each batch's outcomes are stored. */
  batchDone(summary: OutcomeSummary): void
  /** False once the coordinator stopped or the machine is offline: no new pass starts. */
  active(): boolean
}

/** What came back from `sync:push` for one batch: main's answer, or the call itself broke. */
type PushAnswer =
  { readonly type: 'answer'; readonly result: Awaited<ReturnType<SyncPassContext['api']['sync:push']>> } | { readonly type: 'broken' }

/** A batch submitted to main, its answer still to come. */
export interface PushInFlight {
  readonly items: readonly SyncItem[]
  readonly answer: Promise<PushAnswer>
}

/**
 * Submits one claimed batch to `sync:push` (main parses it; an item it refuses is rejected by {@link finishPush}).
 * Main runs one push at a time per profile: a batch submitted while another is in flight waits in main's lane, so
 * the coordinator submits batch k+1 as soon as it is claimed and stores batch k's outcomes meanwhile (pipelining).
 * @returns the batch in flight, or null when none of it was left to send
 */
export function startPush(ctx: SyncPassContext, claimed: readonly SyncItem[]): Promise<PushInFlight | null> {
  // Claimed rows are typed (parsed when queued, or by the v6 upgrade); main parses the items once, at the IPC boundary.
  const items = [...claimed]
  if (items.length === 0) return Promise.resolve(null)
  const answer = ctx.api['sync:push']({ items }).then(
    (result): PushAnswer => ({ type: 'answer', result }),
    (): PushAnswer => ({ type: 'broken' }),
  )
  return Promise.resolve({ items, answer })
}

/**
 * Waits for a submitted batch and stores its outcomes (state + audit, one transaction).
 * @param registerPause false for a batch that was in flight behind one that already stopped the drain: its pause
 *   (main answers the same one again) is not counted a second time in the backoff
 * @returns true to claim the next batch, false to stop draining (a pause, or no progress).
 */
export async function finishPush(ctx: SyncPassContext, push: PushInFlight, registerPause = true): Promise<boolean> {
  const { db, env } = ctx
  const { items } = push
  ctx.update({ progress: { done: 0, total: items.length } })
  const answer = await push.answer
  if (answer.type === 'broken') {
    // The call itself broke (main crashed, window closing): main may have sent some requests.
    await settleClaimed(
      db,
      items.map((i) => ({ clientId: i.clientId, state: 'unknown' })),
      env,
    )
    if (registerPause)
      await ctx.fail('IPC_INDISPONIBLE', 'Le service de synchronisation ne répond pas : envoi suspendu, il reprendra seul.')
    ctx.update({ lastError: 'Le service de synchronisation ne répond pas.' })
    return false
  }
  const result = answer.result
  if (!result.ok) {
    const { settlements, retry } = settleFailedPush(items, result.error)
    await settleClaimed(db, settlements, env)
    ctx.update({ lastError: result.error.message })
    if (!retry && registerPause) await ctx.fail(result.error.code, result.error.message)
    return retry
  }
  const { outcomes, pause, categoryPauses } = result.value
  const summary = await applyOutcomes(db, items, outcomes, env)
  ctx.batchDone(summary)
  await addCategoryPauses(db, categoryPauses, ctx.now(), ctx.categoryPauseMs)
  // An answer is progress: synced, refused, or « à vérifier » (the service was read and the clerk has a decision).
  const progressed = summary.synced + summary.rejected + summary.to_check > 0
  // The road works: failures reset, lastSyncAt set. Done BEFORE a pause of the same push is registered, so that a
  // push that made progress and then met one 5xx backs off from the base delay: otherwise a service failing now and
  // then (10% of requests) doubles the delay on every batch and the queue crawls towards the 5-minute cap although
  // most requests succeed (found by the chaos suite).
  if (progressed) await registerSuccess(db, ctx.now())
  if (pause !== null) {
    if (registerPause || progressed) await ctx.fail(pause.code, pause.message, pause.retryAfterMs)
    return false
  }
  if (progressed) {
    ctx.update({ lastError: null })
    return true
  }
  // Only category pauses: the next claim leaves those categories out.
  if (categoryPauses.length > 0) return true
  // Nothing went through and main gave no reason: back off rather than claim the same entries in a loop.
  if (registerPause) await ctx.fail('AUCUN_PROGRES', 'Le service de paie n’a traité aucune saisie : nouvel essai dans un moment.')
  return false
}

/**
 * Pushes one claimed batch and stores its outcomes ({@link startPush} then {@link finishPush}).
 * @returns true to claim the next batch, false to stop draining (a pause, or no progress).
 */
export async function pushBatch(ctx: SyncPassContext, claimed: readonly SyncItem[]): Promise<boolean> {
  const push = await startPush(ctx, claimed)
  return push === null ? true : finishPush(ctx, push)
}

/**
 * "Doublon probable" checks that are due: one `sync:verify` per batch, results stored with their audit. Stops at a
 * pause, when nothing is due, or when a whole batch could not be checked (its lists failed: they stay due).
 */
export async function verifyDue(ctx: SyncPassContext): Promise<void> {
  for (;;) {
    if (!ctx.active() || (await activePause(ctx.db, ctx.now())) !== null) return
    const items = await claimVerifications(ctx.db, undefined, ctx.env)
    if (items.length === 0) return
    const result = await ctx.api['sync:verify']({ items })
    if (!result.ok) return
    await applyVerifications(ctx.db, result.value.results, ctx.env)
    if (result.value.pause !== null) {
      await ctx.fail(result.value.pause.code, result.value.pause.message, result.value.pause.retryAfterMs)
      return
    }
    if (result.value.results.every((r) => r.status !== 'done')) return
  }
}

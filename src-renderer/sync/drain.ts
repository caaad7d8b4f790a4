/**
 * The batches of one drain (coordinator.ts), pipelined: claim, submit, store, with the next batch claimed and
 * submitted while the previous one is in flight once the road is known to work (docs/exactly-once.md
 * "Pipelining"). The coordinator owns the lock, the status and the timers; this only moves batches.
 */
import { getMeta } from '../db/meta'
import { claimBatch } from '../db/outbox-sync'
import { finishPush, startPush, type PushInFlight, type SyncPassContext } from './passes'
import { activeCategoryPauses, activePause, categoriesWithoutRight } from './pauses'
import { beforeClaim, type ServiceProbe } from './probe-gate'

/** The two steps of a pipelined drain. */
export interface DrainSteps {
  /** Claims and submits the next batch; null when the drain must stop or nothing is claimable. */
  claimNext(): Promise<PushInFlight | null>
  /**
   * Waits for a submitted batch and stores its outcomes.
   * @param registerPause false for a batch still in flight after the drain stopped: its pause is not counted again
   * @returns true to go on, false to stop draining
   */
  finish(push: PushInFlight, registerPause: boolean): Promise<boolean>
}

/**
 * Runs the batches of one drain until nothing is claimable or a batch says stop. The first batch goes alone (while the
 * service is down, each attempt claims and requeues one batch, not two); once one went through, batch k+1 is claimed
 * and submitted before batch k's outcomes are stored. After a batch whose outcomes were stored, the claim is tried
 * again even if the one made meanwhile found nothing (requeued or unknown entries may have become claimable).
 * A batch still in flight when the drain stops is stored with `registerPause` false; an error storing it is left
 * (its entries stay `sending`, made `unknown` at the next drain: the safe side).
 * @throws what `claimNext` or `finish` throw (after the batches in flight are stored)
 */
export async function runPipelined(steps: DrainSteps): Promise<void> {
  let inFlight: PushInFlight | null = null
  let next: PushInFlight | null = null
  let flowing = false
  try {
    for (;;) {
      if (inFlight === null || flowing) next = await steps.claimNext()
      if (inFlight !== null) {
        const current = inFlight
        inFlight = null
        if (!(await steps.finish(current, true))) break
        flowing = true
        if (next === null) continue
      }
      inFlight = next
      next = null
      if (inFlight === null) break
    }
  } finally {
    for (const push of [inFlight, next]) if (push !== null) await steps.finish(push, false).catch(() => false)
  }
}

/** What claiming needs besides the pass context. */
export interface ClaimContext {
  readonly pass: SyncPassContext
  /** Entries per push. */
  readonly batchSize: number
  /** Health probe asked while the last pause says the service was unreachable (probe-gate.ts). */
  readonly probe?: ServiceProbe
}

/**
 * Claims and submits the next batch unless the drain must stop: stopped or offline (`pass.active()`), a global pause,
 * the service still unreachable (the probe gate registers that failure), nothing claimable. Entries of categories
 * paused after a 403, or lacking a right per /api/moi, wait. A batch main would refuse whole is settled without a
 * request and the next one is claimed.
 * @returns the batch in flight, or null
 */
export async function claimNext(ctx: ClaimContext): Promise<PushInFlight | null> {
  const { pass } = ctx
  const { db } = pass
  for (;;) {
    if (!pass.active()) return null
    const nowMs = pass.now()
    if ((await activePause(db, nowMs)) !== null) return null
    const gate = await beforeClaim(await getMeta(db, 'sync.pause'), ctx.probe)
    if (!gate.claim) {
      await pass.fail(gate.failure.code, gate.failure.message)
      return null
    }
    const paused = [...(await activeCategoryPauses(db, nowMs)).map((p) => p.category), ...(await categoriesWithoutRight(db))]
    const claimed = await claimBatch(db, ctx.batchSize, paused, pass.env)
    if (claimed.length === 0) return null
    const push = await startPush(pass, claimed)
    if (push !== null) return push
  }
}

/** The pipelined drain of a coordinator: {@link runPipelined} over {@link claimNext} and `finishPush`. */
export function drainBatches(ctx: ClaimContext): Promise<void> {
  return runPipelined({ claimNext: () => claimNext(ctx), finish: (push, registerPause) => finishPush(ctx.pass, push, registerPause) })
}

/**
 * When the coordinator must wake next: the earliest of the given instants (ends of the global pause, of the pause the
 * last drain stopped on, of category pauses, of the queue's own timers), ms since the epoch; null when none.
 */
export function nextWakeAt(instants: readonly (string | null | undefined)[]): number | null {
  const times = instants
    .filter((t): t is string => typeof t === 'string')
    .map((t) => Date.parse(t))
    .filter((t) => !Number.isNaN(t))
  return times.length === 0 ? null : Math.min(...times)
}

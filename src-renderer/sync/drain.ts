/**
 * The batches of one drain (coordinator.ts), pipelined: claim, submit, store, with the next batch claimed and
 * submitted while the previous one is in flight once the road is known to work (docs/exactly-once.md
 * "Pipelining"). The coordinator owns the lock, the status and the timers; this only moves batches.
 */
import type { SyncItem } from '../../src-shared/domain/sync-protocol'
import { getMeta } from '../db/meta'
import { claimBatch, settleClaimed } from '../db/outbox-sync'
import { finishPush, startPush, type PushInFlight, type SyncPassContext } from './passes'
import { activeCategoryPauses, activePause, categoriesWithoutRight } from './pauses'
import { beforeClaim, isUnreachablePause, type ServiceProbe } from './probe-gate'

/** A batch claimed (held by its claim record) but not submitted yet: the drain's second batch, while the first is in flight. */
export interface HeldBatch {
  /** Submits it to main (its entries stay held); null when the drain stopped meanwhile (then it is released). */
  send(): Promise<PushInFlight | null>
  /** Gives it back unsent: its claim is released, its entries back in the state they were claimed in. */
  release(): Promise<void>
}

/** The steps of a pipelined drain. */
export interface DrainSteps {
  /** Claims and submits the next batch; null when the drain must stop or nothing is claimable. */
  claimNext(): Promise<PushInFlight | null>
  /**
   * Claims the next batch without submitting it, while the drain's first batch is in flight; null when nothing is
   * claimable, the drain must stop, or the last pause says the service could not be reached (the first batch after an
   * outage goes alone).
   */
  claimAhead(): Promise<HeldBatch | null>
  /** Waits for a submitted batch's answer: true when it shows the road works ({@link answerGoesThrough}). */
  goesThrough(push: PushInFlight): Promise<boolean>
  /**
   * Waits for a submitted batch and stores its outcomes.
   * @param registerPause false for a batch still in flight after the drain stopped: its pause is not counted again
   * @returns true to go on, false to stop draining
   */
  finish(push: PushInFlight, registerPause: boolean): Promise<boolean>
}

/**
 * Runs the batches of one drain until nothing is claimable or a batch says stop. The first batch is submitted alone;
 * the second is claimed while it is in flight and submitted as soon as the first one's answer shows the road works
 * (before the first one's outcomes are stored), else released unsent: a drain that meets a failing service sends one
 * batch, not two. From then on, batch k+1 is claimed and submitted before batch k's outcomes are stored. After a batch
 * whose outcomes were stored, the claim is tried again even if the one made meanwhile found nothing (requeued or
 * unknown entries may have become claimable).
 * A batch still in flight when the drain stops is stored with `registerPause` false; an error storing it is left
 * (its entries stay `sending`, made `unknown` at the next drain: the safe side); a batch claimed ahead and not sent is
 * released (if that fails, its claim is recovered at the next drain: `unknown`, the safe side).
 * @throws what `claimNext`, `claimAhead` or `finish` throw (after the batches in flight are stored)
 */
export async function runPipelined(steps: DrainSteps): Promise<void> {
  let inFlight: PushInFlight | null = null
  let next: PushInFlight | null = null
  let ahead: HeldBatch | null = null
  let flowing = false
  try {
    for (;;) {
      if (inFlight === null || flowing) next = await steps.claimNext()
      else {
        // The first batch is in flight: the second is claimed meanwhile (the claim's reads and write off the wire's
        // path), and sent once the first one's answer shows the road works.
        ahead = await steps.claimAhead()
        if (ahead !== null) {
          const works = await steps.goesThrough(inFlight)
          const held: HeldBatch = ahead
          ahead = null
          if (works) next = await held.send()
          else await held.release()
        }
      }
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
    if (ahead !== null) await ahead.release().catch(() => undefined)
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
 * Claims the next batch unless the drain must stop: stopped or offline (`pass.active()`), a global pause, the service
 * still unreachable (the probe gate registers that failure; with `ahead`, no probe: nothing is claimed after a network
 * pause), nothing claimable. Entries of categories paused after a 403, or lacking a right per /api/moi, wait.
 * @returns the claimed items (held by one claim record), or null
 */
async function claimGated(ctx: ClaimContext, ahead: boolean): Promise<SyncItem[] | null> {
  const { pass } = ctx
  const { db } = pass
  if (!pass.active()) return null
  const nowMs = pass.now()
  if ((await activePause(db, nowMs)) !== null) return null
  const lastPause = await getMeta(db, 'sync.pause')
  if (ahead) {
    if (isUnreachablePause(lastPause)) return null
  } else {
    const gate = await beforeClaim(lastPause, ctx.probe)
    if (!gate.claim) {
      await pass.fail(gate.failure.code, gate.failure.message)
      return null
    }
  }
  const paused = [...(await activeCategoryPauses(db, nowMs)).map((p) => p.category), ...(await categoriesWithoutRight(db))]
  const claimed = await claimBatch(db, ctx.batchSize, paused, pass.env)
  return claimed.length === 0 ? null : claimed
}

/**
 * Claims and submits the next batch unless the drain must stop (see {@link claimGated}). A batch main would refuse
 * whole is settled without a request and the next one is claimed.
 * @returns the batch in flight, or null
 */
export async function claimNext(ctx: ClaimContext): Promise<PushInFlight | null> {
  for (;;) {
    const claimed = await claimGated(ctx, false)
    if (claimed === null) return null
    const push = await startPush(ctx.pass, claimed)
    if (push !== null) return push
  }
}

/**
 * Claims the drain's second batch while its first is in flight, without submitting it ({@link HeldBatch}); nothing
 * after a network pause (that first batch goes alone, and no probe is asked while it is in flight).
 */
export async function claimAhead(ctx: ClaimContext): Promise<HeldBatch | null> {
  const claimed = await claimGated(ctx, true)
  if (claimed === null) return null
  const { pass } = ctx
  const release = (): Promise<void> =>
    settleClaimed(
      pass.db,
      claimed.map((item) => ({ clientId: item.clientId, state: 'queued' as const })),
      pass.env,
    )
  return {
    async send() {
      if (pass.active()) return startPush(pass, claimed)
      await release()
      return null
    },
    release,
  }
}

/**
 * True when a batch's answer shows the road works: main answered, with no global or category pause, and some entry
 * synced, refused or « à vérifier » (the same progress `finishPush` counts). Reads the answer only; stores nothing.
 */
export async function answerGoesThrough(push: PushInFlight): Promise<boolean> {
  const answer = await push.answer
  if (answer.type !== 'answer' || !answer.result.ok) return false
  const { pause, categoryPauses, outcomes } = answer.result.value
  return (
    pause === null &&
    categoryPauses.length === 0 &&
    outcomes.some((o) => o.result === 'synced' || o.result === 'rejected' || o.result === 'to_check')
  )
}

/** The pipelined drain of a coordinator: {@link runPipelined} over the claims above and `finishPush`. */
export function drainBatches(ctx: ClaimContext): Promise<void> {
  return runPipelined({
    claimNext: () => claimNext(ctx),
    claimAhead: () => claimAhead(ctx),
    goesThrough: answerGoesThrough,
    finish: (push, registerPause) => finishPush(ctx.pass, push, registerPause),
  })
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

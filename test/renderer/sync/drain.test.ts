/**
 * The pipelined loop of a drain (src-renderer/sync/drain.ts), with scripted steps: the order in which batches are
 * claimed, stored and left, whatever the outbox.
 */
import { describe, expect, it } from 'vitest'
import { nextWakeAt, runPipelined, type DrainSteps } from '../../../src-renderer/sync/drain'
import type { PushInFlight } from '../../../src-renderer/sync/passes'

/** Steps that log every call; `claims` are handed out in turn (null: nothing claimable), `verdicts` per finish. */
function scripted(
  claims: readonly (string | null)[],
  verdicts: Record<string, boolean | 'throw'> = {},
): { steps: DrainSteps; log: string[] } {
  const log: string[] = []
  let i = 0
  const steps: DrainSteps = {
    claimNext() {
      const name = i < claims.length ? claims[i] : null
      i += 1
      log.push(`claim ${name ?? '-'}`)
      return Promise.resolve(name === null || name === undefined ? null : { items: [], answer: Promise.resolve({ type: 'broken' }), name })
    },
    finish(push, registerPause) {
      const name = (push as PushInFlight & { name: string }).name
      log.push(`finish ${name}${registerPause ? '' : ' (pause not counted)'}`)
      const verdict = verdicts[name] ?? true
      return verdict === 'throw' ? Promise.reject(new Error('Dexie')) : Promise.resolve(verdict)
    },
  }
  return { steps, log }
}

describe('runPipelined', () => {
  it('the first batch goes alone; then each claim is made before the previous batch is stored', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3', null])
    await runPipelined(steps)
    expect(log).toEqual(['claim b1', 'finish b1', 'claim b2', 'claim b3', 'finish b2', 'claim -', 'finish b3', 'claim -'])
  })

  it('claims again after storing a batch when the claim made meanwhile found nothing', async () => {
    const { steps, log } = scripted(['b1', 'b2', null, 'b3', null, null])
    await runPipelined(steps)
    expect(log).toEqual(['claim b1', 'finish b1', 'claim b2', 'claim -', 'finish b2', 'claim b3', 'claim -', 'finish b3', 'claim -'])
  })

  it('stops on a batch that says stop, and stores the batch still in flight without counting its pause', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3', 'b4'], { b2: false })
    await runPipelined(steps)
    expect(log).toEqual(['claim b1', 'finish b1', 'claim b2', 'claim b3', 'finish b2', 'finish b3 (pause not counted)'])
  })

  it('a first batch that says stop claims nothing more', async () => {
    const { steps, log } = scripted(['b1', 'b2'], { b1: false })
    await runPipelined(steps)
    expect(log).toEqual(['claim b1', 'finish b1'])
  })

  it('on a failure storing a batch, the batch in flight is still stored, then the failure is thrown', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3'], { b2: 'throw' })
    await expect(runPipelined(steps)).rejects.toThrow('Dexie')
    expect(log).toEqual(['claim b1', 'finish b1', 'claim b2', 'claim b3', 'finish b2', 'finish b3 (pause not counted)'])
  })
})

describe('nextWakeAt', () => {
  it('is the earliest instant given, ignoring the absent and the unreadable', () => {
    expect(nextWakeAt([null, '2026-11-20T09:00:05.000Z', undefined, 'pas une date', '2026-11-20T09:00:01.000Z'])).toBe(
      Date.parse('2026-11-20T09:00:01.000Z'),
    )
  })

  it('is null without any instant', () => {
    expect(nextWakeAt([null, undefined])).toBeNull()
  })
})

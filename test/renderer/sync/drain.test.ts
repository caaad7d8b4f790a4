/**
 * The pipelined loop of a drain (src-renderer/sync/drain.ts), with scripted steps: the order in which batches are
 * claimed, stored and left, whatever the outbox.
 */
import { describe, expect, it } from 'vitest'
import { nextWakeAt, runPipelined, type DrainSteps } from '../../../src-renderer/sync/drain'
import type { PushInFlight } from '../../../src-renderer/sync/passes'

/**
 * Steps that log every call; `claims` are handed out in turn (null: nothing claimable), by `claimNext` and
 * `claimAhead` alike; `verdicts` per finish; `answers` per batch: whether its answer shows the road works (default yes).
 */
function scripted(
  claims: readonly (string | null)[],
  verdicts: Record<string, boolean | 'throw'> = {},
  answers: Record<string, boolean> = {},
): { steps: DrainSteps; log: string[] } {
  const log: string[] = []
  let i = 0
  const nextName = (): string | null => {
    const name = i < claims.length ? claims[i] : null
    i += 1
    return name ?? null
  }
  const inFlight = (name: string): PushInFlight => ({ items: [], answer: Promise.resolve({ type: 'broken' }), name }) as PushInFlight
  const nameOf = (push: PushInFlight): string => (push as PushInFlight & { name: string }).name
  const steps: DrainSteps = {
    claimNext() {
      const name = nextName()
      log.push(`claim ${name ?? '-'}`)
      return Promise.resolve(name === null ? null : inFlight(name))
    },
    claimAhead() {
      const name = nextName()
      log.push(`claim ahead ${name ?? '-'}`)
      if (name === null) return Promise.resolve(null)
      return Promise.resolve({
        send() {
          log.push(`send ${name}`)
          return Promise.resolve(inFlight(name))
        },
        release() {
          log.push(`release ${name}`)
          return Promise.resolve()
        },
      })
    },
    goesThrough(push) {
      const works = answers[nameOf(push)] ?? true
      log.push(`answer ${nameOf(push)}${works ? '' : ' (no progress)'}`)
      return Promise.resolve(works)
    },
    finish(push, registerPause) {
      const name = nameOf(push)
      log.push(`finish ${name}${registerPause ? '' : ' (pause not counted)'}`)
      const verdict = verdicts[name] ?? true
      return verdict === 'throw' ? Promise.reject(new Error('Dexie')) : Promise.resolve(verdict)
    },
  }
  return { steps, log }
}

describe('runPipelined', () => {
  it('the second batch is claimed while the first is in flight and sent on its answer, before it is stored', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3', null])
    await runPipelined(steps)
    expect(log).toEqual([
      'claim b1',
      'claim ahead b2',
      'answer b1',
      'send b2',
      'finish b1',
      'claim b3',
      'finish b2',
      'claim -',
      'finish b3',
      'claim -',
    ])
  })

  it('a first answer that shows no road releases the batch claimed ahead: one batch sent, not two', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3'], { b1: false }, { b1: false })
    await runPipelined(steps)
    expect(log).toEqual(['claim b1', 'claim ahead b2', 'answer b1 (no progress)', 'release b2', 'finish b1'])
  })

  it('after the batch ahead is released, a first batch that says go on is followed by a fresh claim (its pauses now stored)', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3', null], {}, { b1: false })
    await runPipelined(steps)
    expect(log).toEqual([
      'claim b1',
      'claim ahead b2',
      'answer b1 (no progress)',
      'release b2',
      'finish b1',
      'claim b3',
      'claim -',
      'finish b3',
      'claim -',
    ])
  })

  it('claims again after storing a batch when the claim made meanwhile found nothing', async () => {
    const { steps, log } = scripted(['b1', null, 'b2', null, 'b3', null, null])
    await runPipelined(steps)
    expect(log).toEqual([
      'claim b1',
      'claim ahead -',
      'finish b1',
      'claim b2',
      'claim -',
      'finish b2',
      'claim b3',
      'claim -',
      'finish b3',
      'claim -',
    ])
  })

  it('stops on a batch that says stop, and stores the batch still in flight without counting its pause', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3', 'b4'], { b2: false })
    await runPipelined(steps)
    expect(log).toEqual([
      'claim b1',
      'claim ahead b2',
      'answer b1',
      'send b2',
      'finish b1',
      'claim b3',
      'finish b2',
      'finish b3 (pause not counted)',
    ])
  })

  it('a first batch that says stop after a good answer stores the second one without counting its pause', async () => {
    const { steps, log } = scripted(['b1', 'b2'], { b1: false })
    await runPipelined(steps)
    expect(log).toEqual(['claim b1', 'claim ahead b2', 'answer b1', 'send b2', 'finish b1', 'finish b2 (pause not counted)'])
  })

  it('on a failure storing a batch, the batch in flight is still stored, then the failure is thrown', async () => {
    const { steps, log } = scripted(['b1', 'b2', 'b3'], { b2: 'throw' })
    await expect(runPipelined(steps)).rejects.toThrow('Dexie')
    expect(log).toEqual([
      'claim b1',
      'claim ahead b2',
      'answer b1',
      'send b2',
      'finish b1',
      'claim b3',
      'finish b2',
      'finish b3 (pause not counted)',
    ])
  })

  it('a failure claiming ahead still stores the first batch, then is thrown', async () => {
    const { steps, log } = scripted(['b1'])
    steps.claimAhead = () => {
      log.push('claim ahead (fails)')
      return Promise.reject(new Error('Dexie'))
    }
    await expect(runPipelined(steps)).rejects.toThrow('Dexie')
    expect(log).toEqual(['claim b1', 'claim ahead (fails)', 'finish b1 (pause not counted)'])
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

/**
 * Helpers of the people-writes queue's tests (db/people-writes.ts, db/cabinet-writes.ts): a clock the test moves with
 * sequential UUIDs, and main's outcome of one write.
 */
import type { OutboxEnv } from '../../../src-renderer/db/write'
import type { PeopleWriteOutcome } from '../../../src-shared/domain/people-writes'

/** A clock the test moves (`at`, ms), and sequential UUIDs; each new id moves the clock `stepMs` on (0: still). */
export function env(start = '2026-11-20T09:00:00.000Z', stepMs = 0): OutboxEnv & { at: number } {
  let n = 0
  const e = {
    at: Date.parse(start),
    now: () => new Date(e.at).toISOString(),
    newId: () => {
      e.at += stepMs
      return `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`
    },
  }
  return e
}

/** Main's outcome of the write `clientId`, sent at 09:00:01 unless `extra` says otherwise. */
export function outcomeOf(
  clientId: string,
  result: PeopleWriteOutcome['result'],
  extra: Partial<PeopleWriteOutcome> = {},
): PeopleWriteOutcome {
  return { clientId, result, error: null, serverId: null, sentAt: '2026-11-20T09:00:01.000Z', settleUntil: null, ...extra }
}

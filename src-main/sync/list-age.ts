/**
 * The age of a push's pre-send lists when its creates' requests leave (executor.ts, docs/exactly-once.md "A list's
 * age at the write"). A list only shows records created before it: a create whose request would leave more than
 * {@link LIST_MAX_AGE_AT_WRITE_MS} after its push had the list is not sent (it goes back to the queue, and the next
 * push lists its scope again). No I/O: the executor tells when each list is in hand and when each write left.
 */

/**
 * Oldest a create's pre-send list may be, from the moment the push has it, when a request of the create leaves: 10 s.
 * Assumption (not shown in the reference): 10 s is five times the age a list has at a batch's last write on a working
 * road (docs/exactly-once.md), so only a degraded push (time-outs, retries, a busy service) hits it; with the 2 s an
 * early list may have when the push takes it (EARLY_LIST_MAX_AGE_MS, early-lists.ts), no write leaves on a list older
 * than 12 s.
 */
export const LIST_MAX_AGE_AT_WRITE_MS = 10_000

/** The list ages of one push. Instants are the executor's clock (`now()`), ms. */
export interface ListAges {
  /** Notes that the list of `groupKey` is in hand now. */
  listed(groupKey: string): void
  /**
   * For a create of `groupKey`: true once its list is older than the bound (its write must not leave); undefined when
   * the group has no list in hand (not a create, or not listed).
   */
  expiry(groupKey: string): (() => boolean) | undefined
  /** Notes the requests a create of `groupKey` sent (`starts`), and whether it was sent back for an expired list. */
  wrote(groupKey: string, starts: readonly number[], expired: boolean): void
  /** For the push's summary line: the longest list-to-request time (ms, whole) and the creates sent back. */
  summary(): { listeAgeMaxMs: number; listesTropAnciennes: number }
}

/**
 * Creates the list ages of a push.
 * @param maxAgeMs the bound, ms (default {@link LIST_MAX_AGE_AT_WRITE_MS})
 * @param now the executor's clock
 */
export function createListAges(now: () => Date, maxAgeMs: number = LIST_MAX_AGE_AT_WRITE_MS): ListAges {
  const listedAt = new Map<string, number>()
  let ageMaxMs = 0
  let expired = 0
  return {
    listed(groupKey) {
      listedAt.set(groupKey, now().getTime())
    },
    expiry(groupKey) {
      const at = listedAt.get(groupKey)
      return at === undefined ? undefined : () => now().getTime() - at > maxAgeMs
    },
    wrote(groupKey, starts, sentBack) {
      const at = listedAt.get(groupKey)
      if (at !== undefined) for (const start of starts) ageMaxMs = Math.max(ageMaxMs, start - at)
      if (sentBack) expired += 1
    },
    summary() {
      return { listeAgeMaxMs: Math.round(ageMaxMs), listesTropAnciennes: expired }
    },
  }
}

/** One request of the people reads with a permit of the connection's rate budget, when there is one. */
import type { RateBudget } from '../sync/rate-budget'

/** Runs `request` holding a permit of `budget` (none without a budget); the permit is released whatever happens. */
export async function withPermit<T>(budget: RateBudget | undefined, request: () => Promise<T>): Promise<T> {
  const release = budget === undefined ? null : await budget.acquire()
  try {
    return await request()
  } finally {
    release?.()
  }
}

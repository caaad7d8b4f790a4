/**
 * Pauses of the queue, kept in the `meta` table so every window sees the same ones (ARCHITECTURE.md "Errors"):
 * a global pause when the road is broken (resumes at `Retry-After`, else exponential backoff with full jitter,
 * src-shared/domain/backoff.ts), and a pause per API category when a right is missing (HTTP 403).
 */
import { CATEGORIES, type Categorie } from '../../src-shared/api/categories'
import { backoffDelay } from '../../src-shared/domain/backoff'
import type { CategoryPause } from '../../src-shared/domain/sync-protocol'
import { getMeta, setMeta } from '../db/meta'
import type { StoredCategoryPause, StoredPause } from '../db/meta'
import type { PaieDb } from '../db/schema'

/** How long a category stays paused for a missing right unless a reference refresh shows the right is back. */
export const CATEGORY_PAUSE_MS = 5 * 60_000

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** The global pause if it is still running at `nowMs`, else null (an expired pause is kept until a batch succeeds). */
export async function activePause(db: PaieDb, nowMs: number): Promise<StoredPause | null> {
  const pause = await getMeta(db, 'sync.pause')
  return pause != null && Date.parse(pause.resumeAt) > nowMs ? pause : null
}

/** Category pauses still running at `nowMs`; expired ones are removed from `meta`. */
export async function activeCategoryPauses(db: PaieDb, nowMs: number): Promise<StoredCategoryPause[]> {
  const all = (await getMeta(db, 'sync.categoryPauses')) ?? []
  const active = all.filter((p) => Date.parse(p.resumeAt) > nowMs)
  if (active.length !== all.length) await setMeta(db, 'sync.categoryPauses', active)
  return active
}

/** Pauses the categories main reported (one per category; a new report replaces the old one) for `durationMs`. */
export async function addCategoryPauses(
  db: PaieDb,
  pauses: readonly CategoryPause[],
  nowMs: number,
  durationMs: number = CATEGORY_PAUSE_MS,
): Promise<void> {
  if (pauses.length === 0) return
  const added = new Set(pauses.map((p) => p.category))
  const kept = (await activeCategoryPauses(db, nowMs)).filter((p) => !added.has(p.category))
  const resumeAt = iso(nowMs + durationMs)
  await setMeta(db, 'sync.categoryPauses', [...kept, ...pauses.map((p) => ({ category: p.category, message: p.message, resumeAt }))])
}

/**
 * Categories the credentials lack according to the last `/api/moi` (cached by the reference refresh as
 * `reference.droits`): their entries wait in the queue instead of being sent to a certain 403. Empty when the
 * rights are not known yet (then the first 403 pauses the category, see {@link addCategoryPauses}).
 */
export async function categoriesWithoutRight(db: PaieDb): Promise<Categorie[]> {
  const droits = await getMeta(db, 'reference.droits')
  if (droits == null) return []
  return CATEGORIES.filter((c) => !droits.includes(c))
}

/**
 * Lifts the pauses of categories the user has the right to again (after a reference refresh).
 * @returns the categories lifted
 */
export async function liftCategoryPauses(db: PaieDb, droits: readonly Categorie[], nowMs: number): Promise<Categorie[]> {
  const active = await activeCategoryPauses(db, nowMs)
  const lifted = active.filter((p) => droits.includes(p.category)).map((p) => p.category)
  if (lifted.length > 0)
    await setMeta(
      db,
      'sync.categoryPauses',
      active.filter((p) => !lifted.includes(p.category)),
    )
  return lifted
}

/**
 * Records one more consecutive global failure and pauses the queue: `resumeAt = now + backoffDelay(failures,
 * retryAfterMs, random)` (Retry-After when given, capped at 5 minutes; else 1 s doubling, full jitter).
 * @returns the stored pause
 */
export async function registerFailure(
  db: PaieDb,
  failure: { readonly code: string; readonly message: string },
  retryAfterMs: number | null,
  nowMs: number,
  random: number,
): Promise<StoredPause> {
  const failures = ((await getMeta(db, 'sync.failures')) ?? 0) + 1
  const pause: StoredPause = {
    code: failure.code,
    message: failure.message,
    resumeAt: iso(nowMs + backoffDelay(failures, retryAfterMs, random)),
    fromServer: retryAfterMs !== null,
  }
  await db.transaction('rw', db.meta, async () => {
    await setMeta(db, 'sync.failures', failures)
    await setMeta(db, 'sync.pause', pause)
  })
  return pause
}

/** A batch went through: failure counter back to 0, global pause lifted, `lastSyncAt` = now. */
export async function registerSuccess(db: PaieDb, nowMs: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await setMeta(db, 'sync.failures', 0)
    await setMeta(db, 'sync.pause', null)
    await setMeta(db, 'sync.lastSyncAt', iso(nowMs))
  })
}

/**
 * Lifts the global pause ("Synchroniser maintenant", back online). With `keepServerPause`, a pause the server
 * asked for (Retry-After, e.g. HTTP 429) is kept: coming back online does not make the server readier.
 * The failure counter is kept, so a road still broken backs off further.
 */
export async function clearPause(db: PaieDb, keepServerPause = false): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const pause = await getMeta(db, 'sync.pause')
    if (pause == null || (keepServerPause && pause.fromServer)) return
    await setMeta(db, 'sync.pause', null)
  })
}

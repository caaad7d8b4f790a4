/**
 * Lists the service's records of the scopes a push writes to, before any write of the push: the pre-send check of
 * first sends and the reconciliation of `unknown` entries both read them (matching.ts).
 *
 * One list request covers many scopes: entries are grouped by kind, dossier and period, and each group is listed with
 * its employees as a multi-valued `matricule` filter ({@link MATRICULES_PER_LIST} at most per request), every page
 * of {@link MAX_PAGE_SIZE}. A transient failure (500, 502/504, short 503) is tried once more after a short wait.
 */
import { ENTRY_KIND_SPECS, type EntryKind } from '../../src-shared/domain/entry-kinds'
import type { EntryScope, KeyFields } from '../../src-shared/domain/fingerprint'
import type { ApiClient } from '../api/client'
import type { AttemptFacts } from './outcomes'
import type { PageOf } from '../../src-shared/api/common'
import { fetchAllPages } from '../api/paging'
import { asRecordPage, callLoose, scopeListQuery } from './entry-calls'
import { pauseFor, transientRetryDelayMs } from './pacing'
import type { RateBudget } from './rate-budget'

/** Most employees named in one list request (keeps the URL short: 100 × ~20 characters). */
export const MATRICULES_PER_LIST = 100

/** Employees of one kind, dossier and period, listed together. */
export interface ListGroup {
  /** `kind|siren|periode|n` (n: chunk of matricules). */
  readonly key: string
  readonly kind: EntryKind
  readonly siren: string
  readonly periode: string
  readonly matricules: readonly string[]
}

/**
 * Groups scopes into list requests: one per kind, dossier and period, split by {@link MATRICULES_PER_LIST}.
 * @returns the groups, and for each scope key (`scopeKey`) the key of the group that lists it.
 */
export function listGroups(scopes: readonly EntryScope[]): { groups: ListGroup[]; groupOfScope: Map<string, string> } {
  const byPeriod = new Map<string, { kind: EntryKind; siren: string; periode: string; matricules: Set<string> }>()
  for (const s of scopes) {
    const key = `${s.kind}|${s.siren}|${s.periode}`
    let g = byPeriod.get(key)
    if (g === undefined) byPeriod.set(key, (g = { kind: s.kind, siren: s.siren, periode: s.periode, matricules: new Set() }))
    g.matricules.add(s.matricule)
  }
  const groups: ListGroup[] = []
  const groupOfScope = new Map<string, string>()
  for (const [key, g] of byPeriod) {
    const all = [...g.matricules].sort()
    for (let i = 0; i * MATRICULES_PER_LIST < all.length; i++) {
      const matricules = all.slice(i * MATRICULES_PER_LIST, (i + 1) * MATRICULES_PER_LIST)
      const groupKey = `${key}|${i}`
      groups.push({ key: groupKey, kind: g.kind, siren: g.siren, periode: g.periode, matricules })
      for (const m of matricules) groupOfScope.set(`${g.kind}|${g.siren}|${m}|${g.periode}`, groupKey)
    }
  }
  return { groups, groupOfScope }
}

/** What listing one group gave: its records, or the error that stopped it; and every request made. */
export type ListOutcome =
  | { readonly ok: true; readonly records: readonly KeyFields[]; readonly attempts: readonly Omit<AttemptFacts, 'serverId'>[] }
  | { readonly ok: false; readonly error: unknown; readonly attempts: readonly Omit<AttemptFacts, 'serverId'>[] }

/** What {@link listGroup} needs. */
export interface ListDeps {
  readonly client: ApiClient
  readonly budget: RateBudget
  readonly signal: AbortSignal
  readonly now: () => Date
  /** Told of each answer's duration (concurrency sizing). */
  readonly observe?: (ms: number) => void
}

/** Thrown inside a page read when the push stopped (its budget aborted): the list ends without an error. */
class PushStopped extends Error {}

/**
 * Lists every page of one group through the one paging loop of main (api/paging.ts: last page, endless-list
 * guard); a transient failure of a page is tried once more (once per group).
 * @returns `ok: false` with the error when a page failed, or with null when the push stopped (budget aborted).
 */
export async function listGroup(group: ListGroup, deps: ListDeps): Promise<ListOutcome> {
  const operation = ENTRY_KIND_SPECS[group.kind].list
  const attempts: Omit<AttemptFacts, 'serverId'>[] = []
  const scope = { kind: group.kind, siren: group.siren, matricule: '', periode: group.periode }
  let retried = false
  const fetchPage = async (page: number): Promise<PageOf<KeyFields>> => {
    for (;;) {
      const release = await deps.budget.acquire(deps.signal)
      if (release === null) throw new PushStopped()
      const at = deps.now()
      const started = performance.now()
      let retryIn: number | null
      try {
        const query = { ...scopeListQuery(scope, page), matricule: [...group.matricules] }
        const answer = await callLoose(deps.client, operation, { query })
        const ms = performance.now() - started
        deps.observe?.(ms)
        attempts.push({ at, operation, method: 'GET', durationMs: ms, status: answer.status, payload: null, error: null })
        const body = asRecordPage(answer.value)
        return { ...body, elements: [...body.elements] }
      } catch (thrown) {
        attempts.push({ at, operation, method: 'GET', durationMs: performance.now() - started, status: null, payload: null, error: thrown })
        retryIn = retried ? null : transientRetryDelayMs(thrown)
        if (retryIn === null) throw thrown
      } finally {
        release()
      }
      retried = true
      await pauseFor(retryIn, deps.signal)
    }
  }
  try {
    return { ok: true, records: await fetchAllPages(operation, fetchPage), attempts }
  } catch (thrown) {
    return { ok: false, error: thrown instanceof PushStopped ? null : thrown, attempts }
  }
}

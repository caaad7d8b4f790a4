/**
 * The queue's filter kept in the route query (`?state=queued&siren=732829320&kind=evp&matricule=M1`): read back
 * with invalid values ignored, changed one key at a time with empty values removed. Pure.
 */
import { EntryKind } from '../../../src-shared/domain/entry-kinds'
import { EntryState } from '../../../src-shared/domain/states'
import type { EntryFilter } from '../../db/outbox-query'

/** The filter's keys, as they stand in the route query. */
export type QueueFilterKey = 'state' | 'siren' | 'kind' | 'matricule'

/** A change of some filter keys: an empty or absent value removes the key. */
export type QueueFilterPatch = Partial<Record<QueueFilterKey, string | undefined>>

/** A route query as vue-router gives it (a value may be a string, null, or a repeated key's array). */
export type RouteQuery = Readonly<Record<string, unknown>>

function queryString(query: RouteQuery, key: string): string | undefined {
  const value = query[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * The filter a route query asks for: an unknown state or kind, a SIREN that is not 9 digits, an empty or repeated
 * key are ignored (the queue then shows more, never an error).
 */
export function filterFromQuery(query: RouteQuery): EntryFilter {
  const siren = queryString(query, 'siren')
  return {
    state: EntryState.safeParse(queryString(query, 'state')).data,
    siren: siren !== undefined && /^\d{9}$/.test(siren) ? siren : undefined,
    kind: EntryKind.safeParse(queryString(query, 'kind')).data,
    matricule: queryString(query, 'matricule'),
  }
}

/** The route query after `patch`: other keys kept, empty values and non-string values dropped. */
export function queryWithFilter(query: RouteQuery, patch: QueueFilterPatch): Record<string, string> {
  const next: Record<string, string> = {}
  for (const [key, value] of Object.entries({ ...query, ...patch })) {
    if (typeof value === 'string' && value !== '') next[key] = value
  }
  return next
}

/** True when the filter keeps every entry. */
export function isEmptyFilter(filter: EntryFilter): boolean {
  return Object.values(filter).every((v) => v === undefined)
}

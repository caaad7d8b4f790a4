/**
 * How many entries of a profile's database still need the clerk or the sync: drafts, queued, sending, unknown and
 * rejected (a rejected entry waits for a fix). Used before removing a profile, so no work is ever dropped.
 */
import Dexie from 'dexie'

import type { EntryState } from '../../src-shared/domain/states'
import { countsByState } from './counts'
import { PaieDb } from './schema'

/** States whose entries are not settled (not synced, not cancelled). */
export const UNSETTLED_STATES: readonly EntryState[] = ['draft', 'queued', 'sending', 'unknown', 'rejected', 'to_check']

/**
 * Unsettled entries in the database `dbName`, from its counts table; 0 when the database does not exist.
 * The database is opened (and upgraded if needed) then closed.
 */
export async function countPendingIn(dbName: string): Promise<number> {
  if (!(await Dexie.exists(dbName))) return 0
  const db = new PaieDb(dbName)
  try {
    const counts = await countsByState(db)
    return UNSETTLED_STATES.reduce((sum, state) => sum + counts[state], 0)
  } finally {
    db.close()
  }
}

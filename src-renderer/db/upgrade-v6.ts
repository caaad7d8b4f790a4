/**
 * Database upgrade v5 -> v6 (schema.ts): the trust boundary of what earlier versions stored. Every outbox row's body
 * (kind, operation, target, payload) is parsed ONCE with its kind's schema (`EntryBodySchema`, entry.ts); from then
 * on rows are read typed. Nothing is lost: a row that no longer parses keeps everything it held, its payload moved
 * to `unreadable`, and is never sent.
 */
import type { Transaction } from 'dexie'

import { EntryBodySchema } from '../../src-shared/domain/entry'
import { ENTRY_KIND_SPECS, EntryOperation } from '../../src-shared/domain/entry-kinds'
import { EntryState } from '../../src-shared/domain/states'
import type { SyncError } from '../../src-shared/domain/sync-protocol'
import { parseFrench } from '../../src-shared/domain/validation/schema-issues'
import { CountDeltas } from './counts'
import type { CountRow } from './schema'

/** Error code of an entry an upgrade could not read back. */
export const SAISIE_ILLISIBLE = 'SAISIE_ILLISIBLE'

/** States kept when the row cannot be read: the record is on the service (`synced`) or the clerk gave it up. */
const FINAL_STATES: ReadonlySet<EntryState> = new Set<EntryState>(['synced', 'cancelled'])

/** The error of an entry an upgrade could not read back (worded by the views by its code); `champs` says which fields. */
export function unreadableError(champs: SyncError['champs']): SyncError {
  return {
    code: SAISIE_ILLISIBLE,
    message: 'stored entry unreadable by this version; not sent',
    status: null,
    champs,
  }
}

/**
 * Parses the body of every outbox row. A row that parses keeps its payload as parsed (unknown keys dropped). One
 * that does not is kept with `payload: null` and `unreadable: { payload }` (what was stored); unless it was `synced`
 * or `cancelled`, it becomes `rejected` with {@link unreadableError} (the field messages in French), and the counts
 * move with it. A row of a kind or operation this version does not know is left for a version that knows it (no
 * version of this app wrote one: kinds are only added, and Dexie refuses a database of a newer version).
 * Runs inside Dexie's version-change transaction: every row is upgraded, or the database stays at v5.
 */
export async function upgradeToV6(tx: Transaction): Promise<void> {
  const deltas = new CountDeltas()
  await tx
    .table<Record<string, unknown>, string>('outbox')
    .toCollection()
    .modify((row) => {
      const kind = row['kind']
      if (typeof kind !== 'string' || !Object.hasOwn(ENTRY_KIND_SPECS, kind) || !EntryOperation.safeParse(row['operation']).success) return
      const parsed = parseFrench(EntryBodySchema, row)
      if (parsed.ok) {
        row['payload'] = parsed.data.payload
        return
      }
      row['unreadable'] = { payload: row['payload'] }
      row['payload'] = null
      const state = EntryState.safeParse(row['state']).data
      const siren = row['siren']
      if (state === undefined || FINAL_STATES.has(state) || typeof siren !== 'string') return
      row['state'] = 'rejected'
      row['error'] = unreadableError(parsed.issues)
      deltas.track({ siren, state }, { siren, state: 'rejected' })
    })
  await deltas.apply({ counts: tx.table<CountRow, [string, EntryState]>('counts') })
}

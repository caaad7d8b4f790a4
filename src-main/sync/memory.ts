/**
 * What the executor of a profile remembers about the entries it pushed, across pushes (and across the connection
 * objects of that profile: it is owned by the profile, see ipc/handlers/sync.ts):
 * - the audit attempts of the last push that carried each entry: when the renderer's window reloaded mid-push, the
 *   answer was lost, and the next push of the entry (`interrupted`) gets them back in its outcome;
 * - when each entry's writes started, so that an `unknown` entry is never reconciled while one of its writes may
 *   still be in flight, and so that its send window includes writes the renderer never heard of;
 * - the record the last push synced it to (a POST answered 201 naming it, or a record proved its own): an entry that
 *   comes back `interrupted` after such a push is synced again to that record without any request (the renderer
 *   lost the answer, main did not), instead of being reconciled against records that may since have become doubts.
 * - which entry each of those records belongs to, so that no other entry ever takes it (plan-creates.ts).
 * Bounded: the {@link ATTEMPT_MEMORY} most recent entries.
 */
import type { AuditAttempt, SendWindow, SyncOutcome } from '../../src-shared/domain/sync-protocol'
import { widenWindow, windowOfStarts } from './window'

/** Entries whose last attempts the executor remembers. */
export const ATTEMPT_MEMORY = 20_000

interface Remembered {
  readonly revision: number
  readonly attempts: readonly AuditAttempt[]
  /** Window of every write of this revision this process made. */
  readonly window: SendWindow | null
  /** The record the last push synced this revision to, and its "doublon probable" check instant; null otherwise. */
  readonly synced: SyncedOutcome | null
}

/** A synced outcome as remembered: the record and the instant of its "doublon probable" check (null: none). */
export interface SyncedOutcome {
  readonly serverId: string
  readonly verifyAfter: string | null
}

/** The executor's memory of one profile. */
export interface PushMemory {
  /** Attempts of the last push that carried the entry at this revision (empty when none). */
  attemptsOf(clientId: string, revision: number): readonly AuditAttempt[]
  /** Window of every write of the entry at this revision this process made (null when none). */
  windowOf(clientId: string, revision: number): SendWindow | null
  /** The record the last push that carried the entry at this revision synced it to (null when it did not). */
  syncedOf(clientId: string, revision: number): SyncedOutcome | null
  /**
   * Records the attempts of this push, widens the window with its write starts (local ms), and keeps the record of
   * a `synced` outcome (any other outcome forgets it).
   */
  remember(
    clientId: string,
    revision: number,
    attempts: readonly AuditAttempt[],
    writeStarts: readonly number[],
    outcome?: Pick<SyncOutcome, 'result' | 'serverId' | 'verifyAfter'>,
  ): void
  /** The entry (clientId) a remembered push synced this record to, or null. */
  holderOf(serverId: string): string | null
  /** Notes the `date_modification` a PATCH of this profile left on record `serverId` (its 2xx answer). */
  noteModification(serverId: string, dateModification: string): void
  /** True when `dateModification` is the one a PATCH of this profile left on `serverId` (not someone else's change). */
  madeModification(serverId: string, dateModification: string): boolean
}

/** Creates an empty memory. */
export function createPushMemory(limit: number = ATTEMPT_MEMORY): PushMemory {
  const entries = new Map<string, Remembered>()
  /** Server id → clientId of the remembered synced outcomes. */
  const holders = new Map<string, string>()
  /** Server id → `date_modification` left by this profile's last PATCH of it (bounded like the entries). */
  const modified = new Map<string, string>()
  const forget = (clientId: string): void => {
    const held = entries.get(clientId)?.synced?.serverId
    if (held !== undefined && holders.get(held) === clientId) holders.delete(held)
    entries.delete(clientId)
  }
  const current = (clientId: string, revision: number): Remembered | undefined => {
    const r = entries.get(clientId)
    return r?.revision === revision ? r : undefined
  }
  return {
    attemptsOf: (clientId, revision) => current(clientId, revision)?.attempts ?? [],
    windowOf: (clientId, revision) => current(clientId, revision)?.window ?? null,
    syncedOf: (clientId, revision) => current(clientId, revision)?.synced ?? null,
    remember(clientId, revision, attempts, writeStarts, outcome) {
      const previous = current(clientId, revision)
      forget(clientId)
      const synced =
        outcome?.result === 'synced' && outcome.serverId !== null
          ? { serverId: outcome.serverId, verifyAfter: outcome.verifyAfter ?? null }
          : null
      entries.set(clientId, {
        revision,
        attempts: [...attempts],
        window: widenWindow(previous?.window, windowOfStarts(writeStarts)),
        synced,
      })
      if (synced !== null) holders.set(synced.serverId, clientId)
      for (const key of entries.keys()) {
        if (entries.size <= limit) break
        forget(key)
      }
    },
    holderOf: (serverId) => holders.get(serverId) ?? null,
    noteModification(serverId, dateModification) {
      modified.delete(serverId)
      modified.set(serverId, dateModification)
      for (const key of modified.keys()) {
        if (modified.size <= limit) break
        modified.delete(key)
      }
    },
    madeModification: (serverId, dateModification) => modified.get(serverId) === dateModification,
  }
}

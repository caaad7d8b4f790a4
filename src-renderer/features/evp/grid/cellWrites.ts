/**
 * The EVP grid's writes to the outbox, apart from its cells' state (useEvpCells.ts): per-cell chains of saves (never
 * two at once for one cell), the read of the period's EVP entries, and one cell's change run through the outbox store.
 */
import type { OutboxEntry } from '../../../../src-shared/domain/outbox'
import type { useOutboxStore } from '../../../stores/outbox'
import type { CellChange } from './evpCellModel'
import type { EntryResult } from './evpCellState'

/** Per-key chains of work: a key's work starts after the previous work of that key has settled. */
export function createKeyedChains() {
  const chains = new Map<string, Promise<void>>()
  /** Chains `work` after the previous work of `key`; the returned promise never rejects when `work` does not. */
  function run(key: string, work: () => Promise<void>): Promise<void> {
    const next = (chains.get(key) ?? Promise.resolve()).then(work, work)
    chains.set(key, next)
    const cleanup = (): void => {
      if (chains.get(key) === next) chains.delete(key)
    }
    void next.then(cleanup, cleanup)
    return next
  }
  return {
    /** True while work of `key` is under way, or a turn taken for it ({@link reserve}) has not ended. */
    busy: (key: string): boolean => chains.has(key),
    run,
    /**
     * Takes `key`'s turn now, for work decided later: work of `key` chained from now on waits for it. Give the work to
     * the returned function (once: a later call is refused, and every turn must be given one, or the key stays busy);
     * it starts once the work of `key` chained before has settled.
     * @returns the function taking the work; true when it took it
     */
    reserve(key: string): (work: () => Promise<unknown>) => boolean {
      let give: ((work: () => Promise<unknown>) => void) | null = null
      const given = new Promise<() => Promise<unknown>>((resolve) => {
        give = resolve
      })
      void run(key, async () => {
        const work = await given
        try {
          await work()
        } catch {
          // The turn ends whatever its work gave: the key's later work is not blocked by it.
        }
      })
      return (work) => {
        if (give === null) return false
        give(work)
        give = null
        return true
      }
    },
  }
}

/** The outbox store the grid saves through. */
export type OutboxStore = ReturnType<typeof useOutboxStore>

/** Every EVP entry of dossier `siren` in period `periode` in the outbox, most recently changed first (one read of the period). */
export async function readEvpEntries(outbox: OutboxStore, siren: string, periode: string): Promise<OutboxEntry[]> {
  return (await outbox.listPeriod(siren, periode)).filter((e) => e.kind === 'evp')
}

/**
 * Runs one cell's change through the outbox store. An update or delete carries the record as the records cache holds
 * it (`readOf`): its `date_modification` lets the sync refuse to write over a change made on the service since
 * (docs/api-assumptions.md #47); a record the cache does not hold is changed as before.
 * @param busyMessage French message of a cell whose entry is being sent or reconciled (not changeable now).
 * @returns the result to settle, `cleared` when there was nothing to write, or null when the cell must be reloaded (cancelled).
 */
export async function applyCellChange(
  outbox: OutboxStore,
  change: CellChange,
  busyMessage: string,
  readOf: (serverId: string) => { readonly targetRecord?: Readonly<Record<string, unknown>> },
): Promise<EntryResult | 'cleared' | null> {
  /** A PATCH of record `target`, carrying the record as read. */
  const update = (target: string, payload: Record<string, unknown>): Promise<EntryResult> =>
    outbox.enqueue({ kind: 'evp', operation: 'update', targetServerId: target, payload, ...readOf(target) })
  switch (change.type) {
    case 'none':
      return 'cleared'
    case 'busy':
      return { ok: false, issues: [{ champ: '', message: busyMessage }] }
    case 'create':
      return outbox.enqueue({ kind: 'evp', payload: change.payload })
    case 'revise':
      return outbox.revise(change.clientId, change.payload)
    case 'update':
      return update(change.targetServerId, change.payload)
    case 'delete':
      return outbox.enqueue({
        kind: 'evp',
        operation: 'delete',
        targetServerId: change.targetServerId,
        payload: null,
        ...readOf(change.targetServerId),
      })
    case 'cancel':
      await outbox.cancel(change.clientId)
      return null
    case 'replaceDelete':
      await outbox.cancel(change.clientId)
      return update(change.targetServerId, change.payload)
  }
}

/**
 * The EVP grid's hold on saves until its period is read (docs/api-assumptions.md #85, glossary « held for the read »):
 * no cell is saved before the service's records of the dossier and period shown, and the grid's own outbox entries of
 * that period, are read. Saves made meanwhile are held and run one after the other, in the order they were made, once
 * the read is done; choosing another period or leaving the grid drops those that have not started.
 */
import { ref } from 'vue'
import type { Ref } from 'vue'

/** The hold of one grid (useEvpCells). */
export interface ReadHold {
  /**
   * Cells typed or pasted whose save is held (for the read, or behind a held save made before) and has not started:
   * shown « enregistrement »; dropped if the clerk leaves the grid or its period (leaving asks first).
   */
  readonly waiting: Ref<number>
  /** True when a save can run now: the period's read is done, and no save made before is still held. */
  direct(): boolean
  /**
   * Runs `save` after the read and after every save held before it in the same period (a value typed in a pasted cell
   * while the paste waits is saved after the pasted one, as its change), counting `cells` as waiting until it starts.
   * A save whose grid was left, or whose period is no longer shown, does not run: the promise gives `dropped`.
   */
  after<T>(cells: number, save: () => Promise<T>, dropped: T): Promise<T>
  /** Another dossier or period shown, read by `reading`: the held saves of the one before are dropped. */
  begin(reading: Promise<void>): void
  /** The grid left: a held save that has not started is dropped (leaving asked first: {@link waiting}). */
  dispose(): void
}

/**
 * The hold of a grid showing `shown()` (`siren|periode`).
 * @returns a hold with nothing to read: {@link ReadHold.begin} gives it the period's read
 */
export function createReadHold(shown: () => string): ReadHold {
  const waiting = ref(0)
  /** The read of the period shown. */
  let reading: Promise<void> = Promise.resolve()
  /** True once {@link reading} is done for the period shown. */
  let readDone = false
  let disposed = false
  /** Saves held for the read, chained in the order they were made, for the period shown. */
  let heldSaves: Promise<void> = Promise.resolve()
  /** How many of them have not ended. */
  let held = 0
  /** Bumped at each dossier or period shown: the held saves of an earlier one count no more (they are dropped). */
  let generation = 0

  function after<T>(cells: number, save: () => Promise<T>, dropped: T): Promise<T> {
    const read = reading
    const mine = generation
    const at = shown()
    waiting.value += cells
    held += 1
    const run = heldSaves
      .then(() => read)
      .then(() => {
        if (mine !== generation) return dropped
        waiting.value -= cells
        return disposed || at !== shown() ? dropped : save()
      })
    const ended = (): void => {
      if (mine === generation) held -= 1
    }
    heldSaves = run.then(ended, ended)
    return run
  }

  function begin(next: Promise<void>): void {
    generation += 1
    waiting.value = 0
    held = 0
    heldSaves = Promise.resolve()
    reading = next
    readDone = false
    void next.then(() => {
      if (reading === next) readDone = true
    })
  }

  return {
    waiting,
    direct: () => readDone && held === 0,
    after,
    begin,
    dispose: () => {
      disposed = true
    },
  }
}

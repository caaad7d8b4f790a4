/**
 * Giving the main thread back during long work (a grid paste of 10 000 rows): the clerk's keystrokes, scrolling
 * and painting run between slices, so no task holds the thread longer than a slice.
 */

/** Longest stretch of synchronous work between two yields, in ms (well under the 50 ms of a "long task"). */
export const SLICE_MS = 8

interface SchedulerLike {
  yield(): Promise<void>
}

/**
 * Lets pending tasks (input, rendering) run, then resumes: `scheduler.yield()` where the browser has it (Chromium
 * 129+, continuation keeps its priority), else a MessageChannel message (no 4 ms clamp of nested timers).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerLike> }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/** A clock of work slices: `due()` is true once `SLICE_MS` passed since the last yield. */
export class TimeSlicer {
  private started = performance.now()

  constructor(private readonly sliceMs: number = SLICE_MS) {}

  /** Yields when the current slice is over. */
  async maybeYield(): Promise<void> {
    if (performance.now() - this.started < this.sliceMs) return
    await yieldToMain()
    this.started = performance.now()
  }
}

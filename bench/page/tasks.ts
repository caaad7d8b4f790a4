/** The bench page's watch of main-thread tasks (shared by its scenarios). */

/**
 * Longest main-thread task seen while `work` ran: the Long Tasks API's longest (it reports every task of 50 ms or
 * more), else, when it reported none, the largest gap between two turns of a probe (below 50 ms).
 */
export interface TaskWatch {
  stop(): { longestTaskMs: number; longTasks: number; longestGapMs: number }
}

interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'user-blocking'; delay?: number }): Promise<void>
}

/**
 * Schedules the probe's next turn. Where the page has `scheduler.postTask` (Chromium), at `user-blocking` priority:
 * Chromium runs it before the other pending tasks (IndexedDB events, `scheduler.yield()` continuations of the app's
 * work slices, timers), so that a gap between two turns is the task that was running, not a queue of short tasks
 * ahead of it. A `setTimeout` probe waited behind those queues: in a quiet run of the 10 000-row paste it reported a
 * 73 ms gap while a trace of the same paste showed no task above 32 ms (docs/performance.md).
 */
function nextTurn(run: () => void): void {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler
  if (typeof scheduler?.postTask === 'function') {
    void scheduler.postTask(run, { priority: 'user-blocking', delay: 1 })
    return
  }
  setTimeout(run, 1)
}

export function watchTasks(): TaskWatch {
  const durations: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration)
  })
  observer.observe({ type: 'longtask', buffered: false })
  // A probe: the largest delay between two of its turns tells the longest block below the 50 ms threshold.
  let longestGapMs = 0
  let last = performance.now()
  let running = true
  const turn = (): void => {
    const t = performance.now()
    longestGapMs = Math.max(longestGapMs, t - last)
    last = t
    if (running) nextTurn(turn)
  }
  nextTurn(turn)
  return {
    stop() {
      running = false
      for (const entry of observer.takeRecords()) durations.push(entry.duration)
      observer.disconnect()
      const longestLong = durations.length === 0 ? 0 : Math.max(...durations)
      return { longestTaskMs: durations.length > 0 ? longestLong : longestGapMs, longTasks: durations.length, longestGapMs }
    },
  }
}

/** The bench page's watch of main-thread tasks (shared by its scenarios). */
/** Longest main-thread task seen while `work` ran: Long Tasks API (tasks >= 50 ms), else the largest event-loop gap. */
export interface TaskWatch {
  stop(): { longestTaskMs: number; longTasks: number; longestGapMs: number }
}

export function watchTasks(): TaskWatch {
  const durations: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration)
  })
  observer.observe({ type: 'longtask', buffered: false })
  // A macrotask probe: the largest delay between two turns tells the longest block below the 50 ms threshold.
  let longestGapMs = 0
  let last = performance.now()
  let running = true
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    const t = performance.now()
    longestGapMs = Math.max(longestGapMs, t - last)
    last = t
    if (running)
      setTimeout(() => {
        channel.port2.postMessage(null)
      }, 1)
  }
  channel.port2.postMessage(null)
  return {
    stop() {
      running = false
      for (const entry of observer.takeRecords()) durations.push(entry.duration)
      observer.disconnect()
      channel.port1.close()
      const longestLong = durations.length === 0 ? 0 : Math.max(...durations)
      return { longestTaskMs: durations.length > 0 ? longestLong : longestGapMs, longTasks: durations.length, longestGapMs }
    },
  }
}

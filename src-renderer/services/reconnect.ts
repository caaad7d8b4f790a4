/**
 * Refreshes the reference cache when the payroll service comes back (ARCHITECTURE.md: "refreshed on demand and on
 * reconnect"), so that codes and employees changed on the server during the day are known before the next entry.
 */
import { watch, type Ref } from 'vue'

/**
 * Calls `refresh` each time `online` goes from false to true (not on the first value).
 * @returns a function that stops watching.
 */
export function refreshOnReconnect(online: Readonly<Ref<boolean>>, refresh: () => Promise<unknown>): () => void {
  return watch(online, (now, before) => {
    if (now && !before) void refresh()
  })
}

import { describe, expect, it } from 'vitest'
import { nextTick, ref } from 'vue'
import { refreshOnReconnect } from '../../../src-renderer/services/reconnect'

describe('refreshOnReconnect', () => {
  it('refreshes the reference each time the service comes back, not when it goes away', async () => {
    const online = ref(true)
    let refreshes = 0
    const stop = refreshOnReconnect(online, () => {
      refreshes += 1
      return Promise.resolve()
    })
    online.value = false
    await nextTick()
    expect(refreshes).toBe(0)
    online.value = true
    await nextTick()
    expect(refreshes).toBe(1)
    stop()
    online.value = false
    await nextTick()
    online.value = true
    await nextTick()
    expect(refreshes).toBe(1)
  })
})

/**
 * One read of the service into the cache (stores/read-through.ts): the cache reloaded only after a success, main's
 * error or a thrown one kept, `refreshing` true only while the read runs.
 */
import { describe, expect, it } from 'vitest'
import { ref } from 'vue'

import type { Reported } from '../../../src-renderer/i18n/reported'
import { readThrough } from '../../../src-renderer/stores/read-through'

describe('readThrough', () => {
  it('reloads the cache after a success and clears the error; refreshing only while it runs', async () => {
    const s = { refreshing: ref(false), error: ref<Reported | null>({ code: 'ANCIENNE', message: 'old' }) }
    const seen: boolean[] = []
    let reloads = 0
    const ok = await readThrough(
      s,
      () => {
        seen.push(s.refreshing.value)
        return Promise.resolve({ ok: true as const, value: 1 })
      },
      () => {
        reloads += 1
        return Promise.resolve()
      },
    )
    expect([ok, reloads, seen, s.refreshing.value, s.error.value]).toEqual([true, 1, [true], false, null])
  })

  it('keeps main’s error or a thrown one, and does not reload', async () => {
    const s = { refreshing: ref(false), error: ref<Reported | null>(null) }
    let reloads = 0
    const reload = (): Promise<void> => {
      reloads += 1
      return Promise.resolve()
    }
    expect(
      await readThrough(
        s,
        () => Promise.resolve({ ok: false as const, error: { code: 'RESEAU_INJOIGNABLE', message: 'offline' } }),
        reload,
      ),
    ).toBe(false)
    expect(s.error.value).toEqual({ code: 'RESEAU_INJOIGNABLE', message: 'offline' })
    expect(await readThrough(s, () => Promise.reject(new Error('base fermée')), reload)).toBe(false)
    expect(s.error.value).toEqual({ code: 'ERREUR_LOCALE', message: 'base fermée' })
    expect([reloads, s.refreshing.value]).toEqual([0, false])
  })
})

import { describe, expect, it } from 'vitest'
import { createTokenSource } from '../../../src-main/api/token'
import type { TokenResponse } from '../../../src-shared/api/cabinet'

function issuer() {
  let n = 0
  const calls: number[] = []
  const fetchToken = async (): Promise<TokenResponse> => {
    n += 1
    calls.push(n)
    await Promise.resolve()
    return { access_token: `jeton-numero-${n}-xxxxxxxx`, token_type: 'Bearer', expires_in: 60, scope: 'absences evp' }
  }
  return { fetchToken, calls }
}

describe('token source', () => {
  it('shares one token request between concurrent callers', async () => {
    const { fetchToken, calls } = issuer()
    const source = createTokenSource(fetchToken, () => 0, 0)
    const tokens = await Promise.all([source.get(), source.get(), source.get()])
    expect(new Set(tokens).size).toBe(1)
    expect(calls).toHaveLength(1)
    expect(source.grantedScope()).toEqual(['absences', 'evp'])
  })

  it('fetches a new token near expiry and after invalidation', async () => {
    const { fetchToken, calls } = issuer()
    let now = 0
    const source = createTokenSource(fetchToken, () => now, 10_000)
    const first = await source.get()
    now = 49_000
    expect(await source.get()).toBe(first)
    now = 51_000
    const second = await source.get()
    expect(second).not.toBe(first)
    source.invalidate(second)
    expect(await source.get()).not.toBe(second)
    expect(calls).toHaveLength(3)
  })
})

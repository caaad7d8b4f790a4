import { describe, expect, it } from 'vitest'
import { buildPath, buildQueryString } from '../../../src-main/api/client'

describe('request building', () => {
  it('fills and encodes path placeholders', () => {
    expect(buildPath('/api/dossiers/{siren}/salaries/{matricule}', { siren: '732829320', matricule: 'A/1' })).toBe(
      '/api/dossiers/732829320/salaries/A%2F1',
    )
    expect(() => buildPath('/api/bulletins/{id}', {})).toThrow(/id/)
  })

  it('repeats keys for multi-valued filters and leaves out undefined ones', () => {
    expect(buildQueryString({ nic: ['00012', '00020'], du: '2026-11-01', au: undefined, page: 2 })).toBe(
      '?nic=00012&nic=00020&du=2026-11-01&page=2',
    )
    expect(buildQueryString({})).toBe('')
  })
})

describe('custom fetch', () => {
  it('sends every request through the fetch given to the client', async () => {
    const { createApiClient } = await import('../../../src-main/api/client')
    const seen: string[] = []
    const fakeFetch: typeof fetch = (input) => {
      seen.push(input instanceof Request ? input.url : String(input))
      return Promise.resolve(
        new Response(JSON.stringify({ statut: 'ok', version: '1.13.0', date: '2026-11-22T08:00:00.000Z' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    }
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b', fetch: fakeFetch })
    await expect(client.call('sante')).resolves.toMatchObject({ version: '1.13.0' })
    expect(seen).toEqual(['http://127.0.0.1:9/api/health'])
  })
})

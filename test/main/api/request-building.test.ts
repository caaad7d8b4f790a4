import { describe, expect, it } from 'vitest'
import { buildPath, buildQueryString } from '../../../src-main/api/client'

describe('request building', () => {
  it('fills and encodes path placeholders', () => {
    expect(buildPath('/api/dossiers/{siren}/salaries/{matricule}', { siren: '732829320', matricule: 'A/1' })).toBe('/api/dossiers/732829320/salaries/A%2F1')
    expect(() => buildPath('/api/bulletins/{id}', {})).toThrow(/id/)
  })

  it('repeats keys for multi-valued filters and leaves out undefined ones', () => {
    expect(buildQueryString({ nic: ['00012', '00020'], du: '2026-11-01', au: undefined, page: 2 })).toBe('?nic=00012&nic=00020&du=2026-11-01&page=2')
    expect(buildQueryString({})).toBe('')
  })
})

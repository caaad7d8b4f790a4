/**
 * The queue filter's route-query rules (src-renderer/features/queue/queueFilter.ts).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { filterFromQuery, isEmptyFilter, queryWithFilter } from '../../../src-renderer/features/queue/queueFilter'

describe('queue filter in the route query', () => {
  it('keeps a known state and kind, a 9-digit SIREN and a matricule; ignores anything else', () => {
    expect(filterFromQuery({ state: 'to_check', siren: '732829320', kind: 'frais', matricule: 'M001' })).toEqual({
      state: 'to_check',
      siren: '732829320',
      kind: 'frais',
      matricule: 'M001',
    })
    expect(filterFromQuery({ state: 'perdu', siren: '73282932', kind: ['evp', 'absence'], matricule: '' })).toEqual({
      state: undefined,
      siren: undefined,
      kind: undefined,
      matricule: undefined,
    })
    expect(isEmptyFilter(filterFromQuery({ autre: 'x' }))).toBe(true)
  })

  it('changes only the patched keys, and never keeps an empty or non-string value', () => {
    const value = fc.oneof(fc.string(), fc.constant(undefined), fc.constant(null), fc.array(fc.string()))
    const query = fc
      .tuple(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), value), fc.option(value, { nil: undefined }))
      .map(([rest, state]) => (state === undefined ? rest : { ...rest, state }))
    const patch = fc.option(fc.record({ state: fc.option(fc.string(), { nil: undefined }) }), { nil: {} })
    fc.assert(
      fc.property(query, patch, (q: Record<string, unknown>, p: { state?: string | undefined }) => {
        const next = queryWithFilter(q, p)
        expect(Object.values(next).every((v) => typeof v === 'string' && v !== '')).toBe(true)
        for (const [key, v] of Object.entries(q)) {
          if (key !== 'state' && typeof v === 'string' && v !== '') expect(next[key]).toBe(v)
        }
        const kept = 'state' in p ? p.state : q['state']
        expect(next['state']).toBe(typeof kept === 'string' && kept !== '' ? kept : undefined)
      }),
    )
  })
})

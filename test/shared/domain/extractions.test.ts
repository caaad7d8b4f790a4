/** Following an extraction's status (#53): when to read it again, when its file is ready, when to give up. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  EXTRACTION_POLL_FIRST_MS,
  EXTRACTION_POLL_MAX_MS,
  EXTRACTION_POLL_MAX_READS,
  nextExtractionStep,
} from '../../../src-shared/domain/extractions'

describe('nextExtractionStep', () => {
  it('offers the file of a finished extraction and stops on a failed one, whatever the reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (reads) => {
        expect(nextExtractionStep('terminee', reads)).toEqual({ action: 'telechargeable' })
        expect(nextExtractionStep('echec', reads)).toEqual({ action: 'echec' })
      }),
    )
  })

  it('reads a running extraction again after 500 ms, doubling up to 5 s', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((reads) => nextExtractionStep('en_cours', reads))
    expect(delays).toEqual([500, 1000, 2000, 4000, 5000, 5000].map((delayMs) => ({ action: 'relire', delayMs })))
  })

  it('gives up on a running extraction after the last read, never before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: EXTRACTION_POLL_MAX_READS * 2 }), (reads) => {
        const step = nextExtractionStep('en_cours', reads)
        if (reads >= EXTRACTION_POLL_MAX_READS) expect(step).toEqual({ action: 'abandon' })
        else {
          expect(step.action).toBe('relire')
          if (step.action === 'relire') {
            expect(step.delayMs).toBeGreaterThanOrEqual(EXTRACTION_POLL_FIRST_MS)
            expect(step.delayMs).toBeLessThanOrEqual(EXTRACTION_POLL_MAX_MS)
          }
        }
      }),
    )
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { sandboxLog } from '../../src-sandbox/log'

const IBAN = 'FR76 3000 6000 0112 3456 7890 189'

describe('sandbox logger (its own, without electron-log)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('writes errors and warnings, redacted, one line each on stderr; info on stdout', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)

    sandboxLog.error(`Bac à sable : IBAN ${IBAN}`, { route: 'POST /api/x', montant: '2500.00' })
    sandboxLog.warn('Attention', { n: 2 })
    sandboxLog.info('Démarré')

    expect(stderr.mock.calls.map((call) => call[0])).toEqual([
      'Bac à sable : IBAN [IBAN] {"route":"POST /api/x","montant":"[MONTANT]"}\n',
      'Attention {"n":2}\n',
    ])
    expect(stdout).toHaveBeenCalledExactlyOnceWith('Démarré\n')
  })
})

/**
 * The admin routes' guard: only loopback addresses may change fault switches or reset the sandbox.
 */
import { describe, expect, it } from 'vitest'
import { isLoopbackAddress } from '../../src-sandbox/http/loopback'

describe('isLoopbackAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '127.0.0.53',
    '::1',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::0:1',
    '::ffff:127.0.0.1',
    '::FFFF:127.1.2.3',
    '0:0:0:0:0:ffff:127.0.0.1',
  ])('accepts %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true)
  })

  it.each([
    '10.0.0.1',
    '192.168.1.20',
    '128.0.0.1',
    '126.255.255.255',
    '0.0.0.0',
    '127.0.0.256',
    '127.0.0',
    '127.0.0.1.5',
    '::',
    '::2',
    '1::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '2001:db8::1',
    'localhost',
    '',
    ' ',
  ])('refuses %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(false)
  })

  it('refuses a missing address (no socket)', () => {
    expect(isLoopbackAddress(undefined)).toBe(false)
    expect(isLoopbackAddress(null)).toBe(false)
  })
})

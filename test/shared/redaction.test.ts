import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redact, redactFields, REDACTED } from '../../src-shared/redaction'
import { IBAN_BBAN_STRUCTURES, parseBbanStructure } from '../../src-shared/domain/validation/iban-registry'
import { isIsoCountryCode, isValidBic, isValidIban, isValidNir, normalizeIdentifier } from '../../src-shared/domain/validation/identifiers'

// ------------------------------------------------------------------------------------------------
// Generators of valid identifiers (checked with the app's own validators, so they are real ones)
// ------------------------------------------------------------------------------------------------

const digits = (length: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...Array.from('0123456789')), minLength: length, maxLength: length })
const letters = (length: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ')), minLength: length, maxLength: length })
const alnum = (length: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')), minLength: length, maxLength: length })

/** Human separators between the groups of a printed identifier. */
const separator = fc.constantFrom('', ' ', '\u00A0', '\u202F')

/** Valid NIRs (sex 1/2/3/4/7/8, months incl. pseudo-months, Corsica 2A/2B), printed with or without spaces. */
const nir = fc
  .record({
    sex: fc.constantFrom('1', '2', '3', '4', '7', '8'),
    year: digits(2),
    month: fc.constantFrom('01', '05', '12', '20', '42', '50', '99'),
    department: fc.oneof(digits(2), fc.constantFrom('2A', '2B', '2a', '2b')),
    commune: digits(3),
    order: digits(3),
    sep: separator,
  })
  .map(({ sex, year, month, department, commune, order, sep }) => {
    const upper = department.toUpperCase()
    const numeric = upper === '2A' ? '19' : upper === '2B' ? '18' : upper
    const key = String(97n - (BigInt(`${sex}${year}${month}${numeric}${commune}${order}`) % 97n)).padStart(2, '0')
    return [sex, year, month, department, commune, order, key].join(sep)
  })
  .filter((value) => isValidNir(value))

const CLASS: Record<'n' | 'a' | 'c', (length: number) => fc.Arbitrary<string>> = { n: digits, a: letters, c: alnum }

/** Valid IBANs of every registry country, electronic or printed (groups of 4), upper or lower case. */
const iban = fc
  .constantFrom(...Object.keys(IBAN_BBAN_STRUCTURES))
  .chain((country) => {
    const segments = parseBbanStructure(IBAN_BBAN_STRUCTURES[country] ?? '') ?? []
    return fc.tuple(fc.constant(country), fc.tuple(...segments.map((segment) => CLASS[segment.type](segment.length))))
  })
  .map(([country, parts]) => {
    const bban = parts.join('')
    const numeric = BigInt(
      Array.from(`${bban}${country}00`)
        .map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char))
        .join(''),
    )
    const check = String(98n - (numeric % 97n)).padStart(2, '0')
    return `${country}${check}${bban}`
  })
  .filter((value) => isValidIban(value))
  .chain((electronic) =>
    fc.record({ spaced: fc.boolean(), lower: fc.boolean(), sep: separator }).map(({ spaced, lower, sep }) => {
      const printed = spaced ? electronic.replace(/(.{4})(?=.)/g, `$1${sep === '' ? ' ' : sep}`) : electronic
      return lower ? printed.toLowerCase() : printed
    }),
  )

const isoCountries = 'FR DE BE ES IT GB LU CH MC NL PT US'.split(' ').filter(isIsoCountryCode)
/** Valid BICs (8 or 11 characters). */
const bic = fc
  .tuple(letters(4), fc.constantFrom(...isoCountries), alnum(2), fc.option(alnum(3), { nil: '' }))
  .map((parts) => parts.join(''))
  .filter((value) => isValidBic(value))

/** Amounts in cents, printed as the wire does (`1234.50`) or as a French clerk does (`1 234,50 €`). */
const amount = fc.bigInt({ min: 0n, max: 10n ** 9n }).chain((cents) => {
  const units = (cents / 100n).toString()
  const fraction = (cents % 100n).toString().padStart(2, '0')
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F')
  return fc.constantFrom(
    `${units}.${fraction}`,
    `-${units}.${fraction}`,
    `${grouped},${fraction} €`,
    `${units}.${fraction} EUR`,
    `€${units}`,
    `${units} €`,
  )
})

/** Bearer tokens as the sandbox issues them (32 random bytes, base64url). */
const opaqueToken = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64url'))
const base64url = (min: number): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.constantFrom(...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')),
    minLength: min,
    maxLength: min + 40,
  })
const jwt = fc
  .tuple(base64url(10), base64url(10), base64url(20))
  .map(([header, payload, signature]) => `eyJ${header}.${payload}.${signature}`)
const secretValue = fc.string({
  unit: fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz0123456789-_.~')),
  minLength: 6,
  maxLength: 40,
})

/** Log text around the value: words, punctuation, JSON. */
const around = fc.tuple(
  fc.constantFrom('', 'Synchronisation : ', 'valeur ', '{"detail":"', 'x=', '(', 'salarié '),
  fc.constantFrom('', ' refusé', '"}', ')', '.', ', lot 3', ' JETON_EXPIRE'),
)

function survives(output: string, value: string): boolean {
  const canonical = normalizeIdentifier(value)
  return normalizeIdentifier(output).includes(canonical)
}

describe('redact: personal data never survives', () => {
  it('hides every generated NIR (2A/2B, spaced or not), wherever it sits in the line', () => {
    fc.assert(
      fc.property(nir, around, (value, [before, after]) => {
        const output = redact(`${before}${value}${after}`)
        expect(survives(output, value)).toBe(false)
        expect(output).toContain(REDACTED.nir)
      }),
      { numRuns: 500 },
    )
  })

  it('hides every generated IBAN of every registry country, electronic or printed', () => {
    fc.assert(
      fc.property(iban, around, (value, [before, after]) => {
        const output = redact(`${before}${value}${after}`)
        expect(survives(output, value)).toBe(false)
      }),
      { numRuns: 1000 },
    )
  })

  it('hides every generated BIC', () => {
    fc.assert(
      fc.property(bic, around, (value, [before, after]) => {
        const output = redact(`${before}${value}${after}`)
        expect(output).not.toContain(value)
        expect(output).toContain(REDACTED.bic)
      }),
      { numRuns: 500 },
    )
  })

  it('hides amounts: decimal money strings and numbers with € or EUR', () => {
    fc.assert(
      fc.property(amount, around, (value, [before, after]) => {
        const output = redact(`${before}${value}${after}`)
        const digitsOnly = value.replace(/\D/g, '')
        expect(output.replace(/\D/g, '')).not.toContain(digitsOnly)
        expect(output).toContain(REDACTED.montant)
      }),
      { numRuns: 500 },
    )
  })

  it('hides bearer tokens, JWTs, Authorization headers and client_secret values', () => {
    fc.assert(
      fc.property(opaqueToken, jwt, secretValue, (token, webToken, secret) => {
        const lines = [
          `Authorization: Bearer ${token}`,
          `{"authorization":"Bearer ${token}"}`,
          `jeton ${token} refusé`,
          `bearer ${secret}`,
          `id token ${webToken}`,
          `client_id=demo&client_secret=${secret}&grant_type=client_credentials`,
          `{"client_secret":"${secret}","access_token":"${token}"}`,
          `Authorization: Basic ${secret}`,
        ]
        const output = lines.map(redact).join('\n')
        expect(output).not.toContain(token)
        expect(output).not.toContain(webToken)
        expect(output).not.toContain(secret)
      }),
      { numRuns: 300 },
    )
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.tuple(nir, iban, bic, amount), ([n, i, b, a]) => {
        const once = redact(`${n} ${i} ${b} ${a}`)
        expect(redact(once)).toBe(once)
      }),
    )
  })
})

describe('redact: what a support engineer needs survives', () => {
  it.each([
    'Synchronisation : envoi suspendu {"code":"JETON_EXPIRE","status":401,"retryAfterMs":30000}',
    'IPC : demande non aboutie {"channel":"sync:push","code":"EXPEDITEUR_REFUSE"}',
    'Référentiel : liste refusée {"operation":"listCodesEvp","siren":"832147607","droit":"evp"}',
    'entrée 3f2b8c1e-9d4a-4f6b-8e2a-1c5d7e9f0a2b, empreinte 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'version 0.1.0 sur 127.0.0.1:48787, le 2026-11-16T12:00:00.000Z',
    'codes INTROUVABLE ENETUNREACH ECONNREFUSED CHEVAUCHEMENT SERVICE_INDISPONIBLE UND_ERR_CONNECT_TIMEOUT',
    'Mode démo : API bac à sable démarrée {"url":"http://127.0.0.1:40123"}',
    'Synchronisation : lot traité {"synced":12,"rejected":0,"unknown":1,"requeue":0,"pause":null,"categoriesEnPause":0}',
  ])('keeps %s', (line) => {
    expect(redact(line)).toBe(line)
  })
})

describe('redactFields', () => {
  it('hides fields named after personal data, money or secrets whatever their value, and redacts the others', () => {
    expect(
      redactFields({
        nir: 'x',
        iban: 'y',
        montant: 12,
        salaireBrut: '2500',
        clientSecret: 'demo',
        code: 'JETON_EXPIRE',
        detail: 'nir 184127645108946',
        ok: true,
        none: null,
      }),
    ).toEqual({
      nir: REDACTED.secret,
      iban: REDACTED.secret,
      montant: REDACTED.montant,
      salaireBrut: REDACTED.montant,
      clientSecret: REDACTED.secret,
      code: 'JETON_EXPIRE',
      detail: `nir ${REDACTED.nir}`,
      ok: true,
      none: null,
    })
  })
})

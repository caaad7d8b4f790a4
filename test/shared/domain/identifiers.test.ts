import { describe, it, expect } from 'vitest'
import {
  formatIban,
  isIsoCountryCode,
  isValidBic,
  isValidIban,
  isValidNic,
  isValidNir,
  isValidSiren,
  isValidSiret,
  normalizeIdentifier,
} from '../../../src-shared/domain/validation/identifiers'
import { IBAN_BBAN_STRUCTURES, ibanCountryRule, parseBbanStructure } from '../../../src-shared/domain/validation/iban-registry'
import { mulberry32 } from '../../../src-shared/random'

// ---------------------------------------------------------------------------------------------
// Independent reference implementations (written differently from the production code on purpose)
// ---------------------------------------------------------------------------------------------

/** Luhn by the textbook table: doubled digit -> sum of its digits. */
function referenceLuhnOk(digits: string): boolean {
  const doubled = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9]
  const sum = Array.from(digits)
    .reverse()
    .reduce((total, char, index) => total + (index % 2 === 1 ? doubled[Number(char)]! : Number(char)), 0)
  return sum % 10 === 0
}

/** Luhn check digit to append to `body`. */
function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (referenceLuhnOk(body + String(digit))) return String(digit)
  throw new Error('unreachable')
}

/** NIR key by BigInt: 97 - (13-digit number mod 97), Corsica 2A -> 19, 2B -> 18. */
function nirKey(body13: string): string {
  const numeric =
    body13.slice(0, 5) + (body13.slice(5, 7) === '2A' ? '19' : body13.slice(5, 7) === '2B' ? '18' : body13.slice(5, 7)) + body13.slice(7)
  return String(97n - (BigInt(numeric) % 97n)).padStart(2, '0')
}

/** ISO 13616 value of an IBAN: rearranged, letters -> 10..35, as a BigInt. */
function ibanNumber(rearranged: string): bigint {
  return BigInt(
    Array.from(rearranged)
      .map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char))
      .join(''),
  )
}

/** Builds an IBAN with correct check digits for any country code and BBAN. */
function withCheckDigits(country: string, bban: string): string {
  const check = 98n - (ibanNumber(`${bban}${country}00`) % 97n)
  return `${country}${String(check).padStart(2, '0')}${bban}`
}

function ibanMod97(iban: string): bigint {
  return ibanNumber(iban.slice(4) + iban.slice(0, 4)) % 97n
}

/** Seeded PRNG, so the randomized tests are reproducible. */
const prng = mulberry32

const DIGITS = '0123456789'
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

function pick(random: () => number, alphabet: string): string {
  return alphabet[Math.floor(random() * alphabet.length)]!
}

function randomDigits(random: () => number, length: number): string {
  return Array.from({ length }, () => pick(random, DIGITS)).join('')
}

/** Every string obtained by replacing exactly one character by another of the same kind (digit/letter). */
function singleSubstitutions(value: string): string[] {
  const result: string[] = []
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!
    const alphabet = DIGITS.includes(char) ? DIGITS : LETTERS
    for (const replacement of alphabet) {
      if (replacement !== char) result.push(value.slice(0, index) + replacement + value.slice(index + 1))
    }
  }
  return result
}

// ---------------------------------------------------------------------------------------------

describe('normalizeIdentifier', () => {
  it('strips spaces, non-breaking spaces, dots and dashes and upper-cases', () => {
    expect(normalizeIdentifier('fr76 3000\u00a06000\u202f0112.3456-7890–189')).toBe('FR7630006000011234567890189')
    expect(normalizeIdentifier('  732.829.320  ')).toBe('732829320')
    expect(normalizeIdentifier('2 69 05 2a 588 157')).toBe('269052A588157')
    expect(normalizeIdentifier('\t\n')).toBe('')
  })

  it('only upper-cases ASCII letters, so exotic characters still fail validation', () => {
    expect(normalizeIdentifier('ſ')).toBe('ſ')
    expect(isValidBic('bnpaſrpp')).toBe(false)
  })
})

describe('isValidSiren', () => {
  it('accepts real SIRENs', () => {
    for (const siren of ['732829320', '552100554', '356000000', '443061841']) expect(isValidSiren(siren), siren).toBe(true)
  })

  it('tolerates human formatting', () => {
    for (const siren of ['732 829 320', '732.829.320', '732-829-320', '732\u00a0829\u00a0320', ' 732829320 ']) {
      expect(isValidSiren(siren), siren).toBe(true)
    }
  })

  it('rejects every single-digit change of a valid SIREN', () => {
    for (const mutated of singleSubstitutions('732829320')) expect(isValidSiren(mutated), mutated).toBe(false)
  })

  it('rejects wrong length, letters, empty input and the all-zero placeholder', () => {
    for (const siren of ['', '73282932', '7328293200', '73282932O', 'ABCDEFGHI', '000000000', '732829320 00074']) {
      expect(isValidSiren(siren), siren).toBe(false)
    }
  })

  it('property: a random SIREN with its Luhn key is valid, and any one-digit change of it is not', () => {
    const random = prng(9362)
    for (let run = 0; run < 300; run += 1) {
      const body = randomDigits(random, 8)
      const siren = body + luhnCheckDigit(body)
      if (siren === '000000000') continue
      expect(isValidSiren(siren), siren).toBe(true)
      const position = Math.floor(random() * 9)
      const original = siren[position]!
      const replacement = String((Number(original) + 1 + Math.floor(random() * 9)) % 10)
      const mutated = siren.slice(0, position) + replacement + siren.slice(position + 1)
      expect(isValidSiren(mutated), mutated).toBe(false)
    }
  })
})

describe('isValidSiret', () => {
  it('accepts real SIRETs, formatted or not', () => {
    for (const siret of ['73282932000074', '732 829 320 00074', '732.829.320.00074', '44306184100047']) {
      expect(isValidSiret(siret), siret).toBe(true)
    }
  })

  it('rejects every single-digit change of a valid SIRET', () => {
    for (const mutated of singleSubstitutions('73282932000074')) expect(isValidSiret(mutated), mutated).toBe(false)
  })

  it('rejects wrong length, letters and the all-zero placeholder', () => {
    for (const siret of ['', '7328293200007', '732829320000740', '7328293200007A', '00000000000000']) {
      expect(isValidSiret(siret), siret).toBe(false)
    }
  })

  it('accepts random Luhn-valid SIRETs (outside La Poste)', () => {
    const random = prng(14)
    for (let run = 0; run < 200; run += 1) {
      const body = `1${randomDigits(random, 12)}`
      expect(isValidSiret(body + luhnCheckDigit(body))).toBe(true)
    }
  })

  describe('La Poste exception (SIREN 356 000 000)', () => {
    it('the SIREN itself passes Luhn', () => {
      expect(referenceLuhnOk('356000000')).toBe(true)
      expect(isValidSiren('356 000 000')).toBe(true)
    })

    it('accepts the head office 356 000 000 00048 by Luhn although its digit sum (26) is not a multiple of 5', () => {
      expect(referenceLuhnOk('35600000000048')).toBe(true)
      expect(Array.from('35600000000048').reduce((sum, char) => sum + Number(char), 0)).toBe(26)
      expect(isValidSiret('356 000 000 00048')).toBe(true)
    })

    it('validates other establishments by digit sum multiple of 5, not by Luhn', () => {
      // 3+5+6+0+0+0+0+1 = 15: valid for La Poste, although it fails Luhn.
      expect(referenceLuhnOk('35600000000001')).toBe(false)
      expect(isValidSiret('35600000000001')).toBe(true)
      // Luhn-valid, but digit sum 17: not a La Poste SIRET.
      expect(referenceLuhnOk('35600000000030')).toBe(true)
      expect(isValidSiret('35600000000030')).toBe(false)
    })

    it('agrees with the digit-sum rule on every NIC from 00000 to 09999', () => {
      for (let nic = 0; nic < 10_000; nic += 1) {
        const siret = `356000000${String(nic).padStart(5, '0')}`
        const digitSum = Array.from(siret).reduce((sum, char) => sum + Number(char), 0)
        const expected = siret === '35600000000048' || digitSum % 5 === 0
        if (isValidSiret(siret) !== expected) expect.fail(`${siret}: expected ${expected}`)
      }
    })
  })
})

describe('isValidNic', () => {
  it('accepts any 5 digits, formatted or not', () => {
    for (const nic of ['00074', '000 74', '12345', '00000']) expect(isValidNic(nic), nic).toBe(true)
  })

  it('rejects other lengths and letters', () => {
    for (const nic of ['', '0007', '000745', 'A0074', '0007O']) expect(isValidNic(nic), nic).toBe(false)
  })
})

describe('isValidNir', () => {
  it('agrees with the BigInt key of the test helper on fixed examples', () => {
    expect(nirKey('2690549588157')).toBe('80')
    expect(nirKey('269052A588157')).toBe('17')
    expect(nirKey('269052B588157')).toBe('44')
  })

  it('accepts known valid NIRs, including Corsica (2A, 2B) and formatting', () => {
    for (const nir of [
      '269054958815780', // the classic INSEE-style example: woman, May 1969, Maine-et-Loire
      '2 69 05 49 588 157 80',
      '1 84 12 76 451 089 46',
      '2 69 05 2A 588 157 17', // Corse-du-Sud: 2A counts as 19
      '2 69 05 2b 588 157 44', // Haute-Corse: 2B counts as 18, lower case tolerated
      '2 69 05 20 588 157 87', // Corsica before 1976 (department 20)
      '1.85.05.78.006.084-91',
    ]) {
      expect(isValidNir(nir), nir).toBe(true)
    }
  })

  it('rejects a Corsican NIR whose key was computed as if 2A/2B were 20', () => {
    expect(isValidNir('2 69 05 2A 588 157 87')).toBe(false)
    expect(isValidNir('2 69 05 2B 588 157 87')).toBe(false)
    expect(isValidNir('2 69 05 2A 588 157 44')).toBe(false) // 2B's key on a 2A number
  })

  it('rejects every single-character change, for every position, of valid NIRs', () => {
    for (const valid of ['269054958815780', '269052A58815717', '269052B58815744']) {
      for (const mutated of singleSubstitutions(valid)) expect(isValidNir(mutated), mutated).toBe(false)
    }
  })

  it('accepts the key 97 (number divisible by 97)', () => {
    let found = ''
    for (let order = 1; order < 1000 && found === ''; order += 1) {
      const body = `18501780060${String(order).padStart(3, '0')}`.slice(0, 13)
      if (nirKey(body) === '97') found = `${body}97`
    }
    expect(found).not.toBe('')
    expect(isValidNir(found)).toBe(true)
  })

  it('accepts the documented sex digits and month ranges, rejects the others even with a correct key', () => {
    const make = (sex: string, month: string, department = '75'): string => {
      const body = `${sex}80${month}${department}056123`
      return body + nirKey(body)
    }
    for (const sex of ['1', '2', '3', '4', '7', '8']) expect(isValidNir(make(sex, '06')), sex).toBe(true)
    for (const sex of ['0', '5', '6', '9']) expect(isValidNir(make(sex, '06')), sex).toBe(false)
    for (const month of ['01', '12', '20', '30', '42', '50', '99']) expect(isValidNir(make('1', month)), month).toBe(true)
    for (const month of ['00', '13', '19', '43', '49']) expect(isValidNir(make('1', month)), month).toBe(false)
    expect(isValidNir(make('1', '06', '99'))).toBe(true) // born abroad
    const corsicanTypo = '180062C056123'
    expect(isValidNir(corsicanTypo + nirKey(corsicanTypo.replace('2C', '20')))).toBe(false)
  })

  it('property: random NIRs with the formula key are valid; a changed key is not', () => {
    const random = prng(1997)
    for (let run = 0; run < 500; run += 1) {
      const sex = pick(random, '12')
      const month = String(1 + Math.floor(random() * 12)).padStart(2, '0')
      const departments = ['2A', '2B', randomDigits(random, 2)]
      const department = departments[Math.floor(random() * departments.length)]!
      const body = `${sex}${randomDigits(random, 2)}${month}${department}${randomDigits(random, 6)}`
      const key = nirKey(body)
      expect(isValidNir(body + key), body + key).toBe(true)
      const wrongKey = String(((Number(key) + Math.floor(random() * 96)) % 97) + 1).padStart(2, '0')
      if (wrongKey !== key) expect(isValidNir(body + wrongKey), body + wrongKey).toBe(false)
    }
  })

  it('rejects wrong lengths and shapes', () => {
    for (const nir of ['', '2690549588157', '26905495881578', '2690549588157800', '26905495881578A', 'X69054958815780']) {
      expect(isValidNir(nir), nir).toBe(false)
    }
  })
})

/** Example IBANs published in the SWIFT IBAN Registry (one or more per country), and a few well-known test accounts. */
const REGISTRY_EXAMPLES = [
  'AD1200012030200359100100',
  'AE070331234567890123456',
  'AL47212110090000000235698741',
  'AT611904300234573201',
  'AZ21NABZ00000000137010001944',
  'BA391290079401028494',
  'BE68539007547034',
  'BG80BNBG96611020345678',
  'BH67BMAG00001299123456',
  'BI4210000100010000332045181',
  'BR1800360305000010009795493C1',
  'BR9700360305000010009795493P1',
  'BY13NBRB3600900000002Z00AB00',
  'CH9300762011623852957',
  'CR05015202001026284066',
  'CY17002001280000001200527600',
  'CZ6508000000192000145399',
  'CZ9455000000001011038930',
  'DE89370400440532013000',
  'DJ2100010000000154000100186',
  'DK5000400440116243',
  'DO28BAGR00000001212453611324',
  'EE382200221020145685',
  'EG380019000500000000263180002',
  'ES9121000418450200051332',
  'FI2112345600000785',
  'FI5542345670000081',
  'FK88SC123456789012',
  'FO6264600001631634',
  'FR1420041010050500013M02606',
  'FR7630006000011234567890189',
  'GB29NWBK60161331926819',
  'GB82WEST12345698765432',
  'GE29NB0000000101904917',
  'GI75NWBK000000007099453',
  'GL8964710001000206',
  'GR1601101250000000012300695',
  'GT82TRAJ01020000001210029690',
  'HN88CABF00000000000250005469',
  'HR1210010051863000160',
  'HU42117730161111101800000000',
  'IE29AIBK93115212345678',
  'IL620108000000099999999',
  'IQ98NBIQ850123456789012',
  'IS140159260076545510730339',
  'IT60X0542811101000000123456',
  'JO94CBJO0010000000000131000302',
  'KW81CBKU0000000000001234560101',
  'KZ86125KZT5004100100',
  'LB62099900000001001901229114',
  'LC55HEMM000100010012001200023015',
  'LI21088100002324013AA',
  'LT121000011101001000',
  'LU280019400644750000',
  'LV80BANK0000435195001',
  'LY83002048000020100120361',
  'MC5811222000010123456789030',
  'MD24AG000225100013104168',
  'ME25505000012345678951',
  'MK07250120000058984',
  'MN121234123456789123',
  'MR1300020001010000123456753',
  'MT84MALT011000012345MTLCAST001S',
  'MU17BOMM0101101030300200000MUR',
  'NI45BAPR00000013000003558124',
  'NL91ABNA0417164300',
  'NO9386011117947',
  'OM810180000001299123456',
  'PK36SCBL0000001123456702',
  'PL61109010140000071219812874',
  'PS92PALS000000000400123456702',
  'PT50000201231234567890154',
  'QA58DOHB00001234567890ABCDEFG',
  'RO49AAAA1B31007593840000',
  'RS35260005601001611379',
  'RU0304452522540817810538091310419',
  'SA0380000000608010167519',
  'SC18SSCB11010000000000001497USD',
  'SD2129010501234001',
  'SE4550000000058398257466',
  'SI56263300012039086',
  'SK3112000000198742637541',
  'SM86U0322509800000000270100',
  'SO211000001001000100141',
  'ST23000100010051845310146',
  'SV62CENR00000000000000700025',
  'TL380080012345678910157',
  'TN5910006035183598478831',
  'TR330006100519786457841326',
  'UA213223130000026007233566001',
  'VA59001123000012345678',
  'VG96VPVG0000012345678901',
  'XK051212012345678906',
  'YE15CBYE0001018861234567891234',
]

/** IBAN lengths as printed in the registry ("IBAN length" field), typed independently of the BBAN structures. */
const REGISTRY_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
}

describe('IBAN registry table', () => {
  it('has the 89 registry countries, each parsing to the registry IBAN length', () => {
    expect(Object.keys(IBAN_BBAN_STRUCTURES).sort()).toEqual(Object.keys(REGISTRY_LENGTHS).sort())
    expect(Object.keys(IBAN_BBAN_STRUCTURES)).toHaveLength(89)
    for (const [country, structure] of Object.entries(IBAN_BBAN_STRUCTURES)) {
      const segments = parseBbanStructure(structure)
      expect(segments, country).not.toBeNull()
      const bbanLength = (segments ?? []).reduce((total, segment) => total + segment.length, 0)
      expect(4 + bbanLength, country).toBe(REGISTRY_LENGTHS[country])
      expect(ibanCountryRule(country)?.ibanLength, country).toBe(REGISTRY_LENGTHS[country])
      expect(isIsoCountryCode(country), country).toBe(true)
    }
  })

  it('parses the SWIFT notation and rejects malformed structures', () => {
    expect(parseBbanStructure('5!n5!n11!c2!n')).toEqual([
      { length: 5, type: 'n' },
      { length: 5, type: 'n' },
      { length: 11, type: 'c' },
      { length: 2, type: 'n' },
    ])
    expect(parseBbanStructure('4a14n')).toEqual([
      { length: 4, type: 'a' },
      { length: 14, type: 'n' },
    ])
    for (const bad of ['', 'n', '5!x', '5!n 2!n', '5!n2']) expect(parseBbanStructure(bad), bad).toBeNull()
  })

  it('does not list territories that use the French (or another) IBAN', () => {
    for (const country of ['GP', 'GF', 'MQ', 'RE', 'YT', 'PM', 'NC', 'PF', 'WF', 'BL', 'MF', 'TF', 'AX', 'JE', 'GG', 'IM']) {
      expect(ibanCountryRule(country), country).toBeUndefined()
    }
  })
})

describe('isValidIban', () => {
  it('accepts a registry example for every registry country (checked against BigInt mod 97 too)', () => {
    const covered = new Set(REGISTRY_EXAMPLES.map((iban) => iban.slice(0, 2)))
    expect([...covered].sort()).toEqual(Object.keys(IBAN_BBAN_STRUCTURES).sort())
    for (const iban of REGISTRY_EXAMPLES) {
      expect(ibanMod97(iban), iban).toBe(1n)
      expect(iban.length, iban).toBe(REGISTRY_LENGTHS[iban.slice(0, 2)])
      expect(isValidIban(iban), iban).toBe(true)
    }
  })

  it('tolerates human formatting', () => {
    for (const iban of [
      'fr76 3000 6000 0112 3456 7890 189',
      'FR76\u00a03000\u00a06000\u00a00112\u00a03456\u00a07890\u00a0189',
      'FR76-3000-6000-0112-3456-7890-189',
      'de89.3704.0044.0532.0130.00',
      'GB82 WEST 1234 5698 7654 32',
      ' be68 5390 0754 7034 ',
      'fr14 2004 1010 0505 0001 3m02 606',
    ]) {
      expect(isValidIban(iban), iban).toBe(true)
    }
  })

  it('rejects every single-character change of valid IBANs', () => {
    for (const valid of ['FR7630006000011234567890189', 'DE89370400440532013000', 'GB82WEST12345698765432', 'BE68539007547034']) {
      for (const mutated of singleSubstitutions(valid)) expect(isValidIban(mutated), mutated).toBe(false)
    }
  })

  it('rejects known broken checksums', () => {
    for (const iban of [
      'FR7630006000011234567890188',
      'DE89370400440532013001',
      'BE68530907547034',
      'AT611804300234573201',
      'GB82WEST12345698765423',
    ]) {
      expect(isValidIban(iban), iban).toBe(false)
    }
  })

  it('rejects wrong lengths even when the checksum is right', () => {
    for (const [country, bban] of [
      ['FR', '300060000112345678901'],
      ['FR', '300060000112345678901890'],
      ['DE', '3704004405320130000'],
      ['BE', '5390075470341'],
    ] as const) {
      const iban = withCheckDigits(country, bban)
      expect(ibanMod97(iban), iban).toBe(1n)
      expect(isValidIban(iban), iban).toBe(false)
    }
  })

  it('rejects a BBAN that breaks the country structure even when the checksum is right', () => {
    for (const [country, bban] of [
      ['DE', '37040044053201300A'], // DE: 18n
      ['GB', '1234' + '12345698765432'], // GB: bank code must be letters
      ['NL', '0417ABNA164300'], // NL: 4a10n
      ['FR', '300060000112345678901AB'], // FR: the RIB key is 2n
      ['IT', '10542811101000000123456'], // IT: starts with 1a
      ['MU', 'BOMM0101101030300200000123'], // MU: ends with 3a (currency)
    ] as const) {
      const iban = withCheckDigits(country, bban)
      expect(ibanMod97(iban), iban).toBe(1n)
      expect(isValidIban(iban), iban).toBe(false)
    }
  })

  it('rejects unknown countries and territories without their own IBAN, even with a right checksum', () => {
    for (const [country, bban] of [
      ['QQ', '30006000011234567890189'],
      ['US', '021000021123456789'],
      ['GP', '30006000011234567890189'],
      ['RE', '30006000011234567890189'],
    ] as const) {
      const iban = withCheckDigits(country, bban)
      expect(ibanMod97(iban), iban).toBe(1n)
      expect(isValidIban(iban), iban).toBe(false)
    }
    expect(isValidIban('XX431234')).toBe(false)
  })

  it('rejects check digits 00, 01 and 99 although they can satisfy mod 97', () => {
    const random = prng(13616)
    const byCheck = new Map<string, string>()
    while (!byCheck.has('02') || !byCheck.has('97') || !byCheck.has('98')) {
      const iban = withCheckDigits('DE', randomDigits(random, 18))
      byCheck.set(iban.slice(2, 4), iban)
    }
    for (const [valid, alias] of [
      ['02', '99'],
      ['97', '00'],
      ['98', '01'],
    ] as const) {
      const iban = byCheck.get(valid) ?? ''
      expect(isValidIban(iban), iban).toBe(true)
      const aliased = iban.slice(0, 2) + alias + iban.slice(4)
      expect(ibanMod97(aliased), aliased).toBe(1n)
      expect(isValidIban(aliased), aliased).toBe(false)
    }
  })

  it('rejects garbage', () => {
    for (const iban of ['', 'FR', 'FR76', '7630006000011234567890189', 'FR7630006000011234567890189!', 'ÉR7630006000011234567890189']) {
      expect(isValidIban(iban), iban).toBe(false)
    }
  })

  it('property: for every registry country, a random BBAN of the right structure with computed check digits is valid, and a changed check digit is not', () => {
    const random = prng(89)
    const alphabets = { n: DIGITS, a: LETTERS, c: DIGITS + LETTERS }
    for (const [country, structure] of Object.entries(IBAN_BBAN_STRUCTURES)) {
      for (let run = 0; run < 20; run += 1) {
        const bban = (parseBbanStructure(structure) ?? [])
          .map((segment) => Array.from({ length: segment.length }, () => pick(random, alphabets[segment.type])).join(''))
          .join('')
        const iban = withCheckDigits(country, bban)
        expect(isValidIban(iban), iban).toBe(true)
        expect(isValidIban(formatIban(iban).toLowerCase()), iban).toBe(true)
        const check = Number(iban.slice(2, 4))
        const otherCheck = String(check === 98 ? 2 : check + 1).padStart(2, '0')
        expect(isValidIban(iban.slice(0, 2) + otherCheck + iban.slice(4)), iban).toBe(false)
      }
    }
  })
})

describe('formatIban', () => {
  it('groups by 4 after normalizing', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189')
    expect(formatIban('DE89 3704-0044.0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00')
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034')
    expect(formatIban('')).toBe('')
  })
})

describe('isValidBic', () => {
  it('accepts 8- and 11-character BICs, formatted or not', () => {
    for (const bic of [
      'BNPAFRPP',
      'BNPAFRPPXXX',
      'bnpa fr pp xxx',
      'CEPAFRPP751',
      'DEUTDEFF',
      'DEUTDEFF500',
      'NWBKGB2L',
      'AGRIFRPP882',
      'RBKOXKPR',
    ]) {
      expect(isValidBic(bic), bic).toBe(true)
    }
  })

  it('accepts test BICs (second location character 0)', () => {
    expect(isValidBic('BNPAFRP0')).toBe(true)
    expect(isValidBic('ABCDFR20XXX')).toBe(true)
  })

  it('rejects wrong lengths, digits in the institution or country, and unknown countries', () => {
    for (const bic of [
      '',
      'BNPAFRP',
      'BNPAFRPPX',
      'BNPAFRPPXX',
      'BNPAFRPPXXXX',
      'BNP1FRPP',
      'BNPA1RPP',
      'BNPAQQPP',
      'BNPAUKPP',
      'BNPAEUPP',
      'BNPA_RPP',
      'BNPAFRPP_XX',
    ]) {
      expect(isValidBic(bic), bic).toBe(false)
    }
  })

  it('knows the 249 ISO 3166-1 alpha-2 codes plus XK', () => {
    let count = 0
    for (const first of LETTERS) for (const second of LETTERS) if (isIsoCountryCode(first + second)) count += 1
    expect(count).toBe(250)
    for (const code of ['FR', 'GP', 'RE', 'MC', 'XK', 'SS', 'BQ', 'CW', 'SX']) expect(isIsoCountryCode(code), code).toBe(true)
    for (const code of ['UK', 'EU', 'AN', 'YU', 'CS', 'ZZ']) expect(isIsoCountryCode(code), code).toBe(false)
  })
})

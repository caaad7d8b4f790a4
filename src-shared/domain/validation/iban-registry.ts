/**
 * SWIFT IBAN Registry (ISO 13616): BBAN structure of every country that issues IBANs.
 *
 * Each value is the BBAN (the part after the country code and the two check digits) in the
 * registry's own notation: `<length>!<type>` segments, where `!` means "fixed length" and
 * - `n` = digits (0-9),
 * - `a` = upper-case letters (A-Z),
 * - `c` = alphanumeric (A-Z, a-z, 0-9; we compare on the upper-cased electronic form).
 * The IBAN length is 4 (country + check digits) + the sum of the segment lengths.
 *
 * Source: SWIFT "IBAN Registry" (ISO 13616-1 registration authority), the 89 countries listed there,
 * cross-checked against the registry's example IBANs (see the tests). Territories that use another
 * country's IBAN (French overseas departments and collectivities use `FR`; Åland uses `FI`; Jersey,
 * Guernsey and the Isle of Man use `GB`) are deliberately NOT listed under their own ISO code: IBANs
 * with prefixes such as `GP`, `RE` or `JE` are not issued.
 * Countries that publish IBAN-like numbers outside the registry (e.g. Algeria, Senegal, Morocco,
 * other "experimental" WAEMU/CEMAC formats) are not included.
 */
export const IBAN_BBAN_STRUCTURES: Readonly<Record<string, string>> = Object.freeze({
  AD: '4!n4!n12!c', // Andorra, 24
  AE: '3!n16!n', // United Arab Emirates, 23
  AL: '8!n16!c', // Albania, 28
  AT: '5!n11!n', // Austria, 20
  AZ: '4!a20!c', // Azerbaijan, 28
  BA: '3!n3!n8!n2!n', // Bosnia and Herzegovina, 20
  BE: '3!n7!n2!n', // Belgium, 16
  BG: '4!a4!n2!n8!c', // Bulgaria, 22
  BH: '4!a14!c', // Bahrain, 22
  BI: '5!n5!n11!n2!n', // Burundi, 27
  BR: '8!n5!n10!n1!a1!c', // Brazil, 29
  BY: '4!c4!n16!c', // Belarus, 28
  CH: '5!n12!c', // Switzerland, 21
  CR: '4!n14!n', // Costa Rica, 22
  CY: '3!n5!n16!c', // Cyprus, 28
  CZ: '4!n6!n10!n', // Czechia, 24
  DE: '8!n10!n', // Germany, 22
  DJ: '5!n5!n11!n2!n', // Djibouti, 27
  DK: '4!n9!n1!n', // Denmark, 18
  DO: '4!c20!n', // Dominican Republic, 28
  EE: '2!n14!n', // Estonia, 20
  EG: '4!n4!n17!n', // Egypt, 29
  ES: '4!n4!n1!n1!n10!n', // Spain, 24
  FI: '3!n11!n', // Finland (incl. Åland), 18
  FK: '2!a12!n', // Falkland Islands, 18
  FO: '4!n9!n1!n', // Faroe Islands, 18
  FR: '5!n5!n11!c2!n', // France (incl. overseas departments and collectivities), 27
  GB: '4!a6!n8!n', // United Kingdom (incl. Guernsey, Isle of Man, Jersey), 22
  GE: '2!a16!n', // Georgia, 22
  GI: '4!a15!c', // Gibraltar, 23
  GL: '4!n9!n1!n', // Greenland, 18
  GR: '3!n4!n16!c', // Greece, 27
  GT: '4!c20!c', // Guatemala, 28
  HN: '4!a20!n', // Honduras, 28
  HR: '7!n10!n', // Croatia, 21
  HU: '3!n4!n1!n15!n1!n', // Hungary, 28
  IE: '4!a6!n8!n', // Ireland, 22
  IL: '3!n3!n13!n', // Israel, 23
  IQ: '4!a3!n12!n', // Iraq, 23
  IS: '4!n2!n6!n10!n', // Iceland, 26
  IT: '1!a5!n5!n12!c', // Italy, 27
  JO: '4!a4!n18!c', // Jordan, 30
  KW: '4!a22!c', // Kuwait, 30
  KZ: '3!n13!c', // Kazakhstan, 20
  LB: '4!n20!c', // Lebanon, 28
  LC: '4!a24!c', // Saint Lucia, 32
  LI: '5!n12!c', // Liechtenstein, 21
  LT: '5!n11!n', // Lithuania, 20
  LU: '3!n13!c', // Luxembourg, 20
  LV: '4!a13!c', // Latvia, 21
  LY: '3!n3!n15!n', // Libya, 25
  MC: '5!n5!n11!c2!n', // Monaco, 27
  MD: '2!c18!c', // Moldova, 24
  ME: '3!n13!n2!n', // Montenegro, 22
  MK: '3!n10!c2!n', // North Macedonia, 19
  MN: '4!n12!n', // Mongolia, 20
  MR: '5!n5!n11!n2!n', // Mauritania, 27
  MT: '4!a5!n18!c', // Malta, 31
  MU: '4!a2!n2!n12!n3!n3!a', // Mauritius, 30
  NI: '4!a20!n', // Nicaragua, 28
  NL: '4!a10!n', // Netherlands, 18
  NO: '4!n6!n1!n', // Norway, 15
  OM: '3!n16!c', // Oman, 23
  PK: '4!a16!c', // Pakistan, 24
  PL: '8!n16!n', // Poland, 28
  PS: '4!a21!c', // Palestine, 29
  PT: '4!n4!n11!n2!n', // Portugal, 25
  QA: '4!a21!c', // Qatar, 29
  RO: '4!a16!c', // Romania, 24
  RS: '3!n13!n2!n', // Serbia, 22
  RU: '9!n5!n15!c', // Russia, 33
  SA: '2!n18!c', // Saudi Arabia, 24
  SC: '4!a2!n2!n16!n3!a', // Seychelles, 31
  SD: '2!n12!n', // Sudan, 18
  SE: '3!n16!n1!n', // Sweden, 24
  SI: '5!n8!n2!n', // Slovenia, 19
  SK: '4!n6!n10!n', // Slovakia, 24
  SM: '1!a5!n5!n12!c', // San Marino, 27
  SO: '4!n3!n12!n', // Somalia, 23
  ST: '8!n11!n2!n', // Sao Tome and Principe, 25
  SV: '4!a20!n', // El Salvador, 28
  TL: '3!n14!n2!n', // Timor-Leste, 23
  TN: '2!n3!n13!n2!n', // Tunisia, 24
  TR: '5!n1!n16!c', // Türkiye, 26
  UA: '6!n19!c', // Ukraine, 29
  VA: '3!n15!n', // Vatican City State, 22
  VG: '4!a16!n', // British Virgin Islands, 24
  XK: '4!n10!n2!n', // Kosovo, 20
  YE: '4!a4!n18!c', // Yemen, 30
})

/** One fixed-length run of the BBAN: `length` characters of class `type`. */
export interface BbanSegment {
  readonly length: number
  readonly type: 'n' | 'a' | 'c'
}

/**
 * Parses a registry structure such as `5!n5!n11!c2!n` into segments (the `!` is optional).
 * Returns `null` when the string is not in that notation.
 */
export function parseBbanStructure(structure: string): BbanSegment[] | null {
  const segments: BbanSegment[] = []
  const pattern = /(\d+)!?([nac])/gy
  let consumed = 0
  for (const match of structure.matchAll(pattern)) {
    const [whole, length, type] = match
    if (length === undefined || (type !== 'n' && type !== 'a' && type !== 'c')) return null
    segments.push({ length: Number(length), type })
    consumed += whole.length
  }
  return consumed === structure.length && segments.length > 0 ? segments : null
}

const CHARACTER_CLASS: Readonly<Record<BbanSegment['type'], string>> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' }

/** Compiled per-country rule: total IBAN length and a regular expression for the upper-cased BBAN. */
export interface IbanCountryRule {
  readonly ibanLength: number
  readonly bbanPattern: RegExp
}

const RULES: ReadonlyMap<string, IbanCountryRule> = new Map(
  Object.entries(IBAN_BBAN_STRUCTURES).flatMap(([country, structure]): [string, IbanCountryRule][] => {
    const segments = parseBbanStructure(structure)
    if (segments === null) return []
    const bbanLength = segments.reduce((total, segment) => total + segment.length, 0)
    const body = segments.map((segment) => `${CHARACTER_CLASS[segment.type]}{${segment.length}}`).join('')
    return [[country, { ibanLength: 4 + bbanLength, bbanPattern: new RegExp(`^${body}$`) }]]
  }),
)

/** The registry rule for an upper-case ISO 3166 alpha-2 country code, or `undefined` if it issues no IBAN. */
export function ibanCountryRule(country: string): IbanCountryRule | undefined {
  return RULES.get(country)
}

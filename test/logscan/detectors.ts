/**
 * Detectors of personal data and secrets in written logs, for the scan that runs after the end-to-end suites.
 *
 * Written independently of src-shared/redaction.ts on purpose (a miss in the redactor must not blind the scan):
 * candidates are found by shape, then confirmed with the app's validators (NIR key, IBAN mod 97, BIC country), and
 * known values (seed NIR/IBAN/BIC, demo secret, issued tokens) are searched for literally, spaces ignored.
 */
import { isValidBic, isValidIban, isValidNir, normalizeIdentifier } from '../../src-shared/domain/validation/identifiers'

/** One finding: what kind, on which line (1-based), and a masked excerpt (never the value itself). */
export interface Finding {
  readonly kind: 'nir' | 'iban' | 'bic' | 'montant' | 'secret' | 'jeton' | 'donnee-connue'
  readonly line: number
  readonly excerpt: string
}

/** Values known to be personal or secret (from the sandbox's seed and the tokens it issued). */
export interface KnownValues {
  readonly identifiers: readonly string[]
  readonly secrets: readonly string[]
}

const SPACES = /[ \u00A0\u202F\u2009]/g
/** A NIR-shaped run: 15 characters (digits, 2A/2B), single spaces allowed between them. */
const NIR_CANDIDATE = /(?<![0-9A-Za-z])[1-478](?:[ \u00A0\u202F]?[0-9AB]){14}(?![0-9A-Za-z])/gi
/** An IBAN-shaped run: country, check digits, then alphanumerics with single spaces. */
const IBAN_CANDIDATE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ \u00A0\u202F]?[A-Z0-9]){11,30}/gi
/** A BIC-shaped word (upper case, 8 or 11 characters). */
const BIC_CANDIDATE = /(?<![A-Za-z0-9_])[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Za-z0-9_])/g
/** A decimal with 1–2 decimals that is not part of a time stamp, a version or an address; or a euro amount. */
const AMOUNT = /(?<![\d.,:A-Za-z])\d+[.,]\d{1,2}(?![\d]|[.,]\d)|\d\s?€|€\s?\d|\d\s?EUR\b/g
/** Credentials that must never be written, whatever their value. */
const SECRET_SHAPES = [
  /\bBearer\s+(?!\[SECRET\])[A-Za-z0-9\-._~+/]{8,}/i,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/,
  /client_secret["=:\s]+(?!\[SECRET\])[^\s"&,}[]{3,}/i,
]

function mask(text: string): string {
  return text
    .replace(/[0-9]/g, '9')
    .replace(/[A-Za-z]/g, 'x')
    .slice(0, 60)
}

/** Every IBAN starting at `index` of the candidate (the candidate may run into the next word). */
function containsValidIban(candidate: string): boolean {
  const compact = normalizeIdentifier(candidate)
  for (let length = 15; length <= Math.min(34, compact.length); length += 1) {
    if (isValidIban(compact.slice(0, length))) return true
  }
  return false
}

/**
 * Findings in one log text. `known.identifiers` are searched with every space removed from each line; `known.secrets`
 * as written.
 */
export function scanLogText(text: string, known: KnownValues): Finding[] {
  const findings: Finding[] = []
  const lines = text.split('\n')
  const knownIds = known.identifiers.map(normalizeIdentifier).filter((value) => value.length >= 8)
  lines.forEach((content, index) => {
    const line = index + 1
    const add = (kind: Finding['kind'], excerpt: string): void => {
      findings.push({ kind, line, excerpt: mask(excerpt) })
    }
    for (const match of content.matchAll(NIR_CANDIDATE)) if (isValidNir(match[0])) add('nir', match[0])
    for (const match of content.matchAll(IBAN_CANDIDATE)) if (containsValidIban(match[0])) add('iban', match[0])
    for (const match of content.matchAll(BIC_CANDIDATE)) if (isValidBic(match[0])) add('bic', match[0])
    for (const match of content.matchAll(AMOUNT)) add('montant', match[0])
    for (const shape of SECRET_SHAPES) {
      const match = shape.exec(content)
      if (match !== null) add('secret', match[0])
    }
    for (const secret of known.secrets) if (secret.length >= 6 && content.includes(secret)) add('jeton', secret)
    const compact = normalizeIdentifier(content.replace(SPACES, ''))
    for (const value of knownIds) if (compact.includes(value)) add('donnee-connue', value)
  })
  return findings
}

/** Every string held under a key named `nir`, `iban` or `bic`, anywhere in `data` (the sandbox store, for one). */
export function collectIdentifiers(data: unknown): string[] {
  const found = new Set<string>()
  const walk = (value: unknown, key: string | null): void => {
    if (typeof value === 'string') {
      if (key !== null && /^(nir|iban|bic)$/i.test(key)) found.add(value)
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key)
    } else if (value !== null && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) walk(child, childKey)
    }
  }
  walk(data, null)
  return [...found]
}

/**
 * Redaction of personal data and secrets in log text: what every log line goes through before it is written
 * (src-main/log.ts). Pure TypeScript: no DOM, Node or Electron.
 *
 * Redaction errs on the side of hiding: a value that merely looks like a NIR, an IBAN, a BIC, an amount or a
 * token is replaced, whether or not its check digits are right (a mistyped NIR is still personal data).
 * Rule source: RGPD art. 5.1.c (data minimisation) and CNIL guidance on logs; issue 6 ("no personal data in logs").
 */
import { IBAN_BBAN_STRUCTURES } from './domain/validation/iban-registry'
import { isIsoCountryCode } from './domain/validation/identifiers'

/** Placeholders written instead of the hidden values. */
export const REDACTED = {
  nir: '[NIR]',
  iban: '[IBAN]',
  bic: '[BIC]',
  montant: '[MONTANT]',
  secret: '[SECRET]',
} as const

/** Separators a human puts inside a printed identifier: space, NBSP, narrow NBSP, thin space. */
const SP = '[ \\u00A0\\u202F\\u2009]'

/** `Authorization: <scheme> <credentials>` (header form, JSON form `"authorization":"…"`, any case). */
const AUTHORIZATION = /(authorization"?\s*[:=]\s*"?)(?:(?:bearer|basic|digest)\s+)?[^\s",;}]+/gi
/** RFC 6750 bearer credentials anywhere in the text. */
const BEARER = /\b(bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi
/** JWT-like: three (or two) base64url segments, the first one a JSON object (`eyJ`). */
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?/g
/** `key=value` / `"key":"value"` pairs whose key names a secret (client_secret, access_token, password…). */
const SECRET_PAIR =
  /((?:client[_-]?secret|access[_-]?token|refresh[_-]?token|id[_-]?token|password|mot[_-]?de[_-]?passe|secret|token|jeton|api[_-]?key|cookie|set-cookie)"?\s*[:=]\s*"?)([^\s"&,;}]+)/gi
/** Long opaque runs (random tokens, 32+ base64url characters). Hex-only runs (UUIDs, SHA-256 digests) are kept. */
const OPAQUE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g

/** IBAN: a country of the SWIFT registry, 2 check digits, 11–30 alphanumerics, optionally grouped by 4. */
const IBAN_COUNTRIES = Object.keys(IBAN_BBAN_STRUCTURES).join('|')
const IBAN = new RegExp(
  `(?<![A-Za-z0-9])(?:${IBAN_COUNTRIES})${SP}?\\d{2}(?:${SP}?[A-Z0-9]{4}){2,7}(?:${SP}?[A-Z0-9]{1,4})?(?![A-Za-z0-9])`,
  'gi',
)

/**
 * NIR: sex (1, 2, 3, 4, 7, 8) · year · month · department (2 digits or 2A/2B) · commune · order · key (15 characters),
 * optionally separated by spaces. Month and key are not checked (source: INSEE structure, see identifiers.ts).
 */
const NIR = new RegExp(
  `(?<![0-9A-Za-z])[123478]${SP}?\\d{2}${SP}?\\d{2}${SP}?(?:\\d{2}|2[AB])${SP}?\\d{3}${SP}?\\d{3}${SP}?\\d{2}(?![0-9A-Za-z])`,
  'gi',
)
/** 13 digits + key run together inside a longer digit string are caught too (no separators). */
const NIR_BARE = /(?<!\d)[123478]\d{4}(?:\d{2}|2[AB])\d{8}(?!\d)/gi

/** BIC (ISO 9362): 4 letters · ISO country · 2 alphanumerics · optional 3 alphanumerics; upper-case, as typed. */
const BIC = /(?<![A-Za-z0-9_])[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Za-z0-9_])/g

/** Amounts with a currency: `1 234,56 €`, `€12.5`, `1234.50 EUR`. */
const MONEY_WITH_CURRENCY = new RegExp(
  `(?:€${SP}?-?\\d[\\d${SP.slice(1, -1)}.,]*|-?\\d[\\d${SP.slice(1, -1)}.,]*${SP}?(?:€|EUR\\b|euros?\\b))`,
  'gi',
)
/** `montant=…` / `"salaire":"…"` pairs: the key names money, the value is hidden whatever its shape. */
const MONEY_PAIR =
  /((?:montant|amount|salaire|brut|net[_-]?(?:a[_-]?payer|paye|imposable)|remuneration|prime|indemnite|cotisation|base|taux|valeur|prix|cout)\w*"?\s*[:=]\s*"?)(-?[\d ., \u00A0\u202F]*\d)/gi
/** Decimal money strings: `1234.50`, `-3.5`, `12,75` (not a dotted version such as `1.17.1`, not an IP address). */
const DECIMAL = /(?<![\d.,A-Za-z])-?\d+[.,]\d{1,2}(?![\d.,]?\d)(?!\.\d)/g

/** Field names whose value is hidden whole, whatever it looks like. */
const SENSITIVE_FIELD =
  /nir|iban|bic|secret|token|jeton|password|authorization|cookie|montant|amount|salaire|brut|remuneration|prime|indemnite/i

/**
 * Text with every NIR, IBAN, BIC, amount, bearer token, JWT, Authorization header value and secret-valued pair
 * replaced by a placeholder ({@link REDACTED}). Idempotent; never throws; other text is kept as is (error codes such as
 * `JETON_EXPIRE`, UUIDs, SIREN numbers, ISO dates and integer counts survive).
 */
export function redact(text: string): string {
  return text
    .replace(AUTHORIZATION, `$1${REDACTED.secret}`)
    .replace(BEARER, `$1 ${REDACTED.secret}`)
    .replace(JWT, REDACTED.secret)
    .replace(SECRET_PAIR, `$1${REDACTED.secret}`)
    .replace(OPAQUE, (run) => (/^[0-9a-f-]+$/i.test(run) ? run : REDACTED.secret))
    .replace(IBAN, REDACTED.iban)
    .replace(NIR, REDACTED.nir)
    .replace(NIR_BARE, REDACTED.nir)
    .replace(BIC, (bic, country: string) => (isIsoCountryCode(country) ? REDACTED.bic : bic))
    .replace(MONEY_PAIR, `$1${REDACTED.montant}`)
    .replace(MONEY_WITH_CURRENCY, REDACTED.montant)
    .replace(DECIMAL, REDACTED.montant)
}

/** A log field value: scalars only. */
export type RedactableValue = string | number | boolean | null

/**
 * Redacted copy of structured log fields: a field whose name says it holds personal data, money or a secret
 * (`nir`, `iban`, `montant`, `token`…) is replaced whole by `[SECRET]` or `[MONTANT]`; any other string or number
 * goes through {@link redact} (a number nothing was hidden in stays a number). Booleans and null are kept.
 */
export function redactFields(fields: Readonly<Record<string, RedactableValue>>): Record<string, RedactableValue> {
  const out: Record<string, RedactableValue> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || typeof value === 'boolean') out[key] = value
    else if (SENSITIVE_FIELD.test(key))
      out[key] = /montant|amount|salaire|brut|remuneration|prime|indemnite/i.test(key) ? REDACTED.montant : REDACTED.secret
    else {
      const text = redact(String(value))
      out[key] = typeof value === 'number' && text === String(value) ? value : text
    }
  }
  return out
}

/** Scalar context attached to a log line (codes, channel names, counts, durations in ms). */
export type LogFields = Readonly<Record<string, RedactableValue>>

/**
 * The redacted text of one log line: `message {"field":"value"}` (message through {@link redact}, fields through
 * {@link redactFields}). Shared by main's logger (src-main/log.ts) and the sandbox's (src-sandbox/log.ts).
 */
export function formatLogLine(message: string, fields: LogFields | undefined): string {
  const text = redact(message)
  return fields === undefined ? text : `${text} ${JSON.stringify(redactFields(fields))}`
}

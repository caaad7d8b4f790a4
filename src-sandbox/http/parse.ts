/**
 * Request parsing of the sandbox: query string and body as plain values, then the endpoint row's zod schemas,
 * with every issue reported as `{ chemin, code, message }` (French) in a 400 REQUETE_INVALIDE.
 */
import { z } from 'zod'
import { requeteInvalide, type ErrorDetail } from './errors'

/** Where a value came from; the first segment of `chemin`. */
export type RequestPart = 'params' | 'query' | 'body'

const FRENCH = z.locales.fr()

/**
 * zod's French messages (zod/locales `fr`), with a plainer one for a missing field. The schemas' own messages
 * (`'SIREN : 9 chiffres attendus'`) take precedence over this map.
 */
export const frenchErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Champ obligatoire'
  return FRENCH.localeError(issue)
}

/**
 * `chemin` of an issue: the part, then keys as `.name` and indexes as `[n]`.
 * `('body', ['salaries', 2, 'iban'])` → `'body.salaries[2].iban'`; `('body', [])` → `'body'`.
 */
export function issuePath(part: RequestPart, path: readonly PropertyKey[]): string {
  let out: string = part
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`
  }
  return out
}

/** The issues of a failed parse as error details; zod's default messages in French, the schema's own kept. */
export function issuesToDetails(part: RequestPart, error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ chemin: issuePath(part, issue.path), code: issue.code, message: issue.message }))
}

/**
 * Parses `value` with `schema`; throws a 400 REQUETE_INVALIDE (SandboxRefusal) listing every issue under `part`.
 * @returns the schema's output (transforms applied: multi-valued query parameters become arrays, numbers parsed).
 */
export function parsePart<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = schema.safeParse(value, { error: frenchErrorMap })
  if (!result.success) throw requeteInvalide(issuesToDetails(part, result.error))
  return result.data
}

/**
 * Parses one part of a request, adding its issues to `errors` (so every part is reported at once).
 * @returns the schema's output; undefined when it failed; `{}` (params, query) or undefined (body) without schema.
 */
export function parseInto(schema: z.ZodType | undefined, value: unknown, part: RequestPart, errors: ErrorDetail[]): unknown {
  if (schema === undefined) return part === 'body' ? undefined : {}
  const result = schema.safeParse(value, { error: frenchErrorMap })
  if (result.success) return result.data
  errors.push(...issuesToDetails(part, result.error))
  return undefined
}

/**
 * Query object from Hono's `c.req.queries()`: a key given once → string, several times → array of strings
 * (so `queryMulti` schemas accept both, and single-valued ones refuse repetition).
 */
export function queryObject(queries: Readonly<Record<string, readonly string[]>>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, values] of Object.entries(queries)) {
    const [first] = values
    if (first === undefined) continue
    out[key] = values.length === 1 ? first : [...values]
  }
  return out
}

/** Form body (`application/x-www-form-urlencoded`) as an object; a repeated key keeps its last value. */
export function formObject(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(text)) out[key] = value
  return out
}

/**
 * Body value of a request: an empty body is `{}` (so actions without payload validate, and missing fields are named
 * one by one); a form body when `form` is allowed and the content type says so; JSON otherwise.
 * @throws SandboxRefusal 400 REQUETE_INVALIDE (chemin `body`) when the JSON cannot be read.
 */
export function bodyValue(text: string, contentType: string | undefined, allowForm: boolean): unknown {
  if (text.trim() === '') return {}
  const type = (contentType ?? '').toLowerCase()
  if (allowForm && type.startsWith('application/x-www-form-urlencoded')) return formObject(text)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw requeteInvalide([{ chemin: 'body', code: 'json_illisible', message: 'Corps de requête illisible : JSON attendu' }])
  }
}

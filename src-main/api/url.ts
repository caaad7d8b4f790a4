/**
 * The URL of an API request: the endpoint's path with its parameters substituted, and the query string.
 */

/** Substitutes `{name}` placeholders with URL-encoded values. @throws Error when a value is missing. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`missing path parameter: ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** Serialises a query object; arrays become repeated keys (`nic=1&nic=2`), undefined values are left out. */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    const values: unknown[] = Array.isArray(value) ? value : [value]
    for (const v of values) search.append(key, typeof v === 'string' ? v : JSON.stringify(v))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

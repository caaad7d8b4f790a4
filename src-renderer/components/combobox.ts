/**
 * Filtering of a code list for CodeCombobox.vue: what the clerk types is matched against each code and its label,
 * case and accents ignored, every word of the query having to appear; codes starting with the query come first.
 * Pure; tested in node.
 */

/** One choice of a code list (`/api/codes/{nomCode}` elements). */
export interface CodeOption {
  readonly code: string
  readonly libelle: string
}

/** Lower case without diacritics (`Élève` → `eleve`), apostrophes unified. */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘`]/g, "'").toLowerCase()
}

/** How a chosen code is written in the field: `code — libellé`, or the code alone when the list does not hold it. */
export function optionText(options: readonly CodeOption[], code: string): string {
  if (code === '') return ''
  const found = options.find((o) => o.code === code)
  return found === undefined ? code : `${found.code} — ${found.libelle}`
}

/**
 * The options matching `query` (all when it is blank or is exactly the chosen option's text), codes that start with
 * the query first, then list order; at most `limit`.
 * @returns the options shown and how many others match beyond the limit.
 */
export function filterOptions(
  options: readonly CodeOption[],
  query: string,
  limit: number,
): { readonly shown: readonly CodeOption[]; readonly more: number } {
  const words = normalise(query)
    .split(/\s+/)
    .filter((w) => w !== '' && w !== '—')
  const matching =
    words.length === 0
      ? [...options]
      : options.filter((o) => {
          const hay = normalise(`${o.code} ${o.libelle}`)
          return words.every((w) => hay.includes(w))
        })
  const first = words[0] ?? ''
  const ranked =
    first === ''
      ? matching
      : [...matching].sort((a, b) => Number(!normalise(a.code).startsWith(first)) - Number(!normalise(b.code).startsWith(first)))
  return { shown: ranked.slice(0, limit), more: Math.max(0, ranked.length - limit) }
}

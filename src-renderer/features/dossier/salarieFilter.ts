/**
 * Employee filtering shared by the dossier view and the EVP grid: accent-insensitive search on name or matricule,
 * establishment (NIC), and presence over a date range ("présents du … au …"). Pure; tested in node.
 */
import type { Salarie } from '../../../src-shared/api/salaries'
import { contractsListedOver, listedOver } from '../../../src-shared/domain/presence'
import { isoDateOrEmpty, searchKey } from '../../components/format'

/** Filter of the employee list; empty strings mean "no constraint". Dates `YYYY-MM-DD` (any other text: none). */
export interface SalarieFilter {
  readonly search: string
  readonly nic: string
  readonly du: string
  readonly au: string
}

export const EMPTY_FILTER: SalarieFilter = { search: '', nic: '', du: '', au: '' }

/** Display name "NOM Prénom"; the usage name (`nom_usage`) replaces the birth name when there is one. */
export function displayName(salarie: Pick<Salarie, 'nom' | 'prenom' | 'nom_usage'>): string {
  const nom = salarie.nom_usage !== null && salarie.nom_usage !== '' ? salarie.nom_usage : salarie.nom
  return `${nom.toUpperCase()} ${salarie.prenom}`
}

/** Search text of an employee: matricule, birth and usage names, first name (accent-free, lower case). */
function haystack(s: Salarie): string {
  return searchKey([s.matricule, s.nom, s.nom_usage ?? '', s.prenom].join(' '))
}

/**
 * True when the employee matches every word of `search` (each word found in the matricule or a name, accents and
 * case ignored). An empty search matches everyone.
 */
export function matchesSearch(salarie: Salarie, search: string): boolean {
  const words = searchKey(search)
    .split(' ')
    .filter((w) => w !== '')
  if (words.length === 0) return true
  const text = haystack(salarie)
  return words.every((w) => text.includes(w))
}

/** A filter bound as the presence rule takes it: a `YYYY-MM-DD` date, or null (open) for anything else. */
function bound(date: string): string | null {
  return isoDateOrEmpty(date) === '' ? null : date
}

/**
 * True when the employee is present at some day between `du` and `au` (inclusive; empty or not a date = open): the
 * ONE presence rule of src-shared/domain/presence.ts (`listedOver`: contracts cut at the exit date; an employee
 * whose exit precedes his entry stays listed), shared with the sandbox's `du`/`au` filter.
 */
export function isPresent(salarie: Salarie, du: string, au: string): boolean {
  return listedOver(salarie, { du: bound(du), au: bound(au) })
}

/** Contracts of the employee running at some day between `du` and `au` (inclusive; empty = open), cut at the exit date. */
export function activeContracts(salarie: Salarie, du: string, au: string): Salarie['contrats'] {
  return contractsListedOver(salarie, { du: bound(du), au: bound(au) })
}

/** Orders by display name then matricule (French collation, accents ignored at first level). */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true })
export function compareSalaries(a: Salarie, b: Salarie): number {
  return collator.compare(displayName(a), displayName(b)) || collator.compare(a.matricule, b.matricule)
}

/** The employees matching `filter`, sorted by name. Does not change `salaries`. */
export function filterSalaries(salaries: readonly Salarie[], filter: SalarieFilter): Salarie[] {
  return salaries
    .filter((s) => (filter.nic === '' || s.nic === filter.nic) && isPresent(s, filter.du, filter.au) && matchesSearch(s, filter.search))
    .sort(compareSalaries)
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Reads a filter from route query parameters `q`, `nic`, `du`, `au` (invalid values ignored). */
export function filterFromQuery(query: Readonly<Record<string, unknown>>): SalarieFilter {
  const str = (key: string): string => {
    const value = query[key]
    return typeof value === 'string' ? value : ''
  }
  return {
    search: str('q'),
    nic: /^\d{5}$/.test(str('nic')) ? str('nic') : '',
    du: DATE.test(str('du')) ? str('du') : '',
    au: DATE.test(str('au')) ? str('au') : '',
  }
}

/** Route query of a filter, leaving out empty values (so URLs stay short). */
export function filterToQuery(filter: SalarieFilter): Record<string, string> {
  const query: Record<string, string> = {}
  if (filter.search !== '') query['q'] = filter.search
  if (filter.nic !== '') query['nic'] = filter.nic
  if (filter.du !== '') query['du'] = filter.du
  if (filter.au !== '') query['au'] = filter.au
  return query
}

/**
 * Shared list, read and delete logic of the period-based entry records (EVP, primes, avantages en nature,
 * frais professionnels, acomptes). Entry lists need a dossier (`siren`, checked for the caller) and filter by
 * employees (multi `matricule`), `periode` (equal) and `du`/`au` (the record's days meet the range).
 */
import type { PageOf } from '../../src-shared/api/common'
import type { Dossier } from '../../src-shared/api/dossiers'
import { introuvable, regleMetier } from '../http/errors'
import type { HandlerContext } from './context'
import { RULE_CODES } from './entry-rules'
import { byKeys, matchesFilter, paginate, periodEnd, periodStart, rangesOverlap, type PagingParams } from './lists'
import { requireDossier, requireVisibleEntry } from './scope'

/** Query of an entry list, as parsed. */
export interface EntryQuery extends PagingParams {
  readonly siren: string
  readonly matricule?: string[] | undefined
  readonly periode?: string | undefined
  readonly du?: string | undefined
  readonly au?: string | undefined
}

/** Fields every period-based entry record has. */
export interface PeriodRecord {
  readonly id: string
  readonly siren: string
  readonly matricule: string
  readonly periode: string
}

/** Days a period record covers: its whole month. */
export function monthSpan(r: { periode: string }): [string, string] {
  return [periodStart(r.periode), periodEnd(r.periode)]
}

/**
 * One page of `records` for the query, sorted by matricule, period, then id.
 * @param span days a record covers, for `du`/`au` (its month by default; its `date` for dated records).
 * @throws SandboxRefusal 404/403 for the dossier.
 */
export function listEntries<T extends PeriodRecord>(
  ctx: HandlerContext,
  records: readonly T[],
  q: EntryQuery,
  span: (r: T) => [string, string] = monthSpan,
): PageOf<T> {
  requireDossier(ctx, q.siren)
  const items = records
    .filter((r) => {
      if (r.siren !== q.siren || !matchesFilter(q.matricule, r.matricule)) return false
      if (q.periode !== undefined && r.periode !== q.periode) return false
      const [du, au] = span(r)
      return rangesOverlap(du, au, q.du ?? null, q.au ?? null)
    })
    .sort(
      byKeys(
        (r) => r.matricule,
        (r) => r.periode,
        (r) => r.id,
      ),
    )
  return paginate(items, q)
}

/**
 * A record by id (path parameter `params.id`), in a dossier the caller sees.
 * @throws SandboxRefusal 404 ELEMENT_INTROUVABLE (no record holds `id`), 404 INTROUVABLE (dossier not assigned).
 */
export function findEntry<T extends PeriodRecord>(ctx: HandlerContext, records: readonly T[], id: string, label: string): T {
  return requireVisibleEntry(
    ctx,
    records.find((r) => r.id === id),
    label,
    'params.id',
  )
}

/** Dossier of a stored record (it exists: records are created only in known dossiers). */
export function dossierOfRecord(ctx: HandlerContext, siren: string): Dossier {
  const dossier = ctx.store.dossiers.find((d) => d.siren === siren)
  if (dossier === undefined) throw introuvable(`Dossier ${siren} introuvable.`)
  return dossier
}

/**
 * Deletes a record by id. A record of a closed period (before `periode_paie_en_cours`) stays: 422 PERIODE_CLOTUREE
 * at `params.id` (assumption: the payroll of a closed period is no longer changed).
 * @throws SandboxRefusal 404 ELEMENT_INTROUVABLE / INTROUVABLE (see {@link findEntry}), 422 PERIODE_CLOTUREE.
 */
export function removeEntry(ctx: HandlerContext, records: PeriodRecord[], id: string, label: string): void {
  const record = findEntry(ctx, records, id, label)
  const dossier = dossierOfRecord(ctx, record.siren)
  if (record.periode < dossier.periode_paie_en_cours) {
    throw regleMetier(
      'params.id',
      RULE_CODES.periodeCloturee,
      `La période ${record.periode} est clôturée pour le dossier ${dossier.siren} : cet élément ne peut plus être supprimé.`,
    )
  }
  records.splice(records.indexOf(record), 1)
}

/** Replaces `current` by `updated` in `records` (same position). */
export function replaceEntry<T>(records: T[], current: T, updated: T): T {
  records[records.indexOf(current)] = updated
  return updated
}

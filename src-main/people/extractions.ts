/**
 * Extractions (issue 16, point 6): launch one (POST /api/extractions), read its status, list a dossier's. Main
 * answers them without their rows (the table comes as the downloaded CSV, declarations/download.ts). Launching is
 * online only and never queued nor retried: a lost answer leaves at most one more extraction on the service, which
 * changes no payroll data (#53).
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { Extraction } from '../../src-shared/api/cabinet'
import type { ExtractionSummary } from '../../src-shared/domain/extractions'
import type { ApiClient } from '../api/client'
import { fetchAllPages } from '../api/paging'
import { withPermit } from './permit'
import type { RateBudget } from '../sync/rate-budget'
import type { z } from 'zod'

/** Options of the extraction calls. */
export interface ExtractionOptions {
  /** Rate budget of the connection: every request takes a permit when given. */
  readonly budget?: RateBudget
  /** Clock of `fetchedAt` (default real time). */
  readonly now?: () => Date
}

/** The extraction without its rows. Pure. */
export function summaryOf(e: z.output<typeof Extraction>): ExtractionSummary {
  return { id: e.id, siren: e.siren, type: e.type, periode: e.periode, statut: e.statut, date_creation: e.date_creation }
}

/** Launches an extraction. @throws ApiError (422 of an unknown dossier, 403 of a missing right…). */
export async function startExtraction(
  client: Pick<ApiClient, 'call'>,
  body: { siren: string; type: ExtractionSummary['type']; periode: string },
  options: ExtractionOptions = {},
): Promise<ExtractionSummary> {
  return summaryOf(await withPermit(options.budget, () => client.call('creerExtraction', { body })))
}

/** Reads one extraction's status. @throws ApiError (404 of an unknown one…). */
export async function readExtraction(
  client: Pick<ApiClient, 'call'>,
  id: string,
  options: ExtractionOptions = {},
): Promise<ExtractionSummary> {
  return summaryOf(await withPermit(options.budget, () => client.call('lireExtraction', { params: { id } })))
}

/** Every extraction of a dossier (all pages), read at `fetchedAt`. @throws ApiError. */
export async function listExtractions(
  client: Pick<ApiClient, 'call'>,
  siren: string,
  options: ExtractionOptions = {},
): Promise<{ fetchedAt: string; extractions: ExtractionSummary[] }> {
  const fetchedAt = (options.now ?? (() => new Date()))().toISOString()
  const all = await fetchAllPages('listerExtractions', (page) =>
    withPermit(options.budget, () => client.call('listerExtractions', { query: { siren, page, taille: MAX_PAGE_SIZE } })),
  )
  return { fetchedAt, extractions: all.map(summaryOf) }
}

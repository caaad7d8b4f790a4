/**
 * IPC shapes of the extractions (issue 16, point 6): launch one (POST /api/extractions), follow its status
 * (GET /api/extractions/{id}), list a dossier's, and download its file (GET /api/extractions/{id}/fichier, CSV) with
 * the download jobs of the DSN summaries. Status flow and file naming: docs/api-assumptions.md #53.
 */
import { z } from 'zod'
import { Extraction, ExtractionCreate } from '../api/cabinet'
import { Periode, RecordId, Siren } from '../api/common'
import { DownloadDestination } from './declarations'

/** An extraction as the renderer sees it: without its rows (they come as the downloaded file). */
export const ExtractionSummary = Extraction.omit({ colonnes: true, lignes: true })
export type ExtractionSummary = z.infer<typeof ExtractionSummary>
export type StatutExtraction = ExtractionSummary['statut']

/** Input of `extractions:start`: dossier, charge table and period. */
export const ExtractionsStartInput = ExtractionCreate.strict()

/** Input of `extractions:read`: one extraction by id. */
export const ExtractionsReadInput = z.strictObject({ id: RecordId })

/** Input of `extractions:list`: a dossier's extractions. Answer: every page, oldest first, read at `fetchedAt`. */
export const ExtractionsListInput = z.strictObject({ siren: Siren })
export const ExtractionsListResult = z.object({ fetchedAt: z.iso.datetime(), extractions: z.array(ExtractionSummary) })

/**
 * What main needs to download and name one extraction's file: its id for the request; SIREN, type and period for
 * the name (`extraction-<type>-<siren>-<periode>-<8 hex of the id>.csv`, #53), each checked again by main.
 */
export const ExtractionRef = z.strictObject({
  id: RecordId,
  siren: Siren,
  type: Extraction.shape.type,
  periode: Periode,
})
export type ExtractionRef = z.infer<typeof ExtractionRef>

/** Input of `extractions:download`: one extraction's file into the default or the chosen folder. */
export const ExtractionsDownloadInput = z.strictObject({ extraction: ExtractionRef, destination: DownloadDestination })

/** First wait before reading an extraction again, in ms (assumption #53). */
export const EXTRACTION_POLL_FIRST_MS = 500
/** Longest wait between two reads, in ms. */
export const EXTRACTION_POLL_MAX_MS = 5_000
/** Reads after which the app stops following an extraction still `en_cours` (about 3 minutes of waits). */
export const EXTRACTION_POLL_MAX_READS = 40

/** What to do after reading an extraction's status. */
export type ExtractionStep =
  | { readonly action: 'relire'; readonly delayMs: number }
  | { readonly action: 'telechargeable' }
  | { readonly action: 'echec' }
  | { readonly action: 'abandon' }

/**
 * Next step of following an extraction, after its `reads`-th read (1 for the answer of the launch) answered
 * `statut`: `terminee` → its file can be downloaded; `echec` → the service failed it; `en_cours` → read again after
 * 500 ms doubling up to 5 s, and give up (`abandon`, the clerk may follow it again) after
 * {@link EXTRACTION_POLL_MAX_READS} reads. Assumption #53.
 */
export function nextExtractionStep(statut: StatutExtraction, reads: number): ExtractionStep {
  if (statut === 'terminee') return { action: 'telechargeable' }
  if (statut === 'echec') return { action: 'echec' }
  if (reads >= EXTRACTION_POLL_MAX_READS) return { action: 'abandon' }
  const delayMs = Math.min(EXTRACTION_POLL_MAX_MS, EXTRACTION_POLL_FIRST_MS * 2 ** Math.max(0, reads - 1))
  return { action: 'relire', delayMs }
}

/**
 * IPC shapes of the DSN screen (issue 5): the cabinet-wide search of periodic and event-based declarations, the
 * download of their PDF summaries ("récapitulatifs") by main, the progress of a download job and the registry of
 * the files main wrote. Wire records are those of `src-shared/api/declarations.ts`; each row carries its `kind`.
 */
import { z } from 'zod'
import { IsoDate, Nic, Periode, RecordId, Siren } from '../api/common'
import { Declaration, DeclarationEvenementielle, NatureDsn, StatutDeclaration, TypeDsn } from '../api/declarations'
import { ReportParams } from './reports'

/** Which list a declaration comes from: periodic (`/api/declarations`) or event-based (`/api/declarations-evenementielles`). */
export const DeclarationKind = z.enum(['periodique', 'evenementielle'])
export type DeclarationKind = z.infer<typeof DeclarationKind>

/** One row of the declarations screen: the API record plus the list it came from. */
export const DeclarationRow = z.union([
  Declaration.extend({ kind: z.literal('periodique') }),
  DeclarationEvenementielle.extend({ kind: z.literal('evenementielle') }),
])
export type DeclarationRow = z.infer<typeof DeclarationRow>

/**
 * Input of `declarations:search`: the server-side filters of the cross-dossier search (V1.7.0). Without `sirens`,
 * every dossier assigned to the user; without `kinds`, both lists; without `statuts`, every status. Periods `YYYY-MM`, sending dates `YYYY-MM-DD`.
 */
export const DeclarationsSearchInput = z.strictObject({
  sirens: z.array(Siren).max(500).optional(),
  periodeDu: Periode.optional(),
  periodeAu: Periode.optional(),
  dateEnvoiDu: IsoDate.optional(),
  dateEnvoiAu: IsoDate.optional(),
  kinds: z.array(DeclarationKind).min(1).max(2).optional(),
  /** Statuses (server filter `statut`, multi-valued); absent: every status. */
  statuts: z.array(StatutDeclaration).min(1).max(4).optional(),
})
export type DeclarationsSearchInput = z.infer<typeof DeclarationsSearchInput>

/** Answer of `declarations:search`: every matching declaration (all pages) fetched at `fetchedAt` (ISO instant). */
export const DeclarationsSearchResult = z.object({
  fetchedAt: z.iso.datetime(),
  declarations: z.array(DeclarationRow),
})
export type DeclarationsSearchResult = z.infer<typeof DeclarationsSearchResult>

/**
 * What main needs to download and name one summary. The file name is built from `siren`, `nic`, `periode`,
 * `nature`, `type` and a hash of `id` (never from the server's Content-Disposition); each is checked again by main.
 */
export const RecapitulatifRef = z.strictObject({
  id: RecordId,
  siren: Siren,
  nic: Nic,
  periode: Periode,
  nature: NatureDsn,
  type: TypeDsn,
})
export type RecapitulatifRef = z.infer<typeof RecapitulatifRef>

/** Where a job writes: `defaut` = a folder per dossier under the user's Downloads; `choisi` = the folder last picked. */
export const DownloadDestination = z.enum(['defaut', 'choisi'])

/** Input of `downloads:start`: up to 500 summaries, one job. */
export const DownloadsStartInput = z.strictObject({
  items: z.array(RecapitulatifRef).min(1).max(500),
  destination: DownloadDestination,
})

/** Answer of `downloads:start`: the job's id (progress comes as `downloads:changed` events) and its root folder. */
export const DownloadsStartResult = z.object({ jobId: z.string().min(1), folder: z.string().min(1) })

/** Input of `downloads:cancel`: the whole job, or one file of it (`id` of the declaration). */
export const DownloadsCancelInput = z.strictObject({ jobId: z.string().min(1).max(100), id: RecordId.optional() })

/** State of one file of a job. */
export const DownloadFileState = z.enum(['en_attente', 'en_cours', 'termine', 'echec', 'annule'])
export type DownloadFileState = z.infer<typeof DownloadFileState>

/** One file of a job: bytes received so far, expected size when the server gave one, French error when failed. */
export const DownloadFileProgress = z.object({
  id: RecordId,
  siren: Siren,
  periode: Periode,
  fileName: z.string(),
  state: DownloadFileState,
  bytes: z.number().int().min(0),
  totalBytes: z.number().int().min(0).nullable(),
  path: z.string().nullable(),
  /** Why it failed: `code` and `params` worded by the renderer (domain/reports.ts), `message` for the log. */
  error: z.object({ code: z.string(), message: z.string(), params: ReportParams.optional() }).nullable(),
})
export type DownloadFileProgress = z.infer<typeof DownloadFileProgress>

/** Payload of `downloads:changed`: the whole job after a change (overall counts plus every file). */
export const DownloadJobProgress = z.object({
  jobId: z.string(),
  folder: z.string(),
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  failed: z.number().int().min(0),
  cancelled: z.number().int().min(0),
  bytes: z.number().int().min(0),
  finished: z.boolean(),
  files: z.array(DownloadFileProgress),
})
export type DownloadJobProgress = z.infer<typeof DownloadJobProgress>

/** A summary main wrote and keeps in its registry (available offline). `writtenAt` ISO instant, `bytes` file size. */
export const DownloadedRecapitulatif = z.object({
  path: z.string().min(1),
  fileName: z.string().min(1),
  id: RecordId,
  siren: Siren,
  nic: Nic,
  periode: Periode,
  nature: NatureDsn,
  type: TypeDsn,
  bytes: z.number().int().min(0),
  writtenAt: z.iso.datetime(),
  /** False when the file is no longer on disk (moved or deleted by the user). */
  present: z.boolean(),
})
export type DownloadedRecapitulatif = z.infer<typeof DownloadedRecapitulatif>

/** Input of `downloads:open` / `downloads:show`: a path main itself wrote (anything else is refused). */
export const DownloadPathInput = z.strictObject({ path: z.string().min(1).max(4096) })

/** Answer of `downloads:chooseFolder`: the folder picked, or null when the clerk closed the dialog. */
export const ChosenFolder = z.object({ folder: z.string().nullable() })

/** Input of `declarations:detail` and `declarations:recapitulatif`: the declaration's id. */
export const DeclarationIdInput = z.strictObject({ id: RecordId })

/** Answer of `declarations:detail`: the declaration as the service holds it now (GET /api/declarations/{id}). */
export const DeclarationDetail = z.object({ declaration: DeclarationRow, fetchedAt: z.iso.datetime() })
export type DeclarationDetail = z.infer<typeof DeclarationDetail>

/**
 * Answer of `declarations:recapitulatif`: the PDF summary's bytes for the in-app viewer, base64 (RFC 4648) so the same
 * value crosses Electron's IPC and the end-to-end harness's JSON bridge; `bytes` its size (at most 20 MB).
 */
export const RecapitulatifContent = z.object({ id: RecordId, base64: z.base64(), bytes: z.number().int().min(0) })
export type RecapitulatifContent = z.infer<typeof RecapitulatifContent>

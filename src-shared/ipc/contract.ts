/**
 * The IPC contract between the renderer and the main process: one table row per channel, one per event.
 *
 * - A channel `domain:action` is a request/response: the renderer calls `window.api['domain:action'](input)`,
 *   main parses `input` with the row's `input` schema, runs its handler and answers an {@link IpcResult}
 *   whose `value` has been parsed with the row's `output` schema (unknown keys stripped).
 * - An event `domain:changed` is pushed by main; the renderer subscribes with `window.api.onDomainChanged(cb)`,
 *   which returns an unsubscribe function. Main parses the payload with the row's schema before sending it.
 *
 * Adding a channel is two edits: its name in `channels.ts` and its row here. Schemas describe data that is
 * structured-cloned across processes: plain objects, arrays, strings, numbers, booleans, null. Output and event
 * schemas carry no transforms, so what the handler returns is what the renderer receives.
 */
import { z } from 'zod'

import type { ChannelName, EventMethodName, EventName } from './channels'
import {
  ActiveProfile,
  ProfileTarget,
  ProfileSummary,
  ProfileInput,
  ProfilesState,
  ConnectionTestResult,
  ConnectionTestInput,
} from '../domain/profiles'
import { ConnectionStatus, ReferenceRefreshInput, ReferenceSnapshot } from '../domain/reference'
import { ReportParams } from '../domain/reports'
import { RecordsRefreshInput, RecordsRefreshResult } from '../domain/service-records'
import {
  BulletinActInput,
  BulletinActOutcome,
  BulletinReadInput,
  BulletinReadResult,
  BulletinsComputeInput,
  BulletinsComputeResult,
  BulletinsListInput,
  BulletinsListResult,
} from '../domain/bulletins'
import { SyncProgress, SyncPushInput, SyncPushResult, SyncVerifyInput, SyncVerifyResult } from '../domain/sync-protocol'
import { UtilisateurCabinet } from '../api/cabinet'
import {
  CabinetAssignmentsInput,
  CabinetAssignmentsResult,
  CabinetUserInput,
  CabinetUsersResult,
  FacturationsListInput,
  FacturationsListResult,
} from '../domain/cabinet'
import {
  ChosenFolder,
  DeclarationDetail,
  DeclarationIdInput,
  DeclarationsSearchInput,
  DeclarationsSearchResult,
  DownloadJobProgress,
  DownloadPathInput,
  DownloadedRecapitulatif,
  DownloadsCancelInput,
  DownloadsStartInput,
  DownloadsStartResult,
  RecapitulatifContent,
} from '../domain/declarations'
import { CodesListInput, CodesListResult, SalarieSheet, SalarieSheetInput } from '../domain/people'
import { PeoplePushInput, PeoplePushResult } from '../domain/people-writes'
import { CumulsListInput, CumulsListResult, CumulsPutInput, CumulsPutOutcome } from '../domain/cumuls'
import {
  ExtractionSummary,
  ExtractionsDownloadInput,
  ExtractionsListInput,
  ExtractionsListResult,
  ExtractionsReadInput,
  ExtractionsStartInput,
} from '../domain/extractions'

export type { ChannelName, EventName } from './channels'

/** What every channel row declares: the schema of the renderer's input and of main's answer. */
export interface ChannelSpec {
  /** Schema of the renderer's input; anything else is refused with `ENTREE_INVALIDE`. */
  readonly input: z.ZodType
  /** Schema of the value main answers; parsed before it leaves main, unknown keys stripped. */
  readonly output: z.ZodType
}

/** Answer of `app:info`: facts about the running application, shown in the header and the home page. */
export const appInfoSchema = z.object({
  /** Application version from package.json (semver, e.g. `'0.1.0'`). */
  version: z.string().min(1),
  /** True when the app talks to the built-in sandbox API instead of a real payroll service. */
  demo: z.boolean(),
  /** Base URL of the payroll API in use (e.g. `'https://paie.example.fr'`); empty until it is known. */
  apiBaseUrl: z.string(),
  /** Operating system, as Node's `process.platform` spells it (`'win32'`, `'darwin'`, `'linux'`). */
  platform: z.string().min(1),
})

/** Facts about the running application (answer of `app:info`). */
export type AppInfo = z.output<typeof appInfoSchema>

/** Every request/response channel. Keys must be exactly `channelNames` (channels.ts); the compiler enforces it. */
export const ipcChannels = {
  'app:info': { input: z.strictObject({}), output: appInfoSchema },
  /** GET /api/health through main: is the payroll service reachable now? */
  'connection:probe': { input: z.strictObject({}), output: ConnectionStatus },
  /** The active connection profile: its database name, the "Démo" label, why it cannot connect if so. */
  'profile:active': { input: z.strictObject({}), output: ActiveProfile },
  /** Every connection profile (demo first) with the state of its secret; never the secret itself. */
  'profile:list': { input: z.strictObject({}), output: ProfilesState },
  /** Tests then saves a profile (secret to the OS keychain); nothing is saved when the test fails. */
  'profile:save': { input: ProfileInput, output: ProfileSummary },
  /** GET /api/health and /api/moi with a stored profile or typed credentials: who, which version, which categories. */
  'profile:test': { input: ConnectionTestInput, output: ConnectionTestResult },
  /** Makes a profile the active one; the renderer then reloads on that profile's database. */
  'profile:activate': { input: ProfileTarget, output: ActiveProfile },
  /** Removes a non-active profile and deletes its keychain entry. */
  'profile:remove': { input: ProfileTarget, output: ProfilesState },
  /** Signs out: deletes the profile's keychain entry (the profile and its local data are kept). */
  'profile:signOut': { input: ProfileTarget, output: ProfilesState },
  /** Fetches the reference data of some or all dossiers (main calls the API; the renderer caches the answer). */
  'reference:refresh': { input: ReferenceRefreshInput, output: ReferenceSnapshot },
  /**
   * Lists the service's records of one dossier and period (EVP, absences, frais, primes, avantages, acomptes); a kind
   * refused for a missing right says so, the others are read. The renderer caches the answer.
   */
  'records:refresh': { input: RecordsRefreshInput, output: RecordsRefreshResult },
  /** Every payslip of one dossier and period (all pages); the renderer caches the answer (issue 15). */
  'bulletins:list': { input: BulletinsListInput, output: BulletinsListResult },
  /** One payslip with its rubriques, and its notes (refusals with their motif, employee comments). */
  'bulletins:read': { input: BulletinReadInput, output: BulletinReadResult },
  /** Computes every payslip of a dossier's period (POST /api/bulletins/calculer). */
  'bulletins:compute': { input: BulletinsComputeInput, output: BulletinsComputeResult },
  /** One workflow action on one payslip, read before any resend after a lost answer (#50); answers its outcome. */
  'bulletins:act': { input: BulletinActInput, output: BulletinActOutcome },
  /** Sends a batch of claimed entries; one outcome per entry, with its audit attempts. */
  'sync:push': { input: SyncPushInput, output: SyncPushResult },
  /** Lists the scopes of entries sent again after a lost answer, for a second record of each ("doublon probable"). */
  'sync:verify': { input: SyncVerifyInput, output: SyncVerifyResult },
  /** Cabinet-wide search of periodic and event-based DSN (every page of both lists). */
  'declarations:search': { input: DeclarationsSearchInput, output: DeclarationsSearchResult },
  /** One declaration as the service holds it now (periodic or event-based). */
  'declarations:detail': { input: DeclarationIdInput, output: DeclarationDetail },
  /** A DSN's PDF summary, read into memory (base64) for the in-app viewer; nothing written to disk. */
  'declarations:recapitulatif': { input: DeclarationIdInput, output: RecapitulatifContent },
  /** Billing counters of some months (each read whole), per dossier; the renderer sums them for the cabinet and caches them. */
  'facturations:list': { input: FacturationsListInput, output: FacturationsListResult },
  /** Every cabinet user (right `cabinet`). */
  'cabinet:users': { input: z.strictObject({}), output: CabinetUsersResult },
  /** One cabinet user by matricule. */
  'cabinet:user': { input: CabinetUserInput, output: UtilisateurCabinet },
  /** The assignments of some dossiers (or every dossier the caller sees) and the signed-in user's matricule. */
  'cabinet:assignments': { input: CabinetAssignmentsInput, output: CabinetAssignmentsResult },
  /** Starts a download job of PDF summaries; progress comes as `downloads:changed`. */
  'downloads:start': { input: DownloadsStartInput, output: DownloadsStartResult },
  /** Cancels a job, or one file of it. */
  'downloads:cancel': { input: DownloadsCancelInput, output: z.object({ cancelled: z.number().int().min(0) }) },
  /** The summaries main wrote (its registry), newest first; works offline. */
  'downloads:list': { input: z.strictObject({}), output: z.array(DownloadedRecapitulatif) },
  /**
   * Opens a summary main wrote (or an extraction's file written by this run) with the system's application; any other
   * path is refused (CHEMIN_REFUSE).
   */
  'downloads:open': { input: DownloadPathInput, output: z.object({ opened: z.literal(true) }) },
  /** Shows a summary main wrote (or an extraction's file of this run) in its folder; any other path: CHEMIN_REFUSE. */
  'downloads:show': { input: DownloadPathInput, output: z.object({ shown: z.literal(true) }) },
  /** Asks the clerk for a destination folder (system dialog); later jobs with destination `choisi` write there. */
  /** `titre`: the folder dialog's title, worded by the renderer (main shows no text of its own). */
  'downloads:chooseFolder': { input: z.strictObject({ titre: z.string().min(1).max(120).optional() }), output: ChosenFolder },
  /** One employee's sheet: identity, payment (IBAN masked), contracts with working time and definition, notes. */
  'salaries:sheet': { input: SalarieSheetInput, output: SalarieSheet },
  /** One dynamic code list (GET /api/codes/{nomCode}): labels of the contracts' coded fields. */
  'codes:list': { input: CodesListInput, output: CodesListResult },
  /** A dossier's extractions (every page), without their rows. */
  'extractions:list': { input: ExtractionsListInput, output: ExtractionsListResult },
  /** Launches an extraction (POST /api/extractions, online only, never queued: #53). */
  'extractions:start': { input: ExtractionsStartInput, output: ExtractionSummary },
  /** Reads an extraction's status. */
  'extractions:read': { input: ExtractionsReadInput, output: ExtractionSummary },
  /** Starts a download job of an extraction's CSV; progress comes as `downloads:changed`. */
  'extractions:download': { input: ExtractionsDownloadInput, output: DownloadsStartResult },
  /**
   * Sends queued people writes of ONE dossier (employee edits, bank details, safe activation, notes): one request per
   * operation, read before any resend after a lost answer (#63); one outcome per write.
   */
  'people:push': { input: PeoplePushInput, output: PeoplePushResult },
  /** A dossier's cumuls of a year passing the two filters of GET /api/cumuls (every page). */
  'cumuls:list': { input: CumulsListInput, output: CumulsListResult },
  /** ONE PUT of a dossier's cumuls (exactly-once rule #69); answers its outcome, fails only with CONNEXION_ABSENTE. */
  'cumuls:put': { input: CumulsPutInput, output: CumulsPutOutcome },
} as const satisfies { readonly [C in ChannelName]: ChannelSpec }

/** Payload schema of every main → renderer event. Keys must be exactly `eventNames` (channels.ts). */
export const ipcEvents = {
  /** Progress of the push in flight: one event per finished entry. */
  'sync:changed': SyncProgress,
  /** Progress of a download job of DSN summaries: the whole job after each change. */
  'downloads:changed': DownloadJobProgress,
} as const satisfies { readonly [E in EventName]: z.ZodType }

type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T

/**
 * Compile-time proof that the zod-free name lists in `channels.ts` and the schema tables above name the same
 * channels and events (a `satisfies` alone cannot catch an extra row in the empty event table).
 */
export type ContractCoverage = [
  Assert<SameKeys<keyof typeof ipcChannels, ChannelName>>,
  Assert<SameKeys<keyof typeof ipcEvents, EventName>>,
]

/** Input of a channel as the handler receives it, after parsing. */
export type ChannelInput<C extends ChannelName> = z.output<(typeof ipcChannels)[C]['input']>

/** Input of a channel as the renderer passes it, before parsing (equal to {@link ChannelInput} without transforms). */
export type ChannelRawInput<C extends ChannelName> = z.input<(typeof ipcChannels)[C]['input']>

/** Value a channel answers in an `{ ok: true }` envelope. */
export type ChannelOutput<C extends ChannelName> = z.output<(typeof ipcChannels)[C]['output']>

/** Payload of an event as the renderer's callback receives it. */
export type EventPayload<E extends EventName> = z.output<(typeof ipcEvents)[E]>

/** Error codes produced by the IPC layer itself; handlers may add domain codes (same SCREAMING_SNAKE_CASE, French). */
export const IPC_ERROR_CODES = {
  /** The input does not match the channel's schema; `details` lists the zod issues. */
  entreeInvalide: 'ENTREE_INVALIDE',
  /** The request does not come from the main frame of a page of the application's own origin. */
  expediteurRefuse: 'EXPEDITEUR_REFUSE',
  /** No such channel. */
  canalInconnu: 'CANAL_INCONNU',
  /** The handler failed unexpectedly, or answered a value that does not match the contract. */
  erreurInterne: 'ERREUR_INTERNE',
} as const

/**
 * Error half of an {@link IpcResult}: the renderer words `code` and `params` (src-shared/domain/reports.ts);
 * `message` is a technical description for the log, or the payroll service's own words; no stack trace, ever.
 */
export const ipcErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
  params: ReportParams.optional(),
  details: z.unknown().optional(),
})

/** Error half of an {@link IpcResult}. */
export type IpcError = z.output<typeof ipcErrorSchema>

/**
 * Result envelope of every channel: `{ ok: true, value }` or `{ ok: false, error: { code, message, details? } }`.
 * Channels never reject their promise for an expected failure; they answer `ok: false`.
 */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError }

/**
 * Schema of the envelope around a given value schema, for code that receives envelopes from an untrusted
 * transport (e.g. the end-to-end harness). `ipcResultSchema(appInfoSchema)` parses an `IpcResult<AppInfo>`.
 */
export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ipcErrorSchema })])
}

/** Function that stops an event subscription; calling it twice is harmless. */
export type Unsubscribe = () => void

/** `window.api` member for a channel: one call, one envelope. */
export type ChannelFunction<C extends ChannelName> = (input: ChannelRawInput<C>) => Promise<IpcResult<ChannelOutput<C>>>

/** `window.api` member for an event: `onDomainChanged(callback)` returns its {@link Unsubscribe}. */
export type EventSubscriber<E extends EventName> = (callback: (payload: EventPayload<E>) => void) => Unsubscribe

/**
 * Type of `window.api`, exposed by the preload: one function per channel (keyed by the channel name) and one
 * `onX` subscriber per event (`'reference:changed'` → `onReferenceChanged`). Nothing else: never `ipcRenderer`.
 */
export type WindowApi = { readonly [C in ChannelName]: ChannelFunction<C> } & {
  readonly [E in EventName as EventMethodName<E>]: EventSubscriber<E>
}

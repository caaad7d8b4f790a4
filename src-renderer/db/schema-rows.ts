/**
 * The row shapes of the renderer's IndexedDB database (schema.ts `PaieDb`): the outbox row and its stored fields,
 * the counts, and the rows of the caches and queues added version after version (each row type says since which
 * version; the history is in schema.ts's file comment). Types only; import them from './schema' (re-exported).
 */
import type { ActionBulletin, BulletinDetail } from '../../src-shared/api/bulletins'
import type { Categorie } from '../../src-shared/api/categories'
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { BulletinReadResult } from '../../src-shared/domain/bulletins'
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import type { AuditRecord, OutboxEntry } from '../../src-shared/domain/outbox'
import type { KindedRecord, ServiceRecordKind } from '../../src-shared/domain/service-records'
import type { EntryState } from '../../src-shared/domain/states'
import type { CandidateRecord, SendWindow } from '../../src-shared/domain/sync-protocol'

/** What an outbox row holds beside the shared entry shape: fields derived for indexes, and sync bookkeeping. */
export interface StoredFields {
  /** `scopeKey(scope)`: `kind|siren|matricule|periode` (fingerprint.ts). */
  readonly scopeKey: string
  /** API category (right) the entry needs: `ENTRY_KIND_SPECS[kind].category`. Since v2. */
  readonly category: Categorie
  /** Fields of the targeted server record given at entry (update/delete of a record not synced here), else null. */
  readonly targetRecord?: Readonly<Record<string, unknown>> | null
  /**
   * True from the moment a crash or reload left the entry claimed (held by a claim record, or `sending` before v18;
   * recoverInterrupted) until main's next outcome for it is stored: main then sends back the audit attempts of the
   * push whose answer was lost. No index.
   */
  readonly interrupted?: boolean
  /** Instants (this workstation's clock) the writes of this revision started, first and last (since v5). */
  readonly sendWindow?: SendWindow | null
  /** `unknown`: not reconciled before this instant, its write may still be in flight (since v5). */
  readonly settleUntil?: string | null
  /** `to_check`: the service's records the clerk must compare the entry with (since v5). */
  readonly candidates?: readonly CandidateRecord[] | null
  /** Records the clerk called "not the same" ("envoyer quand même"): never linked to this entry (since v5). */
  readonly dismissedServerIds?: readonly string[]
  /** Synced after a resend: its scope is listed again from this instant for a second record (since v5, indexed). */
  readonly verifyAfter?: string | null
  /** "Doublon probable": other records of the service matching this synced entry, created in its window (since v5). */
  readonly duplicates?: readonly CandidateRecord[] | null
}

/** An outbox row: the shared entry shape (its typed body, or an unreadable one) plus {@link StoredFields}. */
export type StoredEntry = OutboxEntry & StoredFields

/** An outbox row whose body is typed (every row but those the v6 upgrade could not read). */
export type ReadableEntry = Exclude<StoredEntry, { readonly unreadable: object }>

/** Number of outbox rows of one dossier in one state, kept in the same transactions as the rows. */
export interface CountRow {
  readonly siren: string
  readonly state: EntryState
  readonly n: number
}

/**
 * One record of the service, cached for the period it was read in (an absence spanning two months is cached under
 * each month read). `record` is the record as the service answered it, typed by `kind`. Since v7.
 */
export type ServiceRecordRow = KindedRecord & {
  readonly siren: string
  /** Period of the read (`YYYY-MM`), not necessarily the record's own field (absences have none). */
  readonly periode: string
  readonly matricule: string
  /** The record's server id. */
  readonly id: string
}

/** When one dossier and period was read, and which kinds the credentials could not list. Since v7. */
export interface ServiceReadRow {
  readonly siren: string
  readonly periode: string
  /** ISO instant the read started (this workstation's clock). */
  readonly fetchedAt: string
  readonly refused: readonly { readonly kind: ServiceRecordKind; readonly droit: Categorie }[]
}

/** When one dossier and period's payslips were listed. Since v8. */
export interface BulletinReadRow {
  readonly siren: string
  readonly periode: string
  /** ISO instant the read started (this workstation's clock). */
  readonly fetchedAt: string
}

/** One payslip read with its rubriques and notes (null: no `notes` right). Since v8. */
export interface BulletinDetailRow {
  readonly id: string
  readonly siren: string
  readonly fetchedAt: string
  readonly bulletin: BulletinDetail
  readonly notes: BulletinReadResult['notes']
}

/**
 * An action on a payslip not settled on this workstation (#50), one per payslip. Since v8.
 * - `queued`: asked offline, sent when the service answers again, after reading the payslip (a crash may have let
 *   the request leave before its answer was stored);
 * - `lost`: sent, no answer: the payslip is read before this action (or any other) is sent again, not before
 *   `settleUntil` (the lost write may still commit).
 * Removed once an answer settles it.
 */
export interface BulletinActionRow {
  /** The payslip's id. */
  readonly id: string
  readonly siren: string
  readonly action: ActionBulletin
  /** The refusal's motif of a queued `refus`; null otherwise. */
  readonly motif: string | null
  readonly state: 'queued' | 'lost'
  /** ISO instant the clerk asked for it (queued) or it was sent (lost), this workstation's clock. */
  readonly at: string
  /** ISO instant before which a lost action must not be sent again; null when queued. */
  readonly settleUntil: string | null
}

/**
 * When a cached cabinet read was made (since v11): `facturations` (with the months read), `utilisateurs`, or
 * `affectations` (with the signed-in user's matricule and the dossiers read).
 */
export type CabinetReadRow =
  | { readonly key: 'facturations'; readonly fetchedAt: string; readonly periodes: readonly string[] }
  | { readonly key: 'utilisateurs'; readonly fetchedAt: string }
  | { readonly key: 'affectations'; readonly fetchedAt: string; readonly utilisateur: string; readonly sirens: readonly string[] }

/** Which code list a `codes` row holds. */
export type CodeListType = 'absences' | 'evp' | 'primes'

/** The code lists of one dossier, one row per list. */
export type CodesRow =
  | { readonly siren: string; readonly type: 'absences'; readonly list: readonly CodeAbsence[] }
  | { readonly siren: string; readonly type: 'evp'; readonly list: readonly CodeEvp[] }
  | { readonly siren: string; readonly type: 'primes'; readonly list: readonly CodePrimeIndemnite[] }

/**
 * The column mapping the clerk confirmed for the files of one dossier whose names follow `pattern` (since v10).
 * `columns` is checked on read (features/import/memory.ts): one `{ role }` or `{ role: 'element', code }` per column.
 */
export interface ImportMappingRow {
  readonly siren: string
  /** The file name with its digits and month names generalised (memory.ts `fileNamePattern`). */
  readonly pattern: string
  /** An entry kind, or `cumul` (the cumuls kind of the import, features/import/cumulRows.ts). */
  readonly kind: EntryKind | 'cumul'
  /** Name of the sheet the mapping was made on. */
  readonly sheet: string
  /** The header labels of the file, as read (the next file must have the same, by header key). */
  readonly headers: readonly string[]
  readonly columns: readonly unknown[]
  /** ISO instant it was confirmed. */
  readonly savedAt: string
}

/** An entry held by a claim record: it is being sent at this revision, from this state (v18). */
export interface ClaimedEntry {
  readonly clientId: string
  /** Its dossier (the counts shown move it to `sending`). */
  readonly siren: string
  readonly revision: number
  /** Its state when claimed (still its stored state until the outcome is stored): `queued`, or `unknown` to reconcile. */
  readonly state: 'queued' | 'unknown'
}

/**
 * One batch a drain claimed (v18): while it exists, its entries count as being sent (`sending`) whatever their stored
 * state, no other write may change them, and a crash leaves them `unknown` (claims.ts).
 */
export interface ClaimRow {
  /** UUID v4. */
  readonly id: string
  /** When the batch was claimed (ISO 8601 UTC, this workstation's clock): its writes started after this instant. */
  readonly claimedAt: string
  readonly entries: readonly ClaimedEntry[]
}

/** A key/value row of sync and cache metadata; values are checked on read (meta.ts). */
export interface MetaRow {
  readonly key: string
  readonly value: unknown
}

/**
 * The audit records one transaction stored together (the outcomes of a pushed batch, or the list reads of a
 * verification), as the audit table holds them since v21: one row per batch, where versions up to v20 held one row
 * per entry and attempt. Each HTTP request of a push is its own per-entry request (its own instant, status and
 * duration), so the records are kept whole. Indexed by `*clientIds` (multi-entry: one index key per entry, the
 * entries of `records`). Since v21 (issue 19: a drain of 10 000 entries added 10 000 rows, each its own put;
 * docs/performance.md, "Where the drain's IndexedDB time goes").
 */
export interface AuditBatchRow {
  readonly id?: number
  /** Distinct client ids of `records`, in their order of first appearance (the multi-entry index). */
  readonly clientIds: readonly string[]
  /** The records, in the order they were given, without an `id` (read back, each carries the row's). */
  readonly records: readonly AuditRecord[]
}

/**
 * A row of the audit table: an {@link AuditRecord} (one entry and attempt: every row written up to v20, and since v21
 * the clerk's decisions, to-check.ts) or an {@link AuditBatchRow} (a batch's records, since v21). Read them as records
 * through audit.ts, never straight from the table.
 */
export type AuditRow = AuditRecord | AuditBatchRow

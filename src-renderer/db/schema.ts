/**
 * The renderer's IndexedDB database (Dexie), one per profile: the outbox of entries, the audit log, the cached
 * reference data, sync metadata and per-state counts (ARCHITECTURE.md "The main job").
 *
 * Schema history (never edit a published version; add one):
 * - v1: the tables and their indexes.
 * - v2: derived field `category` (the API right an entry needs, from its kind, ENTRY_KIND_SPECS) with the index
 *   `[state+category+createdAt]`, so claiming a batch skips paused categories without scanning them; plus
 *   `serverId` (update/delete targets), `[siren+matricule]` (an employee's absences), `[siren+updatedAt]` and
 *   `[siren+state+updatedAt]` (queue pages in a stable order). The upgrade fills `category` on every row.
 * - v3: table `declarations` (the cached cabinet-wide DSN search, rows of both lists keyed by id), indexes `siren`,
 *   `periode`, `kind`, `[siren+periode]`. Additive: no upgrade function.
 * - v4: keyset paging of the queue screen. The queue order (`updatedAt` descending, then `clientId` descending) gets
 *   indexes that END with the primary key, so a page starts right after the last row of the previous one with one
 *   key range, whatever its depth and however many rows share an instant (a sync batch stamps 200 rows alike):
 *   `[updatedAt+clientId]`, `[state+updatedAt+clientId]`, `[siren+updatedAt+clientId]` and
 *   `[siren+state+updatedAt+clientId]` replace `updatedAt`, `[state+updatedAt]`, `[siren+updatedAt]` and
 *   `[siren+state+updatedAt]` (same number of indexes: writes cost the same). No data change: IndexedDB builds the
 *   new indexes from the rows during the upgrade.
 * - v5: exactly-once against other writers (issue 12). Index `verifyAfter` (only rows waiting for their "doublon
 *   probable" check have one: IndexedDB leaves rows without the key out of the index). The upgrade recomputes the
 *   fingerprint of every create from its payload (fingerprints now cover every field of the kind's create schema
 *   but the listed exclusions, fingerprint.ts); updates and deletes keep theirs (only creates are matched).
 * - v6: one typed entry (issue 13). No index change; the upgrade parses the body of every row ONCE with its kind's
 *   schema (upgrade-v6.ts): rows are typed from then on. A row that no longer parses is kept, never sent:
 *   `rejected` with a French reason, its stored payload in `unreadable` (counts moved in the same transaction).
 * - v7: the service's records of a dossier and period (issue 14): table `serviceRecords` (one row per record and
 *   period read, primary key `[siren+periode+kind+id]`, indexes `[siren+periode]` and `[siren+periode+matricule]`)
 *   and table `serviceReads` (when each dossier and period was read, and the kinds refused for a missing right,
 *   key `[siren+periode]`). Additive: no upgrade function, every other table kept as it is.
 * - v8: payslips (issue 15): table `bulletins` (the payslips of a dossier and period as listed, key `id`, index
 *   `[siren+periode]`), `bulletinReads` (when each dossier and period's list was read, key `[siren+periode]`),
 *   `bulletinDetails` (one payslip with its rubriques and notes, and when it was read, key `id`) and
 *   `bulletinActions` (the action on a payslip asked offline or whose answer was lost: read before it is sent, #50;
 *   key `id` of the payslip). Additive: no upgrade function.
 * - v9: the dossier's people (issue 16): table `salarieSheets` (the last employee sheet read, one row per employee:
 *   identity, payment with the IBAN masked by main, contracts with working time and definition, notes, `fetchedAt`;
 *   key `[siren+matricule]`, index `siren`) and table `codeLists` (the dynamic code lists of /api/codes/{nomCode}
 *   with `fetchedAt`, key `nom`). Additive: no upgrade function.
 * - v10: the spreadsheet import (issue 17): table `importMappings`, the column mapping the clerk confirmed for a
 *   dossier and a source file-name pattern (primary key `[siren+pattern]`, index `siren`), applied to the next file
 *   of that pattern whose headers are the same (features/import/memory.ts). Additive: no upgrade function.
 * - v11: the cabinet screens (issue 18): table `facturations` (billing counters, one row per dossier and month, key
 *   `[siren+periode]`, index `periode`), `cabinetUsers` (the cabinet's users, key `matricule`), `affectations`
 *   (assignments of users to dossiers, key `[siren+matricule_utilisateur+date_debut]`, indexes `siren` and
 *   `matricule_utilisateur`) and `cabinetReads` (when each of these was read, key `key`). Additive: no upgrade
 *   function.
 * - v12: fewer outbox indexes (issue 19): every `put` of a row writes one entry in each index of the table, and a drain
 *   writes each row twice, so each index is paid on the sync's hot path. Dropped: `state`, `siren`, `kind` and
 *   `matricule` (each is the prefix of a compound index kept: `[state+updatedAt+clientId]`,
 *   `[siren+updatedAt+clientId]`, `[kind+state]`, `[siren+matricule]`; outbox-query.ts `entriesInStates`,
 *   `entriesOfDossier`), `[siren+state]` and `category` (no query used them: counts come from the `counts` table, the
 *   claim reads `[state+category+createdAt]`). 16 indexes -> 10. No data change.
 * - v13: people writes (issue 16, points 2 and 5): table `peopleWrites` (employee edits, bank details, safe
 *   activation, notes, queued apart from the outbox, #63; key `clientId`, indexes `[siren+matricule]` and `state`).
 *   Additive: no upgrade function.
 * - v15: the cumuls (issue 16, point 4): table `cumulReads` (the cached cumuls of a dossier's year, merged from the
 *   filtered reads, with the instant of the last read; key `[siren+annee]`) and table `cumulDrafts` (the cumuls grid's
 *   cells not yet applied by the service: typed, pasted or imported, refused by it, or sent without an answer; key
 *   `[siren+annee]`). Additive: no upgrade function. (v13 and v14 are other branches' numbers.)
 */
import Dexie from 'dexie'
import type { ChromeTransactionDurability, Table, Transaction } from 'dexie'

import type { PeopleWriteRow } from './people-writes-row'
import type { Bulletin, BulletinDetail } from '../../src-shared/api/bulletins'
import type { ActionBulletin } from '../../src-shared/api/bulletins'
import type { Categorie } from '../../src-shared/api/categories'
import type { BulletinReadResult } from '../../src-shared/domain/bulletins'
import type { Facturation, UtilisateurCabinet } from '../../src-shared/api/cabinet'
import type { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../src-shared/api/codification'
import type { AffectationDossier, Dossier } from '../../src-shared/api/dossiers'
import type { Salarie } from '../../src-shared/api/salaries'
import { ENTRY_KIND_SPECS } from '../../src-shared/domain/entry-kinds'
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import type { DeclarationRow } from '../../src-shared/domain/declarations'
import type { KindedRecord, ServiceRecordKind } from '../../src-shared/domain/service-records'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import type { AuditRecord, OutboxEntry } from '../../src-shared/domain/outbox'
import type { EntryState } from '../../src-shared/domain/states'
import type { CandidateRecord, SendWindow } from '../../src-shared/domain/sync-protocol'
import type { CodesListResult, SalarieSheet } from '../../src-shared/domain/people'
import type { CumulDraftRow, CumulReadRow } from '../../src-shared/domain/cumul-draft'
import { upgradeToV6 } from './upgrade-v6'

/** Database name of the demo profile; each profile has its own (`profileDbName` in src-shared/domain/profiles.ts). */
export const DEFAULT_DB_NAME = 'paie-demo'

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

/** Indexes of version 1 (exported so tests can open a database as it was before v2). */
export const SCHEMA_V1 = {
  outbox: 'clientId, state, siren, kind, matricule, updatedAt, [siren+state], [state+updatedAt], [kind+state], scopeKey',
  audit: '++id, clientId, at, siren',
  dossiers: 'siren',
  salaries: '[siren+matricule], siren',
  codes: '[siren+type]',
  meta: 'key',
  counts: '[siren+state]',
} as const

/** Indexes of version 2: v1's outbox indexes plus those listed in the file comment. */
export const SCHEMA_V2 = {
  outbox:
    'clientId, state, siren, kind, matricule, updatedAt, [siren+state], [state+updatedAt], [kind+state], scopeKey, ' +
    'category, serverId, [state+category+createdAt], [siren+matricule], [siren+updatedAt], [siren+state+updatedAt]',
} as const

/** Indexes of version 3: the cached DSN list (issue 5). */
export const SCHEMA_V3 = {
  declarations: 'id, siren, periode, kind, [siren+periode]',
} as const

/** Indexes of version 4: v2's outbox indexes with the queue-order ones ending with `clientId` (file comment). */
export const SCHEMA_V4 = {
  outbox:
    'clientId, state, siren, kind, matricule, [siren+state], [kind+state], scopeKey, ' +
    'category, serverId, [state+category+createdAt], [siren+matricule], ' +
    '[updatedAt+clientId], [state+updatedAt+clientId], [siren+updatedAt+clientId], [siren+state+updatedAt+clientId]',
} as const

/** Indexes of version 5: v4's outbox indexes plus `verifyAfter` (file comment). */
export const SCHEMA_V5 = {
  outbox: `${SCHEMA_V4.outbox}, verifyAfter`,
} as const

/** Indexes of version 7: the cached records of the service (file comment). */
export const SCHEMA_V7 = {
  serviceRecords: '[siren+periode+kind+id], [siren+periode], [siren+periode+matricule]',
  serviceReads: '[siren+periode]',
} as const

/** Indexes of version 8: payslips (file comment). */
export const SCHEMA_V8 = {
  bulletins: 'id, [siren+periode]',
  bulletinReads: '[siren+periode]',
  bulletinDetails: 'id, siren',
  bulletinActions: 'id, siren',
} as const

/** Indexes of version 9: the employee sheets and the dynamic code lists (file comment). */
export const SCHEMA_V9 = {
  salarieSheets: '[siren+matricule], siren',
  codeLists: 'nom',
} as const

/** Indexes of version 10: the remembered import mappings (file comment). */
export const SCHEMA_V10 = {
  importMappings: '[siren+pattern], siren',
} as const

/** Indexes of version 11: the cabinet screens' caches (file comment). */
export const SCHEMA_V11 = {
  facturations: '[siren+periode], periode',
  cabinetUsers: 'matricule',
  affectations: '[siren+matricule_utilisateur+date_debut], siren, matricule_utilisateur',
  cabinetReads: 'key',
} as const

/** Indexes of version 12: v5's outbox indexes less those listed in the file comment. */
export const SCHEMA_V12 = {
  outbox:
    'clientId, [kind+state], scopeKey, serverId, [state+category+createdAt], [siren+matricule], ' +
    '[updatedAt+clientId], [state+updatedAt+clientId], [siren+updatedAt+clientId], [siren+state+updatedAt+clientId], verifyAfter',
} as const

/** Indexes of version 13: the people writes (file comment). */
export const SCHEMA_V13 = {
  peopleWrites: 'clientId, [siren+matricule], state',
} as const

/** Indexes of version 15: the cumuls' cache and the cumuls grid's draft (file comment). */
export const SCHEMA_V15 = {
  cumulReads: '[siren+annee]',
  cumulDrafts: '[siren+annee]',
} as const

/** Tables of version 18: the claim records of a drain (file comment). */
export const SCHEMA_V18 = {
  claims: 'id',
} as const

/** Indexes of version 19: the audit keyed by its auto-increment id, indexed by client id only (file comment). */
export const SCHEMA_V19 = {
  audit: '++id, clientId',
} as const

/** Category of a kind, or null for a kind this version does not know (left for a later upgrade). */
function categoryOfKind(kind: unknown): Categorie | null {
  return typeof kind === 'string' && Object.hasOwn(ENTRY_KIND_SPECS, kind) ? ENTRY_KIND_SPECS[kind as EntryKind].category : null
}

/**
 * v1 -> v2 upgrade: adds `category` to every outbox row. Runs inside Dexie's version-change transaction, so it
 * either completes for every row or the database stays at v1.
 */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  await tx
    .table<Record<string, unknown>, string>('outbox')
    .toCollection()
    .modify((row) => {
      const category = categoryOfKind(row['kind'])
      if (category !== null) row['category'] = category
    })
}

/**
 * v4 -> v5 upgrade: recomputes the fingerprint of every create from its payload (a row whose payload no longer
 * reads is left as it is: it will be refused by main's schema check and shown to the clerk).
 */
export async function upgradeToV5(tx: Transaction): Promise<void> {
  await tx
    .table<Record<string, unknown>, string>('outbox')
    .toCollection()
    .modify((row) => {
      const kind = row['kind']
      const payload = row['payload']
      if (row['operation'] !== 'create' || typeof kind !== 'string' || !Object.hasOwn(ENTRY_KIND_SPECS, kind)) return
      if (payload === null || typeof payload !== 'object') return
      row['fingerprint'] = fingerprintOf(kind as EntryKind, payload as Record<string, unknown>)
    })
}

/**
 * IndexedDB durability of every transaction of the database: `strict`, so that a transaction completes (and Dexie's
 * `db.transaction(...)` resolves) only once the browser has flushed it to disk. "Enregistré" is said after that:
 * an entry acknowledged to the clerk survives the app being closed or killed right away. Chromium's default is
 * `relaxed` (complete as soon as the data is handed to the OS), which can lose the last writes on a crash.
 */
export const TRANSACTION_DURABILITY = 'strict' as const satisfies ChromeTransactionDurability

/** The database of one profile. Open it with `new PaieDb(name)`; Dexie opens lazily on the first query. */
export class PaieDb extends Dexie {
  outbox!: Table<StoredEntry, string>
  audit!: Table<AuditRecord, number>
  dossiers!: Table<Dossier, string>
  salaries!: Table<Salarie, [string, string]>
  codes!: Table<CodesRow, [string, CodeListType]>
  meta!: Table<MetaRow, string>
  counts!: Table<CountRow, [string, EntryState]>
  /** Cached DSN of the last cabinet-wide search (since v3). */
  declarations!: Table<DeclarationRow, string>
  /** Cached records of the service, per dossier and period read (since v7). */
  serviceRecords!: Table<ServiceRecordRow, [string, string, ServiceRecordKind, string]>
  /** When each dossier and period was read (since v7). */
  serviceReads!: Table<ServiceReadRow, [string, string]>
  /** Cached payslips, per dossier and period listed (since v8). */
  bulletins!: Table<Bulletin, string>
  /** When each dossier and period's payslips were listed (since v8). */
  bulletinReads!: Table<BulletinReadRow, [string, string]>
  /** Payslips read one by one, with rubriques and notes (since v8). */
  bulletinDetails!: Table<BulletinDetailRow, string>
  /** Actions queued offline or whose answer was lost (since v8). */
  bulletinActions!: Table<BulletinActionRow, string>
  /** The last sheet read of each employee (since v9). */
  salarieSheets!: Table<SalarieSheet, [string, string]>
  /** Dynamic code lists by name (since v9). */
  codeLists!: Table<CodesListResult, string>
  /** Remembered import mappings, per dossier and file-name pattern (since v10). */
  importMappings!: Table<ImportMappingRow, [string, string]>
  /** Cached billing counters, per dossier and month (since v11). */
  facturations!: Table<Facturation, [string, string]>
  /** Cached cabinet users (since v11). */
  cabinetUsers!: Table<UtilisateurCabinet, string>
  /** Cached assignments of users to dossiers (since v11). */
  affectations!: Table<AffectationDossier, [string, string, string]>
  /** When each cabinet read was made (since v11). */
  cabinetReads!: Table<CabinetReadRow, CabinetReadRow['key']>
  /** People writes: employee edits, bank details, safe activation, notes (since v13). */
  peopleWrites!: Table<PeopleWriteRow, string>
  /** The cumuls of a dossier's year as last read (since v15). */
  cumulReads!: Table<CumulReadRow, [string, number]>
  /** The cumuls grid's cells not yet applied by the service (since v15). */
  cumulDrafts!: Table<CumulDraftRow, [string, number]>
  /** The batches claimed by a drain and not yet settled (since v18). */
  claims!: Table<ClaimRow, string>

  /** @param name IndexedDB database name, one per profile (default {@link DEFAULT_DB_NAME}). */
  constructor(name: string = DEFAULT_DB_NAME) {
    super(name, { chromeTransactionDurability: TRANSACTION_DURABILITY })
    this.version(1).stores(SCHEMA_V1)
    this.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2)
    this.version(3).stores(SCHEMA_V3)
    this.version(4).stores(SCHEMA_V4)
    this.version(5).stores(SCHEMA_V5).upgrade(upgradeToV5)
    this.version(6).stores({}).upgrade(upgradeToV6)
    this.version(7).stores(SCHEMA_V7)
    this.version(8).stores(SCHEMA_V8)
    this.version(9).stores(SCHEMA_V9)
    this.version(10).stores(SCHEMA_V10)
    this.version(11).stores(SCHEMA_V11)
    this.version(12).stores(SCHEMA_V12)
    this.version(13).stores(SCHEMA_V13)
    this.version(15).stores(SCHEMA_V15)
    this.version(18).stores(SCHEMA_V18)
    this.version(19).stores(SCHEMA_V19)
  }
}

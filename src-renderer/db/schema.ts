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
 * - v18: the claim records of a drain (issue 19): table `claims` (one row per batch claimed, key `id`; claims.ts).
 *   Additive: no upgrade function.
 * - v19: the audit indexed by `clientId` only (issue 19): `at` and `siren` dropped (no query needs them). No data change.
 * - v20: an entry screen reads its dossier and period (issue 19): the outbox's `[siren+periode]` replaces
 *   `[siren+matricule]`, so the EVP grid and the period's records read that period's rows, not every period of the
 *   dossier (a dossier keeps a year of synced entries: nothing purges them). An employee's entries are read through
 *   `scopeKey` (`kind|siren|matricule|periode`, one range per kind; outbox-query.ts `entriesOfEmployee`). Same number
 *   of indexes, so a write costs the same. No data change: IndexedDB builds the new index from the rows.
 * - v21: the audit's rows of a batch (issue 19): the records of a pushed batch's outcomes are one row (schema-rows.ts
 *   `AuditBatchRow`, multi-entry index `*clientIds`) where each was a row of its own, so a drain of 10 000 entries
 *   adds one row per batch, not 10 000 (docs/performance.md). The rows written before stay as they are, one record
 *   each, indexed by `clientId` like the clerk's decisions; audit.ts reads both. No data change.
 *
 * Versions declared: `PaieDb` declares only v2, v5 and v6 (the versions with an upgrade function) and the current
 * one, each with every table of its time (`STORES_AT_V*`, schema-versions.ts). Dexie (3 and later) upgrades from the
 * schema the database really has, whatever versions lie between, runs each declared version above it in order with
 * its upgrade function, and deletes after each the tables that version does not declare. Declaring all seventeen cost
 * the start 20–43 ms: each `stores()` call parses every version declared before it again (docs/performance.md,
 * "The home's first dates, vue-i18n's cache keys and Dexie's versions"). `test/renderer/db/schema-history.test.ts`
 * opens a database left at each published version and checks its tables, indexes and rows.
 */
import Dexie from 'dexie'
import type { ChromeTransactionDurability, Table, Transaction } from 'dexie'

import type { PeopleWriteRow } from './people-writes-row'
import type { Bulletin } from '../../src-shared/api/bulletins'
import type { Categorie } from '../../src-shared/api/categories'
import type { Facturation, UtilisateurCabinet } from '../../src-shared/api/cabinet'
import type { AffectationDossier, Dossier } from '../../src-shared/api/dossiers'
import type { Salarie } from '../../src-shared/api/salaries'
import { ENTRY_KIND_SPECS } from '../../src-shared/domain/entry-kinds'
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import type { DeclarationRow } from '../../src-shared/domain/declarations'
import type { ServiceRecordKind } from '../../src-shared/domain/service-records'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import type { EntryState } from '../../src-shared/domain/states'
import type { CodesListResult, SalarieSheet } from '../../src-shared/domain/people'
import type { CumulDraftRow, CumulReadRow } from '../../src-shared/domain/cumul-draft'
import type {
  AuditRow,
  BulletinActionRow,
  BulletinDetailRow,
  BulletinReadRow,
  CabinetReadRow,
  ClaimRow,
  CodeListType,
  CodesRow,
  CountRow,
  ImportMappingRow,
  MetaRow,
  ServiceReadRow,
  ServiceRecordRow,
  StoredEntry,
} from './schema-rows'
import { STORES_AT_V2, STORES_AT_V21, STORES_AT_V5 } from './schema-versions'
import { upgradeToV6 } from './upgrade-v6'

/** The row types (schema-rows.ts) and each version's stores (schema-versions.ts), importable from here. */
export type * from './schema-rows'
export * from './schema-versions'

/** Database name of the demo profile; each profile has its own (`profileDbName` in src-shared/domain/profiles.ts). */
export const DEFAULT_DB_NAME = 'paie-demo'

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
  /** The audit log: rows of one attempt for one entry or for several (since v21); read through audit.ts. */
  audit!: Table<AuditRow, number>
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
    // Only the versions with an upgrade function, and the current one (file comment, "Versions declared").
    this.version(2).stores(STORES_AT_V2).upgrade(upgradeToV2)
    this.version(5).stores(STORES_AT_V5).upgrade(upgradeToV5)
    this.version(6).stores({}).upgrade(upgradeToV6)
    this.version(21).stores(STORES_AT_V21)
  }
}

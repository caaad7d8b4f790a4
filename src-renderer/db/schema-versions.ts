/**
 * The stores (tables and indexes) each version of the renderer's IndexedDB database declares, as passed to Dexie's
 * `version(n).stores(...)` in schema.ts `PaieDb` (the history and the reasons are in schema.ts's file comment). Never
 * edit a published version: add one. Import them from './schema' (re-exported).
 */

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

/**
 * Indexes of version 20: v12's outbox indexes with `[siren+periode]` in place of `[siren+matricule]` (file comment):
 * as many indexes, so a write costs the same.
 */
export const SCHEMA_V20 = {
  outbox:
    'clientId, [kind+state], scopeKey, serverId, [state+category+createdAt], [siren+periode], ' +
    '[updatedAt+clientId], [state+updatedAt+clientId], [siren+updatedAt+clientId], [siren+state+updatedAt+clientId], verifyAfter',
} as const

/**
 * Indexes of version 21: the audit also indexed by `*clientIds` (multi-entry), the entries of a batch's row
 * (schema-rows.ts `AuditBatchRow`; file comment). `clientId` stays: the rows written up to v20 and the clerk's
 * decisions are one record each. No data change.
 */
export const SCHEMA_V21 = {
  audit: '++id, clientId, *clientIds',
} as const

/**
 * Every table of the database once version 2's upgrade has run: v1's tables with v2's outbox. `PaieDb` declares
 * only the versions that have an upgrade function, each with every table of its time (schema.ts, "Versions
 * declared"): Dexie deletes, after each version it runs, the tables that version does not declare.
 */
export const STORES_AT_V2 = { ...SCHEMA_V1, ...SCHEMA_V2 } as const

/** Every table of the database once version 5's upgrade has run (v6 changes no table): see {@link STORES_AT_V2}. */
export const STORES_AT_V5 = { ...STORES_AT_V2, ...SCHEMA_V3, ...SCHEMA_V4, ...SCHEMA_V5 } as const

/** Every table of the database at version 21, the current one: see {@link STORES_AT_V2}. */
export const STORES_AT_V21 = {
  ...STORES_AT_V5,
  ...SCHEMA_V7,
  ...SCHEMA_V8,
  ...SCHEMA_V9,
  ...SCHEMA_V10,
  ...SCHEMA_V11,
  ...SCHEMA_V12,
  ...SCHEMA_V13,
  ...SCHEMA_V15,
  ...SCHEMA_V18,
  ...SCHEMA_V19,
  ...SCHEMA_V20,
  ...SCHEMA_V21,
} as const

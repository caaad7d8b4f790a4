/**
 * The audit log read and written as records: one {@link AuditRecord} per entry and attempt, whatever the row that
 * holds it. Since schema v21 the records one transaction stores together (a pushed batch's outcomes, a verification's
 * list reads) are ONE row (schema-rows.ts `AuditBatchRow`, multi-entry index `*clientIds`); rows written up to v20
 * and the clerk's decisions are one record each (index `clientId`). Every reader goes through here, so none depends
 * on the row shape.
 */
import type { AuditRecord } from '../../src-shared/domain/outbox'
import type { AuditBatchRow, AuditRow, PaieDb } from './schema'

/**
 * Identity of an attempt: its instant, operation, method, status and duration. How an attempt main sends back after
 * an interrupted push is recognised as already held (outbox-sync.ts `applyOutcomes`).
 */
export function attemptKey(a: Pick<AuditRecord, 'at' | 'operation' | 'method' | 'status' | 'durationMs'>): string {
  return `${a.at}|${a.operation}|${a.method}|${a.status ?? '-'}|${a.durationMs}`
}

/** True for a row of a batch's records (since v21). */
export function isBatchRow(row: AuditRow): row is AuditBatchRow {
  return 'records' in row
}

/**
 * The records a row holds, in their order (a record row gives itself). Each record of a batch row carries the row's
 * `id`, so that they keep their order when sorted by (`at`, `id`) ({@link auditInOrder}: the sort is stable).
 */
export function auditRecordsOf(row: AuditRow): AuditRecord[] {
  if (!isBatchRow(row)) return [row]
  const { id } = row
  return id === undefined ? [...row.records] : row.records.map((r) => ({ ...r, id }))
}

/**
 * The rows to add for the records of one transaction: one {@link AuditBatchRow} (none for no record).
 * @param records the batch's records (from main's outcomes: no `id`), in the order they are to be read back
 */
export function batchRowsOf(records: readonly AuditRecord[]): AuditBatchRow[] {
  if (records.length === 0) return []
  return [
    {
      clientIds: [...new Set(records.map((r) => r.clientId))],
      records: [...records],
    },
  ]
}

/**
 * Audit records oldest first: by `at` (ISO 8601 UTC, so text order is time order), then by id (the order the rows
 * were added; the records of one row keep their order), the order the index on `at` gave before schema v19 dropped
 * it (a drain paid for it on every record).
 * @returns a new sorted array; `records` is left as it is
 */
export function auditInOrder(records: readonly AuditRecord[]): AuditRecord[] {
  return [...records].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : (a.id ?? 0) - (b.id ?? 0)))
}

/**
 * Every audit record of the entries `clientIds` (rows of one record through `clientId`, batch rows through
 * `*clientIds`, each row once), oldest first. Call it inside a transaction over `db.audit` to read with other tables.
 * @returns the records of these entries only (a batch row's other entries are left out)
 */
export async function auditOfEntries(db: PaieDb, clientIds: readonly string[]): Promise<AuditRecord[]> {
  if (clientIds.length === 0) return []
  const wanted = [...new Set(clientIds)]
  const single = await db.audit.where('clientId').anyOf(wanted).toArray()
  const batched = await db.audit.where('clientIds').anyOf(wanted).distinct().toArray()
  const keep = new Set(wanted)
  return auditInOrder([...single, ...batched].flatMap(auditRecordsOf).filter((r) => keep.has(r.clientId)))
}

/** The whole audit log as records, oldest first. */
export async function allAuditRecords(db: PaieDb): Promise<AuditRecord[]> {
  return auditInOrder((await db.audit.toArray()).flatMap(auditRecordsOf))
}

/**
 * The API calls behind one entry: create (POST), update (PATCH on the target id), delete (DELETE on the target id),
 * and the list request of a reconciliation scope. Operation ids come from ENTRY_KIND_SPECS (entry-kinds.ts), paths
 * and schemas from the endpoint table; the typed client parses every answer.
 */
import { ENDPOINTS, type OperationId } from '../../src-shared/api/endpoints'
import { pathPlaceholders, type HttpMethod } from '../../src-shared/api/endpoint-def'
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import { ENTRY_KIND_SPECS, type EntryKind, type EntryOperation } from '../../src-shared/domain/entry-kinds'
import type { EntryScope, KeyFields } from '../../src-shared/domain/fingerprint'
import type { ApiClient } from '../api/client'

/** A request as the client's generic path takes it (params, query, body). */
export interface LooseRequest {
  readonly params?: Record<string, string>
  readonly query?: Record<string, unknown>
  readonly body?: unknown
}

/** A successful answer with its status. */
export interface LooseAnswer {
  readonly value: unknown
  readonly status: number
}

/** One write of an entry, ready to send. */
export interface EntryWrite {
  readonly operation: OperationId
  readonly method: HttpMethod
  readonly request: LooseRequest
}

/**
 * Calls `id` through the typed client with a request built at run time. The request was checked against the
 * kind's own schema before (executor validation), which is why the client's static request type is bypassed here.
 * @throws ApiError
 */
export function callLoose(client: ApiClient, id: OperationId, request: LooseRequest, signal?: AbortSignal): Promise<LooseAnswer> {
  type Loose = (id: OperationId, req: LooseRequest, options?: { signal?: AbortSignal }) => Promise<LooseAnswer>
  const call = client.callWithMeta.bind(client) as unknown as Loose
  return call(id, request, signal === undefined ? undefined : { signal })
}

/** Operation id of an entry's write. */
export function writeOperation(kind: EntryKind, operation: EntryOperation): OperationId {
  const spec = ENTRY_KIND_SPECS[kind]
  if (operation === 'create') return spec.create
  return operation === 'update' ? spec.update : spec.remove
}

/**
 * The write request of an entry.
 * @param payload create or patch body (already validated); ignored for a delete.
 * @param targetServerId server id of the record an update or delete targets.
 * @throws Error when an update or delete has no target (the executor checks it before).
 */
export function buildWrite(
  kind: EntryKind,
  operation: EntryOperation,
  payload: KeyFields | null,
  targetServerId: string | null,
): EntryWrite {
  const id = writeOperation(kind, operation)
  const def = ENDPOINTS[id]
  if (operation === 'create') return { operation: id, method: def.method, request: { body: payload ?? {} } }
  if (targetServerId === null) throw new Error('Identifiant serveur manquant pour une modification ou une suppression')
  // Absences name their id `absenceId`, the other kinds `id` (endpoint table).
  const [param = 'id'] = pathPlaceholders(def.path)
  const params = { [param]: targetServerId }
  return operation === 'update'
    ? { operation: id, method: def.method, request: { params, body: payload ?? {} } }
    : { operation: id, method: def.method, request: { params } }
}

/** Last day (`YYYY-MM-DD`) of a `YYYY-MM` period. */
export function lastDayOf(periode: string): string {
  const [y = 0, m = 1] = periode.split('-').map(Number)
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return `${periode}-${String(day).padStart(2, '0')}`
}

/**
 * Query listing the server records of a reconciliation scope (one employee, one period, one kind), one page of
 * {@link MAX_PAGE_SIZE}. Period kinds filter on `periode`; absences on the days of the month they start in
 * (`du`/`au`: the list returns absences meeting the range, a superset of those starting in it).
 */
export function scopeListQuery(scope: EntryScope, page: number): Record<string, unknown> {
  const base = { siren: scope.siren, matricule: [scope.matricule], page, taille: MAX_PAGE_SIZE }
  return scope.kind === 'absence'
    ? { ...base, du: `${scope.periode}-01`, au: lastDayOf(scope.periode) }
    : { ...base, periode: scope.periode }
}

/** Shape every list answer has (Page envelope, common.ts). */
export interface RecordPage {
  readonly elements: readonly KeyFields[]
  readonly page: number
  readonly taille: number
  readonly total: number
}

/** Reads a list answer already parsed by the client as a page of records. @throws Error when it is not one. */
export function asRecordPage(value: unknown): RecordPage {
  const v = value as Partial<RecordPage> | null
  if (
    v === null ||
    typeof v !== 'object' ||
    !Array.isArray(v.elements) ||
    typeof v.total !== 'number' ||
    typeof v.taille !== 'number' ||
    typeof v.page !== 'number'
  ) {
    throw new Error('unexpected list answer')
  }
  return v as RecordPage
}

/** Server id of a created record (the client parsed the answer with the record schema, which has `id`). */
export function createdId(value: unknown): string | null {
  if (value !== null && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id
  return null
}

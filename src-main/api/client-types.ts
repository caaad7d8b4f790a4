/**
 * Shapes of the typed API client (src-main/api/client.ts): its options and defaults, what it reports of each answer,
 * what a call returns, and the client itself.
 */
import type { OperationId, RequestOf, ResponseOf } from '../../src-shared/api/endpoints'
import type { TokenSource } from './token'

/** What `createApiClient` needs: the service, the credentials, and optional limits and hooks. */
export interface ApiClientOptions {
  /** Service address without the trailing /api, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** Per-request timeout in ms (default {@link DEFAULT_TIMEOUT_MS}). */
  timeoutMs?: number
  /** Replaces the global fetch (tests, custom agents). */
  fetch?: typeof globalThis.fetch
  /** Called after every HTTP answer (rate-limit budget, audit). */
  onResponse?: (info: ResponseInfo) => void
  /** Largest answer body read, in bytes (default {@link MAX_RESPONSE_BYTES}); a bigger one is cut off unread. */
  maxResponseBytes?: number
}

/** Default per-request timeout, in ms (assumption: not shown in reference). */
export const DEFAULT_TIMEOUT_MS = 15_000

/**
 * Default cap of an answer body: 16 MiB, far above the largest page of the reference (500 records) or a DSN
 * summary, so that a proxy or a drifting server cannot make main buffer unbounded data (assumption: not shown in
 * reference).
 */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

/** What the client saw of one HTTP answer. */
export interface ResponseInfo {
  operation: OperationId
  status: number
  headers: Headers
  durationMs: number
  /** Local wall-clock time (`Date.now()`, ms) when the head of the answer arrived (server clock estimate). */
  receivedAtMs: number
}

/** Options of one call. */
export interface CallOptions {
  signal?: AbortSignal
  timeoutMs?: number
}

/** A successful answer with its status and headers (for RateLimit-* and audit). */
export interface CallResult<K extends OperationId> {
  value: ResponseOf<K>
  status: number
  headers: Headers
}

/**
 * A successful answer whose body is still streaming (PDF summary): status 2xx, headers, and the body as a web
 * ReadableStream the caller must consume or cancel. Nothing about the body is checked (type, signature, size):
 * the caller does it while streaming.
 */
export interface StreamResult {
  status: number
  headers: Headers
  body: ReadableStream<Uint8Array>
}

/** The arguments of an operation: its request (optional when every part is), then the call options. */
export type ArgsOf<K extends OperationId> =
  Record<string, never> extends RequestOf<K> ? [req?: RequestOf<K>, options?: CallOptions] : [req: RequestOf<K>, options?: CallOptions]

/** One typed function per operation id. */
export type ApiOperations = { [K in OperationId]: (...args: ArgsOf<K>) => Promise<ResponseOf<K>> }

/** The typed client: calls by operation id (parsed, with meta, or streamed), one function per operation, the token. */
export interface ApiClient {
  /** Calls an operation and returns its parsed answer. @throws ApiError */
  call<K extends OperationId>(id: K, ...args: ArgsOf<K>): Promise<ResponseOf<K>>
  /** Same, with status and headers. @throws ApiError */
  callWithMeta<K extends OperationId>(id: K, ...args: ArgsOf<K>): Promise<CallResult<K>>
  /**
   * Calls an operation and returns its raw body as a stream, after the same auth (bearer, one refresh on 401) and
   * the same error handling (>= 400 → ApiError with the BridgeError body). `timeoutMs` bounds the wait for the
   * head of the answer only. @throws ApiError
   */
  stream<K extends OperationId>(id: K, ...args: ArgsOf<K>): Promise<StreamResult>
  /** `ops.listerDossiers({ query })`, one function per operation. */
  ops: ApiOperations
  token: TokenSource
}

/** A request as the client handles it whatever its operation: path parameters, query and body. */
export interface LooseRequest {
  params?: Record<string, string | number>
  query?: Record<string, unknown>
  body?: unknown
}

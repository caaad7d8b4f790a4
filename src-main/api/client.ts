/**
 * Typed client of the payroll API: one function per operation of the endpoint table (src-shared/api/endpoints.ts),
 * built from the table itself. Uses ofetch (native fetch, HTTP keep-alive), no automatic retry (the sync executor
 * decides), a timeout per call, a bearer token cached in memory and refreshed once on a 401, and zod parsing of
 * every answer. Every failure is an {@link ApiError} with its class (record / global / unknown).
 */
import { ofetch, type $Fetch } from 'ofetch'
import { BridgeErrorDto } from '../../src-shared/api/common'
import { ENDPOINTS, OPERATION_IDS, type OperationId, type RequestOf, type ResponseOf } from '../../src-shared/api/endpoints'
import { FILE_MEDIA_TYPES, isFileResponse, type EndpointDef } from '../../src-shared/api/endpoint-def'
import { UNREADABLE_ANSWER } from '../../src-shared/domain/reports'
import { ApiError, TRANSPORT_CODES, classifyHttpFailure, classifyTransportFailure, parseRetryAfter, tokenFailure } from './errors'
import { createTokenSource, type TokenSource } from './token'

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

/** Raised inside the client when an answer body passes the cap (turned into an ApiError by `send`). */
class ResponseTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`answer over ${String(limit)} bytes`)
    this.name = 'ResponseTooLarge'
  }
}

/**
 * Reads a body stream up to `limit` bytes.
 * @throws ResponseTooLarge past the limit (the stream is cancelled); the stream's own error when the connection breaks
 */
async function readCapped(stream: ReadableStream<Uint8Array> | null | undefined, limit: number): Promise<Uint8Array> {
  if (stream == null) return new Uint8Array(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw new ResponseTooLarge(limit)
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

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

type ArgsOf<K extends OperationId> =
  Record<string, never> extends RequestOf<K> ? [req?: RequestOf<K>, options?: CallOptions] : [req: RequestOf<K>, options?: CallOptions]

/** One typed function per operation id. */
export type ApiOperations = { [K in OperationId]: (...args: ArgsOf<K>) => Promise<ResponseOf<K>> }

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

interface LooseRequest {
  params?: Record<string, string | number>
  query?: Record<string, unknown>
  body?: unknown
}

/** Substitutes `{name}` placeholders with URL-encoded values. @throws Error when a value is missing. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`missing path parameter: ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** Serialises a query object; arrays become repeated keys (`nic=1&nic=2`), undefined values are left out. */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    const values: unknown[] = Array.isArray(value) ? value : [value]
    for (const v of values) search.append(key, typeof v === 'string' ? v : JSON.stringify(v))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

function decodeJson(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}

/**
 * Creates the typed API client.
 * @throws nothing at creation; each call throws {@link ApiError}.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '')
  const $fetch: $Fetch = ofetch.create({ retry: 0, ignoreResponseError: true }, options.fetch ? { fetch: options.fetch } : {})
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES

  async function send(
    id: OperationId,
    def: EndpointDef,
    req: LooseRequest,
    bearer: string | null,
    callOptions: CallOptions | undefined,
  ): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
    const res = await sendRaw(id, def, req, bearer, callOptions, true)
    return { status: res.status, headers: res.headers, bytes: res.bytes }
  }

  async function sendStream(
    id: OperationId,
    def: EndpointDef,
    req: LooseRequest,
    bearer: string | null,
    callOptions: CallOptions | undefined,
  ): Promise<{ status: number; headers: Headers; body: ReadableStream<Uint8Array> | null }> {
    const res = await sendRaw(id, def, req, bearer, callOptions, false)
    return { status: res.status, headers: res.headers, body: res.body }
  }

  /**
   * One HTTP exchange, the answer read as a stream. `buffered`: the body is read whole, refused past `maxBytes`
   * (declared or counted); else the stream is handed over unread (PDF downloads apply their own limit).
   */
  async function sendRaw(
    id: OperationId,
    def: EndpointDef,
    req: LooseRequest,
    bearer: string | null,
    callOptions: CallOptions | undefined,
    buffered: boolean,
  ): Promise<{ status: number; headers: Headers; bytes: Uint8Array; body: ReadableStream<Uint8Array> | null }> {
    const url = base + buildPath(def.path, req.params) + buildQueryString(req.query)
    const headers: Record<string, string> = {
      accept: isFileResponse(def.response) ? `${FILE_MEDIA_TYPES[def.response]}, application/json` : 'application/json',
    }
    if (bearer !== null) headers['authorization'] = `Bearer ${bearer}`
    let body: string | URLSearchParams | undefined
    if (def.body !== undefined) {
      if (def.bodyEncoding === 'form') {
        body = new URLSearchParams(
          Object.entries((req.body ?? {}) as Record<string, string | undefined>).filter((e): e is [string, string] => e[1] !== undefined),
        )
        headers['content-type'] = 'application/x-www-form-urlencoded'
      } else {
        body = JSON.stringify(req.body ?? {})
        headers['content-type'] = 'application/json'
      }
    }
    const started = performance.now()
    try {
      const res = await $fetch.raw<ReadableStream<Uint8Array>, 'stream'>(url, {
        method: def.method,
        headers,
        ...(body === undefined ? {} : { body }),
        responseType: 'stream',
        timeout: callOptions?.timeoutMs ?? defaultTimeout,
        ...(callOptions?.signal ? { signal: callOptions.signal } : {}),
      })
      const receivedAtMs = Date.now()
      if (!buffered) {
        options.onResponse?.({
          operation: id,
          status: res.status,
          headers: res.headers,
          durationMs: performance.now() - started,
          receivedAtMs,
        })
        return { status: res.status, headers: res.headers, bytes: new Uint8Array(0), body: res._data ?? null }
      }
      const declared = Number(res.headers.get('content-length') ?? '0')
      if (declared > maxBytes) {
        await res._data?.cancel().catch(() => undefined)
        throw new ResponseTooLarge(maxBytes)
      }
      const bytes = await readCapped(res._data, maxBytes)
      options.onResponse?.({
        operation: id,
        status: res.status,
        headers: res.headers,
        durationMs: performance.now() - started,
        receivedAtMs,
      })
      return { status: res.status, headers: res.headers, bytes, body: null }
    } catch (error) {
      if (error instanceof ResponseTooLarge) {
        throw new ApiError({
          operation: id,
          method: def.method,
          status: null,
          body: null,
          retryAfterMs: null,
          // A write answered with a body too big may have committed: reconcile it, never resend it blindly.
          errorClass: def.method === 'GET' ? 'global' : 'unknown',
          code: TRANSPORT_CODES.reponseTropVolumineuse,
          message: `answer over ${String(error.limit)} bytes ignored`,
          params: { mio: Math.round(error.limit / 1_048_576) },
          cause: error,
        })
      }
      const t = classifyTransportFailure(error, def.method)
      throw new ApiError({
        operation: id,
        method: def.method,
        status: null,
        body: null,
        retryAfterMs: null,
        errorClass: t.errorClass,
        code: t.code,
        message: t.message,
        sent: t.sent,
        cause: error,
      })
    }
  }

  function httpError(id: OperationId, def: EndpointDef, status: number, headers: Headers, bytes: Uint8Array): ApiError {
    const parsed = BridgeErrorDto.safeParse(decodeJson(bytes))
    const body = parsed.success ? parsed.data : null
    const { errorClass, missingRight } = classifyHttpFailure(status, def.method, body, headers.has('retry-after'))
    return new ApiError({
      operation: id,
      method: def.method,
      status,
      body,
      retryAfterMs: parseRetryAfter(headers.get('retry-after')),
      errorClass,
      code: body?.code ?? `HTTP_${status}`,
      message: body?.message ?? `HTTP ${status}`,
      params: { status },
      missingRight,
    })
  }

  function parseSuccess<K extends OperationId>(
    id: K,
    def: EndpointDef,
    status: number,
    headers: Headers,
    bytes: Uint8Array,
  ): ResponseOf<K> {
    const invalid = (motif: string, valeur: string): ApiError =>
      new ApiError({
        operation: id,
        method: def.method,
        status,
        body: null,
        retryAfterMs: null,
        // A write answered 2xx did commit: without a readable answer its outcome is unknown.
        errorClass: def.method === 'GET' ? 'global' : 'unknown',
        code: TRANSPORT_CODES.reponseInvalide,
        message: `unreadable answer (${motif}: ${valeur})`,
        params: { motif, valeur },
      })
    if (def.response === 'none') return undefined as ResponseOf<K>
    if (isFileResponse(def.response)) {
      const type = headers.get('content-type') ?? ''
      if (!type.startsWith(FILE_MEDIA_TYPES[def.response])) throw invalid(UNREADABLE_ANSWER.typePdf, type || '-')
      return bytes as ResponseOf<K>
    }
    const type = headers.get('content-type') ?? ''
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw invalid(UNREADABLE_ANSWER.typeJson, type.split(';')[0]?.trim() || '-')
    const json = decodeJson(bytes)
    if (json === undefined) throw invalid(UNREADABLE_ANSWER.json, '-')
    const parsed = def.response.safeParse(json)
    if (!parsed.success) throw invalid(UNREADABLE_ANSWER.champ, parsed.error.issues[0]?.path.join('.') || '-')
    return parsed.data as ResponseOf<K>
  }

  async function fetchToken() {
    return call('obtenirJeton', {
      body: { grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret },
    })
  }
  const token = createTokenSource(fetchToken)

  /** Bearer of an authenticated operation. @throws ApiError `global`, `sent: false` when no token can be had. */
  async function bearerFor(id: OperationId, def: EndpointDef): Promise<string | null> {
    if (!def.auth) return null
    try {
      return await token.get()
    } catch (error) {
      throw tokenFailure(id, def.method, error)
    }
  }

  async function callWithMeta<K extends OperationId>(id: K, ...args: ArgsOf<K>): Promise<CallResult<K>> {
    const def: EndpointDef = ENDPOINTS[id]
    const req = (args[0] ?? {}) as LooseRequest
    const callOptions = args[1]
    for (let attempt = 0; ; attempt++) {
      const bearer = await bearerFor(id, def)
      const res = await send(id, def, req, bearer, callOptions)
      if (res.status === 401 && bearer !== null && attempt === 0) {
        token.invalidate(bearer)
        continue
      }
      if (res.status >= 400) throw httpError(id, def, res.status, res.headers, res.bytes)
      return { value: parseSuccess(id, def, res.status, res.headers, res.bytes), status: res.status, headers: res.headers }
    }
  }

  async function stream<K extends OperationId>(id: K, ...args: ArgsOf<K>): Promise<StreamResult> {
    const def: EndpointDef = ENDPOINTS[id]
    const req = (args[0] ?? {}) as LooseRequest
    const callOptions = args[1]
    for (let attempt = 0; ; attempt++) {
      const bearer = await bearerFor(id, def)
      const res = await sendStream(id, def, req, bearer, callOptions)
      if (res.status === 401 && bearer !== null && attempt === 0) {
        await res.body?.cancel()
        token.invalidate(bearer)
        continue
      }
      if (res.status >= 400) {
        const bytes =
          res.body === null ? new Uint8Array(0) : new Uint8Array(await new Response(res.body).arrayBuffer().catch(() => new ArrayBuffer(0)))
        throw httpError(id, def, res.status, res.headers, bytes)
      }
      return {
        status: res.status,
        headers: res.headers,
        body:
          res.body ??
          new ReadableStream<Uint8Array>({
            start: (c) => {
              c.close()
            },
          }),
      }
    }
  }

  async function call<K extends OperationId>(id: K, ...args: ArgsOf<K>): Promise<ResponseOf<K>> {
    return (await callWithMeta(id, ...args)).value
  }

  const ops = Object.fromEntries(
    OPERATION_IDS.map((id) => [id, (...args: ArgsOf<typeof id>) => call(id, ...args)]),
  ) as unknown as ApiOperations
  return { call, callWithMeta, stream, ops, token }
}

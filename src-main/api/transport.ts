/**
 * The HTTP exchange of the typed API client (src-main/api/client.ts): one request built from the endpoint's
 * definition (URL, accept, bearer, JSON or form body), sent once through ofetch (no retry) with a timeout, and its
 * answer either read whole under the size cap or handed over as a stream. Transport failures and an answer over the
 * cap become an {@link ApiError}.
 */
import { ofetch, type $Fetch } from 'ofetch'
import type { OperationId } from '../../src-shared/api/endpoints'
import { FILE_MEDIA_TYPES, isFileResponse, type EndpointDef } from '../../src-shared/api/endpoint-def'
import { ResponseTooLarge, readCapped } from './answer'
import { DEFAULT_TIMEOUT_MS, MAX_RESPONSE_BYTES, type ApiClientOptions, type CallOptions, type LooseRequest } from './client-types'
import { ApiError, TRANSPORT_CODES, classifyTransportFailure } from './errors'
import { buildPath, buildQueryString } from './url'

/** The two ways of sending a request: the answer read whole (`send`), or its body as a stream (`sendStream`). */
export interface Transport {
  /** One exchange, the body read whole (refused past the cap). @throws ApiError on a transport failure or a body too big */
  send: (
    id: OperationId,
    def: EndpointDef,
    req: LooseRequest,
    bearer: string | null,
    callOptions: CallOptions | undefined,
  ) => Promise<{ status: number; headers: Headers; bytes: Uint8Array }>
  /** One exchange, the body handed over unread (null when none). @throws ApiError on a transport failure */
  sendStream: (
    id: OperationId,
    def: EndpointDef,
    req: LooseRequest,
    bearer: string | null,
    callOptions: CallOptions | undefined,
  ) => Promise<{ status: number; headers: Headers; body: ReadableStream<Uint8Array> | null }>
}

/** The transport of a client with these options (address, fetch, timeout, cap, `onResponse`). */
export function createTransport(options: ApiClientOptions): Transport {
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

  return { send, sendStream }
}

/**
 * Typed client of the payroll API: one function per operation of the endpoint table (src-shared/api/endpoints.ts),
 * built from the table itself. Uses ofetch (native fetch, HTTP keep-alive), no automatic retry (the sync executor
 * decides), a timeout per call, a bearer token cached in memory and refreshed once on a 401, and zod parsing of
 * every answer. Every failure is an `ApiError` (./errors.ts) with its class (record / global / unknown).
 *
 * The pieces: the shapes (`client-types.ts`), the URL (`url.ts`), the HTTP exchange (`transport.ts`), the reading of
 * an answer (`answer.ts`); this module ties them with the token and keeps exporting them for its callers.
 */
import type { EndpointDef } from '../../src-shared/api/endpoint-def'
import { ENDPOINTS, OPERATION_IDS, type OperationId, type ResponseOf } from '../../src-shared/api/endpoints'
import { httpError, parseSuccess } from './answer'
import type { ApiClient, ApiClientOptions, ApiOperations, ArgsOf, CallResult, LooseRequest, StreamResult } from './client-types'
import { tokenFailure } from './errors'
import { createTokenSource } from './token'
import { createTransport } from './transport'

export {
  DEFAULT_TIMEOUT_MS,
  MAX_RESPONSE_BYTES,
  type ApiClient,
  type ApiClientOptions,
  type ApiOperations,
  type CallOptions,
  type CallResult,
  type ResponseInfo,
  type StreamResult,
} from './client-types'
export { buildPath, buildQueryString } from './url'

/**
 * Creates the typed API client.
 * @throws nothing at creation; each call throws `ApiError`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { send, sendStream } = createTransport(options)

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

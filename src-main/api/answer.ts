/**
 * Reading an API answer: its body under a size cap, the error of a failed answer, the parsed value of a successful one.
 */
import { BridgeErrorDto } from '../../src-shared/api/common'
import type { OperationId, ResponseOf } from '../../src-shared/api/endpoints'
import { FILE_MEDIA_TYPES, isFileResponse, type EndpointDef } from '../../src-shared/api/endpoint-def'
import { UNREADABLE_ANSWER } from '../../src-shared/domain/reports'
import { ApiError, TRANSPORT_CODES, classifyHttpFailure, parseRetryAfter } from './errors'

/** Raised inside the client when an answer body passes the cap (turned into an ApiError by `send`). */
export class ResponseTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`answer over ${String(limit)} bytes`)
    this.name = 'ResponseTooLarge'
  }
}

/**
 * Reads a body stream up to `limit` bytes.
 * @throws ResponseTooLarge past the limit (the stream is cancelled); the stream's own error when the connection breaks
 */
export async function readCapped(stream: ReadableStream<Uint8Array> | null | undefined, limit: number): Promise<Uint8Array> {
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

/** The JSON of a body, undefined when empty or not JSON. */
export function decodeJson(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}

/** The {@link ApiError} of an HTTP answer >= 400: its class, code and French message from the BridgeError body when readable. */
export function httpError(id: OperationId, def: EndpointDef, status: number, headers: Headers, bytes: Uint8Array): ApiError {
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

/**
 * The parsed value of a 2xx answer: nothing, the bytes of a file (type checked), or JSON checked by the endpoint's
 * schema. @throws ApiError `reponseInvalide` (class `global` for a GET, `unknown` for a write) when unreadable.
 */
export function parseSuccess<K extends OperationId>(
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

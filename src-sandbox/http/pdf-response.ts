/**
 * Answer of the DSN PDF summary, with the download fault switches: an HTML error page served as 200
 * (`pdfServeHtml`), a truncated body (`pdfTruncateRate`: full Content-Length, half the bytes, then the socket is
 * cut) and a slow stream (`pdfSlowChunkDelayMs` between chunks of `pdfChunkBytes`).
 */
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context } from 'hono'
import type { FaultController } from '../faults'
import { nodeBindings, sleep } from './node'

/** HTML page a misconfigured proxy or captive portal answers instead of the PDF (status 200). */
export const HTML_ERROR_PAGE =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Erreur</title></head>' +
  '<body><h1>Service momentanément indisponible</h1><p>Merci de réessayer plus tard.</p></body></html>'

function fileHeaders(length: number, filename: string, mediaType: string): Record<string, string> {
  return {
    'Content-Type': mediaType,
    'Content-Length': String(length),
    'Content-Disposition': `attachment; filename="${filename}"`,
  }
}

/** Sends the head and half of `bytes`, then destroys the socket once they are flushed. */
function sendTruncated(c: Context, bytes: Uint8Array, headers: Record<string, string>, extra: Headers): Response {
  const node = nodeBindings(c)
  const half = bytes.subarray(0, Math.floor(bytes.length / 2))
  if (node === null) {
    // No socket (app.request): a stream that fails after half the bytes plays the same failure.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half)
        controller.error(new Error('connexion coupée (faute simulée)'))
      },
    })
    return new Response(stream, { status: 200, headers })
  }
  const all: Record<string, string> = { ...headers }
  extra.forEach((value, key) => {
    all[key] = value
  })
  node.outgoing.writeHead(200, all)
  node.outgoing.write(half, () => {
    setTimeout(() => node.incoming.socket.destroy(), 20)
  })
  return RESPONSE_ALREADY_SENT
}

/** A body that sends `bytes` in chunks of `chunkBytes`, waiting `delayMs` before each chunk after the first. */
function slowStream(bytes: Uint8Array, chunkBytes: number, delayMs: number): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset > 0) await sleep(delayMs)
      const end = Math.min(bytes.length, offset + chunkBytes)
      controller.enqueue(bytes.slice(offset, end))
      offset = end
      if (offset >= bytes.length) controller.close()
    },
  })
}

/**
 * Answers a file (a PDF summary, an extraction's CSV), applying the download fault switches (named `pdf…` for the
 * summaries they were made for; they play on every file).
 * @param extra headers already decided for this answer (rate limit), written on a truncated answer too.
 * @param mediaType Content-Type of the file (default `application/pdf`).
 */
export function pdfResponse(
  c: Context,
  bytes: Uint8Array,
  filename: string,
  faults: FaultController,
  extra: Headers,
  mediaType = 'application/pdf',
): Response {
  const settings = faults.get()
  if (settings.pdfServeHtml) return c.html(HTML_ERROR_PAGE, 200)
  const headers = fileHeaders(bytes.length, filename, mediaType)
  if (faults.chance(settings.pdfTruncateRate)) return sendTruncated(c, bytes, headers, extra)
  if (settings.pdfSlowChunkDelayMs > 0) {
    return new Response(slowStream(bytes, settings.pdfChunkBytes, settings.pdfSlowChunkDelayMs), { status: 200, headers })
  }
  // A copy on its own ArrayBuffer: a body both Node's and the DOM's Response typings accept.
  return new Response(new Uint8Array(bytes), { status: 200, headers })
}

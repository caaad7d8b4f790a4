/**
 * The import's Web Worker (issue 17, point 1): reads a spreadsheet off the main thread, so a large file never freezes
 * the window. Message in: `{ bytes: ArrayBuffer, fileName: string }` (the buffer transferred); message out: the
 * {@link ReadResult} of sheet.ts, or `{ ok: false, reason: 'illisible' }` when reading threw.
 */
import { readSpreadsheet } from './sheet'
import type { ReadResult } from './sheet'

interface ReadRequest {
  readonly bytes: ArrayBuffer
  readonly fileName: string
}

self.onmessage = (event: MessageEvent<ReadRequest>) => {
  let result: ReadResult
  try {
    result = readSpreadsheet(new Uint8Array(event.data.bytes), event.data.fileName)
  } catch {
    result = { ok: false, reason: 'illisible' }
  }
  self.postMessage(result)
}

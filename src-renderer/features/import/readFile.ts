/**
 * Reads a file the clerk chose or dropped (issue 17, point 1): its bytes go to the import's Web Worker
 * (sheet.worker.ts, bundled by Vite as a module worker), which answers with its sheets. Where no Worker exists
 * (component tests under happy-dom), the same reader runs in the page.
 */
import { MAX_FILE_BYTES } from './limits'
import type { ReadResult } from './sheet'

/** Reads `file` off the main thread. A file over MAX_FILE_BYTES is refused before its bytes are read. */
export async function readFileOffThread(file: Blob & { readonly name: string }): Promise<ReadResult> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, reason: 'tropVolumineux' }
  if (file.size === 0) return { ok: false, reason: 'vide' }
  const bytes = await file.arrayBuffer()
  if (typeof Worker === 'undefined') {
    const { readSpreadsheet } = await import('./sheet')
    return readSpreadsheet(new Uint8Array(bytes), file.name)
  }
  const worker = new Worker(new URL('./sheet.worker.ts', import.meta.url), { type: 'module' })
  try {
    return await new Promise<ReadResult>((resolve) => {
      worker.onmessage = (event: MessageEvent<ReadResult>) => {
        resolve(event.data)
      }
      worker.onerror = () => {
        resolve({ ok: false, reason: 'illisible' })
      }
      worker.postMessage({ bytes, fileName: file.name }, [bytes])
    })
  } finally {
    worker.terminate()
  }
}

/**
 * PDF summaries shown inside the app (issue 18, point 2) with pdf.js (`pdfjs-dist`): the document is parsed in pdf.js's
 * worker, a module script bundled by Vite and served from the app's own origin (CSP `worker-src 'self'`, no blob:),
 * and its first pages are drawn to canvases. The bytes come from main (`declarations:recapitulatif`, base64);
 * nothing is fetched by the renderer.
 */
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

GlobalWorkerOptions.workerSrc = workerUrl

/** Bytes of a base64 string (RFC 4648), as main sends a summary. */
export function bytesOfBase64(base64: string): Uint8Array {
  const binary = atob(base64)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i)
  return out
}

/** What was drawn: the document's page count and how many pages were rendered. */
export interface RenderedPdf {
  readonly pages: number
  readonly rendered: number
}

/**
 * Draws the first `maxPages` pages of the PDF `bytes` into the canvases `canvasFor(pageNumber)` gives (from 1),
 * at `scale` CSS pixels per PDF point times the screen's pixel ratio (sharp on high-density screens).
 * @throws the pdf.js error when the bytes are not a readable PDF.
 */
export async function renderPdfPages(
  bytes: Uint8Array,
  canvasFor: (pageNumber: number) => HTMLCanvasElement | null,
  options: { maxPages?: number; scale?: number } = {},
): Promise<RenderedPdf> {
  const task = getDocument({ data: bytes, useWorkerFetch: false, isOffscreenCanvasSupported: false })
  const pdf = await task.promise
  try {
    const count = Math.min(pdf.numPages, options.maxPages ?? 2)
    let rendered = 0
    for (let n = 1; n <= count; n += 1) {
      const canvas = canvasFor(n)
      if (canvas === null) break
      const page = await pdf.getPage(n)
      const ratio = window.devicePixelRatio || 1
      const viewport = page.getViewport({ scale: (options.scale ?? 1.25) * ratio })
      canvas.width = Math.floor(viewport.width)
      canvas.height = Math.floor(viewport.height)
      canvas.style.width = `${String(Math.floor(viewport.width / ratio))}px`
      await page.render({ canvas, viewport }).promise
      rendered += 1
    }
    return { pages: pdf.numPages, rendered }
  } finally {
    await task.destroy()
  }
}

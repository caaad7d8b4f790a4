/**
 * Saves text as a file the browser way (no Node): a Blob, an object URL and a temporary `<a download>`.
 * CSV gets a UTF-8 byte order mark so that Excel reads accents correctly.
 */

/** Downloads `text` as `fileName` (`mime` e.g. `text/csv;charset=utf-8`). */
export function downloadText(fileName: string, text: string, mime = 'text/csv;charset=utf-8'): void {
  const body = mime.startsWith('text/csv') && !text.startsWith('\ufeff') ? `\ufeff${text}` : text
  downloadBlob(fileName, new Blob([body], { type: mime }))
}

/** Downloads `blob` as `fileName` (a spreadsheet's bytes, for example). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 10_000)
}

/** `prefix-2026-11-22-0830.csv` in local time, for export file names. */
export function timestampedName(prefix: string, now = new Date(), extension = 'csv'): string {
  const pad = (n: number): string => String(n).padStart(2, '0')
  const stamp = `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`
  return `${prefix}-${stamp}.${extension}`
}

/**
 * The DSN channels served through the dispatcher (as the app and the end-to-end harness serve them) against the real
 * sandbox, with temp Downloads and data folders and recording fakes for Electron's shell and dialog: the cabinet-wide
 * search, a bulk job with its progress events and a retry after a cut connection, the registry that survives a
 * restart, and open / show refused for any path main did not write.
 */
import { mkdir, readdir, symlink, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOWNLOADS_SUBFOLDER } from '../../../src-main/declarations/jobs'
import type { DeclarationsSearchResult, DownloadedRecapitulatif, RecapitulatifRef } from '../../../src-shared/domain/declarations'
import { finished, ok, refused, sandboxPerTest, serveWithDownloads } from '../../support/ipc-sandbox'

const env = sandboxPerTest('dsn-ipc-')

function serve(options: { picked?: string | null } = {}) {
  return serveWithDownloads(env, { ...options, concurrency: 3 })
}

function refsOf(result: DeclarationsSearchResult): RecapitulatifRef[] {
  return result.declarations
    .filter((d) => d.recapitulatif_disponible)
    .map((d) => ({ id: d.id, siren: d.siren, nic: d.nic, periode: d.periode, nature: d.nature, type: d.type }))
}

describe('declarations:search', () => {
  it('searches periodic and event-based DSN across several dossiers with period and sending-date filters', async () => {
    const { dispatch } = serve()
    const sirens = [...new Set(env.sandbox.store.declarations.map((d) => d.siren))].slice(0, 2)
    const result = await ok<DeclarationsSearchResult>(
      dispatch('declarations:search', { sirens, periodeDu: '2026-06', periodeAu: '2026-09' }),
    )
    expect(result.declarations.length).toBeGreaterThan(0)
    expect(new Set(result.declarations.map((d) => d.siren))).toEqual(new Set(sirens))
    expect(result.declarations.every((d) => d.periode >= '2026-06' && d.periode <= '2026-09')).toBe(true)
    const expected =
      env.sandbox.store.declarations.filter((d) => sirens.includes(d.siren) && d.periode >= '2026-06' && d.periode <= '2026-09').length +
      env.sandbox.store.declarationsEvenementielles.filter(
        (d) => sirens.includes(d.siren) && d.periode >= '2026-06' && d.periode <= '2026-09',
      ).length
    expect(result.declarations).toHaveLength(expected)
    expect(new Set(result.declarations.map((d) => d.kind))).toEqual(new Set(['periodique', 'evenementielle']))

    const sent = await ok<DeclarationsSearchResult>(
      dispatch('declarations:search', { dateEnvoiDu: '2026-10-01', dateEnvoiAu: '2026-10-31', kinds: ['periodique'] }),
    )
    expect(sent.declarations.length).toBeGreaterThan(0)
    expect(
      sent.declarations.every(
        (d) =>
          d.kind === 'periodique' &&
          d.date_envoi !== null &&
          d.date_envoi.slice(0, 10) >= '2026-10-01' &&
          d.date_envoi.slice(0, 10) <= '2026-10-31',
      ),
    ).toBe(true)
  })
})

describe('downloads:*', () => {
  it('downloads a period across dossiers into a folder per dossier, reports progress, retries the cut ones', async () => {
    const { dispatch, events } = serve()
    const search = await ok<DeclarationsSearchResult>(dispatch('declarations:search', { periodeDu: '2026-08', periodeAu: '2026-09' }))
    const items = refsOf(search)
    expect(items.length).toBeGreaterThanOrEqual(10)

    env.sandbox.faults.set({ pdfTruncateRate: 0.4 })
    const first = await ok<{ jobId: string; folder: string }>(dispatch('downloads:start', { items, destination: 'defaut' }))
    expect(first.folder).toBe(join(env.root, 'Téléchargements', DOWNLOADS_SUBFOLDER))
    const job = await finished(events, first.jobId)
    expect(job.total).toBe(items.length)
    expect(job.done + job.failed).toBe(items.length)
    expect(job.failed).toBeGreaterThan(0)
    const failedFiles = job.files.filter((f) => f.state === 'echec')
    expect(failedFiles.every((f) => f.error?.code === 'CONNEXION_COUPEE' && typeof f.error.params?.['recus'] === 'number')).toBe(true)
    expect(events.some((e) => e.jobId === first.jobId && e.files.some((f) => f.state === 'en_cours'))).toBe(true)

    env.sandbox.faults.set({ pdfTruncateRate: 0 })
    const retryItems = items.filter((i) => failedFiles.some((f) => f.id === i.id))
    const retry = await ok<{ jobId: string }>(dispatch('downloads:start', { items: retryItems, destination: 'defaut' }))
    const second = await finished(events, retry.jobId)
    expect(second.done).toBe(retryItems.length)

    const list = await ok<DownloadedRecapitulatif[]>(dispatch('downloads:list', {}))
    expect(list).toHaveLength(items.length)
    for (const sirens of new Set(items.map((i) => i.siren))) {
      const files = await readdir(join(first.folder, sirens))
      expect(files.every((f) => f.endsWith('.pdf') && !f.startsWith('.'))).toBe(true)
      expect(files).toHaveLength(items.filter((i) => i.siren === sirens).length)
    }
  })

  it('keeps the registry across a restart and opens or shows only the files it wrote', async () => {
    const { dispatch } = serve()
    const search = await ok<DeclarationsSearchResult>(
      dispatch('declarations:search', { periodeDu: '2026-09', periodeAu: '2026-09', kinds: ['periodique'] }),
    )
    const ref = refsOf(search)[0]!
    const first = serve()
    const started = await ok<{ jobId: string }>(first.dispatch('downloads:start', { items: [ref], destination: 'defaut' }))
    const job = await finished(first.events, started.jobId)
    const path = job.files[0]!.path!

    // A new main process (same data folder) still knows the file, offline too.
    await env.closeSandbox()
    const restarted = serve()
    const list = await ok<DownloadedRecapitulatif[]>(restarted.dispatch('downloads:list', {}))
    expect(list.map((e) => e.path)).toEqual([path])
    expect(list[0]!.present).toBe(true)
    await ok(restarted.dispatch('downloads:open', { path }))
    await ok(restarted.dispatch('downloads:show', { path: join(path, '..', '.', list[0]!.fileName) }))
    expect(restarted.opened).toEqual([path])
    expect(restarted.shown).toEqual([path])

    // Anything else is refused: a file the app did not write, a system file, a link to one at a trusted name.
    const stranger = join(env.root, 'Téléchargements', 'autre.pdf')
    await mkdir(join(env.root, 'Téléchargements'), { recursive: true })
    await writeFile(stranger, '%PDF-1.7 pas de nous')
    for (const p of [stranger, '/etc/passwd', join(env.root, 'absent.pdf')]) {
      expect(await refused(restarted.dispatch('downloads:open', { path: p }))).toMatchObject({ code: 'CHEMIN_REFUSE' })
      expect(await refused(restarted.dispatch('downloads:show', { path: p }))).toMatchObject({ code: 'CHEMIN_REFUSE' })
    }
    await unlink(path)
    await symlink(stranger, path)
    expect(await refused(restarted.dispatch('downloads:open', { path }))).toMatchObject({ code: 'CHEMIN_REFUSE' })
    expect(restarted.opened).toEqual([path])
  })

  it('writes into the folder the clerk picked, and refuses destination choisi before a pick', async () => {
    const picked = join(env.root, 'choisi')
    const { dispatch, events } = serve({ picked })
    const search = await ok<DeclarationsSearchResult>(
      dispatch('declarations:search', { periodeDu: '2026-09', periodeAu: '2026-09', kinds: ['periodique'] }),
    )
    const items = refsOf(search).slice(0, 2)
    expect(await refused(dispatch('downloads:start', { items, destination: 'choisi' }))).toMatchObject({ code: 'DOSSIER_NON_CHOISI' })
    expect(await ok(dispatch('downloads:chooseFolder', {}))).toEqual({ folder: picked })
    const started = await ok<{ jobId: string; folder: string }>(dispatch('downloads:start', { items, destination: 'choisi' }))
    expect(started.folder).toBe(picked)
    expect((await finished(events, started.jobId)).done).toBe(2)
    expect((await readdir(picked)).sort()).toHaveLength(2)
  })

  it('cancels the files of a slow job: nothing partial stays on disk', async () => {
    const { dispatch, events } = serve()
    const search = await ok<DeclarationsSearchResult>(
      dispatch('declarations:search', { periodeDu: '2026-09', periodeAu: '2026-09', kinds: ['periodique'] }),
    )
    const items = refsOf(search).slice(0, 6)
    env.sandbox.faults.set({ pdfSlowChunkDelayMs: 300, pdfChunkBytes: 512 })
    const started = await ok<{ jobId: string; folder: string }>(dispatch('downloads:start', { items, destination: 'defaut' }))
    for (let i = 0; i < 200 && !events.some((e) => e.jobId === started.jobId && e.files.some((f) => f.bytes > 0)); i += 1)
      await new Promise((r) => setTimeout(r, 20))
    const answer = await ok<{ cancelled: number }>(dispatch('downloads:cancel', { jobId: started.jobId }))
    expect(answer.cancelled).toBe(items.length)
    const job = await finished(events, started.jobId)
    expect(job.cancelled).toBe(items.length)
    const left = await readdir(started.folder, { recursive: true, withFileTypes: true }).catch(() => [])
    expect(left.filter((e) => e.isFile())).toEqual([])
  })
})

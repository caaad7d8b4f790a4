/**
 * The page's first script (src-renderer/public/open-store.js): it asks the origin's IndexedDB for its databases so
 * that Chromium opens the origin's store while the modules load (issue 19, the home's start), and it must neither
 * create nor change a database, nor fail the page's start when IndexedDB is missing or refuses.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'

import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'

const RENDERER = join(__dirname, '../../src-renderer')
const SCRIPT = readFileSync(join(RENDERER, 'public/open-store.js'), 'utf8')

/** Runs the script as a page would, with `globals` as its window. */
function runScript(globals: Record<string, unknown>): void {
  runInNewContext(SCRIPT, globals)
}

describe('ouverture du stockage au chargement de la page', () => {
  it('demande la liste des bases une fois, sans en créer ni en ouvrir', async () => {
    const idb = new IDBFactory()
    const databases = vi.spyOn(idb, 'databases')
    const open = vi.spyOn(idb, 'open')
    runScript({ indexedDB: idb })
    expect(databases).toHaveBeenCalledTimes(1)
    expect(open).not.toHaveBeenCalled()
    await expect(idb.databases()).resolves.toEqual([])
  })

  it('laisse intactes les bases existantes (nom et version)', async () => {
    const idb = new IDBFactory()
    await new Promise<void>((resolve, reject) => {
      const request = idb.open('paie-demo', 190)
      request.onupgradeneeded = () => request.result.createObjectStore('outbox')
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
      request.onerror = () => {
        reject(request.error ?? new Error('open'))
      }
    })
    runScript({ indexedDB: idb })
    await expect(idb.databases()).resolves.toEqual([{ name: 'paie-demo', version: 190 }])
  })

  it('ne lève rien sans IndexedDB, ni quand la liste est refusée', async () => {
    expect(() => {
      runScript({})
    }).not.toThrow()
    expect(() => {
      runScript({ indexedDB: {} })
    }).not.toThrow()
    const refused = vi.fn(() => Promise.reject(new Error('refusé')))
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      runScript({ indexedDB: { databases: refused } })
      await new Promise((resolve) => setTimeout(resolve, 10))
    } finally {
      process.off('unhandledRejection', unhandled)
    }
    expect(refused).toHaveBeenCalledTimes(1)
    expect(unhandled).not.toHaveBeenCalled()
  })

  it('index.html le charge en script classique, avant le module de l’application', () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8')
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '')
    expect(scripts).toHaveLength(2)
    expect(scripts[0]).toMatch(/src="\.\/open-store\.js"/)
    expect(scripts[0]).not.toMatch(/type=|async|defer/)
    expect(scripts[1]).toMatch(/type="module"/)
  })
})

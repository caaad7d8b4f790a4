// @vitest-environment happy-dom
/**
 * The app's routes and its start-up chunk (router.ts, issue 19 point 3): the home screen is part of the start-up
 * chunk, every other screen is loaded on its first visit (a function the router calls), and each such loader yields a
 * component.
 */
import { describe, expect, it } from 'vitest'

import CabinetView from '../../src-renderer/features/cabinet/CabinetView.vue'
import { createAppRouter, prefetchScreens } from '../../src-renderer/router'

describe('routes chargées à la première visite', () => {
  it('l’accueil est dans le lot de démarrage, tous les autres écrans sont chargés à leur première visite', () => {
    const records = createAppRouter().getRoutes()
    const home = records.find((r) => r.name === 'cabinet')
    expect(home?.components?.['default']).toBe(CabinetView)
    const others = records.filter((r) => r.name !== 'cabinet' && r.components?.['default'] !== undefined)
    expect(others.length).toBeGreaterThan(20)
    for (const record of others) expect(typeof record.components?.['default'], String(record.name)).toBe('function')
  })

  it('chaque écran chargé à la visite donne un composant, et le préchargement se termine', async () => {
    // pdf.js (declaration) and the charts (billing) are loaded by those screens' own tests, under their mocks.
    const skipped = new Set(['cabinet', 'declaration', 'billing'])
    for (const record of createAppRouter().getRoutes()) {
      const load = record.components?.['default']
      if (typeof load !== 'function' || skipped.has(String(record.name))) continue
      const loaded: unknown = await (load as () => Promise<unknown>)()
      expect(loaded, String(record.name)).toHaveProperty('default')
      expect(typeof (loaded as { default: unknown }).default, String(record.name)).toBe('object')
    }
    await expect(prefetchScreens()).resolves.toBeUndefined()
  })
})

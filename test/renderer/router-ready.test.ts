// @vitest-environment happy-dom
/**
 * The app's mount waits for its first screen (router.ts, `mountWhenRouted`): after a reload on a screen loaded on its
 * first visit, nothing is shown while that screen's chunk loads; a change of address made meanwhile (which Vue Router
 * alone would undo) is followed once it has loaded; once shown, a change of address opens the new screen. A chunk that
 * fails to load still leaves a working shell.
 */
import { flushPromises } from '@vue/test-utils'
import { createApp, h } from 'vue'
import type { Component } from 'vue'
import { RouterView, createRouter, createWebHashHistory } from 'vue-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { mountWhenRouted } from '../../src-renderer/router'

/** A screen showing its name under `data-testid=<name>`. */
function screen(name: string): Component {
  return { name, render: () => h('p', { 'data-testid': name }, name) }
}

/** The app shell: a marker and the routed view. */
const Shell: Component = { render: () => h('div', { 'data-testid': 'shell' }, [h(RouterView)]) }

/** An app whose `/lent` screen comes from a chunk the test resolves or rejects; the window starts at `#/lent`. */
function appOnSlowScreen(): {
  router: ReturnType<typeof createRouter>
  container: HTMLElement
  mounted: Promise<void>
  load: (result: Promise<{ default: Component }>) => void
} {
  window.location.hash = '#/lent'
  let settle: (result: Promise<{ default: Component }>) => void = () => undefined
  const chunk = new Promise<{ default: Component }>((resolve) => {
    settle = resolve
  })
  const router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', component: screen('accueil') },
      { path: '/lent', component: () => chunk },
      { path: '/autre', component: screen('autre') },
    ],
  })
  const container = document.createElement('div')
  document.body.append(container)
  const mounted = mountWhenRouted(createApp(Shell).use(router), router, container)
  return { router, container, mounted, load: settle }
}

/** Changes the window's address as a browser does on a hash change (happy-dom sends no popstate for it). */
function moveTo(hash: string): void {
  window.location.hash = hash
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
}

afterEach(() => {
  document.body.innerHTML = ''
  window.location.hash = ''
})

describe('montage une fois le premier écran résolu', () => {
  it('rien n’est affiché pendant le chargement du premier écran, puis un changement d’adresse est suivi', async () => {
    const { router, container, mounted, load } = appOnSlowScreen()
    await flushPromises()
    expect(container.querySelector('[data-testid="shell"]')).toBeNull()

    load(Promise.resolve({ default: screen('lent') }))
    await mounted
    expect(container.querySelector('[data-testid="shell"] [data-testid="lent"]')).not.toBeNull()
    expect(router.currentRoute.value.path).toBe('/lent')

    moveTo('#/autre')
    await vi.waitFor(() => {
      expect(container.querySelector('[data-testid="autre"]')).not.toBeNull()
    })
    expect(router.currentRoute.value.path).toBe('/autre')
    expect(window.location.hash).toBe('#/autre')
  })

  it('un changement d’adresse pendant le chargement du premier écran est suivi, non défait', async () => {
    const { router, container, mounted, load } = appOnSlowScreen()
    await flushPromises()
    moveTo('#/autre')
    load(Promise.resolve({ default: screen('lent') }))
    await mounted
    expect(router.currentRoute.value.path).toBe('/autre')
    expect(window.location.hash).toBe('#/autre')
    expect(container.querySelector('[data-testid="shell"] [data-testid="autre"]')).not.toBeNull()
    expect(container.querySelector('[data-testid="lent"]')).toBeNull()
  })

  it('le premier écran ne se charge pas : l’application est montée quand même et sa navigation fonctionne', async () => {
    // Vue Router reports the failed first navigation on the console.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { router, container, mounted, load } = appOnSlowScreen()
    load(Promise.reject(new Error('lot introuvable')))
    await mounted
    expect(container.querySelector('[data-testid="shell"]')).not.toBeNull()
    expect(container.querySelector('[data-testid="lent"]')).toBeNull()

    await router.push('/autre')
    await flushPromises()
    expect(container.querySelector('[data-testid="autre"]')).not.toBeNull()
    logged.mockRestore()
    warned.mockRestore()
  })
})

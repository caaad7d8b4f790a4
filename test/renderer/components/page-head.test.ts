// @vitest-environment happy-dom
/**
 * The head of a screen (PageHead.vue): its title, what the screen puts after it, the link back, the age of the cached
 * list (« jamais lu » before any read), the refresh button (its label while busy, disabled when asked, `refresh`
 * emitted on a click), an age worded by the screen (slot `age`, on the right before the button) and the line saying
 * when the record shown was read on the service.
 */
import { mount } from '@vue/test-utils'
import { createMemoryHistory, createRouter } from 'vue-router'
import { defineComponent, h } from 'vue'
import { describe, expect, it } from 'vitest'

import PageHead from '../../../src-renderer/components/PageHead.vue'
import { createAppI18n } from '../../../src-renderer/i18n'

const Blank = defineComponent({ render: () => h('div') })

function mountHead(props: Record<string, unknown>, slot?: string, age?: string) {
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/', name: 'users', component: Blank }] })
  return mount(PageHead, {
    props: props as never,
    slots: { ...(slot === undefined ? {} : { default: slot }), ...(age === undefined ? {} : { age }) },
    global: { plugins: [createAppI18n('fr'), router] },
  })
}

describe('PageHead', () => {
  it('shows the title, the slot, the cache age and a refresh button that emits, busy or not', async () => {
    const props = {
      title: 'Utilisateurs du cabinet',
      cache: { fetchedAt: null, words: { cache: 'utilisateurs.cache', never: 'utilisateurs.cacheJamais' }, testId: 'users-cache-age' },
      refresh: { label: 'Actualiser', busyLabel: 'Lecture…', testId: 'users-refresh', busy: false },
    }
    const w = mountHead(props, '<span data-testid="count">3 utilisateurs</span>')
    expect(w.find('h1').text()).toBe('Utilisateurs du cabinet')
    expect(w.find('[data-testid="count"]').text()).toBe('3 utilisateurs')
    expect(w.find('[data-testid="users-cache-age"]').text()).toMatch(/Aucune liste d’utilisateurs/)
    expect(w.find('[data-testid="users-cache-age"]').attributes('data-fetched-at')).toBe('')
    const button = w.find('[data-testid="users-refresh"]')
    expect(button.text()).toBe('Actualiser')
    await button.trigger('click')
    expect(w.emitted('refresh')).toHaveLength(1)

    await w.setProps({ refresh: { ...props.refresh, busy: true } } as never)
    expect(w.find('[data-testid="users-refresh"]').text()).toBe('Lecture…')
    expect(w.find('[data-testid="users-refresh"]').attributes('disabled')).toBeDefined()
    await w.setProps({ refresh: { ...props.refresh, disabled: true } } as never)
    expect(w.find('[data-testid="users-refresh"]').attributes('disabled')).toBeDefined()
    expect(w.find('[data-testid="users-refresh"]').text()).toBe('Actualiser')
  })

  it('gives the cache’s date when read, the link back and the « read on the service » line', async () => {
    const at = '2026-11-20T08:30:00.000Z'
    const w = mountHead({
      title: 'Claire Martin',
      cache: { fetchedAt: at, words: { cache: 'utilisateurs.cache', never: 'utilisateurs.cacheJamais' }, testId: 'age' },
      back: { to: { name: 'users' }, label: 'Retour aux utilisateurs', testId: 'user-back' },
      readAt: { at: null, key: 'utilisateurs.fiche.lu', testId: 'user-read-at' },
    })
    expect(w.find('[data-testid="age"]').text()).toMatch(/^Liste du 20\/11\/2026 à/)
    expect(w.find('[data-testid="user-back"]').text()).toBe('Retour aux utilisateurs')
    expect(w.find('[data-testid="user-back"]').attributes('href')).toBe('/')
    expect(w.find('[data-testid="user-read-at"]').exists()).toBe(false)
    expect(w.find('button').exists()).toBe(false)
    await w.setProps({ readAt: { at, key: 'utilisateurs.fiche.lu', testId: 'user-read-at' } } as never)
    expect(w.find('[data-testid="user-read-at"]').text()).toMatch(/^Fiche lue sur le service le 20\/11\/2026 à \d\d:30\.$/)
  })

  it('puts an age worded by the screen (slot `age`) on the right, before the refresh button', () => {
    const refresh = { label: 'Actualiser', busyLabel: 'Lecture…', testId: 'sheet-refresh', busy: false }
    const w = mountHead({ title: 'Fiche' }, undefined, '<span data-testid="sheet-age">Fiche jamais lue</span>')
    expect(w.find('.spacer').exists()).toBe(true)
    expect(w.find('[data-testid="sheet-age"]').text()).toBe('Fiche jamais lue')
    const withButton = mountHead({ title: 'Fiche', refresh }, undefined, '<span data-testid="sheet-age">Fiche jamais lue</span>')
    const order = withButton.findAll('.page-head > *').map((e) => e.attributes('data-testid') ?? e.element.tagName)
    expect(order).toEqual(['H1', 'DIV', 'sheet-age', 'sheet-refresh'])
    expect(mountHead({ title: 'Fiche' }).find('.spacer').exists()).toBe(false)
  })
})

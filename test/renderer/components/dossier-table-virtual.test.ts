// @vitest-environment happy-dom
/**
 * The home screen's dossier table for a cabinet (issue 19, point 3): above 40 dossiers only the rows in view are
 * rendered, between spacer rows, each with its aria-rowindex and the table with its aria-rowcount; a row shows its
 * words (DSN status, next action, period) as a small table does; at 40 dossiers or fewer every row is rendered.
 */
import { mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'

import DossierTable from '../../../src-renderer/features/cabinet/DossierTable.vue'
import type { GlanceRow } from '../../../src-renderer/features/cabinet/glance'
import { createAppI18n } from '../../../src-renderer/i18n'
import { createAppRouter } from '../../../src-renderer/router'
import { dossierMartin } from '../support/fixtures'

/** `count` dossiers copied from the fixture's, SIRENs 100000000…, every other one with its DSN filed. */
function rows(count: number): GlanceRow[] {
  return Array.from({ length: count }, (_, i) => ({
    dossier: { ...dossierMartin, siren: String(100_000_000 + i), raison_sociale: `Dossier ${String(i).padStart(3, '0')}` },
    enAttente: i % 3,
    rejetes: 0,
    aVerifier: 0,
    dsn: i % 2 === 0 ? 'deposee' : 'aucune',
    bulletins: null,
    prochaine: i % 2 === 0 ? 'termine' : 'lire_bulletins',
  }))
}

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

function mountTable(count: number): VueWrapper {
  wrapper = mount(DossierTable, {
    props: { rows: rows(count), empty: false, intl: 'fr-FR', nowMs: 0, sort: { column: 'raisonSociale', descending: false } },
    attachTo: document.body,
    global: { plugins: [createAppI18n('fr'), createAppRouter()] },
  })
  return wrapper
}

function renderedRows(w: VueWrapper): string[] {
  return w.findAll('[data-testid^="dossier-row-"]').map((r) => r.attributes('data-testid') ?? '')
}

describe('le tableau des dossiers d’un cabinet (150 dossiers)', () => {
  it('renders only the rows in view, each with its aria-rowindex, the table with its aria-rowcount', () => {
    const w = mountTable(150)
    const shown = renderedRows(w)
    expect(shown.length).toBeGreaterThan(10)
    expect(shown.length).toBeLessThan(60)
    expect(shown[0]).toBe('dossier-row-100000000')
    expect(w.get('[data-testid="dossier-table"]').attributes('aria-rowcount')).toBe('151')
    expect(w.get('[data-testid="dossier-row-100000001"]').attributes('aria-rowindex')).toBe('3')
    expect(w.find('[data-testid="dossier-row-100000149"]').exists()).toBe(false)
    const scroll = w.get('[data-testid="dossier-table-scroll"]')
    expect(scroll.classes()).toContain('dossier-scroll')
    expect(scroll.attributes('role')).toBe('region')
    expect(scroll.attributes('tabindex')).toBe('0')
    const spacer = w.get('tbody tr[aria-hidden="true"] td')
    expect(spacer.attributes('style')).toMatch(/^height: \d+(\.\d+)?px;?$/)
  })

  it('shows each row’s words: DSN status, next action (a link, or « terminé »), period', () => {
    const w = mountTable(150)
    expect(w.get('[data-testid="dossier-dsn-100000000"]').text()).toBe('Déposée')
    expect(w.get('[data-testid="dossier-dsn-100000001"]').text()).toBe('Aucune en cache')
    const next = w.get('[data-testid="dossier-next-100000001"]')
    expect(next.element.tagName).toBe('A')
    expect(next.attributes('data-action')).toBe('lire_bulletins')
    expect(w.get('[data-testid="dossier-next-100000000"]').element.tagName).toBe('SPAN')
    expect(w.get('[data-testid="dossier-row-100000000"]').text()).toContain('novembre 2026')
    expect(w.get('[data-testid="dossier-bulletins-100000001"]').text()).toBe('Jamais lus sur ce poste')
  })

  it('at 40 dossiers or fewer every row is rendered, without spacer nor scrolling box', () => {
    const w = mountTable(40)
    expect(renderedRows(w)).toHaveLength(40)
    expect(w.find('tbody tr[aria-hidden="true"]').exists()).toBe(false)
    expect(w.get('[data-testid="dossier-table-scroll"]').attributes('role')).toBeUndefined()
  })
})

// @vitest-environment happy-dom
/**
 * The import's cumuls kind on screen (ImportCumuls.vue, issue 17 point 4, #70): the columns proposed from the
 * employer's headers, each row previewed with its reason, a role corrected by the clerk, and the ready rows added to
 * the cumuls drafts of the dossier's year (IndexedDB), nothing in the outbox.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import ImportCumuls from '../../../src-renderer/features/import/ImportCumuls.vue'
import type { SheetTable } from '../../../src-renderer/features/import/table'
import { createAppRouter } from '../../../src-renderer/router'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { Cumul } from '../../../src-shared/api/bulletins'
import { salaries, SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
})
afterEach(async () => {
  await flushPromises()
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

const cumul = (matricule: string, code: string, libelle: string, valeur: string): Cumul => ({
  siren: SIREN,
  matricule,
  annee: 2026,
  categorie: 'remuneration',
  code_cumul: code,
  code_moteur: `C_${code}`,
  libelle,
  valeur,
})

const table: SheetTable = {
  sheet: 'Cumuls',
  headerRow: 0,
  headers: ['Matricule', 'Salaire brut', 'Observations'],
  ownHeaders: ['Matricule', 'Salaire brut', 'Observations'],
  hiddenColumns: [],
  rows: [
    { line: 2, cells: ['M001', '21 500,00', 'Reprise'] },
    { line: 3, cells: ['M404', '1,00', ''] },
    { line: 4, cells: ['M002', '12,345', ''] },
  ],
}

describe('ImportCumuls', () => {
  it('proposes the columns, previews each row with its reason, and adds the ready ones to the cumuls draft', async () => {
    await app.db.cumulReads.put({
      siren: SIREN,
      annee: 2026,
      fetchedAt: '2026-11-20T08:00:00.000Z',
      cumuls: [cumul('M001', 'BRUT', 'Salaire brut', '20000.00')],
    })
    useSyncStore(app.pinia).online = false
    wrapper = mountIn(
      app,
      ImportCumuls,
      { siren: SIREN, annee: 2026, table, salaries: salaries.filter((s) => s.siren === SIREN) },
      createAppRouter(),
    )
    const w = wrapper
    await vi.waitFor(() => {
      expect((w.get('[data-testid="import-cumuls-column-1"]').element as HTMLSelectElement).value).toBe('element:BRUT')
    })
    expect((w.get('[data-testid="import-cumuls-column-0"]').element as HTMLSelectElement).value).toBe('matricule')
    expect(w.get('[data-testid="import-cumuls-row-2"]').attributes('data-status')).toBe('pret')
    expect(w.get('[data-testid="import-cumuls-row-3"]').text()).toContain('Matricule « M404 » inconnu')
    expect(w.get('[data-testid="import-cumuls-row-4"]').text()).toContain('2 décimales au plus')
    // The clerk says the column is to be ignored: no row left to take; then back to BRUT.
    await w.get('[data-testid="import-cumuls-column-1"]').setValue('ignorer')
    expect(w.get('[data-testid="import-cumuls-row-2"]').attributes('data-status')).toBe('vide')
    await w.get('[data-testid="import-cumuls-column-1"]').setValue('element:BRUT')
    await w.get('[data-testid="import-cumuls-keep"]').trigger('click')
    await vi.waitFor(() => {
      expect(w.find('[data-testid="import-cumuls-done"]').exists()).toBe(true)
    })
    expect(w.get('[data-testid="import-cumuls-done"]').text()).toContain('1 cellule(s) ajoutée(s)')
    const draft = await app.db.cumulDrafts.get([SIREN, 2026])
    expect(draft?.cells['M001|BRUT']).toMatchObject({ valeur: '21500.00', state: 'draft' })
    expect(await app.db.outbox.count()).toBe(0)
  })
})

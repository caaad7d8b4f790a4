// @vitest-environment happy-dom
/**
 * The import screen (features/import/ImportView.vue, issue 17): a file chosen with the input goes through the
 * mapping step, the preview (statuses, the reason on the cell, a cell fixed in place, a row dropped) and is queued in
 * one go, with the report; the next month's file of the same employer skips the mapping step; a sheet picker for a
 * book of several sheets; a bad file gets its French message and nothing is queued.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import ImportView from '../../../src-renderer/features/import/ImportView.vue'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { absenceSheets, csvNames, wideSheet, workbook } from '../import/workbooks'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { entriesInStates } from '../../../src-renderer/db/outbox-query'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** Waits until `check` holds (the file is read and checked through several awaits). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) {
    await flushPromises()
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  expect(check()).toBe(true)
}

async function choose(w: VueWrapper, bytes: Uint8Array, name: string): Promise<void> {
  const input = w.get('[data-testid="import-file"]')
  Object.defineProperty(input.element, 'files', { value: [new File([bytes.slice()], name)], configurable: true })
  await input.trigger('change')
}

const has = (w: VueWrapper, testid: string): boolean => w.find(`[data-testid="${testid}"]`).exists()
function status(w: VueWrapper, line: number): string | undefined {
  const row = w.find(`[data-testid="import-row-${String(line)}"]`)
  return row.exists() ? row.attributes('data-status') : undefined
}

describe("écran d'import", () => {
  it('wide xlsx: mapping, preview, queued in one go, report; the next month without the mapping step', async () => {
    wrapper = mountIn(app, ImportView, { siren: SIREN })
    await choose(wrapper, workbook([wideSheet()]), 'EVP Martin novembre 2026.xlsx')
    await until(() => has(wrapper as VueWrapper, 'import-mapping'))
    expect((wrapper.get('[data-testid="import-column-0"]').element as HTMLSelectElement).value).toBe('matricule')
    expect((wrapper.get('[data-testid="import-column-2"]').element as HTMLSelectElement).value).toBe('element:HS25')
    await wrapper.get('[data-testid="import-mapping-confirm"]').trigger('click')
    await until(() => status(wrapper as VueWrapper, 4) === 'pret')
    expect(status(wrapper, 6)).toBe('erreur')
    expect(status(wrapper, 7)).toBe('ignoree')
    // The sheet's numbers are shown the French way (3.5 read from the file, 6.5 on the totals row).
    expect(wrapper.get('[data-testid="import-row-4"]').text()).toContain('3,5')
    expect(wrapper.get('[data-testid="import-row-7"]').text()).toContain('6,5')
    const bad = wrapper.get('[data-testid="import-cell-6-0"]')
    expect(bad.attributes('aria-invalid')).toBe('true')
    expect(bad.attributes('title')).toContain('Matricule « M999 » inconnu dans ce dossier.')
    expect(wrapper.get('[data-testid="import-queue"]').text()).toContain('3')

    await wrapper.get('[data-testid="import-queue"]').trigger('click')
    await until(() => has(wrapper as VueWrapper, 'import-report'))
    expect(wrapper.get('[data-testid="import-saved"]').attributes('data-saved')).toBe('3')
    expect(wrapper.get('[data-testid="import-left"]').attributes('data-count')).toBe('2')
    expect(wrapper.get('[data-testid="import-left-6"]').text()).toContain('M999')
    expect(await entriesInStates(app.db, ['queued']).count()).toBe(3)

    await wrapper.get('[data-testid="import-again"]').trigger('click')
    const december = wideSheet('décembre 2026')
    await choose(
      wrapper,
      workbook([{ ...december, rows: december.rows.map((r) => (r[0] === 'M001' ? ['M001', 'Durand Jeanne', 9, null] : r)) }]),
      'EVP Martin décembre 2026.xlsx',
    )
    await until(() => has(wrapper as VueWrapper, 'import-recalled'))
    expect(has(wrapper, 'import-mapping')).toBe(false)
    await until(() => status(wrapper as VueWrapper, 4) === 'pret')
  })

  it('Windows-1252 CSV: an unknown name fixed in place, a row dropped, kept as drafts', async () => {
    wrapper = mountIn(app, ImportView, { siren: SIREN })
    await choose(wrapper, csvNames(), 'variables.csv')
    await until(() => has(wrapper as VueWrapper, 'import-mapping'))
    expect(wrapper.get('[data-testid="import-file-info"]').text()).toContain('windows-1252')
    await wrapper.get('[data-testid="import-mapping-confirm"]').trigger('click')
    await until(() => status(wrapper as VueWrapper, 4) === 'erreur')
    expect(wrapper.get('[data-testid="import-row-4"]').text()).toContain('Aucun salarié « Lefèvre Éloïse » dans ce dossier.')

    await wrapper.get('[data-testid="import-cell-4-0"]').setValue('Nom3')
    await until(() => wrapper?.find('[data-testid="import-cell-4-1"]').exists() === true)
    await wrapper.get('[data-testid="import-cell-4-1"]').setValue('Test')
    await until(() => status(wrapper as VueWrapper, 4) === 'pret')

    await wrapper.get('[data-testid="import-drop-3"]').trigger('click')
    await until(() => status(wrapper as VueWrapper, 3) === 'ignoree')
    await wrapper.get('[data-testid="import-drafts"]').trigger('click')
    await until(() => has(wrapper as VueWrapper, 'import-report'))
    const drafts = await app.db.outbox.toArray()
    expect(drafts.map((e) => [e.matricule, e.state]).sort()).toEqual([
      ['G003', 'draft'],
      ['M001', 'draft'],
    ])
  })

  it('picks the sheet holding the data and lets the clerk choose another', async () => {
    wrapper = mountIn(app, ImportView, { siren: SIREN })
    await choose(wrapper, workbook(absenceSheets()), 'absences.xlsx')
    await until(() => has(wrapper as VueWrapper, 'import-mapping'))
    const picker = wrapper.get('[data-testid="import-sheet"]')
    expect((picker.element as HTMLSelectElement).value).toBe('1')
    expect((wrapper.get('[data-testid="import-kind"]').element as HTMLSelectElement).value).toBe('absence')
    await picker.setValue('0')
    await until(() => (wrapper?.get('[data-testid="import-column-0"]').element as HTMLSelectElement).value === 'ignorer')
    expect(wrapper.get('[data-testid="import-mapping-problem"]').text()).toContain('matricule ou du nom')
  })

  it('says in French why a file cannot be read, and queues nothing', async () => {
    wrapper = mountIn(app, ImportView, { siren: SIREN })
    await choose(wrapper, new TextEncoder().encode('%PDF-1.7'), 'facture.pdf')
    await until(() => has(wrapper as VueWrapper, 'import-failure'))
    expect(wrapper.get('[data-testid="import-failure"]').text()).toBe(
      'Ce fichier n’est pas un tableur : choisissez un fichier .xlsx, .xls, .ods ou .csv.',
    )
    expect(await app.db.outbox.count()).toBe(0)
  })
})

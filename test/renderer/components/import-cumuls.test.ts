// @vitest-environment happy-dom
/**
 * The import's cumuls kind on screen (ImportView.vue, issue 17 point 4, #70), through the same steps as the entry
 * kinds: the kind proposed from the employer's headers and its columns, the mapping remembered (the next month's file
 * of the same employer goes straight to the preview), the preview with the reason on each cell (a cell fixed in
 * place, typed with a French comma), the ready rows added to the cumuls drafts of the dossier's year (IndexedDB, one
 * transaction, nothing in the outbox), and the report with the « what we could not take » spreadsheet.
 */
import '../support/db'

import { read, utils } from '@e965/xlsx'
import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as Download from '../../../src-renderer/components/download'
import ImportView from '../../../src-renderer/features/import/ImportView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { Cumul } from '../../../src-shared/api/bulletins'
import { workbook } from '../import/workbooks'
import { SIREN } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'

const downloads = vi.hoisted(() => [] as { name: string; blob: Blob }[])
vi.mock('../../../src-renderer/components/download', async (original) => ({
  ...(await original<typeof Download>()),
  downloadBlob: (name: string, blob: Blob) => {
    downloads.push({ name, blob })
  },
}))

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  downloads.length = 0
  app = await testApp()
  await useReferenceStore(app.pinia).load()
  useSyncStore(app.pinia).online = false
  await app.db.cumulReads.put({
    siren: SIREN,
    annee: 2026,
    fetchedAt: '2026-11-20T08:00:00.000Z',
    cumuls: [cumul('M001', 'BRUT', 'Salaire brut', '20000.00'), cumul('M002', 'BRUT', 'Salaire brut', '18000.00')],
  })
})
afterEach(async () => {
  await flushPromises()
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

function cumul(matricule: string, code: string, libelle: string, valeur: string): Cumul {
  return { siren: SIREN, matricule, annee: 2026, categorie: 'remuneration', code_cumul: code, code_moteur: `C_${code}`, libelle, valeur }
}

/** Mounts the import screen and chooses an .xlsx named `name` holding `rows` on one sheet. */
async function mountWithFile(rows: (string | number | null)[][], name: string): Promise<VueWrapper> {
  wrapper = mountIn(app, ImportView, { siren: SIREN }, createAppRouter())
  await choose(wrapper, workbook([{ name: 'Cumuls', rows }]), name)
  return wrapper
}

async function choose(w: VueWrapper, bytes: Uint8Array, name: string): Promise<void> {
  const input = w.get('[data-testid="import-file"]')
  Object.defineProperty(input.element, 'files', { value: [new File([bytes.slice()], name)], configurable: true })
  await input.trigger('change')
}

const selectValue = (w: VueWrapper, testid: string): string => (w.get(`[data-testid="${testid}"]`).element as HTMLSelectElement).value
const status = (w: VueWrapper, line: number): string | undefined =>
  w.find(`[data-testid="import-row-${String(line)}"]`).attributes('data-status')

describe('import of cumuls', () => {
  it('maps, previews with reasons on cells, keeps into the cumuls drafts, reports, and remembers the mapping', async () => {
    const w = await mountWithFile(
      [
        ['Matricule', 'Cumul', 'Montant', 'Observations'],
        ['M001', 'Salaire brut', 21500.25, 'Reprise'],
        ['M404', 'BRUT', 1, null],
        ['M002', 'BRUT', '12,345', null],
      ],
      'Cumuls Martin novembre 2026.xlsx',
    )
    await vi.waitFor(() => {
      expect(selectValue(w, 'import-kind')).toBe('cumul')
    })
    expect([0, 1, 2, 3].map((i) => selectValue(w, `import-column-${String(i)}`))).toEqual(['matricule', 'code', 'valeur', 'ignorer'])
    // The samples of the amount column read the French way.
    expect(w.get('[data-testid="import-mapping"]').text()).toContain('21500,25')
    await w.get('[data-testid="import-mapping-confirm"]').trigger('click')
    await vi.waitFor(() => {
      expect(status(w, 2)).toBe('pret')
    })
    expect(w.get('[data-testid="import-row-2"]').text()).toContain('21500,25')
    expect(status(w, 3)).toBe('erreur')
    expect(w.get('[data-testid="import-cell-3-0"]').attributes('title')).toContain('Matricule « M404 » inconnu')
    const amount = w.get('[data-testid="import-cell-4-2"]')
    expect(amount.attributes('title')).toContain('2 décimales au plus')
    // Fixed in place with a French comma: the row is ready.
    await amount.setValue('12,34')
    await vi.waitFor(() => {
      expect(status(w, 4)).toBe('pret')
    })
    expect(w.find('[data-testid="import-queue"]').exists()).toBe(false)
    expect(w.get('[data-testid="import-cumuls-keep"]').text()).toContain('2')
    await w.get('[data-testid="import-cumuls-keep"]').trigger('click')
    await vi.waitFor(() => {
      expect(w.find('[data-testid="import-report"]').exists()).toBe(true)
    })
    expect(w.get('[data-testid="import-saved"]').attributes('data-saved')).toBe('2')
    expect(w.get('[data-testid="import-saved"]').text()).toContain('2 cellule(s) ajoutée(s) aux cumuls à envoyer')
    expect(w.get('[data-testid="import-left"]').attributes('data-count')).toBe('1')
    expect(w.get('[data-testid="import-left-3"]').text()).toContain('M404')
    expect(w.find('[data-testid="import-cumuls-link"]').exists()).toBe(true)
    const draft = await app.db.cumulDrafts.get([SIREN, 2026])
    expect(draft?.cells['M001|BRUT']).toMatchObject({ valeur: '21500.25', state: 'draft' })
    expect(draft?.cells['M002|BRUT']).toMatchObject({ valeur: '12.34', state: 'draft' })
    expect(await app.db.outbox.count()).toBe(0)

    // « What we could not take », as a spreadsheet: the line, its cells, its reason.
    await w.get('[data-testid="import-export"]').trigger('click')
    await vi.waitFor(() => {
      expect(downloads).toHaveLength(1)
    })
    const book = read(new Uint8Array(await (downloads[0]?.blob ?? new Blob()).arrayBuffer()), { type: 'array' })
    const sheet = book.Sheets[book.SheetNames[0] ?? '']
    const rows = sheet === undefined ? [] : utils.sheet_to_json<string[]>(sheet, { header: 1 })
    expect(rows[0]).toEqual(['Ligne', 'Matricule', 'Cumul', 'Montant', 'Observations', 'Motif'])
    expect(rows[1]?.slice(0, 4)).toEqual(['3', 'M404', 'BRUT', '1'])
    expect(rows[1]?.[rows[1].length - 1]).toContain('Matricule « M404 » inconnu')

    // Next month's file of the same employer: the remembered mapping, no mapping step.
    await w.get('[data-testid="import-again"]').trigger('click')
    await choose(
      w,
      workbook([
        {
          name: 'Cumuls',
          rows: [
            ['Matricule', 'Cumul', 'Montant', 'Observations'],
            ['M002', 'BRUT', 19000.5, null],
          ],
        },
      ]),
      'Cumuls Martin décembre 2026.xlsx',
    )
    await vi.waitFor(() => {
      expect(w.find('[data-testid="import-recalled"]').exists()).toBe(true)
    })
    expect(w.find('[data-testid="import-mapping"]').exists()).toBe(false)
    await vi.waitFor(() => {
      expect(status(w, 2)).toBe('pret')
    })
    expect(w.get('[data-testid="import-row-2"]').text()).toContain('19000,5')
  })

  it('a file read as entries can be turned into cumuls by the clerk (the kind select), with the cumuls’ columns', async () => {
    const w = await mountWithFile(
      [
        ['Matricule', 'Montant'],
        ['M001', 100],
      ],
      'reprise.xlsx',
    )
    await vi.waitFor(() => {
      expect(w.find('[data-testid="import-mapping"]').exists()).toBe(true)
    })
    expect(selectValue(w, 'import-kind')).not.toBe('cumul')
    await w.get('[data-testid="import-kind"]').setValue('cumul')
    await vi.waitFor(() => {
      expect(selectValue(w, 'import-column-1')).toBe('valeur')
    })
    expect(w.get('[data-testid="import-mapping-problem"]').text()).toContain('colonne du code')
    await w.get('[data-testid="import-column-1"]').setValue('element:BRUT')
    expect(w.find('[data-testid="import-mapping-problem"]').exists()).toBe(false)
    await w.get('[data-testid="import-mapping-confirm"]').trigger('click')
    await vi.waitFor(() => {
      expect(status(w, 2)).toBe('pret')
    })
  })
})

// @vitest-environment happy-dom
/**
 * A big paste in the EVP grid (useEvpCells.ts, `paste`): read and sorted a slice at a time, its new values written in
 * chunks, and a value typed in a pasted cell while the paste is being saved. Whatever the timing, a cell has one outbox
 * entry: the typed value is saved after the pasted one, as a change of it, never as a second entry. Real stores on a
 * real IndexedDB (fake-indexeddb), a reference of 600 employees (1 200 cells: three slices, five chunks).
 */
import '../support/db'

import { flushPromises, mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'

import type { CellInput } from '../../../src-renderer/features/evp/grid/useEvpCells'
import { useEvpCells } from '../../../src-renderer/features/evp/grid/useEvpCells'
import { createAppI18n } from '../../../src-renderer/i18n'
import { useOutboxStore } from '../../../src-renderer/stores/outbox'
import { Salarie } from '../../../src-shared/api/salaries'
import { SIREN, codesEvp, salaries, snapshot } from '../support/fixtures'
import { testApp, until, withReference } from '../support/mount'
import type { TestApp } from '../support/mount'

const EMPLOYEES = 600
const PERIODE = '2026-11'
const model = salaries[0]
const employees = Array.from({ length: EMPLOYEES }, (_, i) =>
  Salarie.parse({ ...model, matricule: `P${String(i).padStart(4, '0')}`, nom: `Colle${String(i)}` }),
)
const [hs25, obs] = codesEvp as [(typeof codesEvp)[number], (typeof codesEvp)[number]]

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  const base = snapshot()
  await withReference(app, { ...base, salaries: [...base.salaries, ...employees] })
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** Mounts a component holding the grid's cells of the dossier and period; @returns them */
async function gridCells(periode = ref(PERIODE)): Promise<ReturnType<typeof useEvpCells>> {
  let cells: ReturnType<typeof useEvpCells> | undefined
  const Host = defineComponent({
    setup() {
      cells = useEvpCells(ref(SIREN), periode, ref([hs25, obs]))
      return () => h('div')
    },
  })
  wrapper = mount(Host, { global: { plugins: [app.pinia, createAppI18n('fr')] } })
  await flushPromises()
  if (cells === undefined) throw new Error('useEvpCells non monté')
  return cells
}

/** Waits until the period's read is done: a cell outside the paste saved first (the saves held for the read run then). */
async function readDone(cells: ReturnType<typeof useEvpCells>): Promise<void> {
  if (model === undefined) throw new Error('Fixture sans salarié')
  await cells.commit({ matricule: model.matricule, numeroContrat: null, code: hs25, text: '3' })
  await flushPromises()
}

/** The paste of every employee's HS25 then OBS (1 200 cells, in that order), `unreadable` HS25 texts made unreadable. */
function pasted(unreadable: ReadonlySet<string>): CellInput[] {
  return [hs25, obs].flatMap((code) =>
    employees.map((s) => ({
      matricule: s.matricule,
      numeroContrat: null,
      code,
      text: code.code === 'OBS' ? `note ${s.matricule}` : unreadable.has(s.matricule) ? '2,5x' : '1',
    })),
  )
}

/** Outbox rows of the dossier per cell (matricule|code) → their payloads. */
async function rowsByCell(): Promise<Map<string, Record<string, unknown>[]>> {
  const byCell = new Map<string, Record<string, unknown>[]>()
  for (const row of await app.db.outbox.where('siren').equals(SIREN).toArray()) {
    const payload: Record<string, unknown> = { ...(row.payload ?? {}) }
    const key = `${row.matricule}|${String(payload['code_evp'])}`
    byCell.set(key, [...(byCell.get(key) ?? []), payload])
  }
  return byCell
}

describe('collage d’un grand bloc dans la grille EVP', () => {
  it('enregistre chaque cellule lisible une fois, et compte les illisibles', async () => {
    const cells = await gridCells()
    const unreadable = await cells.paste(pasted(new Set(['P0003', 'P0599'])))
    expect(unreadable).toBe(2)
    const byCell = await rowsByCell()
    expect(byCell.size).toBe(2 * EMPLOYEES - 2)
    expect([...byCell.values()].every((rows) => rows.length === 1)).toBe(true)
    expect(byCell.get('P0003|HS25')).toBeUndefined()
    expect(byCell.get('P0599|OBS')?.[0]?.['valeur_texte']).toBe('note P0599')
    expect(cells.cell('P0003', 'HS25')).toMatchObject({ status: 'invalid', text: '2,5x' })
    expect(cells.progress.value).toBeNull()
  })

  it('une cellule collée deux fois dans le même collage : une seule saisie, de la dernière valeur collée', async () => {
    const cells = await gridCells()
    const inputs = pasted(new Set())
    const again = (matricule: string, text: string): CellInput => ({ matricule, numeroContrat: null, code: hs25, text })
    // P0007's HS25 pasted again at the end (4), P0300's twice more (unreadable, then 6): the last one counts.
    const unreadable = await cells.paste([...inputs, again('P0007', '4'), again('P0300', '9x'), again('P0300', '6')])
    expect(unreadable).toBe(0)
    const byCell = await rowsByCell()
    expect(byCell.size).toBe(2 * EMPLOYEES)
    expect([...byCell.values()].every((rows) => rows.length === 1)).toBe(true)
    expect(byCell.get('P0007|HS25')?.[0]?.['quantite']).toBe('4')
    expect(byCell.get('P0300|HS25')?.[0]?.['quantite']).toBe('6')
    expect(byCell.get('P0008|HS25')?.[0]?.['quantite']).toBe('1')
  })

  it('une valeur tapée dans une cellule collée pendant l’enregistrement est enregistrée après, sans seconde saisie', async () => {
    const cells = await gridCells()
    // The period's read is not done yet: the paste, then the value typed in P0590's HS25, are held for it and saved in
    // that order (readHold.ts).
    const pasting = cells.paste(pasted(new Set()))
    const typedHs25 = cells.commit({ matricule: 'P0590', numeroContrat: null, code: hs25, text: '7' })
    await pasting
    await typedHs25
    await until('cellule tapée enregistrée', async () => {
      await flushPromises()
      return cells.cell('P0590', 'HS25').status === 'queued'
    })
    const byCell = await rowsByCell()
    expect(byCell.size).toBe(2 * EMPLOYEES)
    expect([...byCell.entries()].filter(([, rows]) => rows.length !== 1).map(([key]) => key)).toEqual([])
    expect(byCell.get('P0590|HS25')?.[0]?.['quantite']).toBe('7')
    expect(cells.cell('P0590', 'HS25').text).toBe('7')
  })

  it('une valeur tapée aussitôt après le collage, dans une cellule de sa dernière tranche, l’emporte sur la valeur collée', async () => {
    const cells = await gridCells()
    // The period's read done, the paste is saved at once (not held for the read, which keeps every save in the order it
    // was made).
    await readDone(cells)
    // The typed value's save (a change of the pasted entry) takes a while: the cell is seen while it is under way.
    const outbox = useOutboxStore(app.pinia)
    const revise = outbox.revise
    let revising = (): void => undefined
    const revised = new Promise<void>((resolve) => {
      revising = resolve
    })
    vi.spyOn(outbox, 'revise').mockImplementation(async (...args) => {
      await revised
      return revise(...args)
    })
    // P0599's OBS is the paste's last cell: in its last slice, sorted after the main thread was given back.
    const pasting = cells.paste(pasted(new Set()))
    // Saved at once, not held for the read.
    expect(cells.waiting.value).toBe(0)
    const typedObs = cells.commit({ matricule: 'P0599', numeroContrat: null, code: obs, text: 'tapé après' })
    await pasting
    await until('saisie tapée en cours d’enregistrement', () => vi.mocked(outbox.revise).mock.calls.length > 0)
    // The pasted value is settled and the typed one is being saved: the cell shows the typed text, not the pasted one.
    expect(cells.cell('P0599', 'OBS')).toMatchObject({ status: 'saving', text: 'tapé après' })
    revising()
    await typedObs
    await until('cellule tapée enregistrée', async () => {
      await flushPromises()
      return cells.cell('P0599', 'OBS').status === 'queued'
    })
    const byCell = await rowsByCell()
    expect(byCell.size).toBe(2 * EMPLOYEES + 1)
    expect([...byCell.entries()].filter(([, rows]) => rows.length !== 1).map(([key]) => key)).toEqual([])
    expect(byCell.get('P0599|OBS')?.[0]?.['valeur_texte']).toBe('tapé après')
    expect(cells.cell('P0599', 'OBS').text).toBe('tapé après')
  })

  it('un collage suivi aussitôt d’une autre période enregistre ses premières cellules, dans sa période, et laisse le reste', async () => {
    const periode = ref(PERIODE)
    const cells = await gridCells(periode)
    await readDone(cells)
    const pasting = cells.paste(pasted(new Set()))
    expect(cells.waiting.value).toBe(0)
    periode.value = '2026-10'
    expect(await pasting).toBe(0)
    await flushPromises()
    const rows = await app.db.outbox.where('siren').equals(SIREN).toArray()
    // The cell saved before the paste, and the paste's first chunk (sorted in the paste's own task).
    expect(rows).toHaveLength(1 + 250)
    expect(rows.every((row) => row.periode === PERIODE)).toBe(true)
  })
})

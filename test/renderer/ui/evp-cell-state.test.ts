/**
 * The EVP grid's cell state as plain data (src-renderer/features/evp/grid/evpCellState.ts): what a cell shows,
 * how save results and pastes change it, which cells the error panel lists.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { CodeEvp, FormatEvp } from '../../../src-shared/api/codification'
import { payloadFields } from '../../../src-shared/domain/entry'
import type { CreatePayload } from '../../../src-shared/domain/entry'
import type { EntryMeta, OutboxEntry } from '../../../src-shared/domain/outbox'
import { SERVICE_CELL, cellKey } from '../../../src-renderer/features/evp/grid/evpCellModel'
import type { CellView } from '../../../src-renderer/features/evp/grid/evpCellModel'
import {
  afterServiceRead,
  cellErrors,
  chunked,
  invalidView,
  readCell,
  savingView,
  settleResults,
  sortPaste,
  unsavedCount,
  viewOf,
  withOverride,
} from '../../../src-renderer/features/evp/grid/evpCellState'
import type { CellInput, CellOverrides } from '../../../src-renderer/features/evp/grid/evpCellState'

const SIREN = '732829320'
const PERIODE = '2026-11'

function code(c: string, format: FormatEvp = 'quantite'): CodeEvp {
  return { code: c, libelle: c, libelle_court: c, format, unite: 'heures', ordre: 1, masque: false } as unknown as CodeEvp
}

let seq = 0
function entry(
  matricule: string,
  codeEvp: string,
  over: Partial<EntryMeta> & { payload?: Partial<CreatePayload<'evp'>> } = {},
): OutboxEntry {
  seq += 1
  const { payload, ...meta } = over
  return {
    clientId: `c${String(seq)}`,
    kind: 'evp',
    operation: 'create',
    payload: { siren: SIREN, matricule, periode: PERIODE, code_evp: codeEvp, ...(payload ?? { quantite: '2' }) },
    targetServerId: null,
    siren: SIREN,
    matricule,
    periode: PERIODE,
    scope: { kind: 'evp', siren: SIREN, matricule, periode: PERIODE },
    fingerprint: 'f',
    state: 'queued',
    revision: 1,
    serverId: null,
    error: null,
    attempts: 0,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    history: [],
    ...meta,
  }
}

const FORMATS = new Map<string, FormatEvp>([
  ['HS25', 'quantite'],
  ['PRIME', 'montant'],
])
const refusal = (error: string): string => `illisible:${error}`
const place = (matricule: string, c: string) => ({ siren: SIREN, matricule, code: c, periode: PERIODE })

describe('what a cell shows', () => {
  it('shows its override first, else its entry in French, else nothing', () => {
    const entries = new Map([[cellKey('M1', 'HS25'), entry('M1', 'HS25', { payload: { code_evp: 'HS25', quantite: '3.5' } })]])
    expect(viewOf('M1', 'HS25', {}, entries, FORMATS)).toMatchObject({ text: '3,5', status: 'queued' })
    expect(viewOf('M1', 'HS25', { 'M1|HS25': savingView('4') }, entries, FORMATS)).toEqual(savingView('4'))
    expect(viewOf('M2', 'HS25', {}, entries, FORMATS)).toMatchObject({ text: '', status: null })
    expect(viewOf('M1', 'INCONNU', {}, entries, FORMATS)).toMatchObject({ text: '', status: null })
  })

  it('sets and clears one override without touching the others', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('M1|A', 'M2|A', 'M3|B'), fc.string().map(savingView)),
        fc.constantFrom('M1|A', 'M9|Z'),
        (local, key) => {
          const set = withOverride(local, key, invalidView('x', 'm'))
          expect(set[key]).toEqual(invalidView('x', 'm'))
          const cleared = withOverride(set, key, null)
          expect(key in cleared).toBe(false)
          expect(Object.keys(cleared).sort()).toEqual(
            Object.keys(local)
              .filter((k) => k !== key)
              .sort(),
          )
        },
      ),
    )
  })
})

describe('save results', () => {
  it('puts written entries in place, counts them, and turns refusals into invalid cells with every message', () => {
    const written = entry('M1', 'HS25')
    const local: CellOverrides = { 'M1|HS25': savingView('2'), 'M2|HS25': savingView('abc'), 'M3|HS25': invalidView('old', 'old') }
    const next = settleResults(new Map(), local, [
      { key: 'M1|HS25', text: '2', result: { ok: true, entry: written } },
      {
        key: 'M2|HS25',
        text: 'abc',
        result: {
          ok: false,
          issues: [
            { champ: 'quantite', message: 'Trop grand' },
            { champ: '', message: 'Dossier clôturé' },
          ],
        },
      },
    ])
    expect(next.saved).toBe(1)
    expect(next.entries.get('M1|HS25')).toBe(written)
    expect(next.local).toEqual({ 'M2|HS25': invalidView('abc', 'Trop grand — Dossier clôturé'), 'M3|HS25': invalidView('old', 'old') })
  })

  it('keeps the same entries map when nothing was written', () => {
    const entries = new Map([[cellKey('M1', 'HS25'), entry('M1', 'HS25')]])
    expect(settleResults(entries, {}, [{ key: 'M2|HS25', text: 'x', result: { ok: false, issues: [] } }]).entries).toBe(entries)
  })
})

describe('reading and pasting', () => {
  it('refuses an unreadable text with its reason and keeps a huge one short on screen', () => {
    expect(readCell({ matricule: 'M1', code: code('HS25'), text: '=1+1' }, refusal)).toEqual({
      ok: false,
      view: invalidView('=1+1', 'illisible:formule'),
    })
    const huge = readCell({ matricule: 'M1', code: code('HS25'), text: '9'.repeat(5_000) }, refusal)
    expect(huge.ok).toBe(false)
    if (!huge.ok) expect(huge.view.text.length).toBeLessThan(50)
    expect(readCell({ matricule: 'M1', code: code('HS25'), text: '1,5' }, refusal)).toEqual({ ok: true, value: { quantite: '1.5' } })
  })

  it('sorts a paste: unreadable cells marked at once, new values in bulk, cells with an entry or a save under way one by one', () => {
    const existing = entry('M2', 'HS25')
    const inputs: CellInput[] = [
      { matricule: 'M1', code: code('HS25'), text: '2' },
      { matricule: 'M2', code: code('HS25'), text: '3' },
      { matricule: 'M3', code: code('HS25'), text: 'deux' },
      { matricule: 'M4', code: code('HS25'), text: '4' },
    ]
    const sorted = sortPaste(
      inputs,
      { entries: new Map([[cellKey('M2', 'HS25'), existing]]), local: { 'M9|HS25': invalidView('x', 'y') } },
      (key) => key === 'M4|HS25',
      place,
      refusal,
    )
    expect(sorted.unreadable).toBe(1)
    expect(sorted.fresh).toEqual([
      { key: 'M1|HS25', text: '2', payload: { siren: SIREN, matricule: 'M1', periode: PERIODE, code_evp: 'HS25', quantite: '2' } },
    ])
    expect(sorted.others.map((i) => i.matricule)).toEqual(['M2', 'M4'])
    expect(sorted.local).toEqual({
      'M9|HS25': invalidView('x', 'y'),
      'M1|HS25': savingView('2'),
      'M2|HS25': savingView('3'),
      'M3|HS25': invalidView('deux', 'illisible:nombre'),
      'M4|HS25': savingView('4'),
    })
  })

  it('sorts a paste over the contract rows of one employee into one new value per contract', () => {
    const contractPlace = (matricule: string, c: string, numeroContrat: string | null) => ({ ...place(matricule, c), numeroContrat })
    const sorted = sortPaste(
      [
        { matricule: 'M1', numeroContrat: 'C1', code: code('HS25'), text: '2' },
        { matricule: 'M1', numeroContrat: 'C2', code: code('HS25'), text: '3' },
      ],
      { entries: new Map(), local: {} },
      () => false,
      contractPlace,
      refusal,
    )
    expect(sorted.fresh.map((f) => [f.key, f.payload['numero_contrat'], f.payload['quantite']])).toEqual([
      ['M1|HS25|C1', 'C1', '2'],
      ['M1|HS25|C2', 'C2', '3'],
    ])
  })

  it('a cell empty when typed that a record of the service decides once read: same value or emptied held, another value a conflict', () => {
    const record = entry('M1', 'HS25', { clientId: `${SERVICE_CELL}r1`, state: 'synced', serverId: 'r1', payload: { quantite: '3.50' } })
    const local = entry('M1', 'HS25', { payload: { quantite: '3.50' } })
    expect(afterServiceRead(undefined, record, { quantite: '3.5' })).toBe('held')
    expect(afterServiceRead(undefined, record, null)).toBe('held')
    expect(afterServiceRead(undefined, record, { quantite: '4' })).toBe('conflict')
    // Seen when typed (the clerk saw the record), nothing came, or an entry of this workstation: saved as usual.
    expect(afterServiceRead(record, record, { quantite: '4' })).toBe('save')
    expect(afterServiceRead(undefined, undefined, { quantite: '4' })).toBe('save')
    expect(afterServiceRead(undefined, local, { quantite: '4' })).toBe('save')
  })

  it('sorts a paste made before the read: cells the service holds are held or in conflict, never a new value', () => {
    const record = entry('M1', 'HS25', { clientId: `${SERVICE_CELL}r1`, state: 'synced', serverId: 'r1', payload: { quantite: '3.50' } })
    const other = entry('M2', 'HS25', { clientId: `${SERVICE_CELL}r2`, state: 'synced', serverId: 'r2', payload: { quantite: '1' } })
    const conflict = (text: string, r: OutboxEntry): CellView => invalidView(String(payloadFields(r)['quantite']), `conflit ${text}`)
    const inputs: CellInput[] = [
      { matricule: 'M1', code: code('HS25'), text: '3,5' },
      { matricule: 'M2', code: code('HS25'), text: '9' },
      { matricule: 'M3', code: code('HS25'), text: '4' },
    ]
    const entries = new Map([
      [cellKey('M1', 'HS25'), record],
      [cellKey('M2', 'HS25'), other],
    ])
    const before = sortPaste(
      inputs,
      { entries, local: { 'M1|HS25': savingView('3,5'), 'M2|HS25': savingView('9'), 'M3|HS25': savingView('4') } },
      () => false,
      place,
      refusal,
      { empty: new Set(['M1|HS25', 'M2|HS25', 'M3|HS25']), conflict },
    )
    expect(before.fresh.map((f) => f.key)).toEqual(['M3|HS25'])
    expect(before.others).toEqual([])
    expect(before.conflicts).toBe(1)
    expect(before.local).toEqual({ 'M2|HS25': invalidView('1', 'conflit 9'), 'M3|HS25': savingView('4') })
    // The same paste with the records seen: the service's cells are changed (M1 needs nothing, M2 is an update).
    const seen = sortPaste(inputs, { entries, local: {} }, () => false, place, refusal)
    expect(seen.conflicts).toBe(0)
    expect(seen.others.map((i) => i.matricule)).toEqual(['M1', 'M2'])
  })

  it('cuts a list into chunks that keep every item once, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat()), fc.integer({ min: 1, max: 10 }), (items, size) => {
        const chunks = chunked(items, size)
        expect(chunks.flat()).toEqual(items)
        expect(chunks.every((c) => c.length > 0 && c.length <= size)).toBe(true)
      }),
    )
  })
})

describe('error panel', () => {
  it('lists local refusals, then rejected entries without an override, and counts what would be lost', () => {
    const rejected = entry('M2', 'PRIME', {
      state: 'rejected',
      payload: { code_evp: 'PRIME', montant: '10' },
      error: { code: 'R', message: 'Refusé', status: 422, champs: [] },
    })
    const overridden = entry('M3', 'HS25', { state: 'rejected', error: { code: 'R', message: 'Refusé', status: 422, champs: [] } })
    const unknownCode = entry('M4', 'AUTRE', { state: 'rejected', payload: { code_evp: 'AUTRE' } })
    const local: Record<string, CellView> = { 'M1|HS25': invalidView('x', 'illisible'), 'M3|HS25': savingView('1') }
    const entries = new Map([
      [cellKey('M2', 'PRIME'), rejected],
      [cellKey('M3', 'HS25'), overridden],
      [cellKey('M4', 'AUTRE'), unknownCode],
    ])
    expect(cellErrors(local, entries, FORMATS)).toEqual([
      { matricule: 'M1', code: 'HS25', numeroContrat: null, message: 'illisible', status: 'invalid' },
      { matricule: 'M2', code: 'PRIME', numeroContrat: null, message: 'Refusé', status: 'rejected' },
    ])
    // A contract row's cell names its contract (the panel goes to that row).
    expect(cellErrors({ [cellKey('M5', 'HS25', 'C2')]: invalidView('x', 'illisible') }, new Map(), FORMATS)).toEqual([
      { matricule: 'M5', code: 'HS25', numeroContrat: 'C2', message: 'illisible', status: 'invalid' },
    ])
    expect(unsavedCount(local)).toBe(1)
  })
})

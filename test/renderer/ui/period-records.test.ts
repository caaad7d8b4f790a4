/**
 * The period's list (components/periodRecords.ts, issue 14 point 1): service records and local entries merged, one
 * line per element, each with its origin; a synced entry and its record once; drafts and cancelled entries left out.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { mergePeriodRecords, valuesOf, codeOf, type RecordEntry } from '../../../src-renderer/components/periodRecords'
import { compareLines, withValues } from '../../../src-renderer/components/periodRecordOrder'
import { EvpCreateDto, EvpPatchDto } from '../../../src-shared/api/entries'
import { fingerprintOf, scopeOf } from '../../../src-shared/domain/fingerprint'
import type { OutboxEntry } from '../../../src-shared/domain/outbox'
import { ENTRY_STATES, type EntryState } from '../../../src-shared/domain/states'
import { SIREN, valid } from '../support/fixtures'
import { rowOf, serviceAcompte, serviceEvp } from '../support/records'

/** A local EVP entry in `state` (synced to `serverId` when given). */
function localEvp(state: EntryState, over: { serverId?: string; matricule?: string; code?: string; clientId?: string } = {}): OutboxEntry {
  const payload = EvpCreateDto.parse(valid.evp({ matricule: over.matricule ?? 'M001', code_evp: over.code ?? 'HS25' }))
  return {
    kind: 'evp',
    operation: 'create',
    targetServerId: null,
    payload,
    clientId: over.clientId ?? crypto.randomUUID(),
    siren: SIREN,
    matricule: payload.matricule,
    periode: payload.periode,
    scope: scopeOf('evp', payload),
    fingerprint: fingerprintOf('evp', payload),
    state,
    revision: 1,
    serverId: over.serverId ?? null,
    error: null,
    attempts: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    history: [],
  }
}

/**
 * A local change of the EVP record `target` (as read): a delete, or an update of its quantity to `quantite`, in `state`,
 * saved at `at`.
 */
function change(
  target: ReturnType<typeof serviceEvp>,
  state: EntryState,
  over: { quantite?: string; at?: string; clientId?: string } = {},
): RecordEntry {
  const create = localEvp(state, { clientId: over.clientId ?? crypto.randomUUID() })
  const at = over.at ?? '2026-11-21T09:00:00.000Z'
  const meta = { ...create, unreadable: undefined, matricule: target.matricule, createdAt: at, updatedAt: at, targetRecord: { ...target } }
  return over.quantite === undefined
    ? { ...meta, operation: 'delete', targetServerId: target.id, payload: null, serverId: state === 'synced' ? target.id : null }
    : {
        ...meta,
        kind: 'evp',
        operation: 'update',
        targetServerId: target.id,
        payload: EvpPatchDto.parse({ quantite: over.quantite }),
        serverId: state === 'synced' ? target.id : null,
      }
}

/** The lines as `origin operation: code values` (pending marker after a slash), sorted. */
function shown(lines: ReturnType<typeof mergePeriodRecords>): string[] {
  return lines
    .map((l) => {
      const origin = l.origin.source === 'service' ? 'service' : `${l.origin.state} ${l.origin.operation}`
      return `${origin}: ${l.code} ${l.values.quantite ?? ''}${l.pending === null ? '' : ` / ${l.pending}`}`
    })
    .sort()
}

describe('mergePeriodRecords', () => {
  it('a synced entry and the record it is linked to are ONE line, of origin « ce poste : synchronisé », with the service’s values', () => {
    const record = serviceEvp({ quantite: '4' })
    const lines = mergePeriodRecords([rowOf({ kind: 'evp', record })], [localEvp('synced', { serverId: record.id })])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ serverId: record.id, origin: { source: 'local', state: 'synced' }, values: { quantite: '4' } })
  })

  it('records of others are « service » lines; queued, rejected and à vérifier entries are local lines; drafts and cancelled are not shown', () => {
    const other = serviceEvp({ code_evp: 'PRIME' })
    const entries = (['queued', 'rejected', 'to_check', 'draft', 'cancelled'] as const).map((s, i) => localEvp(s, { clientId: `c${i}` }))
    const lines = mergePeriodRecords([rowOf({ kind: 'evp', record: other })], entries)
    expect(lines.map((l) => (l.origin.source === 'service' ? 'service' : l.origin.state)).sort()).toEqual([
      'queued',
      'rejected',
      'service',
      'to_check',
    ])
  })

  it('filters by employee and kind; an acompte is listed by its label and amount', () => {
    const acompte = serviceAcompte({ matricule: 'M002' })
    const rows = [rowOf({ kind: 'evp', record: serviceEvp() }), rowOf({ kind: 'acompte', record: acompte })]
    expect(mergePeriodRecords(rows, [], { matricule: 'M002' })).toEqual([
      expect.objectContaining({ kind: 'acompte', code: 'Acompte sur salaire', values: { montant: '300.00', du: '2026-11-15' } }),
    ])
    expect(mergePeriodRecords(rows, [], { kinds: ['evp'] }).map((l) => l.kind)).toEqual(['evp'])
  })

  it('values and codes of each kind: absence days, frais kilometres, EVP text', () => {
    expect(valuesOf('absence', { date_debut: '2026-11-02', date_fin: '2026-11-04' })).toEqual({ du: '2026-11-02', au: '2026-11-04' })
    expect(valuesOf('frais', { montant: '12.00', kilometres: '40', date: '2026-11-05' })).toEqual({
      montant: '12.00',
      quantite: '40',
      du: '2026-11-05',
    })
    expect(valuesOf('evp', { valeur_texte: 'nuit', quantite: null })).toEqual({ texte: 'nuit' })
    expect(codeOf('frais', { type_frais: 'repas' })).toBe('repas')
    expect(codeOf('avantage', { type_avantage: 'vehicule' })).toBe('vehicule')
  })

  it('property: lines come in compareLines order (matricules in numeric order, kind, code, date, key)', () => {
    const matricules = ['M001', 'M2', 'M10', 'M002', 'A9', 'A10', 'B1']
    const codes = ['HS25', 'HS9', 'HS100', 'PRIME', 'OBS']
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...matricules), fc.constantFrom(...codes)), { maxLength: 30 }),
        fc.array(fc.tuple(fc.constantFrom(...matricules), fc.constantFrom(...codes)), { maxLength: 10 }),
        (locals, services) => {
          const entries = locals.map(([matricule, code], i) => localEvp('queued', { matricule, code, clientId: `c${String(i)}` }))
          const records = services.map(([matricule, code]) => rowOf({ kind: 'evp', record: serviceEvp({ matricule, code_evp: code }) }))
          const lines = mergePeriodRecords(records, entries)
          expect(lines).toHaveLength(locals.length + services.length)
          for (let i = 1; i < lines.length; i += 1) {
            const [a, b] = [lines[i - 1], lines[i]]
            if (a !== undefined && b !== undefined) expect(compareLines(a, b)).toBeLessThanOrEqual(0)
          }
        },
      ),
    )
  })

  it('sorts again when a later merge brings matricules and codes not seen before, between those already sorted', () => {
    const line = (matricule: string, code: string, i: number) => localEvp('queued', { matricule, code, clientId: `k${String(i)}` })
    const order = (pairs: [string, string][]) =>
      mergePeriodRecords(
        [],
        pairs.map(([m, c], i) => line(m, c, i)),
      ).map((l) => `${l.matricule} ${l.code}`)
    expect(
      order([
        ['Q10', 'HS30'],
        ['Q2', 'HS10'],
      ]),
    ).toEqual(['Q2 HS10', 'Q10 HS30'])
    // The same values again, then new ones that sort between, before and after them.
    expect(
      order([
        ['Q2', 'HS30'],
        ['Q10', 'HS10'],
      ]),
    ).toEqual(['Q2 HS30', 'Q10 HS10'])
    expect(
      order([
        ['Q10', 'HS10'],
        ['Q3', 'HS20'],
        ['Q1', 'HS30'],
        ['Q3', 'HS05'],
        ['Q11', 'HS10'],
      ]),
    ).toEqual(['Q1 HS30', 'Q3 HS05', 'Q3 HS20', 'Q10 HS10', 'Q11 HS10'])
  })

  it('property: values ranked in steps get the order and the ties of one sort of them all', () => {
    const collator = new Intl.Collator('fr', { numeric: true })
    // Pieces whose joins the collator holds equal (M001 / M1, é composed or not) or ordered only by case.
    const value = fc
      .array(fc.constantFrom('M', 'm', '0', '00', '1', '10', '2', '\u00e9', 'e\u0301', 'A'), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(value, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), (steps) => {
        let kept = withValues({ sorted: [], rank: new Map() }, [], collator)
        const all: string[] = []
        for (const step of steps) {
          const added = step.filter((v) => !kept.rank.has(v)).sort((a, b) => collator.compare(a, b))
          kept = withValues(kept, added, collator)
          all.push(...added)
        }
        expect(kept.sorted).toHaveLength(all.length)
        for (const a of all)
          for (const b of all) {
            const ranked = Math.sign((kept.rank.get(a) ?? -1) - (kept.rank.get(b) ?? -1))
            expect(ranked, `${a} / ${b}`).toBe(Math.sign(collator.compare(a, b)))
          }
        // Ranks are dense: 0 to the number of distinct values less one.
        expect(new Set(kept.rank.values()).size).toBe(Math.max(...kept.rank.values(), -1) + 1)
      }),
    )
  })

  it('property: every record is listed exactly once, every shown entry at most once, never a draft or a cancelled entry', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { maxLength: 8 }),
        fc.array(fc.constantFrom(...ENTRY_STATES), { maxLength: 8 }),
        (linkedFlags, states) => {
          const records = linkedFlags.map(() => serviceEvp())
          const linked = records.filter((_, i) => linkedFlags[i] === true)
          const entries = [
            ...linked.map((r) => localEvp('synced', { serverId: r.id })),
            // A second entry synced to the same record (a create then its update): still one line.
            ...linked.slice(0, 1).map((r) => localEvp('synced', { serverId: r.id })),
            ...states.map((s) => localEvp(s)),
          ]
          const lines = mergePeriodRecords(
            records.map((record) => rowOf({ kind: 'evp', record })),
            entries,
          )
          for (const r of records) expect(lines.filter((l) => l.serverId === r.id)).toHaveLength(1)
          expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length)
          expect(lines.some((l) => l.origin.source === 'local' && (l.origin.state === 'draft' || l.origin.state === 'cancelled'))).toBe(
            false,
          )
          const shownLocal = states.filter((s) => s !== 'draft' && s !== 'cancelled').length
          expect(lines).toHaveLength(records.length + shownLocal)
        },
      ),
    )
  })

  describe('a record this workstation deleted or changed', () => {
    // The EVP HS25 quantity 4 this workstation created and synced, then deleted.
    const record = serviceEvp({ quantite: '4' })
    const created = localEvp('synced', { serverId: record.id })

    it('deletion queued, being sent or without answer: ONE line, the deletion with the record’s values, « suppression en attente »', () => {
      for (const state of ['queued', 'sending', 'unknown'] as const) {
        const deletion = change(record, state)
        for (const cache of [[rowOf({ kind: 'evp', record })], []]) {
          const lines = mergePeriodRecords(cache, [created, deletion])
          expect(shown(lines)).toEqual([`${state} delete: HS25 4 / delete`])
          expect(lines[0]).toMatchObject({ serverId: record.id, matricule: 'M001', record: cache.length === 0 ? null : cache[0] })
        }
      }
    })

    it('deletion synced: the record is gone; its one line is the deletion, saying what was deleted, cache read before or after', () => {
      const deletion = change(record, 'synced')
      for (const cache of [[rowOf({ kind: 'evp', record })], []]) {
        const lines = mergePeriodRecords(cache, [created, deletion])
        expect(shown(lines)).toEqual(['synced delete: HS25 4'])
        expect(lines[0]).toMatchObject({ kind: 'evp', matricule: 'M001', serverId: record.id, record: null, pending: null })
      }
      // Without the read record (an old row), what was deleted is what the synced entries made of it.
      const bare: RecordEntry = { ...deletion, targetRecord: null }
      expect(shown(mergePeriodRecords([], [created, bare]))).toEqual(['synced delete: HS25 3.50'])
    })

    it('a record of another workstation deleted here: only the deletion line, not a « service » line of the old cache', () => {
      const theirs = serviceEvp({ code_evp: 'PRIME', quantite: '2' })
      const lines = mergePeriodRecords([rowOf({ kind: 'evp', record: theirs })], [change(theirs, 'synced')])
      expect(shown(lines)).toEqual(['synced delete: PRIME 2'])
    })

    it('deletion refused or à vérifier: the record stays live (marked), the refused deletion shows what it was about', () => {
      for (const state of ['rejected', 'to_check'] as const) {
        const lines = mergePeriodRecords([rowOf({ kind: 'evp', record })], [created, change(record, state)])
        expect(shown(lines)).toEqual([`${state} delete: HS25 4`, 'synced create: HS25 4 / delete'].sort())
        expect(lines.find((l) => l.origin.source === 'local' && l.origin.state === 'synced')).toMatchObject({
          record: { id: record.id },
          pending: 'delete',
          pendingState: state,
        })
      }
    })

    it('a refused deletion then a synced one: the record is gone, the refusal still shows', () => {
      const lines = mergePeriodRecords(
        [rowOf({ kind: 'evp', record })],
        [created, change(record, 'rejected', { at: '2026-11-21T08:00:00.000Z' }), change(record, 'synced')],
      )
      expect(shown(lines)).toEqual(['rejected delete: HS25 4', 'synced delete: HS25 4'])
    })

    it('update synced: ONE line with the values after the update, cache refreshed or not yet', () => {
      const update = change(record, 'synced', { quantite: '6' })
      const after = serviceEvp({ ...record, quantite: '6' })
      expect(shown(mergePeriodRecords([rowOf({ kind: 'evp', record: after })], [created, update]))).toEqual(['synced update: HS25 6'])
      // Cache not read since: the create's values then the update's, one line.
      expect(shown(mergePeriodRecords([], [created, update]))).toEqual(['synced update: HS25 6'])
      // An update of a record of another workstation, cache not read since: its read record with the change.
      const theirs = serviceEvp({ code_evp: 'PRIME', quantite: '2' })
      expect(shown(mergePeriodRecords([], [change(theirs, 'synced', { quantite: '5' })]))).toEqual(['synced update: PRIME 5'])
    })

    it('update queued: the record (marked « modification en attente ») and the change, as before', () => {
      const lines = mergePeriodRecords([rowOf({ kind: 'evp', record })], [created, change(record, 'queued', { quantite: '6' })])
      expect(shown(lines)).toEqual(['queued update: HS25 6', 'synced create: HS25 4 / update'])
    })
  })
})

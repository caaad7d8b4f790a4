/**
 * The period's list (components/periodRecords.ts, issue 14 point 1): service records and local entries merged, one
 * line per element, each with its origin; a synced entry and its record once; drafts and cancelled entries left out.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { compareLines, mergePeriodRecords, valuesOf, codeOf } from '../../../src-renderer/components/periodRecords'
import { EvpCreateDto } from '../../../src-shared/api/entries'
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
})

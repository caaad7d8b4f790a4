/**
 * matchRecords, the pure rule of "provably ours" (src-main/sync/matching.ts): examples for each reason an entry is
 * put `to_check`, and fast-check properties over random scopes of entries and records.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fingerprintOf, recordFingerprintOf, fingerprintsMatch, type KeyFields } from '../../../src-shared/domain/fingerprint'
import { TO_CHECK_REASONS, matchRecords, whyNotOurs, type ListedRecord, type MatchEntry } from '../../../src-main/sync/matching'

const T0 = Date.parse('2026-11-24T10:00:00.000Z')
const WINDOW = { fromMs: T0 - 2_000, toMs: T0 + 47_000 }
const OWN = 'client-app'

function evp(matricule: string, quantite: string, extra: KeyFields = {}): KeyFields {
  return { siren: '832147607', matricule, periode: '2026-11', code_evp: 'HS25', quantite, ...extra }
}

function entry(key: string, fields: KeyFields, options: Partial<MatchEntry> = {}): MatchEntry {
  return {
    key,
    kind: 'evp',
    fields,
    fingerprint: fingerprintOf('evp', fields),
    reconcile: true,
    window: WINDOW,
    excluded: new Set(),
    ...options,
  }
}

function record(id: string, fields: KeyFields, options: Partial<ListedRecord> = {}): ListedRecord {
  return { id, fields: { numero_contrat: 'C1', ...fields, id }, createdMs: T0 + 500, modifiedMs: T0 + 500, creePar: OWN, ...options }
}

const ctx = { ownClientId: OWN }

describe('matchRecords: examples', () => {
  it('links an unknown entry to its own record: identical, created in its window, by this client, never modified', () => {
    const decisions = matchRecords([entry('a', evp('M1', '3.50'))], [record('r1', evp('M1', '3.5'))], ctx)
    expect(decisions.get('a')).toEqual({ type: 'link', serverId: 'r1' })
  })

  it('sends an unknown entry again when its scope holds no candidate', () => {
    const decisions = matchRecords([entry('a', evp('M1', '3.5'))], [record('r1', evp('M2', '3.5'))], ctx)
    expect(decisions.get('a')).toEqual({ type: 'send' })
  })

  it.each([
    ['created by another writer', { creePar: 'client-portail' }, TO_CHECK_REASONS.createurDifferent],
    ['created outside the API (cree_par null)', { creePar: null }, TO_CHECK_REASONS.createurDifferent],
    ['created before the first attempt', { createdMs: WINDOW.fromMs - 1, modifiedMs: WINDOW.fromMs - 1 }, TO_CHECK_REASONS.creeAvantEnvoi],
    ['created after the window', { createdMs: WINDOW.toMs + 1, modifiedMs: WINDOW.toMs + 1 }, TO_CHECK_REASONS.horsFenetre],
    ['modified since it was created', { modifiedMs: T0 + 5_000 }, TO_CHECK_REASONS.modifieDepuis],
  ])('puts an unknown entry to_check when its only identical record was %s', (_what, override, reason) => {
    const decisions = matchRecords([entry('a', evp('M1', '3.5'))], [record('r1', evp('M1', '3.5'), override)], ctx)
    expect(decisions.get('a')).toMatchObject({ type: 'to_check', reason, candidates: [{ relation: 'identique', record: { id: 'r1' } }] })
  })

  it('puts an unknown entry to_check when its record was changed on the service (natural key only: EO-6)', () => {
    const decisions = matchRecords([entry('a', evp('M1', '3.5'))], [record('r1', evp('M1', '8'), { modifiedMs: T0 + 9_000 })], ctx)
    expect(decisions.get('a')).toMatchObject({
      type: 'to_check',
      reason: TO_CHECK_REASONS.valeursDifferentes,
      candidates: [{ relation: 'meme_element' }],
    })
  })

  it('puts an unknown entry to_check when two records could be it', () => {
    const decisions = matchRecords(
      [entry('a', evp('M1', '3.5'))],
      [record('r1', evp('M1', '3.5')), record('r2', evp('M1', '3.5'), { createdMs: T0 + 900, modifiedMs: T0 + 900 })],
      ctx,
    )
    expect(decisions.get('a')).toMatchObject({ type: 'to_check', reason: TO_CHECK_REASONS.candidatsMultiples })
  })

  it('cannot prove anything without a window', () => {
    const decisions = matchRecords([entry('a', evp('M1', '3.5'), { window: null })], [record('r1', evp('M1', '3.5'))], ctx)
    expect(decisions.get('a')).toMatchObject({ type: 'to_check', reason: TO_CHECK_REASONS.fenetreInconnue })
  })

  it('a first send meets an identical record of someone else → to_check, nothing sent (EO-1); a different one is no obstacle', () => {
    const first = entry('a', evp('M1', '3.5'), { reconcile: false, window: null })
    expect(matchRecords([first], [record('r1', evp('M1', '3.5'), { creePar: 'portail' })], ctx).get('a')).toMatchObject({
      type: 'to_check',
      reason: TO_CHECK_REASONS.identiqueExistant,
    })
    expect(matchRecords([first], [record('r1', evp('M1', '9'))], ctx).get('a')).toEqual({ type: 'send' })
  })

  it('never offers a first send the record a reconciling entry of the same push takes', () => {
    const lost = entry('lost', evp('M1', '3.5'))
    const fresh = entry('fresh', evp('M1', '3.5'), { reconcile: false, window: null })
    const decisions = matchRecords([fresh, lost], [record('r1', evp('M1', '3.5'))], ctx)
    expect(decisions.get('lost')).toEqual({ type: 'link', serverId: 'r1' })
    expect(decisions.get('fresh')).toEqual({ type: 'send' })
  })

  it('two identical unknown entries, one record of theirs: one linked, the other sent again', () => {
    const decisions = matchRecords([entry('a', evp('M1', '3.5')), entry('b', evp('M1', '3.5'))], [record('r1', evp('M1', '3.5'))], ctx)
    expect([...decisions.values()].map((d) => d.type).sort()).toEqual(['link', 'send'])
  })

  it('skips excluded records (held by another local entry, or dismissed by the clerk)', () => {
    const decisions = matchRecords([entry('a', evp('M1', '3.5'), { excluded: new Set(['r1']) })], [record('r1', evp('M1', '3.5'))], ctx)
    expect(decisions.get('a')).toEqual({ type: 'send' })
  })

  it('does not compare creators when the service does not record them', () => {
    const decisions = matchRecords([entry('a', evp('M1', '3.5'))], [record('r1', evp('M1', '3.5'), { creePar: undefined })], ctx)
    expect(decisions.get('a')).toEqual({ type: 'link', serverId: 'r1' })
  })

  it('tells apart entries differing only by contract (EO-5)', () => {
    const c1 = entry('c1', evp('M1', '3.5', { numero_contrat: 'C1' }))
    const c2 = entry('c2', evp('M1', '3.5', { numero_contrat: 'C2' }))
    const decisions = matchRecords(
      [c1, c2],
      [record('r2', evp('M1', '3.5', { numero_contrat: 'C2' })), record('r1', evp('M1', '3.5', { numero_contrat: 'C1' }))],
      ctx,
    )
    expect(decisions.get('c1')).toEqual({ type: 'link', serverId: 'r1' })
    expect(decisions.get('c2')).toEqual({ type: 'link', serverId: 'r2' })
  })
})

describe('matchRecords: properties', () => {
  const matricule = fc.constantFrom('M1', 'M2')
  const quantite = fc.constantFrom('1', '2', '3')
  const entryArb = fc.record({ matricule, quantite, reconcile: fc.boolean(), windowed: fc.boolean() })
  const recordArb = fc.record({
    matricule,
    quantite,
    createdOffset: fc.integer({ min: -10_000, max: 60_000 }),
    modifiedExtra: fc.constantFrom(0, 0, 0, 3_000),
    creePar: fc.constantFrom<string | null | undefined>(OWN, OWN, 'autre', null, undefined),
  })

  it('never links one record to two entries, never links a record that is not provably the entry’s own', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 6 }), fc.array(recordArb, { maxLength: 6 }), (es, rs) => {
        const entries = es.map((e, i) =>
          entry(`e${i}`, evp(e.matricule, e.quantite), { reconcile: e.reconcile, window: e.windowed ? WINDOW : null }),
        )
        const records = rs.map((r, i) =>
          record(`r${i}`, evp(r.matricule, r.quantite), {
            createdMs: T0 + r.createdOffset,
            modifiedMs: T0 + r.createdOffset + r.modifiedExtra,
            creePar: r.creePar,
          }),
        )
        const decisions = matchRecords(entries, records, ctx)
        const linked = [...decisions.values()].flatMap((d) => (d.type === 'link' ? [d.serverId] : []))
        expect(new Set(linked).size).toBe(linked.length)
        for (const e of entries) {
          const d = decisions.get(e.key)
          expect(d).toBeDefined()
          if (d?.type !== 'link') continue
          expect(e.reconcile).toBe(true)
          const r = records.find((x) => x.id === d.serverId)
          expect(r).toBeDefined()
          if (r === undefined || e.window === null) throw new Error('lien sans fenêtre')
          expect(whyNotOurs(e, { record: r, relation: 'identique' }, ctx)).toBeNull()
          expect(fingerprintsMatch(e.fingerprint, recordFingerprintOf('evp', r.fields))).toBe(true)
          expect(r.createdMs ?? NaN).toBeGreaterThanOrEqual(e.window.fromMs)
          expect(r.createdMs ?? NaN).toBeLessThanOrEqual(e.window.toMs)
          expect(r.creePar === OWN || r.creePar === undefined).toBe(true)
        }
      }),
      { numRuns: 400, seed: 20_261_124 },
    )
  })

  it('never sends a first entry over an identical record nobody local holds', () => {
    fc.assert(
      fc.property(entryArb, fc.array(recordArb, { maxLength: 4 }), (e, rs) => {
        const first = entry('e', evp(e.matricule, e.quantite), { reconcile: false, window: null })
        const records = rs.map((r, i) =>
          record(`r${i}`, evp(r.matricule, r.quantite), { createdMs: T0 + r.createdOffset, creePar: r.creePar }),
        )
        const identical = records.some((r) => r.fields['matricule'] === e.matricule && r.fields['quantite'] === e.quantite)
        expect(matchRecords([first], records, ctx).get('e')?.type).toBe(identical ? 'to_check' : 'send')
      }),
      { numRuns: 300, seed: 7 },
    )
  })
})

describe('matchRecords: reconciling entries that differ', () => {
  it('a net and a gross bonus, both lost after commit, each take their own record (EO-5)', () => {
    const prime = (net: boolean): KeyFields => ({
      siren: '832147607',
      matricule: 'M1',
      periode: '2026-11',
      code_prime: 'PREXC',
      montant: '250',
      prime_nette: net,
    })
    const mk = (key: string, net: boolean): MatchEntry => ({
      key,
      kind: 'prime',
      fields: prime(net),
      fingerprint: fingerprintOf('prime', prime(net)),
      reconcile: true,
      window: WINDOW,
      excluded: new Set(),
    })
    const rec = (id: string, net: boolean): ListedRecord => ({
      id,
      fields: { ...prime(net), numero_contrat: 'C1', libelle_bulletin: null, id },
      createdMs: T0 + 300,
      modifiedMs: T0 + 300,
      creePar: OWN,
    })
    const decisions = matchRecords([mk('net', true), mk('brut', false)], [rec('r-brut', false), rec('r-net', true)], ctx)
    expect(decisions.get('net')).toEqual({ type: 'link', serverId: 'r-net' })
    expect(decisions.get('brut')).toEqual({ type: 'link', serverId: 'r-brut' })
  })

  it('a record two groups could own (one names no contract) stays a doubt for both', () => {
    const any = entry('any', evp('M1', '3.5'))
    const c1 = entry('c1', evp('M1', '3.5', { numero_contrat: 'C1' }))
    const decisions = matchRecords([any, c1], [record('r1', evp('M1', '3.5', { numero_contrat: 'C1' }))], ctx)
    expect(decisions.get('any')?.type).toBe('to_check')
    expect(decisions.get('c1')?.type).toBe('to_check')
  })
})

describe('matchRecords: other elements of the month', () => {
  it('links its own record although the employer entered the same EVP code with another value before (not a candidate)', () => {
    const employer = record('r0', evp('M1', '8'), { createdMs: T0 - 86_400_000, modifiedMs: T0 - 86_400_000, creePar: null })
    const decisions = matchRecords([entry('a', evp('M1', '3.5'))], [employer, record('r1', evp('M1', '3.5'))], ctx)
    expect(decisions.get('a')).toEqual({ type: 'link', serverId: 'r1' })
  })

  it('sends again when the only record of the same element is someone else’s with other values', () => {
    const colleague = record('r0', evp('M1', '8'), { creePar: 'autre' })
    expect(matchRecords([entry('a', evp('M1', '3.5'))], [colleague], ctx).get('a')).toEqual({ type: 'send' })
  })
})

describe('matchRecords: sibling entries of one element', () => {
  it('a record of the same element with other values, created by this client in the window but never modified, is a sibling’s: no doubt', () => {
    const sibling = record('r-sib', evp('M1', '8'))
    expect(matchRecords([entry('a', evp('M1', '3.5'))], [sibling, record('r1', evp('M1', '3.5'))], ctx).get('a')).toEqual({
      type: 'link',
      serverId: 'r1',
    })
    expect(matchRecords([entry('a', evp('M1', '3.5'))], [sibling], ctx).get('a')).toEqual({ type: 'send' })
  })
})

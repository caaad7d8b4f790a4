/**
 * The registry of entry kinds is the one place a kind is described: the typed entry (its union type and its zod
 * schema), the sync item, the fingerprint tables and the validation follow from it. Shown two ways: on the app's
 * registry, kind by kind; and by adding a sixth kind (an « acompte » spec) to a copy of the registry, with nothing
 * else written for it.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'

import { Matricule, Montant, Periode, Siren } from '../../../src-shared/api/common'
import type { AbsenceCreateDto, EvpPatchDto, FraisProfessionnelCreateDto } from '../../../src-shared/api/entries'
import {
  EntryBodySchema,
  entryBodySchema,
  type CreatePayload,
  type EntryBody,
  type EntryBodyIn,
  type PatchPayload,
} from '../../../src-shared/domain/entry'
import { ENTRY_KIND_SPECS, ENTRY_KINDS, kindsOf, type EntryKind, type EntryKindSpec } from '../../../src-shared/domain/entry-kinds'
import { FINGERPRINT_EXCLUSIONS, FINGERPRINT_FIELDS, NATURAL_KEY_FIELDS } from '../../../src-shared/domain/fingerprint'
import type { SyncItem } from '../../../src-shared/domain/sync-protocol'
import { PAYLOAD_SIREN, valid } from '../../support/entry-payloads'

const SIREN = PAYLOAD_SIREN
const TARGET = '0b7c3c9e-1f2a-4d5b-8c6d-7e8f9a0b1c2d'

/** A valid create payload of each kind. */
const CREATES = {
  evp: valid.evp(),
  absence: valid.absence(),
  frais: valid.frais(),
  prime: valid.prime(),
  avantage: valid.avantage(),
} satisfies Record<EntryKind, Record<string, unknown>>

describe('the typed entry is derived from the registry', () => {
  it('types: one kind per spec, each payload typed by its own spec’s schema, per operation', () => {
    expectTypeOf<EntryKind>().toEqualTypeOf<keyof typeof ENTRY_KIND_SPECS>()
    expectTypeOf<CreatePayload<'absence'>>().toEqualTypeOf<z.output<typeof AbsenceCreateDto>>()
    expectTypeOf<CreatePayload<'frais'>>().toEqualTypeOf<z.output<typeof FraisProfessionnelCreateDto>>()
    expectTypeOf<PatchPayload<'evp'>>().toEqualTypeOf<z.output<typeof EvpPatchDto>>()
    expectTypeOf<Extract<EntryBody, { kind: 'prime'; operation: 'delete' }>['payload']>().toEqualTypeOf<null>()
    expectTypeOf<Extract<EntryBody, { kind: 'prime'; operation: 'update' }>['targetServerId']>().toEqualTypeOf<string>()
    expectTypeOf<Extract<EntryBody, { kind: 'prime'; operation: 'create' }>['targetServerId']>().toEqualTypeOf<null>()
    // The schema's output is the union, and a sync item is that union with the sync's fields beside it.
    expectTypeOf<z.output<typeof EntryBodySchema>>().toEqualTypeOf<EntryBody>()
    expectTypeOf<SyncItem>().toExtend<EntryBody>()
  })

  it('runtime: each kind’s create parses under its own kind only, and the issue names the field', () => {
    expect(ENTRY_KINDS).toEqual(Object.keys(ENTRY_KIND_SPECS))
    for (const kind of ENTRY_KINDS) {
      expect(EntryBodySchema.safeParse({ kind, operation: 'create', targetServerId: null, payload: CREATES[kind] }).success, kind).toBe(
        true,
      )
      for (const other of ENTRY_KINDS.filter((k) => k !== kind)) {
        expect(
          EntryBodySchema.safeParse({ kind: other, operation: 'create', targetServerId: null, payload: CREATES[kind] }).success,
          `${kind} sous ${other}`,
        ).toBe(false)
      }
    }
    const bad = EntryBodySchema.safeParse({
      kind: 'frais',
      operation: 'create',
      targetServerId: null,
      payload: { ...CREATES.frais, montant: '12,50' },
    })
    expect(bad.error?.issues.map((i) => i.path)).toEqual([['payload', 'montant']])
    expect(
      EntryBodySchema.safeParse({ kind: 'evp', operation: 'update', targetServerId: TARGET, payload: { quantite: '4' } }).success,
    ).toBe(true)
    expect(EntryBodySchema.safeParse({ kind: 'evp', operation: 'update', targetServerId: null, payload: { quantite: '4' } }).success).toBe(
      false,
    )
    expect(
      EntryBodySchema.safeParse({ kind: 'evp', operation: 'delete', targetServerId: TARGET, payload: { quantite: '4' } }).success,
    ).toBe(false)
  })

  it('the fingerprint and natural-key tables are the specs’, and every create field is fingerprinted or excluded with a reason', () => {
    for (const kind of ENTRY_KINDS) {
      const spec: EntryKindSpec = ENTRY_KIND_SPECS[kind]
      expect(FINGERPRINT_FIELDS[kind]).toEqual(spec.fingerprint)
      expect(NATURAL_KEY_FIELDS[kind]).toEqual(spec.naturalKey)
      const createFields = Object.keys(spec.createSchema.shape).sort()
      expect([...FINGERPRINT_FIELDS[kind], ...Object.keys(FINGERPRINT_EXCLUSIONS[kind])].sort(), kind).toEqual(createFields)
      // Every field the clerk types is a field of the create schema.
      for (const field of spec.fields) expect(createFields, `${kind}.${field.name}`).toContain(field.name)
    }
  })
})

// ------------------------------------------------------------------ a sixth kind is one spec

/** Advance on salary: what a spec of a new kind brings (schemas, fields, fingerprint, rules); nothing else is written. */
const AcompteCreate = z.object({
  siren: Siren,
  matricule: Matricule,
  periode: Periode,
  montant: Montant,
  libelle: z.string().max(60).nullable().optional(),
})
const acompte: EntryKindSpec<typeof AcompteCreate, ReturnType<typeof AcompteCreate.partial>> = {
  label: 'Acompte',
  category: 'elements_variables',
  create: 'creerEvp',
  update: 'modifierEvp',
  remove: 'supprimerEvp',
  list: 'listerEvp',
  createSchema: AcompteCreate,
  patchSchema: AcompteCreate.partial(),
  fields: [
    { name: 'periode', type: 'periode' },
    { name: 'montant', type: 'decimal' },
    { name: 'libelle', type: 'text' },
  ],
  code: 'libelle',
  fingerprint: ['siren', 'matricule', 'periode', 'montant'],
  fingerprintExclusions: { libelle: 'Free label.' },
  naturalKey: ['siren', 'matricule', 'periode'],
  rules: (payload, _operation, _ctx, issues) => {
    if (payload['montant'] === '0.00') issues.push({ champ: 'montant', message: 'Un acompte de 0 € ne se saisit pas.' })
  },
}
const WITH_ACOMPTE = { ...ENTRY_KIND_SPECS, acompte }

describe('adding a kind is adding its spec', () => {
  it('the union, the kinds and the schema grow with the registry', () => {
    type Bodies = EntryBodyIn<typeof WITH_ACOMPTE>
    expectTypeOf<Extract<Bodies, { kind: 'acompte'; operation: 'create' }>['payload']>().toEqualTypeOf<z.output<typeof AcompteCreate>>()
    expectTypeOf<Extract<Bodies, { kind: 'evp' }>>().toEqualTypeOf<Extract<EntryBody, { kind: 'evp' }>>()
    expect(kindsOf(WITH_ACOMPTE)).toEqual([...ENTRY_KINDS, 'acompte'])

    const schema = entryBodySchema(WITH_ACOMPTE, { clientId: z.uuid() })
    const item = {
      clientId: TARGET,
      kind: 'acompte',
      operation: 'create',
      targetServerId: null,
      payload: { siren: SIREN, matricule: 'M001', periode: '2026-11', montant: '150.00' },
    }
    expect(schema.parse(item)).toEqual(item)
    expect(schema.safeParse({ ...item, payload: { ...item.payload, montant: '150,00' } }).error?.issues.map((i) => i.path)).toEqual([
      ['payload', 'montant'],
    ])
    expect(schema.safeParse({ ...item, operation: 'update', targetServerId: TARGET, payload: { montant: '10.00' } }).success).toBe(true)
    // The app's own schema does not know it.
    expect(EntryBodySchema.safeParse(item).error?.issues.map((i) => i.path)).toEqual([['kind']])
  })
})

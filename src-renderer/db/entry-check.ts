/**
 * Turns what the clerk entered into an outbox entry, or into French field issues: the contract's zod schema of
 * the kind (create or patch), then the offline business rules (`validateEntry`: codes, employee under contract,
 * open period, overlapping absences) against the cached reference. Nothing here writes.
 */
import type { z } from 'zod'

import { ENTRY_KIND_SPECS, EntryKind, EntryOperation } from '../../src-shared/domain/entry-kinds'
import type { Categorie } from '../../src-shared/api/categories'
import { fingerprintOf, scopeKey, scopeOf } from '../../src-shared/domain/fingerprint'
import type { EntryScope } from '../../src-shared/domain/fingerprint'
import { frenchZodMessage, validateEntry } from '../../src-shared/domain/validation'
import type { FieldIssue, ValidationContext } from '../../src-shared/domain/validation'
import type { ValidationSource } from './validation-source'

/** What the clerk entered: a record to create, or a change (`update`, `delete`) of a synced server record. */
export interface NewEntryInput {
  readonly kind: EntryKind
  /** Default `'create'`. */
  readonly operation?: EntryOperation
  /** Create body or patch (wire shape: decimal strings, ISO dates); ignored for a delete. */
  readonly payload: Readonly<Record<string, unknown>> | null
  /** Server id (UUID) of the record an update or delete targets. */
  readonly targetServerId?: string | null
  /** Keep the entry as a draft (`draft`): it is not sent until submitted. */
  readonly asDraft?: boolean
  /**
   * Fields of the targeted server record (as listed by the API), needed for an update or delete of a record this
   * computer never synced itself; otherwise the outbox's synced entries are used.
   */
  readonly targetRecord?: Readonly<Record<string, unknown>>
}

/** A checked entry, ready to be stored: parsed payload and everything derived from it. */
export interface PreparedEntry {
  readonly kind: EntryKind
  readonly operation: EntryOperation
  readonly payload: Readonly<Record<string, unknown>> | null
  readonly targetServerId: string | null
  readonly siren: string
  readonly matricule: string
  readonly periode: string
  readonly scope: EntryScope
  readonly scopeKey: string
  readonly fingerprint: string
  readonly category: Categorie
}

export type PrepareResult = { readonly ok: true; readonly prepared: PreparedEntry } | { readonly ok: false; readonly issues: FieldIssue[] }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** At most one issue per field, the first (as validateEntry reports them). */
function firstPerField(issues: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>()
  return issues.filter((i) => {
    if (seen.has(i.champ)) return false
    seen.add(i.champ)
    return true
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Parses a payload with the contract schema (unknown keys dropped), French messages (schema-issues.ts). */
function parsePayload(schema: z.ZodType, payload: unknown): { ok: true; data: Record<string, unknown> } | { ok: false; issues: FieldIssue[] } {
  const parsed = schema.safeParse(payload ?? {}, { error: frenchZodMessage })
  if (!parsed.success) {
    return { ok: false, issues: parsed.error.issues.map((i) => ({ champ: i.path[0] === undefined ? '' : String(i.path[0]), message: i.message })) }
  }
  return isRecord(parsed.data) ? { ok: true, data: parsed.data } : { ok: false, issues: [{ champ: '', message: 'Saisie illisible.' }] }
}

function fail(...issues: FieldIssue[]): PrepareResult {
  return { ok: false, issues: firstPerField(issues) }
}

/** The record's current fields for an update or delete: local synced entries first, else `input.targetRecord`. */
async function targetFields(source: ValidationSource, input: NewEntryInput, targetServerId: string): Promise<Readonly<Record<string, unknown>> | null> {
  return (await source.recordFields(targetServerId)) ?? input.targetRecord ?? null
}

/**
 * Checks an input and derives the entry to store.
 *
 * @param source cached reference and outbox reader
 * @param input what the clerk entered
 * @param selfClientId when revising an existing entry, its client id (its own absence is not "another" one)
 * @returns `{ ok: true, prepared }`, or `{ ok: false, issues }` with French messages keyed by wire field
 *   (`''` for the entry as a whole). Never throws for bad input.
 */
export async function prepareEntry(source: ValidationSource, input: NewEntryInput, selfClientId: string | null = null): Promise<PrepareResult> {
  const kindResult = EntryKind.safeParse(input.kind)
  if (!kindResult.success) return fail({ champ: '', message: 'Type de saisie inconnu.' })
  const kind = kindResult.data
  const operation = EntryOperation.safeParse(input.operation ?? 'create').data ?? 'create'
  const spec = ENTRY_KIND_SPECS[kind]
  const targetServerId = input.targetServerId ?? null

  let payload: Record<string, unknown> | null = null
  let fields: Readonly<Record<string, unknown>>
  if (operation === 'create') {
    const parsed = parsePayload(spec.createSchema, input.payload)
    if (!parsed.ok) return fail(...parsed.issues)
    payload = parsed.data
    fields = payload
  } else {
    if (targetServerId === null || !UUID.test(targetServerId)) return fail({ champ: '', message: 'Enregistrement à modifier non précisé (identifiant serveur manquant).' })
    const base = await targetFields(source, input, targetServerId)
    if (base === null) return fail({ champ: '', message: 'Enregistrement à modifier introuvable sur ce poste : ouvrez-le depuis la liste du dossier.' })
    if (operation === 'update') {
      const parsed = parsePayload(spec.patchSchema, input.payload)
      if (!parsed.ok) return fail(...parsed.issues)
      payload = parsed.data
      if (Object.keys(payload).length === 0) return fail({ champ: '', message: 'Aucune modification à enregistrer.' })
      fields = { ...base, ...payload }
    } else {
      fields = base
    }
  }

  let scope: EntryScope
  try {
    scope = scopeOf(kind, fields)
  } catch {
    return fail({ champ: '', message: 'SIREN, matricule et période (ou date de début) sont requis.' })
  }
  const dossier = await source.dossier(scope.siren)
  if (dossier === undefined) {
    return fail({ champ: 'siren', message: `Le dossier ${scope.siren} n’est pas dans les données de référence de ce poste : actualisez-les.` })
  }
  if (operation !== 'delete') {
    const codes = await source.codeLists(scope.siren)
    const ctx: ValidationContext = {
      dossier,
      salarie: await source.salarie(scope.siren, scope.matricule),
      codesAbsences: codes.absences,
      codesEvp: codes.evp,
      codesPrimes: codes.primes,
      otherAbsences: kind === 'absence' ? await source.otherAbsences(scope.siren, scope.matricule, selfClientId, targetServerId) : [],
    }
    // An update is checked on the record as it will be (the synced fields with the patch over them), as
    // validateEntry asks, so rules spanning several fields (dates in order…) see them all.
    const issues = validateEntry(kind, operation, { ...fields }, ctx)
    if (issues.length > 0) return fail(...issues)
  }
  return {
    ok: true,
    prepared: {
      kind,
      operation,
      payload,
      targetServerId: operation === 'create' ? null : targetServerId,
      siren: scope.siren,
      matricule: scope.matricule,
      periode: scope.periode,
      scope,
      scopeKey: scopeKey(scope),
      fingerprint: fingerprintOf(kind, fields),
      category: spec.category,
    },
  }
}

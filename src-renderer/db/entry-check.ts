/**
 * Turns what the clerk entered (form, grid, paste, import) into an outbox entry, or into French field issues: the
 * entry is parsed ONCE with its kind's contract schema (`parseEntry`: the typed body), then the offline business rules
 * (`checkRules`: codes, employee under contract, open period, overlapping absences) run against the cached reference.
 * Nothing here writes.
 */
import type { Categorie } from '../../src-shared/api/categories'
import type { EntryBody } from '../../src-shared/domain/entry'
import { ENTRY_KIND_SPECS, EntryKind, EntryOperation } from '../../src-shared/domain/entry-kinds'
import { fingerprintOf, scopeKey, scopeOf } from '../../src-shared/domain/fingerprint'
import type { EntryScope } from '../../src-shared/domain/fingerprint'
import { checkRules, parseEntry } from '../../src-shared/domain/validation'
import type { FieldIssue, ValidationContext } from '../../src-shared/domain/validation'
import type { ValidationSource } from './validation-source'

/**
 * What the clerk entered: a record to create, or a change (`update`, `delete`) of a synced server record. A draft:
 * its payload is only known to be an entry once {@link prepareEntry} parsed it.
 */
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

/** What a checked entry adds to its body: where it belongs and what is derived from it. */
export interface PreparedFacts {
  readonly siren: string
  readonly matricule: string
  readonly periode: string
  readonly scope: EntryScope
  readonly scopeKey: string
  readonly fingerprint: string
  readonly category: Categorie
}

/** A checked entry, ready to be stored: its typed body and everything derived from it. */
export type PreparedEntry = EntryBody & PreparedFacts

export type PrepareResult = { readonly ok: true; readonly prepared: PreparedEntry } | { readonly ok: false; readonly issues: FieldIssue[] }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

function fail(...issues: FieldIssue[]): PrepareResult {
  return { ok: false, issues }
}

/** The record's current fields for an update or delete: local synced entries first, else `input.targetRecord`. */
async function targetFields(
  source: ValidationSource,
  input: NewEntryInput,
  targetServerId: string,
): Promise<Readonly<Record<string, unknown>> | null> {
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
export async function prepareEntry(
  source: ValidationSource,
  input: NewEntryInput,
  selfClientId: string | null = null,
): Promise<PrepareResult> {
  const kindResult = EntryKind.safeParse(input.kind)
  if (!kindResult.success) return fail({ champ: '', message: 'Type de saisie inconnu.' })
  const kind = kindResult.data
  const operation = EntryOperation.safeParse(input.operation ?? 'create').data ?? 'create'
  const targetServerId = operation === 'create' ? null : (input.targetServerId ?? null)
  if (operation !== 'create' && (targetServerId === null || !UUID.test(targetServerId))) {
    return fail({ champ: '', message: 'Enregistrement à modifier non précisé (identifiant serveur manquant).' })
  }

  // The one parse of the clerk's input: the typed body, or the schema's French messages.
  const parsed = parseEntry({ kind, operation, targetServerId, payload: input.payload })
  if (!parsed.ok) return fail(...parsed.issues)
  const body = parsed.body

  let fields: Readonly<Record<string, unknown>>
  if (body.operation === 'create') {
    fields = body.payload
  } else {
    const base = await targetFields(source, input, body.targetServerId)
    if (base === null)
      return fail({ champ: '', message: 'Enregistrement à modifier introuvable sur ce poste : ouvrez-le depuis la liste du dossier.' })
    if (body.operation === 'update' && Object.keys(body.payload).length === 0)
      return fail({ champ: '', message: 'Aucune modification à enregistrer.' })
    fields = body.operation === 'update' ? { ...base, ...body.payload } : base
  }

  let scope: EntryScope
  try {
    scope = scopeOf(kind, fields)
  } catch {
    return fail({ champ: '', message: 'SIREN, matricule et période (ou date de début) sont requis.' })
  }
  const dossier = await source.dossier(scope.siren)
  if (dossier === undefined) {
    return fail({
      champ: 'siren',
      message: `Le dossier ${scope.siren} n’est pas dans les données de référence de ce poste : actualisez-les.`,
    })
  }
  if (body.operation !== 'delete') {
    const codes = await source.codeLists(scope.siren)
    const ctx: ValidationContext = {
      dossier,
      salarie: await source.salarie(scope.siren, scope.matricule),
      codesAbsences: codes.absences,
      codesEvp: codes.evp,
      codesPrimes: codes.primes,
      otherAbsences: kind === 'absence' ? await source.otherAbsences(scope.siren, scope.matricule, selfClientId, body.targetServerId) : [],
    }
    // An update is checked on the record as it will be (the synced fields with the patch over them), so rules
    // spanning several fields (dates in order…) see them all.
    const issues = checkRules(kind, body.operation, fields, ctx)
    if (issues.length > 0) return fail(...issues)
  }
  return {
    ok: true,
    prepared: {
      ...body,
      siren: scope.siren,
      matricule: scope.matricule,
      periode: scope.periode,
      scope,
      scopeKey: scopeKey(scope),
      fingerprint: fingerprintOf(kind, fields),
      category: ENTRY_KIND_SPECS[kind].category,
    },
  }
}

/**
 * Fields of each entry kind as the entry forms, the entry page and the comparison table show and edit them: the kind
 * specs' `fields` (src-shared/domain/entry-kinds.ts). `siren` and `matricule` are never edited (an entry stays on its
 * employee). Pure; the payload <-> form conversions are tested.
 */
import { mapKinds, type EntryFieldSpec, type EntryKind, type FieldType } from '../../../src-shared/domain/entry-kinds'
import { formatFrenchDecimal, parseFrenchDecimal } from '../../../src-shared/domain/decimal'
import { payloadFields } from '../../../src-shared/domain/entry'
import type { KeyFields } from '../../../src-shared/domain/fingerprint'
import type { OutboxEntry } from '../../../src-shared/domain/outbox'

export type { FieldType }

/** One field of a kind (name, type, i18n keys): a kind spec's field. */
export type FieldSpec = EntryFieldSpec

/** The fields of every kind, in form order. */
export const FIELD_SPECS: Readonly<Record<EntryKind, readonly FieldSpec[]>> = mapKinds((spec) => spec.fields)

/** Types chosen in a list (a code list of the dossier, or an enum of the contract). */
const LIST_TYPES: ReadonlySet<FieldType> = new Set(['codeEvp', 'codeAbsence', 'codePrime', 'typeFrais', 'typeAvantage', 'modeEvaluation'])

/** True when the field is chosen in a list of codes or of the contract's values. */
export function isListField(spec: Pick<FieldSpec, 'type'>): boolean {
  return LIST_TYPES.has(spec.type)
}

/**
 * Fields shown for an entry: every field of its kind for a create; for an update, those its patch changes
 * (a patch only sends what changes); none for a delete.
 */
export function fieldsOf(kind: EntryKind, operation: 'create' | 'update' | 'delete', payload: KeyFields | null): FieldSpec[] {
  if (operation === 'delete' || payload === null) return []
  const specs = FIELD_SPECS[kind]
  return operation === 'create' ? [...specs] : specs.filter((s) => s.name in payload)
}

/**
 * The fields an entry shows and edits: its payload; for an entry the v6 upgrade could not read, what was stored (so
 * the clerk sees it and enters it again: the revision is parsed like a new entry).
 */
export function shownFields(entry: OutboxEntry): KeyFields {
  if (entry.unreadable === undefined) return payloadFields(entry)
  const stored = entry.unreadable.payload
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? { ...stored } : {}
}

/** Form text of a payload value: decimals in French, booleans as 'true'/'false', absent as ''. */
export function toFormValue(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return spec.type === 'bool' ? 'false' : ''
  if (spec.type === 'bool') return value === true ? 'true' : 'false'
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : ''
  return spec.type === 'decimal' ? formatFrenchDecimal(value) : value
}

/** A draft payload built from a form, and the decimal fields whose text could not be read. */
export interface FormToPayload {
  /** Wire names and values; an unreadable decimal is kept as typed (the schema then refuses it with the others). */
  readonly payload: Record<string, unknown>
  readonly unreadable: readonly string[]
}

/**
 * Draft payload from the form: starts from `original` (keeps siren, matricule and fields the form does not show),
 * sets each shown field. An emptied field is left out of a create (a required one then reads « obligatoire ») and
 * cleared (null) in an update. Decimals are read as French ("3,5"); unreadable ones are listed.
 */
export function toPayload(
  specs: readonly FieldSpec[],
  values: Readonly<Record<string, string>>,
  original: KeyFields,
  operation: 'create' | 'update',
): FormToPayload {
  const payload: Record<string, unknown> = { ...original }
  const removed = new Set<string>()
  const unreadable: string[] = []
  for (const spec of specs) {
    const text = (values[spec.name] ?? '').trim()
    if (spec.type === 'bool') {
      payload[spec.name] = text === 'true'
      continue
    }
    if (text === '') {
      if (operation === 'create') removed.add(spec.name)
      else payload[spec.name] = null
      continue
    }
    const wire = spec.type === 'decimal' ? parseFrenchDecimal(text) : text
    if (wire === null) unreadable.push(spec.name)
    payload[spec.name] = wire ?? text
  }
  return { payload: Object.fromEntries(Object.entries(payload).filter(([key]) => !removed.has(key))), unreadable }
}

/**
 * Fields of each entry kind as the entry page shows and edits them: wire name and input type. `siren` and
 * `matricule` are never edited (an entry stays on its employee). Pure; the payload <-> form conversions are tested.
 */
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import { formatFrenchDecimal, parseFrenchDecimal } from '../../../src-shared/domain/decimal'

export type FieldType = 'text' | 'longtext' | 'date' | 'decimal' | 'bool' | 'periode' | 'codeEvp' | 'codeAbsence' | 'codePrime' | 'typeFrais' | 'typeAvantage' | 'modeEvaluation'

export interface FieldSpec {
  readonly name: string
  readonly type: FieldType
}

export const FIELD_SPECS: Readonly<Record<EntryKind, readonly FieldSpec[]>> = {
  evp: [
    { name: 'periode', type: 'periode' },
    { name: 'code_evp', type: 'codeEvp' },
    { name: 'quantite', type: 'decimal' },
    { name: 'taux', type: 'decimal' },
    { name: 'montant', type: 'decimal' },
    { name: 'valeur_texte', type: 'text' },
    { name: 'numero_contrat', type: 'text' },
    { name: 'commentaire', type: 'longtext' },
  ],
  absence: [
    { name: 'code_absence', type: 'codeAbsence' },
    { name: 'date_debut', type: 'date' },
    { name: 'date_fin', type: 'date' },
    { name: 'demi_journee_debut', type: 'bool' },
    { name: 'demi_journee_fin', type: 'bool' },
    { name: 'numero_contrat', type: 'text' },
    { name: 'commentaire', type: 'longtext' },
  ],
  frais: [
    { name: 'type_frais', type: 'typeFrais' },
    { name: 'date', type: 'date' },
    { name: 'periode', type: 'periode' },
    { name: 'montant', type: 'decimal' },
    { name: 'kilometres', type: 'decimal' },
    { name: 'commentaire', type: 'longtext' },
  ],
  prime: [
    { name: 'periode', type: 'periode' },
    { name: 'code_prime', type: 'codePrime' },
    { name: 'montant', type: 'decimal' },
    { name: 'prime_nette', type: 'bool' },
    { name: 'libelle_bulletin', type: 'text' },
    { name: 'numero_contrat', type: 'text' },
  ],
  avantage: [
    { name: 'periode', type: 'periode' },
    { name: 'type_avantage', type: 'typeAvantage' },
    { name: 'mode_evaluation', type: 'modeEvaluation' },
    { name: 'montant', type: 'decimal' },
    { name: 'commentaire', type: 'longtext' },
  ],
}

/**
 * Fields shown for an entry: every field of its kind for a create; for an update, those its patch changes
 * (a patch only sends what changes); none for a delete.
 */
export function fieldsOf(kind: EntryKind, operation: 'create' | 'update' | 'delete', payload: Readonly<Record<string, unknown>> | null): FieldSpec[] {
  if (operation === 'delete' || payload === null) return []
  const specs = FIELD_SPECS[kind]
  return operation === 'create' ? [...specs] : specs.filter((s) => s.name in payload)
}

/** Form text of a payload value: decimals in French, booleans as 'true'/'false', absent as ''. */
export function toFormValue(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return spec.type === 'bool' ? 'false' : ''
  if (spec.type === 'bool') return value === true ? 'true' : 'false'
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : ''
  return spec.type === 'decimal' ? formatFrenchDecimal(value) : value
}

export type FormToPayload =
  | { readonly ok: true; readonly payload: Record<string, unknown> }
  | { readonly ok: false; readonly unreadable: readonly string[] }

/**
 * Payload from the form: starts from `original` (keeps siren, matricule and fields the form does not show),
 * sets each shown field. An emptied field is left out of a create (a required one then reads « obligatoire ») and
 * cleared (null) in an update. Decimals are read as French ("3,5"); unreadable ones are listed, nothing built.
 */
export function toPayload(specs: readonly FieldSpec[], values: Readonly<Record<string, string>>, original: Readonly<Record<string, unknown>>, operation: 'create' | 'update'): FormToPayload {
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
    if (spec.type === 'decimal') {
      const wire = parseFrenchDecimal(text)
      if (wire === null) unreadable.push(spec.name)
      else payload[spec.name] = wire
      continue
    }
    payload[spec.name] = text
  }
  if (unreadable.length > 0) return { ok: false, unreadable }
  return { ok: true, payload: Object.fromEntries(Object.entries(payload).filter(([key]) => !removed.has(key))) }
}

/**
 * The state rules of the one-entry form of a kind, driven by the kind spec's fields (entry-kinds.ts): the initial
 * texts, which fields show, how a field follows another, and the draft sent to the outbox. Pure; tested in node.
 * Form texts are kept by wire field name, `'true'`/`'false'` for a checkbox (fieldSpecs.ts converts them).
 */
import type { ContratResume, Salarie } from '../../../src-shared/api/salaries'
import type { KeyFields } from '../../../src-shared/domain/fingerprint'
import { periodEnd, periodStart } from '../../../src-shared/domain/validation/calendar'
import type { FieldIssue } from '../../../src-shared/domain/validation/types'
import { activeContracts } from '../dossier'
import { sameValue, toFormValue, toPayload, type FieldSpec } from '../entry'

/** Form texts by wire field name. */
export type FormValues = Readonly<Record<string, string>>

/** Fields kept when an entry was queued, to type the next one (same period, same contract). */
const KEPT_AFTER_SAVE: ReadonlySet<string> = new Set(['periode', 'numero_contrat'])

/** Texts of a new form: the current payroll period for a period, unchecked boxes, the rest empty. */
export function initialValues(fields: readonly FieldSpec[], currentPeriode: string): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, f.type === 'periode' ? currentPeriode : f.type === 'bool' ? 'false' : '']))
}

/** Texts after an entry was queued: the period and the contract kept, every other field as new. */
export function valuesAfterSave(fields: readonly FieldSpec[], values: FormValues, currentPeriode: string): Record<string, string> {
  const fresh = initialValues(fields, currentPeriode)
  return Object.fromEntries(fields.map((f) => [f.name, KEPT_AFTER_SAVE.has(f.name) ? (values[f.name] ?? '') : (fresh[f.name] ?? '')]))
}

/**
 * Fields shown: a `shownWhen` field while its condition holds; the contract only for an employee with several
 * contracts (`severalContracts`); the others always.
 */
export function visibleFields(fields: readonly FieldSpec[], values: FormValues, severalContracts: boolean): FieldSpec[] {
  return fields.filter((f) => {
    if (f.type === 'contrat') return severalContracts
    return f.shownWhen === undefined || values[f.shownWhen.field] === f.shownWhen.value
  })
}

/**
 * Texts after field `changed` went from `previous` to its value in `values`: each field that `follows` it takes the
 * new value while it was empty or still equal to `previous` (a start date typed first fills the end date).
 */
export function followChange(fields: readonly FieldSpec[], values: FormValues, changed: string, previous: string): Record<string, string> {
  const next: Record<string, string> = { ...values }
  const value = values[changed] ?? ''
  for (const f of fields) {
    if (f.follows !== changed || value === '') continue
    const current = next[f.name] ?? ''
    if (current === '' || current === previous) next[f.name] = value
  }
  return next
}

/**
 * Contracts to choose from: those running over the entry's dates (`date_debut`…`date_fin`, or its `date`), else over
 * its period; all of them before any is typed.
 */
export function contractChoices(salarie: Salarie | undefined, values: FormValues): ContratResume[] {
  if (salarie === undefined) return []
  const debut = values['date_debut'] ?? values['date'] ?? ''
  const periode = values['periode'] ?? ''
  if (debut !== '')
    return activeContracts(salarie, debut, values['date_fin'] === undefined || values['date_fin'] === '' ? debut : values['date_fin'])
  if (periode !== '') return activeContracts(salarie, periodStart(periode), periodEnd(periode))
  return activeContracts(salarie, '', '')
}

/** The draft of a form, and the issues the form itself finds (the store finds the others). */
export interface FormDraft {
  readonly payload: Record<string, unknown>
  /**
   * Issues the form says in its own words (`message` is an i18n key): an unreadable number (`decimal.invalide`), an
   * empty field its condition makes required (`shownWhen.requiredMessage`, said at once: the contract's rule only
   * runs once every other field is valid).
   */
  readonly local: readonly FieldIssue[]
}

/**
 * The create draft of the visible fields over `base` (siren and matricule), as fieldSpecs.ts `toPayload` builds it:
 * an empty field left out, a French decimal read, an unreadable one passed on as typed (the store then refuses the
 * entry and checks every other field too).
 */
export function draftOf(visible: readonly FieldSpec[], values: FormValues, base: KeyFields): FormDraft {
  const { payload, unreadable } = toPayload(visible, values, base, 'create')
  const local: FieldIssue[] = unreadable.map((champ) => ({ champ, message: 'decimal.invalide' }))
  for (const f of visible) {
    if (f.shownWhen !== undefined && (values[f.name] ?? '').trim() === '')
      local.push({ champ: f.name, message: f.shownWhen.requiredMessage })
  }
  return { payload, local }
}

/** Texts of the form of a service record to change (« Modifier »): each field's value as the record holds it. */
export function valuesOfRecord(fields: readonly FieldSpec[], record: KeyFields): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, toFormValue(f, record[f.name])]))
}

/**
 * The patch of a changed record: the visible fields the kind's patch schema accepts (`patchable`) whose value differs
 * from the record's (decimals by value, an emptied optional field cleared with null). Only what changed is sent.
 */
export function patchDraftOf(
  visible: readonly FieldSpec[],
  values: FormValues,
  record: KeyFields,
  patchable: ReadonlySet<string>,
): FormDraft {
  const { payload, unreadable } = toPayload(visible, values, {}, 'update')
  const local: FieldIssue[] = unreadable.map((champ) => ({ champ, message: 'decimal.invalide' }))
  const patch: Record<string, unknown> = {}
  for (const f of visible) {
    if (!patchable.has(f.name) || sameValue(f, payload[f.name], record[f.name])) continue
    patch[f.name] = payload[f.name]
  }
  return { payload: patch, local }
}

/** The store's issues with the form's own laid over them: on a field the form speaks for, its message wins. */
export function mergeIssues(local: readonly FieldIssue[], store: readonly FieldIssue[]): FieldIssue[] {
  return [...local, ...store.filter((i) => !local.some((l) => l.champ === i.champ))]
}

/** Fields laid out on one line: consecutive fields sharing a `row`, or one field alone. */
export interface FieldRow {
  readonly key: string
  readonly fields: readonly FieldSpec[]
}

/** The visible fields in rows (spec order kept). */
export function fieldRows(visible: readonly FieldSpec[]): FieldRow[] {
  const rows: { key: string; fields: FieldSpec[] }[] = []
  for (const f of visible) {
    const last = rows.at(-1)
    if (f.row !== undefined && last !== undefined && last.fields[0]?.row === f.row) last.fields.push(f)
    else rows.push({ key: f.row ?? f.name, fields: [f] })
  }
  return rows
}

/**
 * Validation issues (store's `{ champ, message }`, same shape as the API's field errors) -> what a form shows: one
 * message per visible field, and the rest (whole-entry issues, fields the form does not show) in a list on top.
 * Pure; tested in node.
 */
import type { FieldIssue } from '../../src-shared/domain/validation/types'

export interface FormIssues {
  /** Message per visible field (several issues on one field are joined). */
  readonly byField: Readonly<Record<string, string>>
  /** Issues of the entry as a whole or of fields the form does not show, with the field's label when known. */
  readonly general: readonly FieldIssue[]
}

/** Strips a BridgeError path prefix (`body.montant` -> `montant`, `salaries[2].iban` -> `salaries`). */
export function fieldName(champ: string): string {
  return champ.replace(/^(body|query|path)\./, '').split(/[.[]/)[0] ?? ''
}

/** Groups `issues` by the fields in `visible`. */
export function groupIssues(issues: readonly FieldIssue[], visible: readonly string[]): FormIssues {
  const byField: Record<string, string> = {}
  const general: FieldIssue[] = []
  for (const issue of issues) {
    const name = fieldName(issue.champ)
    if (name !== '' && visible.includes(name)) {
      const previous = byField[name]
      byField[name] = previous === undefined || previous === issue.message ? issue.message : `${previous} ${issue.message}`
    } else {
      general.push({ champ: name, message: issue.message })
    }
  }
  return { byField, general }
}

/** Trimmed text, or undefined when empty (so that a required field reads « Champ obligatoire »). */
export function textOrUndefined(value: string): string | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

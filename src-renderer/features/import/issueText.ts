/**
 * The words of an import reason (rows.ts `CellIssue`): an `import.motifs.<key>` of the catalogue with its parameters,
 * or the shared validation's message as it is (French by design, docs/i18n.md). Pure (the translation is passed in).
 */
import type { CellIssue } from './rows'

/** The translation function of vue-i18n. */
export type Translate = (key: string, named: Record<string, unknown>) => string

/** The text of `issue`. */
export function issueText(t: Translate, issue: CellIssue): string {
  if (issue.key !== undefined) return t(`import.motifs.${issue.key}`, { ...issue.params })
  return issue.text ?? ''
}

/** The reasons of a row set aside (`total`, `retiree`) or in error/warning, joined. */
export function rowReason(t: Translate, issues: readonly CellIssue[], skipped?: 'total' | 'retiree'): string {
  if (skipped !== undefined) return t(`import.motifs.${skipped}`, {})
  return issues.map((i) => issueText(t, i)).join(' ')
}

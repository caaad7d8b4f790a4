/**
 * What the entry forms share: issues shown on their fields, the first invalid field focused after a refused
 * submit, and a "saving" flag.
 */
import { nextTick, ref } from 'vue'
import type { Ref } from 'vue'

import type { FieldIssue } from '../../../src-shared/domain/validation/types'
import { groupIssues } from './formIssues'
import type { FormIssues } from './formIssues'

const NO_ISSUES: FormIssues = { byField: {}, general: [] }

/** Form state over the fields named in `visible`; `form` is the form element (for focusing). */
export function useEntryForm(visible: readonly string[], form: Ref<HTMLFormElement | null>) {
  const issues = ref<FormIssues>(NO_ISSUES)
  const saving = ref(false)

  /** Shows `list` on the fields and focuses the first invalid control (or the summary). */
  async function showIssues(list: readonly FieldIssue[]): Promise<void> {
    issues.value = groupIssues(list, visible)
    await nextTick()
    const target = form.value?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.value?.querySelector<HTMLElement>('[data-testid="form-issues"]')
    target?.focus()
  }

  function clearIssues(): void {
    issues.value = NO_ISSUES
  }

  /** Message on field `name`, or null. */
  function errorOf(name: string): string | null {
    return issues.value.byField[name] ?? null
  }

  return { issues, saving, showIssues, clearIssues, errorOf }
}

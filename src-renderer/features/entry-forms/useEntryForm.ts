/**
 * What the entry forms share: issues shown on their fields, the first invalid field focused after a refused
 * submit, a "saving" flag, one submit at a time with unexpected errors shown on the form, and the success step
 * (toast, issues cleared, focus back on the first field to type again).
 */
import { nextTick, ref, toValue } from 'vue'
import type { MaybeRefOrGetter } from 'vue'
import { useI18n } from 'vue-i18n'

import type { FieldIssue } from '../../../src-shared/domain/validation/types'
import { showToast } from '../../components/useToasts'
import { groupIssues } from '../../components/formIssues'
import type { FormIssues } from '../../components/formIssues'
import { useWording } from '../../i18n/useWording'

const NO_ISSUES: FormIssues = { byField: {}, general: [] }

/** Form state over the fields named in `visible`; `form` is the form element (for focusing; null or undefined while it is not rendered). */
export function useEntryForm(visible: readonly string[], form: MaybeRefOrGetter<HTMLFormElement | null | undefined>) {
  const { t } = useI18n()
  const wording = useWording()
  const issues = ref<FormIssues>(NO_ISSUES)
  const saving = ref(false)

  /** Shows `list` on the fields and focuses the first invalid control (or the summary). */
  async function showIssues(list: readonly FieldIssue[]): Promise<void> {
    issues.value = groupIssues(list, visible)
    await nextTick()
    const element = toValue(form)
    const target =
      element?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? element?.querySelector<HTMLElement>('[data-testid="form-issues"]')
    target?.focus()
  }

  function clearIssues(): void {
    issues.value = NO_ISSUES
  }

  /** Message on field `name`, or null. */
  function errorOf(name: string): string | null {
    return issues.value.byField[name] ?? null
  }

  /**
   * Runs `save` unless a save is under way, with `saving` set meanwhile; an unexpected error is shown on top of the
   * form (« Erreur inattendue »).
   */
  async function submitOnce(save: () => Promise<void>): Promise<void> {
    if (saving.value) return
    saving.value = true
    try {
      await save()
    } catch (thrown) {
      await showIssues([{ champ: '', message: t('commun.erreurInattendue', { message: wording.thrown(thrown) }) }])
    } finally {
      saving.value = false
    }
  }

  /**
   * After a queued entry: clears the issues, says `message` in a toast and focuses field `next` (`field-<next>`).
   * Call it only once the write has resolved: the outbox's transaction resolves after its commit, which strict
   * durability (db/schema.ts) makes a flush to disk, so the toast never announces an entry that is not on disk.
   */
  function accepted(message: string, next: string): void {
    clearIssues()
    showToast(message)
    toValue(form)?.querySelector<HTMLElement>(`[data-testid="field-${next}"]`)?.focus()
  }

  return { issues, saving, showIssues, clearIssues, errorOf, submitOnce, accepted }
}

/**
 * A choice the clerk confirms in a dialog before it runs (ToCheckPanel's decisions, DuplicatePanel's deletes): the
 * choice waiting for confirmation, a busy flag while it runs, and the run itself, one at a time. An unexpected error
 * closes the dialog and is shown in an error toast (worded in the interface's language); what the choice does on success
 * (toast, event) is the caller's `act`.
 */
import { ref, shallowRef } from 'vue'
import type { Ref, ShallowRef } from 'vue'

import { showToast } from '../../components/useToasts'
import { useWording } from '../../i18n/useWording'

/** State and actions of a confirmed choice. */
export interface ConfirmedChoice<T> {
  /** The choice waiting for confirmation (the dialog is open), or undefined. */
  readonly pending: ShallowRef<T | undefined>
  /** True while the confirmed choice runs: the dialog's buttons and the panel's are disabled. */
  readonly busy: Ref<boolean>
  /** Opens the dialog for `choice`. */
  readonly ask: (choice: T) => void
  /** Closes the dialog (not while the choice runs). */
  readonly back: () => void
  /** Runs the pending choice once; the dialog closes when it settles. */
  readonly confirm: () => Promise<void>
}

/** @param act what the confirmed choice does (store call, toast, event); its rejection is shown as an error toast. */
export function useConfirmedChoice<T>(act: (choice: T) => Promise<void>): ConfirmedChoice<T> {
  const pending = shallowRef<T>()
  const busy = ref(false)
  const wording = useWording()
  return {
    pending,
    busy,
    ask: (choice) => {
      pending.value = choice
    },
    back: () => {
      if (!busy.value) pending.value = undefined
    },
    confirm: async () => {
      const choice = pending.value
      if (choice === undefined || busy.value) return
      busy.value = true
      try {
        await act(choice)
      } catch (thrown) {
        showToast(wording.thrown(thrown), 'error')
      } finally {
        pending.value = undefined
        busy.value = false
      }
    },
  }
}

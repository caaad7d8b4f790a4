/**
 * The state of a cabinet write's form (a user created, an assignment, its end): `sending` while the write is stored,
 * and the outcome's sentence: queued (the caller's words; the service's answer then shows on the write itself,
 * CabinetWrites.vue), or not stored (a local failure, worded).
 */
import { computed, ref, type ComputedRef, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'

/** What a form shows after its action: `ok` and the sentence. */
export interface ActionResult {
  readonly ok: boolean
  readonly text: string
}

/** The words and test ids of a queued action's frame (QueuedActionForm's props besides its state). */
export interface QueuedActionTexts {
  readonly legend: string
  readonly submitLabel: string
  readonly sendingLabel: string
  readonly testId: string
  readonly submitTestId: string
  readonly resultTestId: string
}

/** Every prop of QueuedActionForm: its texts, `sending` and the outcome. */
export interface QueuedActionFrame extends QueuedActionTexts {
  readonly sending: boolean
  readonly result: ActionResult | null
}

/**
 * `run(action, done)`: stores the write once and words the outcome; resolves true when queued.
 * `frame`: QueuedActionForm's props (`v-bind="frame"`), from `texts` (read again when the language changes).
 */
export function useQueuedAction(texts: () => QueuedActionTexts): {
  sending: Ref<boolean>
  result: Ref<ActionResult | null>
  frame: ComputedRef<QueuedActionFrame>
  run: (action: () => Promise<unknown>, done: string) => Promise<boolean>
} {
  const { t } = useI18n()
  const sending = ref(false)
  const result = ref<ActionResult | null>(null)
  const frame = computed(() => ({ ...texts(), sending: sending.value, result: result.value }))

  async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
    sending.value = true
    try {
      await action()
      result.value = { ok: true, text: done }
      return true
    } catch (thrown) {
      result.value = {
        ok: false,
        text: t('utilisateurs.nonEnregistre', { message: thrown instanceof Error ? thrown.message : String(thrown) }),
      }
      return false
    } finally {
      sending.value = false
    }
  }
  return { sending, result, frame, run }
}

/**
 * The state of an online action's form (a user created, an assignment): `sending` while main answers, and the
 * outcome's sentence: done (the caller's words), refused offline before sending, or refused by the service or main
 * (`refusKey`, a catalogue key taking `{message}`).
 */
import { computed, ref, type ComputedRef, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'

import { useWording } from '../../i18n/useWording'
import type { ActionOutcome } from '../../stores/cabinet'

/** What a form shows after its action: `ok` and the sentence. */
export interface ActionResult {
  readonly ok: boolean
  readonly text: string
}

/** The words and test ids of an online action's frame (OnlineActionForm's props besides its state). */
export interface OnlineActionTexts {
  readonly legend: string
  readonly submitLabel: string
  readonly sendingLabel: string
  readonly testId: string
  readonly submitTestId: string
  readonly resultTestId: string
}

/** Every prop of OnlineActionForm: its texts, `sending` and the outcome. */
export interface OnlineActionFrame extends OnlineActionTexts {
  readonly sending: boolean
  readonly result: ActionResult | null
}

/**
 * `run(action, done, refusKey)`: sends once, words the outcome; resolves the value when done, else null.
 * `frame`: OnlineActionForm's props (`v-bind="frame"`), from `texts` (read again when the language changes).
 */
export function useOnlineAction(texts: () => OnlineActionTexts): {
  sending: Ref<boolean>
  result: Ref<ActionResult | null>
  frame: ComputedRef<OnlineActionFrame>
  run: <T>(action: () => Promise<ActionOutcome<T>>, done: (value: T) => string, refusKey: string) => Promise<T | null>
} {
  const { t } = useI18n()
  const wording = useWording()
  const sending = ref(false)
  const result = ref<ActionResult | null>(null)
  const frame = computed(() => ({ ...texts(), sending: sending.value, result: result.value }))

  async function run<T>(action: () => Promise<ActionOutcome<T>>, done: (value: T) => string, refusKey: string): Promise<T | null> {
    sending.value = true
    try {
      const outcome = await action()
      if (outcome.ok) {
        result.value = { ok: true, text: done(outcome.value) }
        return outcome.value
      }
      result.value = {
        ok: false,
        text: outcome.offline ? t('utilisateurs.horsLigne') : t(refusKey, { message: wording.reported('demande', outcome.error) }),
      }
      return null
    } finally {
      sending.value = false
    }
  }
  return { sending, result, frame, run }
}

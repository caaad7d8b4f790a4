/**
 * « Supprimer » on the lines of the period's records (issue 14, point 3), for the whole list at once: one confirmation
 * dialog for the list (not one component per line: a pasted block of 5 000 lines mounts the lines entering the view
 * while it is written, issue 19 point 3). Confirming queues a DELETE of the record as read (an ordinary entry: sent
 * once, audited, read again before it is sent, docs/api-assumptions.md #47) and says so in a toast. Works offline:
 * it only writes to the outbox.
 */
import { ref, shallowRef } from 'vue'
import { useI18n } from 'vue-i18n'

import { useWording } from '../i18n/useWording'
import { useOutboxStore } from '../stores/outbox'
import type { RecordTarget } from './periodRecords'
import { showToast } from './useToasts'

/** The record being asked about (with its words: « Frais professionnels KM »), and the dialog's actions. */
export function useRecordRemoval() {
  const { t } = useI18n()
  const wording = useWording()
  const outbox = useOutboxStore()
  /** The record the confirmation is about, with its label; null: no dialog. */
  const asking = shallowRef<{ target: RecordTarget; label: string } | null>(null)
  const busy = ref(false)

  function ask(target: RecordTarget, label: string): void {
    asking.value = { target, label }
  }
  function cancel(): void {
    if (!busy.value) asking.value = null
  }
  /** Queues the DELETE of the record asked about; the toast says whether the outbox took it. */
  async function confirm(): Promise<void> {
    const shown = asking.value
    if (shown === null || busy.value) return
    const { record, kind } = shown.target
    busy.value = true
    try {
      const result = await outbox.enqueue({
        kind,
        operation: 'delete',
        payload: null,
        targetServerId: record.id,
        targetRecord: { ...record.record },
      })
      showToast(
        result.ok
          ? t('enregistrements.suppressionOk')
          : t('enregistrements.suppressionRefusee', { message: result.issues[0]?.message ?? '' }),
      )
    } catch (thrown) {
      showToast(t('commun.erreurInattendue', { message: wording.thrown(thrown) }))
    } finally {
      busy.value = false
      asking.value = null
    }
  }
  return { asking, busy, ask, cancel, confirm }
}

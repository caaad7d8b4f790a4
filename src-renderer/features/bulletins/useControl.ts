/**
 * The control before sending of a batch (issue 15, point 4, #59), for ControlPanel: reads what it compares
 * (services/bulletin-control.ts), the threshold the clerk set (remembered in the `meta` table, default 10 %), and
 * gives the variances above it on the payslips about to be sent and the month's elements found on no payslip.
 */
import { storeToRefs } from 'pinia'
import { computed, ref, shallowRef, watch, type Ref } from 'vue'

import type { Bulletin } from '../../../src-shared/api/bulletins'
import {
  ecartsBulletins,
  ecartsDepasses,
  elementsAbsents,
  SEUIL_ECART_DEFAUT,
  SEUIL_ECART_MAX,
  SEUIL_ECART_MIN,
} from '../../../src-shared/domain/bulletin-control'
import { getMeta, setMeta } from '../../db/meta'
import { appServices } from '../../services/app-services'
import { loadControlInputs, type ControlInputs } from '../../services/bulletin-control'
import { useSyncStore } from '../../stores/sync'

/**
 * A threshold typed by the clerk, or null when it is not a whole percent within bounds (a number input's v-model gives
 * a number, or '' when emptied).
 */
export function seuilOf(typed: string | number): number | null {
  const text = String(typed).trim()
  const n = Number(text)
  return text !== '' && Number.isInteger(n) && n >= SEUIL_ECART_MIN && n <= SEUIL_ECART_MAX ? n : null
}

/** The control of `targets` (payslips of `siren` in `periode`). */
export function useControl(siren: () => string, periode: () => string, targets: () => readonly Bulletin[]) {
  const { online } = storeToRefs(useSyncStore())
  const inputs = shallowRef<ControlInputs | null>(null)
  const failed = ref(false)
  const seuilText: Ref<string | number> = ref(SEUIL_ECART_DEFAUT)
  const seuil = ref(SEUIL_ECART_DEFAUT)

  async function start(): Promise<void> {
    inputs.value = null
    failed.value = false
    const { db, api } = appServices()
    const stored = await getMeta(db, 'bulletins.seuilEcart')
    if (stored !== undefined) {
      seuil.value = stored
      seuilText.value = stored
    }
    try {
      inputs.value = await loadControlInputs(db, api, siren(), periode(), online.value)
    } catch {
      failed.value = true
    }
  }

  watch(seuilText, async (text) => {
    const n = seuilOf(text)
    if (n === null || n === seuil.value) return
    seuil.value = n
    await setMeta(appServices().db, 'bulletins.seuilEcart', n)
  })

  const ecarts = computed(() => {
    const i = inputs.value
    if (i === null) return []
    const ids = new Set(targets().map((b) => b.id))
    return ecartsDepasses(
      ecartsBulletins(
        i.courants.filter((b) => ids.has(b.id)),
        i.precedents,
        seuil.value,
      ),
    )
  })
  const absents = computed(() => {
    const i = inputs.value
    return i === null ? [] : elementsAbsents(i.courants, i.details, i.elements)
  })
  const findings = computed(() => ecarts.value.length + absents.value.length)

  return { inputs, failed, seuilText, seuil, ecarts, absents, findings, start }
}

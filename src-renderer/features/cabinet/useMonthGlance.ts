/**
 * The month at a glance (issue 15, point 5, #60) for CabinetView: every dossier of the reference cache with its
 * entry counts (outbox store), DSN status (declarations cache), the cached payslips of its current period and its
 * next action. Works offline from the caches; `readAll` reads the payslip lists of the dossiers shown through main
 * (one after the other, with a progress count).
 */
import { storeToRefs } from 'pinia'
import { computed, onMounted, ref, shallowRef, watch, type ComputedRef, type Ref, type ShallowRef } from 'vue'

import type { Dossier } from '../../../src-shared/api/dossiers'
import { prochaineAction } from '../../../src-shared/domain/month-glance'
import { pendingCount } from '../../components/counts'
import { appServices } from '../../services/app-services'
import { loadMonthBulletins, refreshBulletins, type MonthBulletins } from '../../services/bulletins-cache'
import { useOutboxStore } from '../../stores/outbox'
import { useReferenceStore } from '../../stores/reference'
import { useDsnStatuses } from '../declarations'
import type { GlanceRow } from './glance'

/** What the home screen uses of the glance. */
export interface MonthGlance {
  readonly rows: ComputedRef<GlanceRow[]>
  /** Cached payslips by SIREN (absent: never read). */
  readonly months: ShallowRef<ReadonlyMap<string, MonthBulletins>>
  /** While `readAll` runs: done and total; null otherwise. */
  readonly reading: Ref<{ done: number; total: number } | null>
  /** Dossiers whose read failed in the last `readAll`. */
  readonly failures: Ref<number>
  readAll: (dossiers: readonly Dossier[]) => Promise<void>
}

/** The rows of every cached dossier (before the screen's filters). */
export function useMonthGlance(): MonthGlance {
  const { dossiers } = storeToRefs(useReferenceStore())
  const { countsBySiren } = storeToRefs(useOutboxStore())
  const { statusOf } = useDsnStatuses()
  const months = shallowRef<ReadonlyMap<string, MonthBulletins>>(new Map())
  const reading = ref<{ done: number; total: number } | null>(null)
  const failures = ref(0)

  async function load(): Promise<void> {
    months.value = await loadMonthBulletins(
      appServices().db,
      dossiers.value.map((d) => ({ siren: d.siren, periode: d.periode_paie_en_cours })),
    )
  }
  onMounted(() => void load())
  watch(dossiers, () => void load())

  async function readAll(shown: readonly Dossier[]): Promise<void> {
    const { db, api } = appServices()
    reading.value = { done: 0, total: shown.length }
    failures.value = 0
    try {
      for (const d of shown) {
        const result = await refreshBulletins(db, api, d.siren, d.periode_paie_en_cours)
        if (!result.ok) failures.value += 1
        reading.value = { done: reading.value.done + 1, total: shown.length }
      }
    } finally {
      reading.value = null
      await load()
    }
  }

  const rows = computed(() =>
    dossiers.value.map((dossier): GlanceRow => {
      const counts = countsBySiren.value[dossier.siren]
      const bulletins = months.value.get(dossier.siren) ?? null
      const base = {
        enAttente: pendingCount(counts),
        rejetes: counts?.rejected ?? 0,
        aVerifier: counts?.to_check ?? 0,
        dsn: statusOf(dossier.siren, dossier.periode_paie_en_cours),
      }
      return { dossier, ...base, bulletins, prochaine: prochaineAction({ ...base, bulletins: bulletins?.counts ?? null }) }
    }),
  )

  return { rows, months, reading, failures, readAll }
}

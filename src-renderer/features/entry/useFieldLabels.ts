/**
 * Labels of entry fields and of their values for one dossier: options of the code and type lists (from the
 * reference cache and the contract's enums) and the display of a payload value (French decimals, dates, periods,
 * code labels).
 */
import { storeToRefs } from 'pinia'
import { computed } from 'vue'
import type { Ref } from 'vue'
import { useI18n } from 'vue-i18n'

import { TypeAvantageNature, TypeFrais } from '../../../src-shared/api/entries'
import { formatFrenchDecimal } from '../../../src-shared/domain/decimal'
import { offeredForEntry, type VisibleCode } from '../../../src-shared/domain/validation/visibility'
import { formatDate, formatPeriode, intlLocale } from '../../components/format'
import { useReferenceStore } from '../../stores/reference'
import type { FieldSpec } from './fieldSpecs'

export interface Option {
  readonly value: string
  readonly label: string
}

/** Option lists and value display for the fields of entries of `siren`. */
export function useFieldLabels(siren: Ref<string>) {
  const i18n = useI18n()
  const { t, locale } = i18n
  const { codesEvp, codesAbsences, codesPrimes } = storeToRefs(useReferenceStore())
  const intl = computed(() => intlLocale(locale.value))

  /**
   * Choices of a list field ([] for free fields). With `forEntry`, the codes the cabinet does not enter (hidden, or
   * not visible to the GP side: src-shared/domain/validation/visibility.ts) are left out; without it every cached
   * code is listed, to name a value already entered.
   */
  function optionsFor(spec: FieldSpec, forEntry = false): Option[] {
    const offered = <C extends VisibleCode>(list: readonly C[]): readonly C[] => (forEntry ? list.filter(offeredForEntry) : list)
    switch (spec.type) {
      case 'codeEvp':
        return offered(codesEvp.value[siren.value] ?? []).map((c) => ({ value: c.code, label: `${c.code} – ${c.libelle}` }))
      case 'codeAbsence':
        return (codesAbsences.value[siren.value] ?? []).map((c) => ({ value: c.code, label: `${c.code} – ${c.libelle}` }))
      case 'codePrime':
        return offered(codesPrimes.value[siren.value] ?? []).map((c) => ({ value: c.code, label: `${c.code} – ${c.libelle}` }))
      case 'typeFrais':
        return TypeFrais.options.map((v) => ({ value: v, label: t(`frais.types.${v}`) }))
      case 'typeAvantage':
        return TypeAvantageNature.options.map((v) => ({ value: v, label: t(`entree.avantageTypes.${v}`) }))
      case 'modeEvaluation':
        return (['forfait', 'reel'] as const).map((v) => ({ value: v, label: t(`entree.modesEvaluation.${v}`) }))
      default:
        return []
    }
  }

  /** A payload value as the clerk reads it; '' when absent. */
  function displayValue(spec: FieldSpec, value: unknown): string {
    if (value === undefined || value === null || value === '') return ''
    if (spec.type === 'bool') return value === true ? t('commun.oui') : t('commun.non')
    if (typeof value !== 'string') return typeof value === 'number' ? String(value) : JSON.stringify(value)
    switch (spec.type) {
      case 'decimal':
        return formatFrenchDecimal(value)
      case 'date':
        return formatDate(value)
      case 'periode':
        return formatPeriode(value, intl.value)
      case 'text':
      case 'longtext':
        return value
      default:
        return optionsFor(spec).find((o) => o.value === value)?.label ?? value
    }
  }

  /** Label of a wire field (the field name itself when no label is known). */
  function fieldLabel(name: string): string {
    const key = `champs.${name === '' ? 'general' : name}`
    return i18n.te(key) ? t(key) : name
  }

  return { optionsFor, displayValue, fieldLabel }
}

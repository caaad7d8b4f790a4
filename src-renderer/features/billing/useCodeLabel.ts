/**
 * Label of a DSN code in a billing breakdown, in the interface's language: the catalogue's
 * `facturation.codes.<breakdown>.<code>` when it knows the code, else « Code 0xx » (the service may send codes the
 * app does not list).
 */
import { useI18n } from 'vue-i18n'

import type { BillingBreakdown } from '../../services/billing-figures'

/** `label(breakdown, code)` → the code's label. */
export function useCodeLabel(): (breakdown: BillingBreakdown, code: string) => string {
  const i18n = useI18n()
  return (breakdown, code) => {
    const key = `facturation.codes.${breakdown}.${code}`
    return i18n.te(key) ? i18n.t(key) : i18n.t('facturation.codeInconnu', { code })
  }
}

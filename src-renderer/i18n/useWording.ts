/**
 * The wording of reported codes and thrown values (i18n/reported.ts) in a component, in the interface's language.
 */
import { useI18n } from 'vue-i18n'

import { wordReported, wordThrown, wordsOf } from './reported'
import type { ReportPlace, Reported } from './reported'

/** `reported(place, r)`: the sentence of a code main reported; `thrown(x)`: the sentence of a thrown value. */
export function useWording(): { reported: (place: ReportPlace, r: Reported) => string; thrown: (x: unknown) => string } {
  const words = wordsOf(useI18n())
  return {
    reported: (place, r) => wordReported(words, place, r),
    thrown: (x) => wordThrown(words, x),
  }
}

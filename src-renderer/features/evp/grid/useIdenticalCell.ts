/**
 * Duplicates stopped at the keyboard in the EVP grid (issue 14, point 2): a value typed in an EMPTY cell (a cell
 * showing a local entry changes that entry, it adds no element) that the service already holds, by the sync's
 * fingerprint among the cached records of the period (components/identical.ts), is not saved: the cell shows what was
 * typed marked `identical`, with the record's date, and a second Enter on the cell saves it anyway.
 */
import { computed, ref } from 'vue'
import type { Ref } from 'vue'
import { useI18n } from 'vue-i18n'

import type { CodeEvp } from '../../../../src-shared/api/codification'
import { fingerprintOf } from '../../../../src-shared/domain/fingerprint'
import { formatDateTime, intlLocale } from '../../../components/format'
import { findIdentical } from '../../../components/identical'
import { useServiceRecordsStore } from '../../../stores/serviceRecords'
import { createPayload, type CellView } from './evpCellModel'
import { parseEvpCell } from './evpValue'
import { rowKey } from './gridRows'
import type { CellInput } from './useEvpCells'

/** A cell whose typed value the service already holds: shown, not saved until a second Enter. */
export interface IdenticalCell {
  readonly matricule: string
  /** The row's contract (a salarié with several in the period), else null. */
  readonly numeroContrat: string | null
  readonly code: CodeEvp
  readonly text: string
  readonly fingerprint: string
  /** `date_creation` of the service's record (ISO instant). */
  readonly date: string
}

/** What the grid view gives: its dossier and period, its cells, how to save one and to move back to one. */
export interface IdenticalCellDeps {
  readonly siren: Readonly<Ref<string>>
  readonly periode: Readonly<Ref<string>>
  /** The cells as the outbox decides them (`numeroContrat`: the row's contract, null for an employee's only row). */
  readonly cell: (matricule: string, code: string, numeroContrat: string | null) => CellView
  /** Saves a cell (useEvpCells `commit`). */
  readonly commit: (input: CellInput) => Promise<unknown>
  /** Makes a cell the grid's active one (EvpGrid `focusCell`: the row's key, gridRows.ts `rowKey`). */
  readonly focusCell: (rowKey: string, code: string) => void
}

/**
 * The warned cell and the grid's hooks: `cellView` (the grid's `cell` prop), `commit` (instead of saving at once),
 * `onKeydown` (capture listener of the grid: a second Enter on the warned cell) and `message` (the status line).
 */
export function useIdenticalCell(deps: IdenticalCellDeps) {
  const { t, locale } = useI18n()
  const serviceRecords = useServiceRecordsStore()
  const warned = ref<IdenticalCell | null>(null)
  /** `row key|code|fingerprint` the clerk confirmed by a second Enter. */
  const confirmed = ref<string | null>(null)

  /** The warning a commit of `text` in cell (`matricule`, contract, `code`) deserves, or null. */
  function identicalOf(matricule: string, numeroContrat: string | null, code: CodeEvp, text: string): IdenticalCell | null {
    const siren = deps.siren.value
    const periode = deps.periode.value
    if (deps.cell(matricule, code.code, numeroContrat).text !== '' || serviceRecords.siren !== siren || serviceRecords.periode !== periode)
      return null
    const parsed = parseEvpCell(text, code.format)
    if (!parsed.ok || parsed.value === null) return null
    const payload = createPayload({ siren, matricule, code: code.code, periode, numeroContrat }, parsed.value)
    const found = findIdentical('evp', payload, serviceRecords.records)
    const fingerprint = fingerprintOf('evp', payload)
    if (found === null || confirmed.value === `${rowKey(matricule, numeroContrat)}|${code.code}|${fingerprint}`) return null
    return { matricule, numeroContrat, code, text, fingerprint, date: found.date_creation }
  }

  const isWarned = (w: IdenticalCell | null, matricule: string, numeroContrat: string | null, code: string): w is IdenticalCell =>
    w !== null && w.matricule === matricule && w.numeroContrat === numeroContrat && w.code.code === code

  const message = computed(() =>
    warned.value === null ? null : t('identique.grille', { date: formatDateTime(warned.value.date, intlLocale(locale.value)) }),
  )

  /** Cells as the grid shows them: the warned cell holds what was typed, marked `identical`. */
  function cellView(matricule: string, code: string, numeroContrat: string | null = null): CellView {
    const w = warned.value
    if (isWarned(w, matricule, numeroContrat, code)) return { text: w.text, status: 'identical', message: message.value, clientId: null }
    return deps.cell(matricule, code, numeroContrat)
  }

  /** A commit of the grid: saved, or held and warned about (the active cell goes back to it). */
  function commit(input: CellInput): void {
    const numeroContrat = input.numeroContrat ?? null
    const held = identicalOf(input.matricule, numeroContrat, input.code, input.text)
    if (isWarned(warned.value, input.matricule, numeroContrat, input.code.code)) warned.value = null
    if (held === null) {
      void deps.commit(input)
      return
    }
    warned.value = held
    deps.focusCell(rowKey(held.matricule, held.numeroContrat), held.code.code)
  }

  /** Enter on the warned cell (not editing): the clerk confirms, the value is saved. */
  function onKeydown(event: KeyboardEvent): void {
    const w = warned.value
    if (w === null || event.key !== 'Enter' || event.isComposing) return
    const key = rowKey(w.matricule, w.numeroContrat)
    if (!(event.target instanceof HTMLElement) || event.target.dataset['testid'] !== `cell-${key}-${w.code.code}`) return
    event.preventDefault()
    event.stopPropagation()
    confirmed.value = `${key}|${w.code.code}|${w.fingerprint}`
    warned.value = null
    void deps.commit({ matricule: w.matricule, numeroContrat: w.numeroContrat, code: w.code, text: w.text })
  }

  return { warned, message, cellView, commit, onKeydown }
}

/**
 * The import screen's state (issue 17): file -> sheet -> mapping -> preview -> report. The file is read off the main
 * thread (readFile.ts); a remembered mapping whose headers match is applied without the mapping step; the preview is
 * recomputed when the clerk fixes a cell or drops a row; the kept rows are saved in one transaction. Owns no
 * global state: one per screen.
 */
import { computed, ref, shallowRef } from 'vue'
import type { Ref } from 'vue'

import type { Dossier } from '../../../src-shared/api/dossiers'
import type { Salarie } from '../../../src-shared/api/salaries'
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import type { DossierCodes } from '../../db/validation-source'
import { appServices } from '../../services/app-services'
import { useSyncStore } from '../../stores/sync'
import { roleOfHeader } from './headers'
import { guessKind, proposeMapping } from './mapping'
import type { ImportMapping } from './mapping'
import { fileNamePattern, recallMapping, rememberMapping, sameHeaders } from './memory'
import { previewRows } from './preview'
import type { PreviewRow } from './preview'
import { queueImport } from './queue'
import type { ImportOutcome, QueueOptions } from './queue'
import { readFileOffThread } from './readFile'
import type { ParsedSheet, ReadFailure } from './sheet'
import { tableOf } from './table'
import type { SheetTable } from './table'

/** Where the clerk is in the import. */
export type ImportStep = 'fichier' | 'lecture' | 'correspondance' | 'apercu' | 'rapport'

/** A file as the screen gets it (a File, or a Blob with a name in tests). */
export type ImportFile = Blob & { readonly name: string }

/** What the screen reads from the reference: the dossier, its employees and code lists. */
export interface ImportReference {
  readonly dossier: Ref<Dossier | undefined>
  readonly salaries: Ref<readonly Salarie[]>
  readonly codes: Ref<DossierCodes>
  /** Settles once the service's records of the period are read (or could not be): duplicates are checked after. */
  readonly recordsRead?: () => Promise<unknown>
}

/**
 * The sheet opened first: the one remembered by name, else the visible sheet whose header row names the most known
 * columns (a « Notes » sheet before the data loses), the first one on a tie.
 */
export function defaultSheet(sheets: readonly ParsedSheet[], remembered: string | null): number {
  const byName = sheets.findIndex((s) => s.name === remembered && s.rows.length > 0)
  if (byName >= 0) return byName
  let best = 0
  let bestScore = -1
  sheets.forEach((sheet, i) => {
    if (sheet.rows.length === 0) return
    const known = tableOf(sheet).headers.filter((h) => roleOfHeader(h) !== null).length
    const score = known * 2 + (sheet.hidden ? 0 : 1)
    if (score > bestScore) {
      best = i
      bestScore = score
    }
  })
  return best
}

/** The import screen's state and actions for dossier `siren`. */
export function useImport(siren: () => string, reference: ImportReference) {
  const step = ref<ImportStep>('fichier')
  const fileName = ref('')
  const failure = ref<ReadFailure | null>(null)
  const csv = ref<{ encoding: string; separator: string } | null>(null)
  const sheets = shallowRef<readonly ParsedSheet[]>([])
  const sheetIndex = ref(0)
  const table = shallowRef<SheetTable | null>(null)
  const mapping = shallowRef<ImportMapping | null>(null)
  /** The remembered mapping was applied without the mapping step. */
  const recalled = ref(false)
  const rows = shallowRef<readonly PreviewRow[]>([])
  const checking = ref(false)
  const dropped = ref<ReadonlySet<number>>(new Set())
  const outcome = shallowRef<ImportOutcome | null>(null)
  const saveError = ref<string | null>(null)
  const busy = ref(false)
  let remembered: { sheet: string; headers: readonly string[]; mapping: ImportMapping } | null = null

  const periode = computed(() => reference.dossier.value?.periode_paie_en_cours ?? '')
  const mappingRef = computed(() => ({ salaries: reference.salaries.value, codes: reference.codes.value }))
  const pattern = computed(() => fileNamePattern(fileName.value))

  async function recheck(): Promise<void> {
    const t = table.value
    const m = mapping.value
    if (t === null || m === null) return
    checking.value = true
    try {
      await reference.recordsRead?.()
      rows.value = await previewRows(
        appServices().db,
        t.rows,
        m,
        { siren: siren(), periode: periode.value, ...mappingRef.value },
        { dropped: dropped.value },
      )
    } finally {
      checking.value = false
    }
  }

  /** Opens sheet `index`: the remembered mapping when its headers match (straight to the preview), else a proposal. */
  async function openSheet(index: number): Promise<void> {
    const sheet = sheets.value[index]
    if (sheet === undefined) return
    sheetIndex.value = index
    const t = tableOf(sheet)
    table.value = t
    dropped.value = new Set()
    if (remembered !== null && sameHeaders(remembered.headers, t.headers)) {
      mapping.value = remembered.mapping
      recalled.value = true
      step.value = 'apercu'
      await recheck()
      return
    }
    recalled.value = false
    mapping.value = proposeMapping(t, guessKind(t, mappingRef.value), mappingRef.value)
    step.value = 'correspondance'
  }

  /** Reads `file` and opens its default sheet. */
  async function chooseFile(file: ImportFile): Promise<void> {
    step.value = 'lecture'
    fileName.value = file.name
    failure.value = null
    outcome.value = null
    saveError.value = null
    const [result, memory] = await Promise.all([readFileOffThread(file), recallMapping(appServices().db, siren(), file.name)])
    if (!result.ok) {
      failure.value = result.reason
      step.value = 'fichier'
      return
    }
    remembered = memory
    csv.value = result.encoding === undefined ? null : { encoding: result.encoding, separator: result.separator ?? ';' }
    sheets.value = result.sheets
    await openSheet(defaultSheet(result.sheets, memory?.sheet ?? null))
  }

  /** The clerk changed the kind: a new proposal for that kind. */
  function changeKind(kind: EntryKind): void {
    if (table.value !== null) mapping.value = proposeMapping(table.value, kind, mappingRef.value)
  }

  /** The clerk changed what column `index` holds. */
  function changeColumn(index: number, column: ImportMapping['columns'][number]): void {
    const m = mapping.value
    if (m === null) return
    mapping.value = { ...m, columns: m.columns.map((c, i) => (i === index ? column : c)) }
  }

  /** Confirms the mapping: remembered for this dossier and file-name pattern, then the preview. */
  async function confirmMapping(): Promise<void> {
    const t = table.value
    const m = mapping.value
    if (t === null || m === null) return
    const { db, now } = appServices()
    await rememberMapping(db, siren(), fileName.value, t.sheet, t.headers, m, new Date(now()).toISOString())
    remembered = { sheet: t.sheet, headers: t.headers, mapping: m }
    step.value = 'apercu'
    await recheck()
  }

  /** Back to the mapping step from the preview. */
  function editMapping(): void {
    recalled.value = false
    step.value = 'correspondance'
  }

  /** The clerk fixed cell `column` of the row at spreadsheet line `line`. */
  async function fixCell(line: number, column: number, text: string): Promise<void> {
    const t = table.value
    if (t === null) return
    table.value = {
      ...t,
      rows: t.rows.map((r) => (r.line === line ? { ...r, cells: r.cells.map((c, i) => (i === column ? text.trim() : c)) } : r)),
    }
    await recheck()
  }

  /** Drops the row at `line` from the import, or takes it back. */
  async function toggleRow(line: number): Promise<void> {
    const next = new Set(dropped.value)
    if (next.has(line)) next.delete(line)
    else next.add(line)
    dropped.value = next
    await recheck()
  }

  /** Saves the kept rows (one transaction) and shows the report. */
  async function save(options: QueueOptions): Promise<void> {
    const { db, outboxEnv } = appServices()
    busy.value = true
    saveError.value = null
    try {
      const done = await queueImport(db, rows.value, options, outboxEnv)
      outcome.value = done
      step.value = 'rapport'
      // Queued entries are sent soon (the sync's « new entries » trigger, debounced).
      if (!done.asDraft && done.saved > 0) useSyncStore().notifyNewEntries()
    } catch (thrown) {
      saveError.value = thrown instanceof Error ? thrown.message : String(thrown)
    } finally {
      busy.value = false
    }
  }

  /** Back to the file step for another file. */
  function reset(): void {
    step.value = 'fichier'
    fileName.value = ''
    sheets.value = []
    table.value = null
    mapping.value = null
    rows.value = []
    outcome.value = null
  }

  return {
    step,
    fileName,
    failure,
    csv,
    sheets,
    sheetIndex,
    table,
    mapping,
    recalled,
    pattern,
    rows,
    checking,
    dropped,
    outcome,
    saveError,
    busy,
    periode,
    chooseFile,
    openSheet,
    changeKind,
    changeColumn,
    confirmMapping,
    editMapping,
    fixCell,
    toggleRow,
    save,
    reset,
  }
}

/** What {@link useImport} returns (the components of the screen take it as a prop). */
export type ImportState = ReturnType<typeof useImport>

/**
 * The import screen's state (issue 17): file -> sheet -> mapping -> preview -> report. The file is read off the main
 * thread (readFile.ts); a remembered mapping whose headers match is applied without the mapping step; the preview is
 * recomputed when the clerk fixes a cell or drops a row; the kept rows are saved in one transaction. The same steps
 * serve the entry kinds (rows.ts, preview.ts, queue.ts: the outbox) and the cumuls kind (`cumul`, cumulRows.ts, #70:
 * the kept cells go into the cumuls drafts through `reference.cumuls.keep`, one transaction, never the outbox).
 * Owns no global state: one per screen.
 */
import { computed, ref, shallowRef } from 'vue'
import type { Ref } from 'vue'

import type { Dossier } from '../../../src-shared/api/dossiers'
import type { Salarie } from '../../../src-shared/api/salaries'
import type { CumulEdit } from '../../../src-shared/domain/cumul-draft'
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import type { DossierCodes } from '../../db/validation-source'
import { appServices } from '../../services/app-services'
import { useSyncStore } from '../../stores/sync'
import { CUMUL_ROLES, keptCumulEdits, looksLikeCumuls, previewCumulRows, proposeCumulMapping } from './cumulRows'
import type { CumulColumnMapping, CumulPreviewRow } from './cumulRows'
import { COLUMN_ROLES, roleOfHeader } from './headers'
import { guessKind, proposeMapping } from './mapping'
import type { ColumnMapping, KnownCode } from './mapping'
import { fileNamePattern, recallMapping, rememberMapping, sameHeaders } from './memory'
import type { AnyImportMapping } from './memory'
import { previewRows } from './preview'
import type { PreviewRow } from './preview'
import { leftRows, queueImport } from './queue'
import type { ImportOutcome, QueueOptions } from './queue'
import { readFileOffThread } from './readFile'
import type { ParsedSheet, ReadFailure } from './sheet'
import { tableOf } from './table'
import type { SheetTable } from './table'

/** Where the clerk is in the import. */
export type ImportStep = 'fichier' | 'lecture' | 'correspondance' | 'apercu' | 'rapport'

/** What the import brings in: one of the entry kinds (outbox), or `cumul` (the cumuls drafts, #70). */
export type ImportKind = EntryKind | 'cumul'

/** What the cumuls kind reads and writes (#70): the dossier's cumuls of the year, and the drafts' writer. */
export interface CumulsReference {
  /** The cumuls the dossier's cached year knows (codes and labels). */
  readonly known: Ref<readonly KnownCode[]>
  /** The service's values of that year, by cumul key (`matricule|code`). */
  readonly held: Ref<ReadonlyMap<string, string>>
  /** Year of the rows without a year cell. */
  readonly annee: Ref<number>
  /** Settles once the year's cumuls are read (or could not be). */
  readonly ready: () => Promise<unknown>
  /** Writes the kept cells into the cumuls drafts of their years in one transaction. @returns the cells written */
  readonly keep: (byYear: ReadonlyMap<number, readonly CumulEdit[]>) => Promise<number>
}

/** A file as the screen gets it (a File, or a Blob with a name in tests). */
export type ImportFile = Blob & { readonly name: string }

/** What the screen reads from the reference: the dossier, its employees and code lists. */
export interface ImportReference {
  readonly dossier: Ref<Dossier | undefined>
  readonly salaries: Ref<readonly Salarie[]>
  readonly codes: Ref<DossierCodes>
  /** Settles once the service's records of the period are read (or could not be): duplicates are checked after. */
  readonly recordsRead?: () => Promise<unknown>
  /** The cumuls kind; without it only the entry kinds are offered. */
  readonly cumuls?: CumulsReference
}

/** The preview of either kind (its rows keep their own inputs). */
type Preview =
  { readonly kind: 'entries'; readonly rows: readonly PreviewRow[] } | { readonly kind: 'cumul'; readonly rows: readonly CumulPreviewRow[] }

/** `list` with its item `index` replaced by `value`. */
function replaced<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item))
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
  const mapping = shallowRef<AnyImportMapping | null>(null)
  /** The remembered mapping was applied without the mapping step. */
  const recalled = ref(false)
  const preview = shallowRef<Preview>({ kind: 'entries', rows: [] })
  /** The previewed rows of either kind. */
  const rows = computed<readonly PreviewRow<unknown>[]>(() => preview.value.rows)
  const checking = ref(false)
  const dropped = ref<ReadonlySet<number>>(new Set())
  const outcome = shallowRef<ImportOutcome | null>(null)
  const saveError = ref<string | null>(null)
  const busy = ref(false)
  let remembered: { sheet: string; headers: readonly string[]; mapping: AnyImportMapping } | null = null

  const periode = computed(() => reference.dossier.value?.periode_paie_en_cours ?? '')
  const mappingRef = computed(() => ({ salaries: reference.salaries.value, codes: reference.codes.value }))
  const pattern = computed(() => fileNamePattern(fileName.value))

  async function recheck(): Promise<void> {
    const t = table.value
    const m = mapping.value
    if (t === null || m === null) return
    checking.value = true
    try {
      const cumuls = reference.cumuls
      if (m.kind === 'cumul') {
        await cumuls?.ready()
        const ctx = {
          salaries: reference.salaries.value,
          known: cumuls?.known.value ?? [],
          annee: cumuls?.annee.value ?? Number(periode.value.slice(0, 4)),
          held: cumuls?.held.value ?? new Map<string, string>(),
        }
        preview.value = { kind: 'cumul', rows: previewCumulRows(t.rows, m.columns, ctx, dropped.value) }
        return
      }
      await reference.recordsRead?.()
      const ctx = { siren: siren(), periode: periode.value, ...mappingRef.value }
      preview.value = { kind: 'entries', rows: await previewRows(appServices().db, t.rows, m, ctx, { dropped: dropped.value }) }
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
    await reference.cumuls?.ready()
    // Cumuls only when no column names a code of the entry kinds (assumption #77).
    const entries = proposeMapping(t, guessKind(t, mappingRef.value), mappingRef.value)
    const cumuls =
      reference.cumuls !== undefined &&
      !entries.columns.some((c) => c.role === 'element') &&
      looksLikeCumuls(t.headers, reference.cumuls.known.value)
    mapping.value = cumuls ? propose(t, 'cumul') : entries
    step.value = 'correspondance'
  }

  /** The proposed mapping of `t` for `kind`. */
  function propose(t: SheetTable, kind: ImportKind): AnyImportMapping {
    if (kind !== 'cumul') return proposeMapping(t, kind, mappingRef.value)
    return { kind, columns: proposeCumulMapping(t.headers, reference.cumuls?.known.value ?? [], t.hiddenColumns) }
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
  function changeKind(kind: ImportKind): void {
    if (table.value !== null) mapping.value = propose(table.value, kind)
  }

  /** The clerk changed what column `index` holds: `value` is a role of the kind, or `element:<code>`. */
  function changeColumn(index: number, value: string): void {
    const m = mapping.value
    if (m === null) return
    const element = value.startsWith('element:') ? { role: 'element' as const, code: value.slice('element:'.length) } : null
    if (m.kind === 'cumul') {
      const role = CUMUL_ROLES.find((r) => r === value)
      const column: CumulColumnMapping | null = element ?? (role === undefined ? null : { role })
      if (column !== null) mapping.value = { ...m, columns: replaced(m.columns, index, column) }
    } else {
      const role = COLUMN_ROLES.find((r) => r === value)
      const column: ColumnMapping | null = element ?? (role === undefined ? null : { role })
      if (column !== null) mapping.value = { ...m, columns: replaced(m.columns, index, column) }
    }
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

  /** The kept cumul cells written into the cumuls drafts (one transaction); the rows left. */
  async function keepCumuls(kept: readonly CumulPreviewRow[], includeWarnings: boolean): Promise<ImportOutcome> {
    const byYear = keptCumulEdits(kept, includeWarnings)
    const saved = reference.cumuls === undefined ? 0 : await reference.cumuls.keep(byYear)
    return { saved, asDraft: false, cumuls: true, left: leftRows(kept, includeWarnings) }
  }

  /** Saves the kept rows (one transaction: the outbox, or the cumuls drafts) and shows the report. */
  async function save(options: QueueOptions): Promise<void> {
    const { db, outboxEnv } = appServices()
    busy.value = true
    saveError.value = null
    try {
      const p = preview.value
      const done =
        p.kind === 'cumul' ? await keepCumuls(p.rows, options.includeWarnings) : await queueImport(db, p.rows, options, outboxEnv)
      outcome.value = done
      step.value = 'rapport'
      // Queued entries are sent soon (the sync's « new entries » trigger, debounced).
      if (!done.asDraft && !done.cumuls && done.saved > 0) useSyncStore().notifyNewEntries()
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
    preview.value = { kind: 'entries', rows: [] }
    outcome.value = null
  }

  return {
    /** The cumuls kind is offered (the screen gave its reference). */
    cumulsOffered: reference.cumuls !== undefined,
    /** The cumuls the dossier's year knows (the element columns of the cumuls kind). */
    knownCumuls: computed(() => reference.cumuls?.known.value ?? []),
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

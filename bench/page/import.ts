/**
 * The spreadsheet import measured in the bench page (issue 17): a file of 10 000 rows is read by the import's Web
 * Worker, mapped, and every row checked (the preview), with the longest main-thread task over the whole of it
 * (target: none over 50 ms); then the ready rows are queued in ONE transaction, timed apart (that transaction holds
 * the database while it writes, by design: all the rows or none), with its own longest task (the same target).
 */
import type { PaieDb } from '../../src-renderer/db/schema'
import { codesFromRows } from '../../src-renderer/db/validation-source'
import { guessKind, proposeMapping } from '../../src-renderer/features/import/mapping'
import { countStatuses, previewRows } from '../../src-renderer/features/import/preview'
import { queueImport } from '../../src-renderer/features/import/queue'
import { readFileOffThread } from '../../src-renderer/features/import/readFile'
import { tableOf } from '../../src-renderer/features/import/table'
import { watchTasks } from './tasks'

/** What one import measured: read and preview times (ms), statuses, the longest task, the queueing. */
export interface ImportFigures {
  readonly readMs: number
  readonly previewMs: number
  readonly rows: number
  readonly ready: number
  readonly longestTaskMs: number
  readonly longTasks: number
  readonly longestGapMs: number
  /** The longest task of the read (worker answer, table, mapping) and of the preview, apart. */
  readonly readLongestTaskMs: number
  readonly previewLongestTaskMs: number
  readonly queueMs: number
  /** The longest task while the ready rows are queued (checked, then written in one transaction), and how many of 50 ms or more. */
  readonly queueLongestTaskMs: number
  readonly queueLongTasks: number
  readonly saved: number
}

/** The import functions of the bench page, over the databases `db(name)` gives. */
export function importScenario(db: (name: string) => PaieDb) {
  let staged: File | null = null
  return {
    /** Keeps the file's text in the page, in its own task (the harness's transfer is not measured). */
    stageImport(fileName: string, text: string): number {
      staged = new File([text], fileName, { type: 'text/csv' })
      return staged.size
    },

    /** Reads, maps and previews the staged file for dossier `siren`, then queues its ready rows (see the file comment). */
    async importStaged(name: string, siren: string): Promise<ImportFigures> {
      const file = staged
      staged = null
      if (file === null) throw new Error('Aucun fichier préparé')
      const database = db(name)
      const dossier = await database.dossiers.get(siren)
      if (dossier === undefined) throw new Error(`Dossier ${siren} absent`)
      const salaries = await database.salaries.where('siren').equals(siren).toArray()
      const codes = codesFromRows(await database.codes.where('[siren+type]').between([siren, ''], [siren, '\uffff']).toArray())
      const ref = { salaries, codes }
      const watch = watchTasks()
      const started = performance.now()
      const read = await readFileOffThread(file)
      if (!read.ok) throw new Error(`Lecture : ${read.reason}`)
      const readMs = performance.now() - started
      const sheet = read.sheets[0]
      if (sheet === undefined) throw new Error('Aucune feuille')
      const table = tableOf(sheet)
      const mapping = proposeMapping(table, guessKind(table, ref), ref)
      const readTasks = watch.stop()
      const previewWatch = watchTasks()
      const rows = await previewRows(database, table.rows, mapping, { siren, periode: dossier.periode_paie_en_cours, ...ref })
      const previewMs = performance.now() - started - readMs
      const previewTasks = previewWatch.stop()
      const tasks = {
        longestTaskMs: Math.max(readTasks.longestTaskMs, previewTasks.longestTaskMs),
        longTasks: readTasks.longTasks + previewTasks.longTasks,
        longestGapMs: Math.max(readTasks.longestGapMs, previewTasks.longestGapMs),
        readLongestTaskMs: readTasks.longestTaskMs,
        previewLongestTaskMs: previewTasks.longestTaskMs,
      }
      const queueWatch = watchTasks()
      const queueStarted = performance.now()
      const outcome = await queueImport(database, rows, { asDraft: false, includeWarnings: false })
      const queueMs = performance.now() - queueStarted
      // Let the last task end so that the observer sees it.
      await new Promise((ok) => setTimeout(ok, 60))
      const queueTasks = queueWatch.stop()
      return {
        readMs,
        previewMs,
        rows: rows.length,
        ready: countStatuses(rows).pret,
        ...tasks,
        queueMs,
        queueLongestTaskMs: queueTasks.longestTaskMs,
        queueLongTasks: queueTasks.longTasks,
        saved: outcome.saved,
      }
    },
  }
}

/**
 * State of the EVP grid's cells for one dossier and period, wired to the outbox: what the outbox already holds
 * (loaded by pages, reloaded when entry states change), local edits being saved, and local errors. The state and its
 * transitions are pure (evpCellState.ts); the writes' plumbing is in cellWrites.ts. Saves go through the outbox store
 * without blocking typing: each cell's saves are chained (never two at once for one cell), pastes are sent in chunks
 * with a progress counter, and nothing is saved before the period is read (docs/api-assumptions.md #85).
 */
import { storeToRefs } from 'pinia'
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue'
import type { Ref } from 'vue'
import { useI18n } from 'vue-i18n'

import type { CodeEvp } from '../../../../src-shared/api/codification'
import { payloadFields } from '../../../../src-shared/domain/entry'
import type { OutboxEntry } from '../../../../src-shared/domain/outbox'
import { yieldToMain } from '../../../db/yield'
import { useOutboxStore } from '../../../stores/outbox'
import { useServiceRecordsStore } from '../../../stores/serviceRecords'
import { cellFromEntry, cellKey, latestByCell, planCellChange, serviceEntries, withServiceEntries } from './evpCellModel'
import type { CellPlace, CellView } from './evpCellModel'
import { applyCellChange, createKeyedChains, readEvpEntries } from './cellWrites'
import { createReadHold } from './readHold'
import {
  afterServiceRead,
  cellErrors,
  chunked,
  invalidView,
  readCell,
  savingView,
  settleResults,
  sortPaste,
  inputKey,
  unsavedCount,
  viewAt,
  withOverride,
} from './evpCellState'
import type { CellInput, CellResult, EntryResult, FreshCell, PasteSeen, RefusalText } from './evpCellState'
import type { EvpValue } from './evpValue'
import type { WordError } from './evpCellModel'
import { useWording } from '../../../i18n/useWording'
import { formatDateTime, intlLocale } from '../../../components/format'
import { keptCellText, MAX_CELL_CHARS } from './evpValue'

export type { CellInput } from './evpCellState'

/** Inputs per `enqueueMany` call of a paste (progress moves between calls; the UI stays responsive). */
const PASTE_CHUNK = 250
/**
 * Pasted cells read and sorted per task after the first {@link PASTE_CHUNK} (sorted in the paste's own task): the main
 * thread is given back before each slice, so that a paste of 1 000 rows × 5 cells is not one long task (issue 19: none
 * above 50 ms). Slices of 1 000, the first in the paste event's own task, made tasks of 60–70 ms in the bench's grid
 * paste (docs/performance.md, "The grid paste's slices").
 */
const PASTE_SORT_SLICE = 500
/** Pause before reloading the cells after the dossier's counts moved (a sync settles many entries at once), in ms. */
const RELOAD_DELAY_MS = 300

function errorText(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown)
}

/** Cells of `siren` for the period in `periode`; `codes` gives each code's format. */
export function useEvpCells(siren: Ref<string>, periode: Ref<string>, codes: Ref<readonly CodeEvp[]>) {
  const { t, locale } = useI18n()
  const wording = useWording()
  const wordError: WordError = (e) => wording.reported('saisie', e)
  const outbox = useOutboxStore()
  const { countsBySiren } = storeToRefs(outbox)

  /** Latest relevant outbox entry per cell. */
  const entries = shallowRef<ReadonlyMap<string, OutboxEntry>>(new Map())
  /**
   * Local state overriding the entry's view: being saved, or refused before reaching the outbox. Replaced whole at
   * each change (never changed in place), so not deeply reactive: a paste's 5 000 cells are read and copied at each
   * chunk without a proxy per access.
   */
  const local = shallowRef<Readonly<Record<string, CellView>>>({})
  const loadError = ref<string | null>(null)
  const progress = ref<{ done: number; total: number } | null>(null)
  const lastSaved = ref(0)
  const chains = createKeyedChains()
  let loadToken = 0

  const serviceRecords = useServiceRecordsStore()
  /** The cached service record `serverId` of the period shown, as read (a copy: it goes to IndexedDB). */
  function readOf(serverId: string): { readonly targetRecord?: Readonly<Record<string, unknown>> } {
    const shown = serviceRecords.siren === siren.value && serviceRecords.periode === periode.value
    const row = shown ? serviceRecords.records.find((r) => r.kind === 'evp' && r.id === serverId) : undefined
    return row === undefined ? {} : { targetRecord: { ...row.record } }
  }

  /** The service's EVP of the period shown, standing in the cells no local entry decides (issue 14, point 5). */
  const service = computed(() =>
    serviceRecords.siren === siren.value && serviceRecords.periode === periode.value
      ? serviceEntries(
          serviceRecords.records.flatMap((r) => (r.kind === 'evp' ? [r.record] : [])),
          periode.value,
        )
      : new Map<string, OutboxEntry>(),
  )
  /** What decides each cell: the latest local entry, else the service's record. */
  const deciding = computed(() => withServiceEntries(entries.value, service.value))

  const formatOf = computed(() => new Map(codes.value.map((c) => [c.code, c.format])))
  const refusal: RefusalText = (error) => t(`saisie.cellErreur.${error}`, { max: MAX_CELL_CHARS })

  /** `siren|periode` shown. */
  const shown = (): string => `${siren.value}|${periode.value}`
  /**
   * No cell is saved before the service's records of the period shown (useServiceRecordsStore `open`: the cache, then
   * the service when online, a failure leaving the cache) and the grid's own outbox entries of the period are read: a
   * cell looks empty until then, and a value saved meanwhile would be a second EVP of the cell (readHold.ts, #85).
   */
  const hold = createReadHold(shown)
  const { waiting } = hold

  /**
   * View of a cell not saved: the service's record `record` came with another value than the text typed. The cell
   * shows the service's value (typing the clerk's again is then a change, and saves it), the message the text typed.
   */
  function conflictView(text: string, record: OutboxEntry): CellView {
    const code = payloadFields(record)['code_evp']
    const format = typeof code === 'string' ? formatOf.value.get(code) : undefined
    const held = format === undefined ? '' : cellFromEntry(record, format).text
    const date = formatDateTime(record.updatedAt, intlLocale(locale.value))
    return invalidView(held, t('saisie.cellErreur.dejaAuService', { saisi: keptCellText(text), valeur: held, date }))
  }

  /** Reads the EVP entries of the dossier's period shown and keeps the latest per cell. */
  async function load(): Promise<void> {
    const token = ++loadToken
    try {
      const all = await readEvpEntries(outbox, siren.value, periode.value)
      if (token !== loadToken) return
      entries.value = latestByCell(all, periode.value)
      loadError.value = null
    } catch (thrown) {
      if (token === loadToken) loadError.value = t('saisie.cellErreur.lecture', { message: errorText(thrown) })
    }
  }

  let reloadTimer: ReturnType<typeof setTimeout> | undefined
  function scheduleReload(): void {
    clearTimeout(reloadTimer)
    reloadTimer = setTimeout(() => {
      void load()
    }, RELOAD_DELAY_MS)
  }
  // A grid left (or a test's app disposed) reads nothing more.
  onScopeDispose(() => {
    clearTimeout(reloadTimer)
    hold.dispose()
  })

  watch(
    [siren, periode],
    () => {
      local.value = {}
      progress.value = null
      // The grid opens its period (its period list's own open joins it) and reads its entries: saves wait for both.
      // The cells still waiting in the previous period are dropped (leaving it asked first).
      hold.begin(Promise.all([serviceRecords.open(siren.value, periode.value).catch(() => undefined), load()]).then(() => undefined))
    },
    { immediate: true },
  )
  // Entry states change during a sync (queued -> synced/rejected): the dossier's counts move, the cells follow.
  watch(() => JSON.stringify(countsBySiren.value[siren.value] ?? {}), scheduleReload)

  /** What the cell shows now; `numeroContrat`: the contract of a contract row (null for an employee's only row). */
  function cell(matricule: string, code: string, numeroContrat: string | null = null): CellView {
    return viewAt(cellKey(matricule, code, numeroContrat), code, local.value, deciding.value, formatOf.value, wordError)
  }

  function setLocal(key: string, view: CellView | null): void {
    local.value = withOverride(local.value, key, view)
  }

  /** Applies save results to many cells at once (one copy of each map per batch, not per cell). */
  function settle(results: readonly CellResult[]): void {
    const next = settleResults(entries.value, local.value, results)
    entries.value = next.entries
    local.value = next.local
    lastSaved.value += next.saved
  }

  function place(matricule: string, code: string, numeroContrat: string | null = null): CellPlace {
    return { siren: siren.value, matricule, code, periode: periode.value, numeroContrat }
  }

  /**
   * Saves one cell's text (typed). Returns when saved; the cell shows « enregistrement » meanwhile. Before the reading of
   * the service's records of the period is done, the save waits for it (readHold.ts). A cell that looked empty
   * when typed and that a record of the service then decides is not saved over it ({@link afterServiceRead}).
   */
  function commit(input: CellInput): Promise<void> {
    const cell = startSave(input)
    if (cell === null) return Promise.resolve()
    const at = shown()
    const save = (): Promise<void> =>
      chains.run(cell.key, () => {
        // Chained behind a save of the cell (a paste's), it starts once that one settled the cell: the cell shows the
        // typed text again while it is saved, not the value saved before it.
        if (at === shown()) setLocal(cell.key, savingView(input.text))
        return saveCell(input, cell.key, cell.value, cell.seen, at)
      })
    return hold.direct() ? save() : hold.after(1, save, undefined)
  }

  /**
   * Reads a cell's text to save it: the cell shows « enregistrement », or its refusal when the text cannot be read.
   * @returns the cell's key, its value and its deciding entry now (`seen`); null when the text cannot be read
   */
  function startSave(input: CellInput): { key: string; value: EvpValue | null; seen: OutboxEntry | undefined } | null {
    const key = inputKey(input)
    const read = readCell(input, refusal)
    if (!read.ok) {
      setLocal(key, read.view)
      return null
    }
    setLocal(key, savingView(input.text))
    return { key, value: read.value, seen: deciding.value.get(key) }
  }

  /** Saves cell `key`'s value `value` (read from `input`); `seen`: its deciding entry when typed, in `at` (`siren|periode`). */
  async function saveCell(input: CellInput, key: string, value: EvpValue | null, seen: OutboxEntry | undefined, at: string): Promise<void> {
    // Another period shown meanwhile: nothing is planned against its cells (a cell is a place of the period shown).
    if (at !== shown()) return
    try {
      const existing = deciding.value.get(key)
      const after = afterServiceRead(seen, existing, value)
      if (after === 'held') {
        setLocal(key, null)
        return
      }
      if (after === 'conflict' && existing !== undefined) {
        setLocal(key, conflictView(input.text, existing))
        return
      }
      const change = planCellChange(existing, value, place(input.matricule, input.code.code, input.numeroContrat ?? null))
      const result = await applyCellChange(outbox, change, t('saisie.cellErreur.occupe'), readOf)
      if (result === 'cleared') setLocal(key, null)
      else if (result === null)
        await load().then(() => {
          setLocal(key, null)
        })
      else settle([{ key, text: input.text, result }])
    } catch (thrown) {
      setLocal(key, invalidView(input.text, errorText(thrown)))
    }
  }

  /**
   * Writes one chunk of new pasted values with one `enqueueMany` (their payloads name the paste's period), then settles
   * each cell while that period (`at`) is shown.
   */
  async function writeFresh(chunk: readonly FreshCell[], at: string): Promise<void> {
    try {
      const { results } = await outbox.enqueueMany(chunk.map((c) => ({ kind: 'evp' as const, payload: c.payload })))
      const missing: EntryResult = { ok: false, issues: [{ champ: '', message: t('commun.erreurInattendue', { message: '?' }) }] }
      if (at === shown()) settle(chunk.map((c, index) => ({ key: c.key, text: c.text, result: results[index] ?? missing })))
    } catch (thrown) {
      const failed: EntryResult = { ok: false, issues: [{ champ: '', message: errorText(thrown) }] }
      if (at === shown()) settle(chunk.map((c) => ({ key: c.key, text: c.text, result: failed })))
    }
  }

  /**
   * Saves pasted cells: unreadable ones are marked at once; new values go to `enqueueMany` in chunks (progress
   * shown); cells with an entry already (revise, update, delete) go one by one. The cells are read and sorted
   * {@link PASTE_CHUNK} at once then {@link PASTE_SORT_SLICE} at a time, each slice in a task of its own. Every pasted cell takes its
   * turn at the paste (cellWrites.ts `reserve`), and a new value's cell stays busy until its chunk is written and
   * settled: a value typed in a pasted cell afterwards, whichever slice sorts it, is saved after the pasted one, as a
   * change of the pasted entry, never as a second entry of the cell nor overwritten by the pasted value.
   *
   * Before the service's records of the period are read, the pasted cells show « enregistrement » and the paste waits
   * for the reading (readHold.ts); a cell that looked empty and that a record of the service then decides is not
   * saved over it ({@link afterServiceRead}: same value, nothing written; another value, the cell in error).
   * A paste whose period is left before it could start saves nothing; once its new values are sorted, they are written
   * (they name its period) but the cells that change an entry are left when its period no longer shows.
   * @returns how many cells were not saved (unreadable, or meeting another value of the service), or null when the
   * paste was dropped (its grid or its period left while it waited)
   */
  function paste(inputs: readonly CellInput[]): Promise<number | null> {
    const at = shown()
    if (hold.direct()) return pasteCells(inputs, null, at)
    const waitingViews: Record<string, CellView> = { ...local.value }
    const empty = new Set<string>()
    for (const input of inputs) {
      const key = inputKey(input)
      waitingViews[key] = savingView(keptCellText(input.text))
      if (!deciding.value.has(key)) empty.add(key)
    }
    local.value = waitingViews
    return hold.after(inputs.length, () => pasteCells(inputs, { empty, conflict: conflictView }, at), null)
  }

  /** Saves pasted cells ({@link paste}); `seen`: the cells empty at the paste when it waited for the read, in `at`. */
  async function pasteCells(pastedInputs: readonly CellInput[], seen: PasteSeen | null, at: string): Promise<number | null> {
    // One input per cell (the last one pasted): a cell pasted twice would otherwise be queued twice. Each cell's key is
    // made once, here: the paste's own task holds every cell of the paste (5 000 in a paste of 1 000 rows × 5).
    const byKey = new Map<string, CellInput>()
    for (const input of pastedInputs) byKey.set(inputKey(input), input)
    const inputs = [...byKey.values()]
    // Every pasted cell takes its turn now, before the main thread is given back: a value typed in one of them from now
    // on is saved after the pasted one (as a change of it), whichever slice sorts it. A cell with a save under way
    // already is saved one by one, after that save.
    const busyBefore = new Set<string>()
    for (const key of byKey.keys()) if (chains.busy(key)) busyBefore.add(key)
    const turns = new Map<string, (work: () => Promise<unknown>) => boolean>()
    const nothing = (): Promise<void> => Promise.resolve()
    const writes: { chunk: readonly FreshCell[]; written: () => void }[] = []
    const others: CellInput[] = []
    let unreadable = 0
    // The first chunk's cells are sorted at once, in the paste's own task: a paste followed at once by another screen
    // or period is written. The rest a slice at a time, each in a task of its own (issue 19).
    const slices = [inputs.slice(0, PASTE_CHUNK), ...chunked(inputs.slice(PASTE_CHUNK), PASTE_SORT_SLICE)]
    try {
      for (const key of byKey.keys()) turns.set(key, chains.reserve(key))
      for (const [index, slice] of slices.entries()) {
        if (index > 0) await yieldToMain()
        // Another period shown between two slices: the rest of the paste is left (the sorted slices are written).
        if (at !== shown()) break
        const sorted = sortPaste(slice, { entries: deciding.value, local: local.value }, (key) => busyBefore.has(key), place, refusal, seen)
        local.value = sorted.local
        unreadable += sorted.conflicts
        for (const chunk of chunked(sorted.fresh, PASTE_CHUNK)) {
          let written = (): void => undefined
          const writing = new Promise<void>((resolve) => {
            written = resolve
          })
          // A new value's cell is busy until its chunk is written and settled.
          for (const c of chunk) turns.get(c.key)?.(() => writing)
          writes.push({ chunk, written })
        }
        others.push(...sorted.others)
        unreadable += sorted.unreadable
      }
      // Cells refused, held or contradicted by the service's record, and those of slices left: nothing to save, their
      // turn is over now (a new value's turn already has its work and refuses this).
      const later = new Set(others.map((input) => inputKey(input)))
      for (const [key, turn] of turns) if (!later.has(key)) turn(nothing)
      const total = writes.reduce((n, w) => n + w.chunk.length, 0) + others.length
      let done = 0
      // The progress shown is the paste's while its period is shown.
      const report = (): void => {
        if (at === shown()) progress.value = { done, total }
      }
      report()
      try {
        // After slices given back, the first chunk's validation in a task of its own, not in the last slice's. A paste
        // of one chunk starts writing at once, in its own task (as a typed cell does).
        if (slices.length > 1 && writes.length > 0) await yieldToMain()
        for (const write of writes) {
          try {
            await writeFresh(write.chunk, at)
          } finally {
            write.written()
          }
          done += write.chunk.length
          report()
        }
        for (const input of others) {
          if (at !== shown()) break
          await pasteOver(input, at, turns.get(inputKey(input)))
          done += 1
          report()
        }
      } finally {
        if (at === shown()) progress.value = null
      }
    } finally {
      for (const write of writes) write.written()
      // Cells whose save was left (another period shown, or an error): their turn ends with nothing saved.
      for (const turn of turns.values()) turn(nothing)
    }
    return unreadable
  }

  /**
   * Saves one pasted cell that changes an entry (or waits for a save under way) in its turn (`turn`, taken at the paste;
   * without one, after the cell's work chained so far).
   */
  function pasteOver(input: CellInput, at: string, turn: ((work: () => Promise<unknown>) => boolean) | undefined): Promise<void> {
    const cell = startSave(input)
    if (cell === null) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const work = (): Promise<void> => saveCell(input, cell.key, cell.value, cell.seen, at).finally(resolve)
      if (turn?.(work) !== true) void chains.run(cell.key, work)
    })
  }

  /** Cells in error (refused locally, or rejected by the service), for the side panel. */
  const errors = computed(() => cellErrors(local.value, entries.value, formatOf.value, wordError))

  /** Cells typed or pasted but refused before reaching the outbox: lost if the clerk leaves the grid. */
  const unsaved = computed(() => unsavedCount(local.value))

  return { cell, commit, paste, load, errors, unsaved, waiting, progress, loadError, lastSaved }
}

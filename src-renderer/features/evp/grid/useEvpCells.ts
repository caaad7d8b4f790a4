/**
 * State of the EVP grid's cells for one dossier and period: what the outbox already holds (loaded by pages,
 * reloaded when entry states change), local edits being saved, and local errors. Saves go through the outbox store
 * without blocking typing: each cell's saves are chained (never two at once for one cell), pastes are sent in
 * chunks with a progress counter.
 */
import { storeToRefs } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Ref } from 'vue'
import { useI18n } from 'vue-i18n'

import type { CodeEvp } from '../../../../src-shared/api/codification'
import type { OutboxEntry } from '../../../../src-shared/domain/outbox'
import type { FieldIssue } from '../../../../src-shared/domain/validation/types'
import { useOutboxStore } from '../../../stores/outbox'
import { cellFromEntry, cellKey, EMPTY_CELL, latestByCell, planCellChange } from './evpCellModel'
import type { CellChange, CellPlace, CellView } from './evpCellModel'
import { MAX_CELL_CHARS, keptCellText, parseEvpCell } from './evpValue'

/** Rows read per outbox query while loading a period's entries. */
const LOAD_PAGE = 1_000
/** Inputs per `enqueueMany` call of a paste (progress moves between calls; the UI stays responsive). */
const PASTE_CHUNK = 250

/** A cell to save: employee, code, and the text the clerk typed or pasted. */
export interface CellInput {
  readonly matricule: string
  readonly code: CodeEvp
  readonly text: string
}

type EntryResult = { readonly ok: true; readonly entry: OutboxEntry } | { readonly ok: false; readonly issues: readonly FieldIssue[] }

function issuesText(issues: readonly FieldIssue[]): string {
  return issues.map((i) => i.message).join(' — ')
}

function withoutKeys<T>(record: Readonly<Record<string, T>>, keys: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.has(key)))
}

function errorText(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown)
}

/** Cells of `siren` for the period in `periode`; `codes` gives each code's format. */
export function useEvpCells(siren: Ref<string>, periode: Ref<string>, codes: Ref<readonly CodeEvp[]>) {
  const { t } = useI18n()
  const outbox = useOutboxStore()
  const { countsBySiren } = storeToRefs(outbox)

  /** Latest relevant outbox entry per cell. */
  const entries = shallowRef(new Map<string, OutboxEntry>())
  /** Local state overriding the entry's view: being saved, or refused before reaching the outbox. */
  const local = ref<Record<string, CellView>>({})
  const loadError = ref<string | null>(null)
  const progress = ref<{ done: number; total: number } | null>(null)
  const lastSaved = ref(0)
  const chains = new Map<string, Promise<void>>()
  let loadToken = 0

  const formatOf = computed(() => new Map(codes.value.map((c) => [c.code, c.format])))

  /** Reads every EVP entry of the dossier and keeps those of the period (latest per cell). */
  async function load(): Promise<void> {
    const token = ++loadToken
    try {
      const all: OutboxEntry[] = []
      for (let offset = 0; ; offset += LOAD_PAGE) {
        const page = await outbox.query({ siren: siren.value, kind: 'evp' }, offset, LOAD_PAGE)
        all.push(...page)
        if (page.length < LOAD_PAGE) break
      }
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
    reloadTimer = setTimeout(() => { void load() }, 300)
  }

  watch([siren, periode], () => {
    local.value = {}
    void load()
  }, { immediate: true })
  // Entry states change during a sync (queued -> synced/rejected): the dossier's counts move, the cells follow.
  watch(() => JSON.stringify(countsBySiren.value[siren.value] ?? {}), scheduleReload)

  /** What the cell shows now. */
  function cell(matricule: string, code: string): CellView {
    const key = cellKey(matricule, code)
    const override = local.value[key]
    if (override !== undefined) return override
    const entry = entries.value.get(key)
    const format = formatOf.value.get(code)
    return entry === undefined || format === undefined ? EMPTY_CELL : cellFromEntry(entry, format)
  }

  function setLocal(key: string, view: CellView | null): void {
    local.value = view === null ? withoutKeys(local.value, new Set([key])) : { ...local.value, [key]: view }
  }

  /** Applies save results to many cells at once (one copy of each map per batch, not per cell). */
  function settleMany(items: readonly { key: string; text: string; result: EntryResult }[]): void {
    const map = new Map(entries.value)
    const failed: Record<string, CellView> = {}
    const done = new Set<string>()
    for (const { key, text, result } of items) {
      if (result.ok) {
        map.set(key, result.entry)
        done.add(key)
      } else {
        failed[key] = { text, status: 'invalid', message: issuesText(result.issues), clientId: null }
      }
    }
    const saved = done.size
    if (saved > 0) entries.value = map
    local.value = { ...withoutKeys(local.value, done), ...failed }
    lastSaved.value += saved
  }

  function settle(key: string, text: string, result: EntryResult): void {
    settleMany([{ key, text, result }])
  }

  /** Runs one cell's change through the store; returns the result to settle, or null when nothing was needed. */
  async function apply(change: CellChange): Promise<EntryResult | 'cleared' | null> {
    switch (change.type) {
      case 'none': return 'cleared'
      case 'busy': return { ok: false, issues: [{ champ: '', message: t('saisie.cellErreur.occupe') }] }
      case 'create': return outbox.enqueue({ kind: 'evp', payload: change.payload })
      case 'revise': return outbox.revise(change.clientId, change.payload)
      case 'update': return outbox.enqueue({ kind: 'evp', operation: 'update', targetServerId: change.targetServerId, payload: change.payload })
      case 'delete': return outbox.enqueue({ kind: 'evp', operation: 'delete', targetServerId: change.targetServerId, payload: null })
      case 'cancel':
        await outbox.cancel(change.clientId)
        return null
      case 'replaceDelete':
        await outbox.cancel(change.clientId)
        return outbox.enqueue({ kind: 'evp', operation: 'update', targetServerId: change.targetServerId, payload: change.payload })
    }
  }

  function place(matricule: string, code: string): CellPlace {
    return { siren: siren.value, matricule, code, periode: periode.value }
  }

  /** Chains `work` after the cell's previous save, so one cell never has two saves racing. */
  function chain(key: string, work: () => Promise<void>): Promise<void> {
    const previous = chains.get(key) ?? Promise.resolve()
    const next = previous.then(work, work)
    chains.set(key, next)
    void next.finally(() => {
      if (chains.get(key) === next) chains.delete(key)
    })
    return next
  }

  /** Saves one cell's text (typed). Returns when saved; the cell shows « enregistrement » meanwhile. */
  function commit(input: CellInput): Promise<void> {
    const key = cellKey(input.matricule, input.code.code)
    const parsed = parseEvpCell(input.text, input.code.format)
    if (!parsed.ok) {
      setLocal(key, { text: keptCellText(input.text), status: 'invalid', message: t(`saisie.cellErreur.${parsed.error}`, { max: MAX_CELL_CHARS }), clientId: null })
      return Promise.resolve()
    }
    setLocal(key, { text: input.text, status: 'saving', message: null, clientId: null })
    return chain(key, async () => {
      try {
        const change = planCellChange(entries.value.get(key), parsed.value, place(input.matricule, input.code.code))
        const result = await apply(change)
        if (result === 'cleared') setLocal(key, null)
        else if (result === null) await load().then(() => { setLocal(key, null) })
        else settle(key, input.text, result)
      } catch (thrown) {
        setLocal(key, { text: input.text, status: 'invalid', message: errorText(thrown), clientId: null })
      }
    })
  }

  /**
   * Saves pasted cells: unreadable ones are marked at once; new values go to `enqueueMany` in chunks (progress
   * shown); cells with an entry already (revise, update, delete) go one by one.
   * @returns how many cells could not be read
   */
  async function paste(inputs: readonly CellInput[]): Promise<number> {
    const fresh: { key: string; text: string; payload: Record<string, unknown> }[] = []
    const others: CellInput[] = []
    let unreadable = 0
    const next = { ...local.value }
    for (const input of inputs) {
      const key = cellKey(input.matricule, input.code.code)
      const parsed = parseEvpCell(input.text, input.code.format)
      if (!parsed.ok) {
        unreadable += 1
        next[key] = { text: keptCellText(input.text), status: 'invalid', message: t(`saisie.cellErreur.${parsed.error}`, { max: MAX_CELL_CHARS }), clientId: null }
        continue
      }
      next[key] = { text: input.text, status: 'saving', message: null, clientId: null }
      const change = planCellChange(entries.value.get(key), parsed.value, place(input.matricule, input.code.code))
      if (change.type === 'create' && !chains.has(key)) fresh.push({ key, text: input.text, payload: change.payload })
      else others.push(input)
    }
    local.value = next
    progress.value = { done: 0, total: fresh.length + others.length }
    try {
      for (let i = 0; i < fresh.length; i += PASTE_CHUNK) {
        const chunk = fresh.slice(i, i + PASTE_CHUNK)
        const work = outbox.enqueueMany(chunk.map((c) => ({ kind: 'evp' as const, payload: c.payload })))
        chunk.forEach((c) => chains.set(c.key, work.then(() => undefined, () => undefined)))
        try {
          const { results } = await work
          settleMany(chunk.map((c, index) => ({ key: c.key, text: c.text, result: results[index] ?? { ok: false, issues: [{ champ: '', message: t('commun.erreurInattendue', { message: '?' }) }] } })))
        } catch (thrown) {
          const issues = [{ champ: '', message: errorText(thrown) }]
          settleMany(chunk.map((c) => ({ key: c.key, text: c.text, result: { ok: false as const, issues } })))
        } finally {
          chunk.forEach((c) => chains.delete(c.key))
        }
        progress.value = { done: Math.min(i + PASTE_CHUNK, fresh.length), total: fresh.length + others.length }
      }
      let done = fresh.length
      for (const input of others) {
        await commit(input)
        done += 1
        progress.value = { done, total: fresh.length + others.length }
      }
    } finally {
      progress.value = null
    }
    return unreadable
  }

  /** Cells in error (refused locally, or rejected by the service), for the side panel. */
  const errors = computed(() => {
    const list: { matricule: string; code: string; message: string; status: CellView['status'] }[] = []
    for (const [key, view] of Object.entries(local.value)) {
      if (view.status !== 'invalid') continue
      const [matricule = '', code = ''] = key.split('|')
      list.push({ matricule, code, message: view.message ?? '', status: view.status })
    }
    for (const [key, entry] of entries.value) {
      if (entry.state !== 'rejected' || local.value[key] !== undefined) continue
      const [matricule = '', code = ''] = key.split('|')
      const format = formatOf.value.get(code)
      if (format === undefined) continue
      list.push({ matricule, code, message: cellFromEntry(entry, format).message ?? '', status: 'rejected' })
    }
    return list
  })

  /** Cells typed or pasted but refused before reaching the outbox: lost if the clerk leaves the grid. */
  const unsaved = computed(() => Object.values(local.value).filter((v) => v.status === 'invalid').length)

  return { cell, commit, paste, load, errors, unsaved, progress, loadError, lastSaved }
}

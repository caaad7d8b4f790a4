/**
 * A sandbox store kept in a file, so that a sandbox process killed and started again serves every record it had
 * acknowledged (the chaos suite kills it mid-sync). Two files:
 *   `<path>`          a snapshot of the whole store (JSON), written at start and after a reset (atomic: temp + fsync
 *                     + rename);
 *   `<path>.journal`  one JSON line per write request: the store elements it changed, appended and fsynced
 *                     BEFORE the answer is sent.
 * Loading reads the snapshot and replays the journal; a last line cut by a crash is ignored (its request was never
 * answered, so the client holds it as `unknown` and reconciles it).
 *
 * Changes are found by a tracking proxy handed to the handlers of write requests: a change at whatever depth marks
 * the element of the store it lives in (`[collection]` or `[collection, index or key]`); the journal line holds
 * the final value of each marked element (arrays: indexes first, then `length`). A handler that throws after a
 * partial change still has that change journalled, so the file never disagrees with what the process served.
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { SandboxStore } from './types'

/** One changed element: path from the store root (1 or 2 keys); `v` its value, absent when it was deleted. */
interface JournalOp {
  readonly p: readonly [string] | readonly [string, string]
  readonly v?: unknown
}

/** A write request in progress: the store the handler must use, and the step that makes its changes durable. */
export interface TrackedWrite {
  readonly store: SandboxStore
  /** Appends the changes (if any) to the journal and fsyncs it. @throws Error when the file cannot be written. */
  commit(): void
}

/** A store bound to its files. */
export interface StoreFile {
  /** Wraps the store for one write request. */
  track(store: SandboxStore): TrackedWrite
  /** Writes a full snapshot and empties the journal (start, reset). */
  snapshot(store: SandboxStore): void
}

type Bag = Record<string, unknown>

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** Writes `text` to `path` durably and atomically (temp file, fsync, rename). */
function writeDurably(path: string, text: string): void {
  const temp = `${path}.tmp`
  const fd = openSync(temp, 'w')
  try {
    writeFileSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, path)
}

/** Journal file of a store file. */
export function journalPathOf(path: string): string {
  return `${path}.journal`
}

function applyOp(store: Bag, op: JournalOp): void {
  const [top, key] = op.p
  if (key === undefined) {
    if ('v' in op) store[top] = op.v
    else Reflect.deleteProperty(store, top)
    return
  }
  const parent = store[top]
  if (!isObject(parent)) return
  if (Array.isArray(parent) && key === 'length') {
    parent.length = Number(op.v)
    return
  }
  if ('v' in op) (parent as Bag)[key] = op.v
  else Reflect.deleteProperty(parent, key)
}

/**
 * Reads a store file: the snapshot, then the journal's lines in order.
 * @returns the store, or null when `path` does not exist
 * @throws SyntaxError when the snapshot is not JSON (a last journal line cut by a crash is ignored, not an error)
 */
export function loadStoreFile(path: string): SandboxStore | null {
  if (!existsSync(path)) return null
  const store = JSON.parse(readFileSync(path, 'utf8')) as Bag
  const journal = journalPathOf(path)
  if (existsSync(journal)) {
    const lines = readFileSync(journal, 'utf8').split('\n')
    for (const line of lines) {
      if (line.trim() === '') continue
      let ops: JournalOp[]
      try {
        ops = JSON.parse(line) as JournalOp[]
      } catch {
        break // cut by a crash while appending: never acknowledged
      }
      for (const op of ops) applyOp(store, op)
    }
  }
  return store as unknown as SandboxStore
}

/** Wraps `root` so that every change marks its element path in `marks` (insertion order kept). */
function trackingProxy(root: SandboxStore, marks: Map<string, readonly [string] | readonly [string, string]>): SandboxStore {
  const proxies = new WeakMap<object, object>()
  const targets = new WeakMap<object, object>()
  const unwrap = (value: unknown): unknown => (isObject(value) ? (targets.get(value) ?? value) : value)
  const mark = (path: readonly [string] | readonly [string, string]): void => {
    const id = path.join('\u0000')
    if (!marks.has(id)) marks.set(id, path)
  }

  function wrap<T extends object>(target: T, path: readonly string[]): T {
    const known = proxies.get(target)
    if (known !== undefined) return known as T
    const pathOf = (key: string | symbol): readonly [string] | readonly [string, string] | null => {
      if (typeof key === 'symbol') return null
      const full = [...path, key]
      const [a, b] = full
      if (a === undefined) return null
      return b === undefined ? [a] : [a, b]
    }
    const proxy = new Proxy(target, {
      get(t, key, receiver) {
        const value: unknown = Reflect.get(t, key, receiver)
        if (!isObject(value) || typeof key === 'symbol' || typeof value === 'function') return value
        return wrap(value, path.length >= 2 ? path : [...path, key])
      },
      set(t, key, value, receiver) {
        const p = path.length >= 2 ? ([path[0], path[1]] as [string, string]) : pathOf(key)
        if (p !== null) mark(p)
        return Reflect.set(t, key, unwrap(value), receiver)
      },
      deleteProperty(t, key) {
        const p = path.length >= 2 ? ([path[0], path[1]] as [string, string]) : pathOf(key)
        if (p !== null) mark(p)
        return Reflect.deleteProperty(t, key)
      },
    })
    proxies.set(target, proxy)
    targets.set(proxy, target)
    return proxy
  }
  return wrap(root, [])
}

/** The journal line of the marked paths: final values, array lengths last. */
function opsOf(store: SandboxStore, marks: Iterable<readonly [string] | readonly [string, string]>): JournalOp[] {
  const root = store as unknown as Bag
  const values: JournalOp[] = []
  const lengths: JournalOp[] = []
  for (const p of marks) {
    const [top, key] = p
    if (key === undefined) {
      values.push(top in root ? { p, v: root[top] } : { p })
      continue
    }
    const parent = root[top]
    if (!isObject(parent)) {
      values.push({ p: [top], v: parent })
      continue
    }
    if (Array.isArray(parent) && key === 'length') {
      lengths.push({ p, v: parent.length })
      continue
    }
    if (Array.isArray(parent) && Number(key) >= parent.length) continue // removed again by a later change
    values.push(Object.hasOwn(parent, key) ? { p, v: (parent as Bag)[key] } : { p })
  }
  return [...values, ...lengths]
}

/**
 * Binds a store to `path` (see the file comment).
 * @throws Error when the folder of `path` cannot be written
 */
export function createStoreFile(path: string): StoreFile {
  const journal = journalPathOf(path)
  return {
    track(store) {
      const marks = new Map<string, readonly [string] | readonly [string, string]>()
      return {
        store: trackingProxy(store, marks),
        commit() {
          if (marks.size === 0) return
          const line = `${JSON.stringify(opsOf(store, marks.values()))}\n`
          marks.clear()
          const fd = openSync(journal, 'a')
          try {
            appendFileSync(fd, line)
            fsyncSync(fd)
          } finally {
            closeSync(fd)
          }
        },
      }
    },
    snapshot(store) {
      writeDurably(path, JSON.stringify(store))
      writeDurably(journal, '')
    },
  }
}

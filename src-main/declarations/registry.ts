/**
 * Registry of the DSN summaries main wrote: one JSON file in the app's data folder, rewritten atomically (temporary
 * file then rename). It lists the downloads offline and is the only source of paths main agrees to open or show:
 * a path is accepted only when its real path (symbolic links resolved) is one the registry recorded.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, realpath, rename, stat, writeFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { DownloadedRecapitulatif } from '../../src-shared/domain/declarations'

/** Name of the registry file inside the data folder. */
export const REGISTRY_FILE = 'recapitulatifs-dsn.json'

const StoredEntry = DownloadedRecapitulatif.omit({ present: true })
/** One written file as stored (without `present`, computed on listing). `path` is the real path after the rename. */
export type StoredRecapitulatif = z.infer<typeof StoredEntry>
const StoredFile = z.object({ version: z.literal(1), fichiers: z.array(z.unknown()) })

/** The registry of written summaries. */
export interface RecapitulatifRegistry {
  /** Records a file main just wrote (replaces an entry with the same path). */
  record(entry: StoredRecapitulatif): Promise<void>
  /** Every recorded file, newest first, with `present` false when it is no longer on disk. */
  list(): Promise<DownloadedRecapitulatif[]>
  /**
   * The recorded entry whose file is `path`, after resolving its real path; null when the path does not exist or
   * main did not write it.
   */
  find(path: string): Promise<StoredRecapitulatif | null>
}

/**
 * Opens the registry stored in `dataDir` (created on first write). A missing or unreadable file reads as empty;
 * unreadable entries are dropped (a hand-edited file cannot smuggle a path in: entries are parsed with zod and a
 * path is only accepted when it resolves to itself).
 */
export function createRecapitulatifRegistry(dataDir: string): RecapitulatifRegistry {
  const file = join(dataDir, REGISTRY_FILE)
  let entries: StoredRecapitulatif[] | null = null
  let chain: Promise<unknown> = Promise.resolve()

  async function load(): Promise<StoredRecapitulatif[]> {
    if (entries !== null) return entries
    let raw: unknown
    try {
      raw = JSON.parse(await readFile(file, 'utf8'))
    } catch {
      raw = null
    }
    const parsed = StoredFile.safeParse(raw)
    entries = parsed.success
      ? parsed.data.fichiers.flatMap((e) => {
          const one = StoredEntry.safeParse(e)
          return one.success ? [one.data] : []
        })
      : []
    return entries
  }

  async function save(list: StoredRecapitulatif[]): Promise<void> {
    await mkdir(dataDir, { recursive: true })
    const tmp = `${file}.${randomUUID()}.tmp`
    try {
      await writeFile(tmp, JSON.stringify({ version: 1, fichiers: list }, null, 1), 'utf8')
      await rename(tmp, file)
    } catch (error) {
      await rm(tmp, { force: true })
      throw error
    }
  }

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const next = chain.then(task, task)
    chain = next.catch(() => undefined)
    return next
  }

  return {
    record(entry) {
      return serial(async () => {
        const list = (await load()).filter((e) => e.path !== entry.path)
        list.push(entry)
        await save(list)
        entries = list
      })
    },
    async list() {
      const list = await serial(load)
      const out = await Promise.all(
        list.map(async (e) => ({
          ...e,
          present: await stat(e.path).then(
            (s) => s.isFile(),
            () => false,
          ),
        })),
      )
      return out.sort((a, b) => (a.writtenAt < b.writtenAt ? 1 : a.writtenAt > b.writtenAt ? -1 : a.path.localeCompare(b.path)))
    },
    async find(path) {
      let real: string
      try {
        real = await realpath(path)
      } catch {
        return null
      }
      const list = await serial(load)
      return list.find((e) => e.path === real) ?? null
    },
  }
}

/**
 * Typed key/value metadata of the renderer database (`meta` table): when the reference was fetched, the rights,
 * and the sync state shared by every window (pauses, last sync, failure counter). Each key has a zod schema;
 * a stored value that no longer matches it (older version, hand edit) reads as absent rather than crashing.
 */
import { z } from 'zod'

import { Categorie } from '../../src-shared/api/categories'
import type { PaieDb } from './schema'

/** Global pause of the queue: `resumeAt` is an ISO instant; `fromServer` when it came with a Retry-After. */
export const StoredPause = z.object({
  code: z.string(),
  message: z.string(),
  resumeAt: z.iso.datetime(),
  fromServer: z.boolean(),
})
export type StoredPause = z.infer<typeof StoredPause>

/** Pause of one API category (a right is missing, HTTP 403) until `resumeAt` (ISO instant) or a reference refresh. */
export const StoredCategoryPause = z.object({
  category: Categorie,
  message: z.string(),
  resumeAt: z.iso.datetime(),
})
export type StoredCategoryPause = z.infer<typeof StoredCategoryPause>

/** Schema of each metadata key. */
export const META_SCHEMAS = {
  /** ISO instant of the last `reference:refresh` answer. */
  'reference.fetchedAt': z.iso.datetime(),
  /** ISO instant each dossier's reference data was fetched, by SIREN. */
  'reference.fetchedAtBySiren': z.record(z.string(), z.iso.datetime()),
  /** Rights (API categories) of the user at the last refresh. */
  'reference.droits': z.array(Categorie),
  'sync.pause': StoredPause.nullable(),
  'sync.categoryPauses': z.array(StoredCategoryPause),
  /** ISO instant of the last batch that went through. */
  'sync.lastSyncAt': z.iso.datetime(),
  /** Consecutive global failures (backoff exponent), reset by a batch that goes through. */
  'sync.failures': z.number().int().min(0),
  /** ISO instant of the cached DSN list (`declarations` table, issue 5). */
  'declarations.fetchedAt': z.iso.datetime(),
  /** Threshold of the variance check before sending payslips, in whole percent (issue 15 point 4, #59). */
  'bulletins.seuilEcart': z.number().int().min(1).max(100),
  /**
   * The last control a clerk went past with findings, by `siren|periode|action` (#59): when, the threshold, how many
   * variances above it and elements on no payslip, and the clerk's comment.
   */
  'bulletins.controles': z.record(
    z.string(),
    z.object({
      at: z.iso.datetime(),
      seuil: z.number().int(),
      ecarts: z.number().int().min(0),
      absents: z.number().int().min(0),
      commentaire: z.string(),
    }),
  ),
} as const

export type MetaKey = keyof typeof META_SCHEMAS
export type MetaValue<K extends MetaKey> = z.infer<(typeof META_SCHEMAS)[K]>

/**
 * Reads one metadata value; works inside or outside a Dexie transaction that includes `meta`.
 * @returns the value, or undefined when absent or when it does not match the key's schema.
 */
export async function getMeta<K extends MetaKey>(db: PaieDb, key: K): Promise<MetaValue<K> | undefined> {
  const row = await db.meta.get(key)
  if (row === undefined) return undefined
  const parsed = META_SCHEMAS[key].safeParse(row.value)
  return parsed.success ? (parsed.data as MetaValue<K>) : undefined
}

/** Writes one metadata value (inside the caller's transaction when there is one). */
export async function setMeta<K extends MetaKey>(db: PaieDb, key: K, value: MetaValue<K>): Promise<void> {
  await db.meta.put({ key, value })
}

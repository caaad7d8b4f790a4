/**
 * Seeded pseudo-random numbers for the sandbox seed: mulberry32 (a 32-bit generator, public domain), split into
 * named streams so that changing how one part of the data set is drawn does not reshuffle the others.
 * Never Math.random: the same (seed, stream) always gives the same sequence.
 */
import { mulberry32 } from '../../src-shared/random'

/** A seeded random source. Every method consumes values from the same underlying sequence. */
export interface Rng {
  /** Next float in [0, 1). */
  next: () => number
  /** Whole number in [min, max], both included. */
  int: (min: number, max: number) => number
  /** True with probability `p` (0..1). */
  chance: (p: number) => boolean
  /** One element of a non-empty list. Throws `Error` on an empty list. */
  pick: <T>(items: readonly T[]) => T
  /** One element of a non-empty list, drawn with the given weights (same length, positive). */
  pickWeighted: <T>(items: readonly { item: T; poids: number }[]) => T
  /** `count` decimal digits as a string (leading zeros kept). */
  digits: (count: number) => string
  /** UUID v4 (RFC 9562: version nibble 4, variant 10xx) built from the sequence. */
  uuid: () => string
}

/** FNV-1a 32-bit hash of a label (used to derive one stream per part of the data set). */
export function hashLabel(label: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Random source for one named stream of a seed: `createRng(42, 'salaries')` always draws the same sequence,
 * independent of the sequences of other streams of seed 42.
 */
export function createRng(seed: number, stream: string): Rng {
  const next = mulberry32((Math.imul(seed >>> 0, 0x9e3779b1) ^ hashLabel(stream)) >>> 0)
  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1))
  }
  function pick<T>(items: readonly T[]): T {
    const chosen = int(0, items.length - 1)
    for (const [index, item] of items.entries()) if (index === chosen) return item
    throw new Error('Tirage dans une liste vide')
  }
  function pickWeighted<T>(items: readonly { item: T; poids: number }[]): T {
    const total = items.reduce((sum, entry) => sum + entry.poids, 0)
    let target = next() * total
    for (const entry of items) {
      target -= entry.poids
      if (target < 0) return entry.item
    }
    const last = items[items.length - 1]
    if (last === undefined) throw new Error('Tirage pondéré dans une liste vide')
    return last.item
  }
  function digits(count: number): string {
    let out = ''
    for (let index = 0; index < count; index += 1) out += String(int(0, 9))
    return out
  }
  function uuid(): string {
    const bytes: number[] = []
    for (let index = 0; index < 16; index += 1) bytes.push(int(0, 255))
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
  return { next, int, chance: (p: number) => next() < p, pick, pickWeighted, digits, uuid }
}

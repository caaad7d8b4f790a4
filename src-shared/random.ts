/**
 * Seeded pseudo-random numbers, for whatever must repeat exactly with the same seed: the sandbox's seed data and
 * fault switches, the chaos suite's schedule, randomised tests. Not for secrets: tokens and record ids use a
 * cryptographic source.
 */

/**
 * mulberry32: a 32-bit generator with period 2^32.
 * Source: Tommy Ettinger's mulberry32 (public domain), the usual small seeded PRNG for JavaScript.
 * @param seed any integer (taken modulo 2^32).
 * @returns a function giving floats in [0, 1); two generators of the same seed give the same sequence.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return function next(): number {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

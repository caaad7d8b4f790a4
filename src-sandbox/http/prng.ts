/**
 * Seeded pseudo-random numbers for the sandbox's fault switches, so a test run with the same seed sees the same
 * latencies, failures and dropped connections. Not for secrets: tokens and record ids use node:crypto.
 */

/**
 * mulberry32 (Tommy Ettinger, public domain): 32-bit state, period 2^32.
 * @param seed any integer (taken modulo 2^32).
 * @returns a function giving numbers in [0, 1).
 */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0
  return function next(): number {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

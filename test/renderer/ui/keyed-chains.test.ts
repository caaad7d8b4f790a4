/**
 * The EVP grid's per-cell chains of saves (cellWrites.ts `createKeyedChains`): a cell's work starts after the work
 * chained before it, and a turn taken now (`reserve`, a paste's cells) holds the work chained later until it is given
 * its own work and that work has settled.
 */
import { describe, expect, it } from 'vitest'

import { createKeyedChains } from '../../../src-renderer/features/evp/grid/cellWrites'

/** A promise and the function settling it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** Lets every pending promise callback run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve()
}

describe('chaînes de travail par cellule', () => {
  it('un tour pris maintenant passe avant le travail chaîné ensuite, quel que soit le moment où il reçoit le sien', async () => {
    const chains = createKeyedChains()
    const order: string[] = []
    const give = chains.reserve('A')
    expect(chains.busy('A')).toBe(true)
    const typed = chains.run('A', () => {
      order.push('tapé')
      return Promise.resolve()
    })
    await settle()
    expect(order).toEqual([])
    const pasted = deferred()
    expect(
      give(async () => {
        order.push('collé commencé')
        await pasted.promise
        order.push('collé fini')
      }),
    ).toBe(true)
    await settle()
    expect(order).toEqual(['collé commencé'])
    pasted.resolve()
    await typed
    expect(order).toEqual(['collé commencé', 'collé fini', 'tapé'])
    await settle()
    expect(chains.busy('A')).toBe(false)
  })

  it('le travail d’un tour commence après celui chaîné avant lui ; un second travail est refusé', async () => {
    const chains = createKeyedChains()
    const order: string[] = []
    const before = deferred()
    const earlier = chains.run('A', async () => {
      await before.promise
      order.push('avant')
    })
    const give = chains.reserve('A')
    expect(
      give(() => {
        order.push('tour')
        return Promise.resolve()
      }),
    ).toBe(true)
    expect(give(() => Promise.resolve())).toBe(false)
    await settle()
    expect(order).toEqual([])
    before.resolve()
    await earlier
    await settle()
    expect(order).toEqual(['avant', 'tour'])
  })

  it('un travail qui échoue dans un tour ne bloque pas la cellule', async () => {
    const chains = createKeyedChains()
    const give = chains.reserve('A')
    give(() => Promise.reject(new Error('refusé')))
    let ran = false
    await chains.run('A', () => {
      ran = true
      return Promise.resolve()
    })
    expect(ran).toBe(true)
    await settle()
    expect(chains.busy('A')).toBe(false)
  })
})

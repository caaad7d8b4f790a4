/**
 * The one paging loop of main (src-main/api/paging.ts): it reads every page up to the last, in both modes, and
 * stops a server that never ends with a clear error instead of looping.
 */
import { describe, expect, it } from 'vitest'

import { ApiError } from '../../../src-main/api/errors'
import { MAX_PAGES, PAGINATION_SANS_FIN, fetchAllPages, isLastPage } from '../../../src-main/api/paging'
import type { PageOf } from '../../../src-shared/api/common'

/** A list of `count` numbers served `taille` at a time; records every page asked. */
function server(count: number, taille: number) {
  const asked: number[] = []
  const all = Array.from({ length: count }, (_, i) => i)
  function fetchPage(page: number): Promise<PageOf<number>> {
    asked.push(page)
    return Promise.resolve({ elements: all.slice((page - 1) * taille, page * taille), page, taille, total: count })
  }
  return { asked, all, fetchPage }
}

describe('isLastPage', () => {
  it('is the last page when the page is empty or page × taille reaches total', () => {
    expect(isLastPage({ elements: [], page: 3, taille: 10, total: 1_000 }, 3)).toBe(true)
    expect(isLastPage({ elements: [1], page: 2, taille: 10, total: 20 }, 2)).toBe(true)
    expect(isLastPage({ elements: [1], page: 2, taille: 10, total: 21 }, 2)).toBe(false)
  })
})

describe.each([false, true])('fetchAllPages (concurrent: %s)', (concurrent) => {
  it('reads every page once, in order, and stops on the last page', async () => {
    const s = server(1_234, 500)
    expect(await fetchAllPages('listerSalaries', s.fetchPage, { concurrent })).toEqual(s.all)
    expect([...s.asked].sort((a, b) => a - b)).toEqual([1, 2, 3])
  })

  it('asks one page for a list that fits in it, and for an empty list', async () => {
    const one = server(500, 500)
    expect(await fetchAllPages('listerSalaries', one.fetchPage, { concurrent })).toHaveLength(500)
    expect(one.asked).toEqual([1])
    const none = server(0, 500)
    expect(await fetchAllPages('listerSalaries', none.fetchPage, { concurrent })).toEqual([])
    expect(none.asked).toEqual([1])
  })

  it('refuses a server that ignores the page asked (the same full page forever)', async () => {
    let calls = 0
    const stuck = (): Promise<PageOf<number>> => {
      calls += 1
      return Promise.resolve({ elements: [1, 2, 3], page: 1, taille: 3, total: 3 * (MAX_PAGES + 5) })
    }
    await expect(fetchAllPages('listerSalaries', stuck, { concurrent })).rejects.toMatchObject({ code: PAGINATION_SANS_FIN })
    expect(calls).toBe(concurrent ? 1 : MAX_PAGES)
  })

  it('passes on the failure of a page and returns nothing partial', async () => {
    const s = server(1_500, 500)
    const failing = (page: number): Promise<PageOf<number>> => (page === 2 ? Promise.reject(new Error('coupure')) : s.fetchPage(page))
    await expect(fetchAllPages('listerSalaries', failing, { concurrent })).rejects.toThrow('coupure')
  })
})

describe('fetchAllPages reading pages one after the other', () => {
  it('stops a server that never ends with PAGINATION_SANS_FIN, naming the operation, before asking past the limit', async () => {
    const asked: number[] = []
    // A full page every time, and a total that keeps growing: without a guard this loop has no end.
    const endless = (page: number): Promise<PageOf<number>> => {
      asked.push(page)
      return Promise.resolve({ elements: [page, page], page, taille: 2, total: page * 2 + 2 })
    }
    const read = fetchAllPages('listerDeclarations', endless, { maxPages: 25 })
    await expect(read).rejects.toBeInstanceOf(ApiError)
    await expect(read).rejects.toMatchObject({
      code: PAGINATION_SANS_FIN,
      operation: 'listerDeclarations',
      errorClass: 'global',
      method: 'GET',
    })
    await expect(read).rejects.toMatchObject({ params: { operation: 'listerDeclarations', max: 25 } })
    expect(asked).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  })

  it('follows each answer’s total: records added while reading are read too', async () => {
    const all = Array.from({ length: 7 }, (_, i) => i)
    const growing = (page: number): Promise<PageOf<number>> =>
      Promise.resolve({ elements: all.slice((page - 1) * 3, page * 3), page, taille: 3, total: page === 1 ? 5 : 7 })
    expect(await fetchAllPages('listerDeclarations', growing)).toEqual(all)
  })
})

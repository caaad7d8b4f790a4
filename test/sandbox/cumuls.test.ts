/**
 * Cumuls over real HTTP (issue 16, point 4): GET /api/cumuls with both filters (categories and cumuls, engine code)
 * and PUT /api/dossiers/{siren}/cumuls with its per-item refusals (#70): unknown employee, unknown cumul, the same
 * cell twice, a negative number of hours or days; the other items applied, and the write journalled before its answer.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CUMUL_ERRORS } from '../../src-sandbox/handlers/cumuls'
import type { RunningSandbox } from '../../src-sandbox/server'
import { journalPathOf } from '../../src-sandbox/store/persist'
import type { Cumul } from '../../src-shared/api/bulletins'
import { call, qs, sirenOf, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

interface PageBody<T> {
  elements: T[]
  total: number
}
interface Retour {
  crees: number
  mis_a_jour: number
  erreurs: { index: number; code: string; message: string }[]
}

let sandbox: RunningSandbox
let token: string
let dir: string

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cumuls-sandbox-'))
  sandbox = await startTestSandbox({ storeFile: join(dir, 'store.json') })
  token = await tokenFor(sandbox.url)
})
afterEach(async () => {
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

const siren = sirenOf('B')

function held(matricule: string, code: string): Cumul | undefined {
  return sandbox.store.cumuls.find((c) => c.siren === siren && c.matricule === matricule && c.code_cumul === code)
}

describe('GET /api/cumuls', () => {
  it('filters on several categories and cumuls, and on the engine code', async () => {
    const annee = sandbox.store.cumuls.find((c) => c.siren === siren)?.annee ?? 0
    const res = await call<PageBody<Cumul>>(
      sandbox.url,
      `/api/cumuls${qs({ siren, annee, categorie: ['heures', 'conges'], taille: 500 })}`,
      { token },
    )
    const expected = sandbox.store.cumuls.filter((c) => c.siren === siren && (c.categorie === 'heures' || c.categorie === 'conges'))
    expect(expected.length).toBeGreaterThan(0)
    expect(res.body.total).toBe(expected.length)
    expect(new Set(res.body.elements.map((c) => c.code_cumul))).toEqual(new Set(['HEURES', 'CP_ACQUIS']))
    const moteur = await call<PageBody<Cumul>>(sandbox.url, `/api/cumuls${qs({ siren, annee, code_moteur: 'C0200', taille: 500 })}`, {
      token,
    })
    expect(moteur.body.elements.length).toBeGreaterThan(0)
    expect(moteur.body.elements.every((c) => c.code_cumul === 'NET_IMP')).toBe(true)
    const both = await call<PageBody<Cumul>>(
      sandbox.url,
      `/api/cumuls${qs({ siren, annee, cumul: ['BRUT', 'PAS'], code_moteur: 'C0100', taille: 500 })}`,
      { token },
    )
    expect(new Set(both.body.elements.map((c) => c.code_cumul))).toEqual(new Set(['BRUT']))
  })
})

describe('PUT /api/dossiers/{siren}/cumuls', () => {
  it('applies the good items and refuses the others by index, with a French message, journalled', async () => {
    const first = sandbox.store.cumuls.find((c) => c.siren === siren)
    if (first === undefined) throw new Error('no cumul seeded')
    const { annee, matricule } = first
    const elements = [
      { matricule, code_cumul: 'BRUT', valeur: '31000.50' },
      { matricule: 'INCONNU9', code_cumul: 'BRUT', valeur: '1.00' },
      { matricule, code_cumul: 'PRIME_LUNE', valeur: '1.00' },
      { matricule, code_cumul: 'BRUT', valeur: '2.00' },
      { matricule, code_cumul: 'HEURES', valeur: '-4.00' },
      { matricule, code_cumul: 'NET_IMP', valeur: '-120.00' },
    ]
    const res = await call<Retour>(sandbox.url, `/api/dossiers/${siren}/cumuls`, { token, method: 'PUT', body: { annee, elements } })
    expect(res.status).toBe(200)
    expect(res.body.mis_a_jour).toBe(2)
    expect(res.body.erreurs.map((e) => [e.index, e.code])).toEqual([
      [1, CUMUL_ERRORS.salarieInconnu],
      [2, CUMUL_ERRORS.cumulInconnu],
      [3, CUMUL_ERRORS.doublon],
      [4, CUMUL_ERRORS.valeurNegative],
    ])
    expect(res.body.erreurs[3]?.message).toMatch(/ne peut pas être négatif/)
    expect(held(matricule, 'BRUT')?.valeur).toBe('31000.50')
    expect(held(matricule, 'NET_IMP')?.valeur).toBe('-120.00')
    expect(held(matricule, 'HEURES')?.valeur).not.toBe('-4.00')
    const lines = readFileSync(journalPathOf(join(dir, 'store.json')), 'utf8')
      .trim()
      .split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('31000.50')
  })

  it('refuses the whole request when an amount is not a decimal, naming the item', async () => {
    const first = sandbox.store.cumuls.find((c) => c.siren === siren)
    const body = { annee: first?.annee, elements: [{ matricule: first?.matricule, code_cumul: 'BRUT', valeur: '12 000,5' }] }
    const res = await call<ErrorBody>(sandbox.url, `/api/dossiers/${siren}/cumuls`, { token, method: 'PUT', body })
    expect(res.status).toBe(400)
    expect(res.body.erreurs.map((e) => e.chemin)).toEqual(['body.elements[0].valeur'])
  })
})

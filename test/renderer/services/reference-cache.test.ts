import '../support/db'

import { afterEach, describe, expect, it, vi } from 'vitest'

import type { PaieDb } from '../../../src-renderer/db/schema'
import {
  isReferenceStale,
  loadCodeLists,
  loadReferenceHead,
  loadSalaries,
  referenceAgeMinutes,
  refreshReference,
} from '../../../src-renderer/services/reference-cache'
import type { CachedReference, ReferenceApi } from '../../../src-renderer/services/reference-cache'
import type { ReferenceSnapshot } from '../../../src-shared/domain/reference'
import { freshDb } from '../support/db'
import { SIREN, SIREN_2, snapshot } from '../support/fixtures'

let db: PaieDb

/** The whole cache, as the reference store reads it in its three steps (dossiers, code lists, employees). */
async function loadReference(database: PaieDb): Promise<CachedReference> {
  return database.transaction('r', database.dossiers, database.salaries, database.codes, database.meta, async () => {
    const [head, codes, salariesBySiren] = await Promise.all([loadReferenceHead(database), loadCodeLists(database), loadSalaries(database)])
    return { ...head, ...codes, salariesBySiren }
  })
}

afterEach(async () => {
  await db.delete()
})

function api(answer: ReferenceSnapshot | null, calls: unknown[] = []): ReferenceApi {
  return {
    'reference:refresh': (input) => {
      calls.push(input)
      return Promise.resolve(
        answer === null
          ? { ok: false, error: { code: 'HORS_LIGNE', message: 'Service de paie injoignable.' } }
          : { ok: true, value: answer },
      )
    },
  }
}

describe('cache du référentiel', () => {
  it('stocke dossiers, salariés, codes et droits en une fois, avec l’heure de récupération', async () => {
    db = freshDb()
    const calls: unknown[] = []
    const result = await refreshReference(db, api(snapshot(), calls))
    expect(result.ok).toBe(true)
    expect(calls).toEqual([{}])
    const ref = await loadReference(db)
    expect(ref.dossiers.map((d) => d.raison_sociale)).toEqual(['Atelier Dupont', 'Boulangerie Martin'])
    expect(ref.salariesBySiren[SIREN]).toHaveLength(22)
    expect(ref.salariesBySiren[SIREN]?.[0]?.nom).toBe('Bernard')
    expect(ref.codesEvp[SIREN]?.map((c) => c.code)).toEqual(['HS25', 'OBS'])
    expect(ref.codesAbsences[SIREN_2]).toHaveLength(2)
    expect(ref.codesPrimes[SIREN]).toHaveLength(1)
    expect(ref.droits).toContain('absences')
    expect(ref.fetchedAt).toBe('2026-11-20T08:00:00.000Z')
  })

  it('l’accueil lit dossiers, droits et âge seulement ; les listes de codes se lisent à part (issue 19)', async () => {
    db = freshDb()
    await refreshReference(db, api(snapshot()))
    const codes = vi.spyOn(db.codes, 'toArray')
    const salaries = vi.spyOn(db.salaries, 'toArray')
    const head = await loadReferenceHead(db)
    expect(codes).not.toHaveBeenCalled()
    expect(salaries).not.toHaveBeenCalled()
    expect(Object.keys(head).sort()).toEqual(['dossiers', 'droits', 'fetchedAt'])
    expect(head.dossiers.map((d) => d.raison_sociale)).toEqual(['Atelier Dupont', 'Boulangerie Martin'])
    expect(head.droits).toContain('absences')
    expect(head.fetchedAt).toBe('2026-11-20T08:00:00.000Z')
    const lists = await loadCodeLists(db)
    expect(codes).toHaveBeenCalledTimes(1)
    expect(lists.codesEvp[SIREN]?.map((c) => c.code)).toEqual(['HS25', 'OBS'])
    expect(lists.codesAbsences[SIREN_2]).toHaveLength(2)
    expect(lists.codesPrimes[SIREN]).toHaveLength(1)
  })

  it('une actualisation partielle ne remplace que les dossiers demandés ; l’âge est celui du plus ancien', async () => {
    db = freshDb()
    await refreshReference(db, api(snapshot()))
    const calls: unknown[] = []
    await refreshReference(db, api(snapshot([SIREN], '2026-11-21T08:00:00.000Z'), calls), [SIREN])
    expect(calls).toEqual([{ sirens: [SIREN] }])
    const ref = await loadReference(db)
    expect(ref.dossiers).toHaveLength(2)
    expect(ref.fetchedAt).toBe('2026-11-20T08:00:00.000Z')
    await refreshReference(db, api(snapshot([SIREN], '2026-11-22T08:00:00.000Z')), [SIREN_2, SIREN])
    const after = await loadReference(db)
    expect(after.dossiers.map((d) => d.siren)).toEqual([SIREN])
    expect(after.salariesBySiren[SIREN_2]).toBeUndefined()
    expect(after.fetchedAt).toBe('2026-11-22T08:00:00.000Z')
  })

  it('un échec laisse le cache tel quel et rend le message de main', async () => {
    db = freshDb()
    await refreshReference(db, api(snapshot()))
    const result = await refreshReference(db, api(null))
    expect(result).toEqual({ ok: false, error: { code: 'HORS_LIGNE', message: 'Service de paie injoignable.' } })
    expect((await loadReference(db)).dossiers).toHaveLength(2)
  })

  it('jamais récupéré : pas d’âge, considéré périmé', async () => {
    db = freshDb()
    expect((await loadReference(db)).fetchedAt).toBeNull()
    expect(referenceAgeMinutes(null, 0)).toBeNull()
    expect(isReferenceStale(null, 0)).toBe(true)
  })

  it('âge en minutes entières, jamais négatif', () => {
    const at = '2026-11-20T08:00:00.000Z'
    expect(referenceAgeMinutes(at, Date.parse(at) + 90 * 60_000 + 59_000)).toBe(90)
    expect(referenceAgeMinutes(at, Date.parse(at) - 60_000)).toBe(0)
    expect(isReferenceStale(at, Date.parse(at) + 25 * 3_600_000)).toBe(true)
    expect(isReferenceStale(at, Date.parse(at) + 3_600_000)).toBe(false)
  })
})

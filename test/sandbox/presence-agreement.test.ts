/**
 * One presence rule (issue 14, point 7): the sandbox's `du`/`au` filter of GET /api/salaries, over real HTTP, and the
 * renderer's employee filter (features/dossier/salarieFilter.ts) keep exactly the same employees, on the seed's
 * employees and on employees at the boundaries (entry on the last day of the month, exit on its first day, no exit
 * date, a fixed-term contract ended without exit date, an exit before the entry).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { filterSalaries } from '../../src-renderer/features/dossier/salarieFilter'
import { salarieSummary } from '../../src-sandbox/handlers/salaries'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import type { Salarie } from '../../src-shared/api/salaries'
import { call, qs, sirenOf, startTestSandbox, tokenFor } from './helpers'

let sandbox: RunningSandbox
let token: string

beforeAll(async () => {
  sandbox = await startTestSandbox()
  token = await tokenFor(sandbox.url)
  const model = sandbox.store.salaries.find((s) => s.siren === sirenOf('A'))
  if (model === undefined) throw new Error('aucun salarié dans le dossier A')
  const boundary = (
    matricule: string,
    date_entree: string,
    date_sortie: string | null,
    fin: string | null = date_sortie,
  ): SalarieDetail => ({
    ...model,
    matricule,
    date_entree,
    date_sortie,
    contrats: [{ numero_contrat: `${matricule}-01`, nature_contrat: '01', date_debut: date_entree, date_fin: fin }],
  })
  sandbox.store.salaries.push(
    boundary('ZENTREE', '2026-11-30', null),
    boundary('ZSORTIE', '2019-05-01', '2026-11-01'),
    boundary('ZSANSFIN', '2019-05-01', null),
    boundary('ZCDDFINI', '2026-05-01', null, '2026-10-31'),
    boundary('ZINVERSE', '2026-11-15', '2026-11-14'),
  )
})
afterAll(async () => {
  await sandbox.close()
})

async function listed(du: string, au: string): Promise<string[]> {
  const res = await call<{ elements: Salarie[] }>(sandbox.url, `/api/salaries${qs({ siren: sirenOf('A'), du, au, taille: 500 })}`, {
    token,
  })
  expect(res.status).toBe(200)
  return res.body.elements.map((s) => s.matricule).sort()
}

function filtered(du: string, au: string): string[] {
  const all = sandbox.store.salaries.filter((s) => s.siren === sirenOf('A')).map(salarieSummary)
  return filterSalaries(all, { search: '', nic: '', du, au })
    .map((s) => s.matricule)
    .sort()
}

describe('presence: the sandbox’s du/au and the renderer’s filter agree', () => {
  it.each([
    ['2026-10-01', '2026-10-31'],
    ['2026-11-01', '2026-11-30'],
    ['2026-12-01', '2026-12-31'],
    ['2027-03-01', '2027-03-31'],
    ['2026-11-30', '2026-11-30'],
    ['2026-11-30', '2026-11-01'],
  ])('over %s … %s', async (du, au) => {
    expect(await listed(du, au)).toEqual(filtered(du, au))
  })

  it('boundary employees: entry on the last day and exit on the first day are present that month; ended CDD absent after', async () => {
    const november = await listed('2026-11-01', '2026-11-30')
    expect(november).toEqual(expect.arrayContaining(['ZENTREE', 'ZSORTIE', 'ZSANSFIN', 'ZINVERSE']))
    expect(november).not.toContain('ZCDDFINI')
    const october = await listed('2026-10-01', '2026-10-31')
    expect(october).not.toContain('ZENTREE')
    expect(october).toContain('ZCDDFINI')
    const december = await listed('2026-12-01', '2026-12-31')
    expect(december).not.toContain('ZSORTIE')
    // A reversed range holds no day: nobody.
    expect(await listed('2026-11-30', '2026-11-01')).toEqual([])
  })
})

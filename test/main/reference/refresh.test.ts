/**
 * Reference snapshot against the real sandbox: rights, dossiers, every employee (paged), code lists per dossier.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { fetchReferenceSnapshot } from '../../../src-main/reference/refresh'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { createPayrollConnection } from '../../../src-main/services/connection'
import { CATEGORIES } from '../../../src-shared/api/categories'
import { ReferenceSnapshot } from '../../../src-shared/domain/reference'
import { BIG_SIREN, connect, startTestSandbox } from '../sync/helpers'

let sandbox: RunningSandbox | null = null

afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

describe('fetchReferenceSnapshot', () => {
  it('fetches the big dossier: its 260 employees and its code lists', async () => {
    sandbox = await startTestSandbox()
    const { connection, count } = connect(sandbox)

    const snapshot = await fetchReferenceSnapshot(connection.client, [BIG_SIREN], {
      budget: connection.budget,
      now: () => new Date('2026-11-16T08:00:00.000Z'),
    })

    expect(ReferenceSnapshot.parse(snapshot)).toEqual(snapshot)
    expect(snapshot.fetchedAt).toBe('2026-11-16T08:00:00.000Z')
    expect(snapshot.droits).toEqual([...CATEGORIES])
    expect(snapshot.dossiers.map((d) => d.siren)).toEqual([BIG_SIREN])
    expect(snapshot.dossiers[0]!.periode_paie_en_cours).toBe('2026-11')
    expect(snapshot.salaries).toHaveLength(260)
    expect(new Set(snapshot.salaries.map((s) => s.matricule)).size).toBe(260)
    expect(snapshot.salaries.every((s) => s.siren === BIG_SIREN)).toBe(true)
    const store = sandbox.store
    expect(snapshot.codesEvp[BIG_SIREN]).toEqual(store.codesEvp[BIG_SIREN])
    expect(snapshot.codesPrimesIndemnites[BIG_SIREN]).toEqual(store.codesPrimesIndemnites[BIG_SIREN])
    expect(snapshot.codesAbsences[BIG_SIREN]!.map((c) => c.code).sort()).toEqual([...store.codesAbsencesParDossier[BIG_SIREN]!].sort())
    expect(count('listerSalaries')).toBe(1)
    expect(count('lireDossier')).toBe(1)
  })

  it('fetches every assigned dossier when none is named, paging the employees', async () => {
    sandbox = await startTestSandbox()
    const { connection } = connect(sandbox)

    const snapshot = await fetchReferenceSnapshot(connection.client)

    expect(snapshot.dossiers.map((d) => d.siren).sort()).toEqual(sandbox.store.dossiers.map((d) => d.siren).sort())
    for (const dossier of snapshot.dossiers) {
      expect(snapshot.salaries.filter((s) => s.siren === dossier.siren)).toHaveLength(
        sandbox.store.salaries.filter((s) => s.siren === dossier.siren).length,
      )
      expect(snapshot.codesEvp[dossier.siren]).toBeDefined()
    }
  })

  it('answers empty code lists when the codification right is missing, and fails on any other error', async () => {
    sandbox = await startTestSandbox()
    sandbox.store.clients.push({
      client_id: 'sans-codification',
      client_secret: 'secret-sans-codification',
      matricule_utilisateur: 'GP001',
      droits: CATEGORIES.filter((c) => c !== 'codification'),
    })
    const connection = createPayrollConnection({
      baseUrl: sandbox.url,
      clientId: 'sans-codification',
      clientSecret: 'secret-sans-codification',
    })

    const snapshot = await fetchReferenceSnapshot(connection.client, [BIG_SIREN])

    expect(snapshot.salaries).toHaveLength(260)
    expect(snapshot.codesEvp).toEqual({ [BIG_SIREN]: [] })
    expect(snapshot.codesAbsences).toEqual({ [BIG_SIREN]: [] })
    expect(snapshot.codesPrimesIndemnites).toEqual({ [BIG_SIREN]: [] })

    sandbox.faults.set({ errorRate: 1 })
    await expect(fetchReferenceSnapshot(connection.client, [BIG_SIREN])).rejects.toMatchObject({ name: 'ApiError', errorClass: 'global' })
  })
})

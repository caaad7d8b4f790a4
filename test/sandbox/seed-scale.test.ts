/**
 * The cabinet-sized data set of the bench (src-sandbox/store/seed-scale.ts): the sizes asked for, identifiers the
 * contract accepts (SIREN, SIRET, NIC keys), employees and contracts copied with their dossier, assignments to the
 * users the template is open to, and the sandbox serving it to the demo client.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { startSandbox } from '../../src-sandbox/server'
import { createSeedStore, DEMO_CREDENTIALS } from '../../src-sandbox/store/seed'
import { copySiren, luhnKey, scaleToCabinet } from '../../src-sandbox/store/seed-scale'
import { BulletinDetail } from '../../src-shared/api/bulletins'
import { Dossier } from '../../src-shared/api/dossiers'
import { Contrat, SalarieDetail } from '../../src-shared/api/salaries'
import { isValidSiren } from '../../src-shared/domain/validation/identifiers'

const TODAY = '2026-11-16'

describe('scaleToCabinet', () => {
  it('builds the cabinet asked for: dossiers, about the employees, the biggest first, every identifier valid', () => {
    const seed = createSeedStore({ seed: 1, today: TODAY })
    const seedSalaries = seed.salaries.length
    const store = scaleToCabinet(createSeedStore({ seed: 1, today: TODAY }), {
      dossiers: 30,
      salaries: 3_000,
      largest: 400,
      payslips: true,
    })
    expect(store.dossiers).toHaveLength(30)
    expect(new Set(store.dossiers.map((d) => d.siren)).size).toBe(30)
    for (const d of store.dossiers) expect(Dossier.safeParse(d).success, d.siren).toBe(true)
    const big = store.dossiers[4]
    if (big === undefined) throw new Error('copie absente')
    expect(store.salaries.filter((s) => s.siren === big.siren)).toHaveLength(400)
    expect(store.salaries.length).toBeGreaterThan(3_000 - 30)
    expect(store.salaries.length).toBeLessThanOrEqual(3_000)
    expect(store.salaries.length).toBeGreaterThan(seedSalaries)
    const copies = store.salaries.filter((s) => s.siren.startsWith('9'))
    for (const s of copies.slice(0, 200)) expect(SalarieDetail.safeParse(s).success, s.matricule).toBe(true)
    const keys = new Set(store.salaries.map((s) => `${s.siren}|${s.matricule}`))
    expect(keys.size).toBe(store.salaries.length)
    // Each copied employee keeps his contracts, under his new dossier and matricule, in an establishment of it.
    const nics = new Map(store.dossiers.map((d) => [d.siren, new Set(d.etablissements.map((e) => e.nic))]))
    const bigContracts = store.contrats.filter((c) => c.siren === big.siren)
    expect(bigContracts.length).toBeGreaterThanOrEqual(400)
    for (const c of bigContracts.slice(0, 100)) {
      expect(Contrat.safeParse(c).success).toBe(true)
      expect(keys.has(`${c.siren}|${c.matricule}`)).toBe(true)
      expect(nics.get(c.siren)?.has(c.nic)).toBe(true)
    }
    expect(store.codesEvp[big.siren]).toEqual(seed.codesEvp[seed.dossiers[0]?.siren ?? ''])
    expect(store.affectations.filter((a) => a.siren === big.siren && a.matricule_utilisateur === 'GP001')).toHaveLength(1)
    // The big copy holds a copy of each payslip of its model employees (the bench's payslip list); the others none.
    const bigPayslips = store.bulletins.filter((b) => b.siren === big.siren)
    expect(bigPayslips.length).toBeGreaterThanOrEqual(400)
    expect(new Set(store.bulletins.map((b) => b.id)).size).toBe(store.bulletins.length)
    for (const b of bigPayslips.slice(0, 100)) {
      expect(BulletinDetail.safeParse(b).success).toBe(true)
      expect(keys.has(`${b.siren}|${b.matricule}`)).toBe(true)
      expect(nics.get(b.siren)?.has(b.nic)).toBe(true)
    }
    const other = store.dossiers[5]?.siren ?? ''
    expect(store.bulletins.filter((b) => b.siren === other)).toEqual([])
    // Without `payslips`, no copy holds any: the big dossier's month is still to compute.
    const bare = scaleToCabinet(createSeedStore({ seed: 1, today: TODAY }), { dossiers: 30, salaries: 3_000, largest: 400 })
    expect(bare.bulletins.filter((b) => b.siren === big.siren)).toEqual([])
    expect(bare.bulletins.length).toBe(seed.bulletins.length)
  })

  it('refuses fewer dossiers than the seed holds; Luhn keys and copy SIRENs are valid', () => {
    expect(() => scaleToCabinet(createSeedStore({ seed: 1, today: TODAY }), { dossiers: 3, salaries: 10, largest: 1 })).toThrow(
      /4 dossiers/,
    )
    expect(luhnKey('73282932')).toBe('0')
    for (const n of [1, 2, 149, 9_999]) expect(isValidSiren(copySiren(n))).toBe(true)
  })

  it('is served by the sandbox: the demo client lists every dossier', async () => {
    const store = scaleToCabinet(createSeedStore({ seed: 1, today: TODAY }), { dossiers: 12, salaries: 600, largest: 100 })
    const sandbox = await startSandbox({
      today: TODAY,
      initialStore: store,
      logger: { error: () => undefined, warn: () => undefined, info: () => undefined },
    })
    try {
      const token = z.object({ access_token: z.string() }).parse(
        await (
          await fetch(`${sandbox.url}/api/auth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: DEMO_CREDENTIALS.client_id,
              client_secret: DEMO_CREDENTIALS.client_secret,
            }),
          })
        ).json(),
      ).access_token
      const page = z
        .looseObject({ total: z.number() })
        .parse(await (await fetch(`${sandbox.url}/api/dossiers?taille=500`, { headers: { authorization: `Bearer ${token}` } })).json())
      expect(page.total).toBe(12)
    } finally {
      await sandbox.close()
    }
  })
})

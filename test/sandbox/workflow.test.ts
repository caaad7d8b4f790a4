/**
 * Payslip workflow over real HTTP: transitions of BULLETIN_TRANSITIONS, 409 for an impossible action, the
 * digital-safe condition, refusal notes, and the deterministic computation in cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { Bulletin, BulletinDetail } from '../../src-shared/api/bulletins'
import { call, qs, startTestSandbox, tokenFor, type ErrorBody } from './helpers'

let sandbox: RunningSandbox
let token: string

beforeAll(async () => {
  sandbox = await startTestSandbox()
  token = await tokenFor(sandbox.url)
})
afterAll(async () => {
  await sandbox.close()
})

function act<T = Bulletin>(id: string, action: string, body: unknown = {}) {
  return call<T>(sandbox.url, `/api/bulletins/${id}/${action}`, { token, method: 'POST', body })
}

function bulletinIn(statut: Bulletin['statut'], taken: Set<string>, extra: (b: BulletinDetail) => boolean = () => true): BulletinDetail {
  const b = sandbox.store.bulletins.find((x) => x.statut === statut && !taken.has(x.id) && extra(x))
  if (b === undefined) throw new Error(`aucun bulletin ${statut} dans le seed`)
  taken.add(b.id)
  return b
}

const taken = new Set<string>()

describe('payslip workflow', () => {
  it('answers 409 TRANSITION_IMPOSSIBLE naming the action and the current state', async () => {
    const b = bulletinIn('calcule', taken)
    const res = await act<ErrorBody>(b.id, 'valider')
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('TRANSITION_IMPOSSIBLE')
    expect(res.body.message).toContain('valider')
    expect(res.body.message).toContain('calculé')
    expect(sandbox.store.bulletins.find((x) => x.id === b.id)?.statut).toBe('calcule')
  })

  it('goes calcule → controle → envoye_employeur → refuse (with a note) → calcule', async () => {
    const b = bulletinIn('calcule', taken)
    expect((await act(b.id, 'controler')).body.statut).toBe('controle')
    const sent = await act(b.id, 'envoyer-employeur')
    expect(sent.body.statut).toBe('envoye_employeur')
    expect(sent.body.dates_envoi.employeur).not.toBeNull()
    const refused = await act(b.id, 'refus', { motif: 'Heures supplémentaires manquantes' })
    expect(refused.status).toBe(200)
    expect(refused.body.statut).toBe('refuse')
    const notes = await call<{ elements: { texte: string; type: string; auteur: string }[] }>(
      sandbox.url,
      `/api/notes${qs({ siren: b.siren, bulletin_id: b.id })}`,
      { token },
    )
    expect(notes.body.elements).toEqual([
      expect.objectContaining({ texte: 'Heures supplémentaires manquantes', type: 'refus_bulletin', auteur: 'GP001' }),
    ])
    const again = await act(b.id, 'calculer')
    expect(again.body.statut).toBe('calcule')
    expect(again.body.dernier_calcul_par).toBe('GP001')
    expect(again.body.date_dernier_calcul?.startsWith('2026-11-16')).toBe(true)
  })

  it('refuses the safe for an employee whose safe is not activated, and sends it otherwise', async () => {
    const coffre = (b: BulletinDetail, active: boolean) =>
      sandbox.store.salaries.some((s) => s.siren === b.siren && s.matricule === b.matricule && s.coffre_active === active)
    const closed = bulletinIn('valide', taken, (b) => coffre(b, false))
    const refused = await act<ErrorBody>(closed.id, 'envoi-coffre')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/coffre/)
    const open = bulletinIn('valide', taken, (b) => coffre(b, true))
    const sent = await act(open.id, 'envoi-coffre')
    expect(sent.status).toBe(200)
    expect(sent.body.statut).toBe('envoye_coffre')
    expect(sent.body.date_envoi_coffre).not.toBeNull()
    const last = await act(open.id, 'envoyer-salarie')
    expect(last.body.statut).toBe('envoye_salarie')
    expect(last.body.dates_envoi.salarie).not.toBeNull()
    expect((await act<ErrorBody>(open.id, 'calculer')).status).toBe(409)
  })

  it('recomputes deterministically in cents, counting the EVP amounts of the period', async () => {
    const b = bulletinIn('calcule', taken, (x) => {
      const d = sandbox.store.dossiers.find((dd) => dd.siren === x.siren)
      const codes = sandbox.store.codesEvp[x.siren] ?? []
      return (
        x.periode === d?.periode_paie_en_cours &&
        codes.some((c) => c.format === 'montant') &&
        sandbox.store.bulletins.filter((y) => y.siren === x.siren && y.matricule === x.matricule && y.periode === x.periode).length === 1
      )
    })
    const first = await act(b.id, 'calculer')
    const again = await act(b.id, 'calculer')
    expect(again.body.brut).toBe(first.body.brut)
    expect(again.body.net_a_payer).toBe(first.body.net_a_payer)
    const code = (sandbox.store.codesEvp[b.siren] ?? []).find((c) => c.format === 'montant')?.code ?? ''
    const evp = await call(sandbox.url, '/api/evp', {
      token,
      method: 'POST',
      body: {
        siren: b.siren,
        matricule: b.matricule,
        periode: b.periode,
        code_evp: code,
        montant: '100.25',
        numero_contrat: b.numero_contrat,
      },
    })
    expect(evp.status).toBe(201)
    const after = await act(b.id, 'calculer')
    const cents = (v: string | null) => Math.round(Number(v) * 100)
    expect(cents(after.body.brut) - cents(first.body.brut)).toBe(10025)
    expect(cents(after.body.net_a_payer)).toBeGreaterThan(cents(first.body.net_a_payer))
    const detail = await call<BulletinDetail>(sandbox.url, `/api/bulletins/${b.id}`, { token })
    expect(detail.body.rubriques.lignes.map((l) => l.code)).toContain(code)
  })

  it('computes a dossier’s period in bulk, listing what it could not compute', async () => {
    const b = bulletinIn('a_calculer', taken)
    const others = sandbox.store.bulletins.filter((x) => x.siren === b.siren && x.periode === b.periode && x.matricule === b.matricule)
    const res = await call<{ calcules: string[]; ignores: string[] }>(sandbox.url, '/api/bulletins/calculer', {
      token,
      method: 'POST',
      body: { siren: b.siren, periode: b.periode, matricules: [b.matricule] },
    })
    expect(res.status).toBe(200)
    expect(res.body.calcules).toContain(b.id)
    expect([...res.body.calcules, ...res.body.ignores].sort()).toEqual(others.map((x) => x.id).sort())
    const unknown = await call<ErrorBody>(sandbox.url, '/api/bulletins/calculer', {
      token,
      method: 'POST',
      body: { siren: b.siren, periode: b.periode, matricules: [b.matricule, 'INCONNU1'] },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.erreurs[0]?.chemin).toBe('body.matricules[1]')
  })
})

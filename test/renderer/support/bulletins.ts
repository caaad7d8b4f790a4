/**
 * Payslips for renderer tests (issue 15): payslips of the fixtures' dossier, a fake payroll service behind the
 * `bulletins:*` channels of the fake `window.api` (it applies BULLETIN_TRANSITIONS, records every call, and can lose
 * an answer), and a memory router with the payslip routes.
 */
import { defineComponent, h } from 'vue'
import { createMemoryHistory, createRouter, type Router } from 'vue-router'

import BulletinsView from '../../../src-renderer/features/bulletins/BulletinsView.vue'
import BulletinView from '../../../src-renderer/features/bulletins/BulletinView.vue'
import { BULLETIN_TRANSITIONS, type BulletinDetail } from '../../../src-shared/api/bulletins'
import type { Note } from '../../../src-shared/api/cabinet'
import { listedOf, type BulletinActInput, type BulletinActOutcome } from '../../../src-shared/domain/bulletins'
import type { z } from 'zod'
import type { FakeApi } from './fakes'
import { SIREN } from './fixtures'

type NoteT = z.infer<typeof Note>

/** A payslip of the fixtures' dossier (M001, contract C1, computed) unless given. */
export function payslip(n: number, over: Partial<BulletinDetail> = {}): BulletinDetail {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    siren: SIREN,
    nic: '00017',
    matricule: 'M001',
    numero_contrat: 'C1',
    periode: '2026-11',
    statut: 'calcule',
    brut: '2125.50',
    net_a_payer: '1657.89',
    dernier_calcul_par: 'GP01',
    date_dernier_calcul: '2026-11-19T08:00:00Z',
    date_envoi_coffre: null,
    dates_envoi: { employeur: null, salarie: null },
    rubriques: {
      heures_travaillees: '151.67',
      lignes: [
        {
          code: '1000',
          libelle: 'Salaire de base',
          base: null,
          taux_salarial: null,
          montant_salarial: '2000.00',
          taux_patronal: null,
          montant_patronal: null,
        },
        {
          code: 'HS25',
          libelle: 'Heures sup. 25 %',
          base: null,
          taux_salarial: null,
          montant_salarial: '125.50',
          taux_patronal: null,
          montant_patronal: null,
        },
        {
          code: '7000',
          libelle: 'Cotisations et contributions sociales',
          base: '2125.50',
          taux_salarial: '22',
          montant_salarial: '-467.61',
          taux_patronal: '42',
          montant_patronal: '892.71',
        },
      ],
    },
    ...over,
  }
}

/** A fake service of payslips: its payslips, notes, and the calls it received. */
export interface FakePayslips {
  readonly store: BulletinDetail[]
  readonly notes: NoteT[]
  readonly acts: BulletinActInput[]
  readonly lists: number[]
  /** The next action's answer is lost: `committed` says whether the service applied it first. */
  loseNext: { committed: boolean } | null
}

/** Wires the `bulletins:*` channels of `api` to a fake service holding `payslips`. */
export function servePayslips(api: FakeApi, payslips: BulletinDetail[], notes: NoteT[] = []): FakePayslips {
  const fake: FakePayslips = { store: payslips, notes, acts: [], lists: [], loseNext: null }
  api.payslips['bulletins:list'] = (input) => {
    fake.lists.push(Date.now())
    const bulletins = fake.store.filter((b) => b.siren === input.siren && b.periode === input.periode).map(listedOf)
    return Promise.resolve({ ok: true, value: { ...input, fetchedAt: '2026-11-20T06:00:00.000Z', bulletins } })
  }
  api.payslips['bulletins:read'] = (input) => {
    const b = fake.store.find((x) => x.id === input.id)
    if (b === undefined) return Promise.resolve({ ok: false, error: { code: 'INTROUVABLE', message: 'unknown payslip' } })
    const own = fake.notes.filter((n) => n.bulletin_id === b.id)
    return Promise.resolve({ ok: true, value: { fetchedAt: '2026-11-20T07:00:00.000Z', bulletin: structuredClone(b), notes: own } })
  }
  api.payslips['bulletins:act'] = (input) => {
    fake.acts.push(input)
    const b = fake.store.find((x) => x.id === input.id)
    if (b === undefined) return Promise.resolve({ ok: false, error: { code: 'INTROUVABLE', message: 'unknown payslip' } })
    const rule = BULLETIN_TRANSITIONS[input.action]
    const base = { id: b.id, action: input.action, settleUntil: null }
    if (input.afterLostAnswer === true && b.statut === rule.to) {
      return Promise.resolve({
        ok: true,
        value: { ...base, result: 'already_applied', bulletin: listedOf(b), error: null } satisfies BulletinActOutcome,
      })
    }
    if (!rule.from.includes(b.statut)) {
      const error = { code: 'TRANSITION_IMPOSSIBLE', message: `Impossible : le bulletin est « ${b.statut} ».` }
      return Promise.resolve({ ok: true, value: { ...base, result: 'refused', bulletin: null, error } satisfies BulletinActOutcome })
    }
    const lose = fake.loseNext
    fake.loseNext = null
    if (lose === null || lose.committed) {
      b.statut = rule.to
      if (input.action === 'refus') {
        fake.notes.push({
          id: crypto.randomUUID(),
          siren: b.siren,
          matricule: b.matricule,
          bulletin_id: b.id,
          type: 'refus_bulletin',
          texte: input.motif ?? '',
          auteur: 'GP01',
          date_creation: '2026-11-20T09:00:00Z',
        })
      }
    }
    if (lose !== null) {
      const error = { code: 'CONNEXION_INTERROMPUE', message: 'answer lost' }
      const value: BulletinActOutcome = {
        ...base,
        result: 'unknown',
        bulletin: listedOf(b),
        error,
        settleUntil: '2026-11-20T09:01:00.000Z',
      }
      return Promise.resolve({ ok: true, value })
    }
    return Promise.resolve({
      ok: true,
      value: { ...base, result: 'applied', bulletin: listedOf(b), error: null } satisfies BulletinActOutcome,
    })
  }
  return fake
}

const Blank = defineComponent({ render: () => h('div') })

/** A memory router with the payslip routes, at `path`. */
export async function payslipRouter(path: string): Promise<Router> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: Blank },
      { path: '/dossiers/:siren', name: 'dossier', component: Blank },
      { path: '/dossiers/:siren/bulletins', name: 'bulletins', component: BulletinsView, props: true },
      { path: '/dossiers/:siren/bulletins/:id', name: 'bulletin', component: BulletinView, props: true },
    ],
  })
  await router.push(path)
  await router.isReady()
  return router
}

/**
 * Payslips (bulletins) and their workflow: list (V1.0.0, unique id V1.2.0, multi nic V1.4.0), single read with
 * rubriques (V1.3.0), the actions calculer, controler, envoyer-employeur, valider (V1.4.0), refus and envoi-coffre
 * (V1.5.0), per-payslip calculer and envoyer-salarie (V1.7.0). States and transitions: BULLETIN_TRANSITIONS
 * (assumption, src-shared/api/bulletins.ts); an action from another state answers 409 TRANSITION_IMPOSSIBLE.
 */
import { randomUUID } from 'node:crypto'
import {
  BULLETIN_TRANSITIONS,
  type ActionBulletin,
  type Bulletin,
  type BulletinDetail,
  type StatutBulletin,
} from '../../src-shared/api/bulletins'
import { ERROR_CODES, type PageOf } from '../../src-shared/api/common'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import { SandboxRefusal, conflit, regleMetier } from '../http/errors'
import { calculerBulletin } from './bulletin-calcul'
import { instantOf, sessionOf, type HandlerContext, type Handlers } from './context'
import { RULE_CODES, activeContracts, dossierOfBody } from './entry-rules'
import { byKeys, matchesFilter, omitKeys, paginate, periodEnd, periodStart } from './lists'
import { findSalarie, requireVisible, sirensInScope } from './scope'

/** French wording of each payslip state, for messages. */
export const STATUT_LABELS: Readonly<Record<StatutBulletin, string>> = {
  a_calculer: 'à calculer',
  calcule: 'calculé',
  controle: 'contrôlé',
  envoye_employeur: 'envoyé à l’employeur',
  valide: 'validé',
  refuse: 'refusé',
  envoye_coffre: 'envoyé au coffre-fort numérique',
  envoye_salarie: 'envoyé au salarié',
}

/** French wording of each action, for messages. */
export const ACTION_LABELS: Readonly<Record<ActionBulletin, string>> = {
  calculer: 'calculer',
  controler: 'contrôler',
  'envoyer-employeur': 'envoyer à l’employeur',
  valider: 'valider',
  refus: 'refuser',
  'envoi-coffre': 'envoyer au coffre-fort numérique',
  'envoyer-salarie': 'envoyer au salarié',
}

/** The list shape of a payslip (without its lines). */
export function bulletinSummary(b: BulletinDetail): Bulletin {
  return omitKeys(b, ['rubriques'])
}

/** True when `action` is allowed from `statut`. */
export function canApply(action: ActionBulletin, statut: StatutBulletin): boolean {
  return BULLETIN_TRANSITIONS[action].from.includes(statut)
}

/**
 * Applies a workflow action to a stored payslip and returns its new list shape.
 * @param motif reason of a refusal (becomes a note of type refus_bulletin, V1.7.0).
 * @throws SandboxRefusal 409 TRANSITION_IMPOSSIBLE (action not allowed from the current state), 409 CONFLIT
 * (envoi-coffre for an employee whose digital safe is not activated, V1.5.0).
 */
export function applyAction(ctx: HandlerContext, b: BulletinDetail, action: ActionBulletin, motif?: string): Bulletin {
  if (!canApply(action, b.statut)) {
    throw new SandboxRefusal(
      409,
      ERROR_CODES.transitionImpossible,
      `Impossible de ${ACTION_LABELS[action]} ce bulletin : il est « ${STATUT_LABELS[b.statut]} ».`,
    )
  }
  const now = instantOf(ctx)
  if (action === 'envoi-coffre') {
    const salarie = findSalarie(ctx, b.siren, b.matricule)
    if (salarie?.coffre_active !== true) {
      throw conflit(`Le coffre-fort numérique du salarié ${b.matricule} n’est pas activé : le bulletin ne peut pas y être envoyé.`)
    }
    b.date_envoi_coffre = now
  }
  if (action === 'calculer') {
    Object.assign(b, calculerBulletin(ctx.store, b))
    b.dernier_calcul_par = sessionOf(ctx).utilisateur.matricule
    b.date_dernier_calcul = now
  }
  if (action === 'envoyer-employeur') b.dates_envoi = { ...b.dates_envoi, employeur: now }
  if (action === 'envoyer-salarie') b.dates_envoi = { ...b.dates_envoi, salarie: now }
  if (action === 'refus') {
    ctx.store.notes.push({
      id: randomUUID(),
      siren: b.siren,
      matricule: b.matricule,
      bulletin_id: b.id,
      type: 'refus_bulletin',
      texte: motif ?? '',
      auteur: sessionOf(ctx).utilisateur.matricule,
      date_creation: now,
    })
  }
  b.statut = BULLETIN_TRANSITIONS[action].to
  return bulletinSummary(b)
}

function findBulletin(ctx: HandlerContext, id: string): BulletinDetail {
  return requireVisible(
    ctx,
    ctx.store.bulletins.find((b) => b.id === id),
    'Bulletin',
  )
}

function listerBulletins(req: ParsedRequestOf<'listerBulletins'>, ctx: HandlerContext): PageOf<Bulletin> {
  const q = req.query
  const sirens = sirensInScope(ctx, q.siren)
  const items = ctx.store.bulletins
    .filter(
      (b) =>
        sirens.has(b.siren) &&
        matchesFilter(q.nic, b.nic) &&
        matchesFilter(q.statut, b.statut) &&
        (q.periode === undefined || b.periode === q.periode) &&
        (q.matricule === undefined || b.matricule === q.matricule),
    )
    .sort(
      byKeys(
        (b) => b.siren,
        (b) => b.periode,
        (b) => b.matricule,
        (b) => b.numero_contrat,
        (b) => b.id,
      ),
    )
  return paginate(items.map(bulletinSummary), q)
}

/** Payslips of a dossier's period for these employees, created (state à calculer) for contracts that lack one. */
function bulletinsOfPeriod(ctx: HandlerContext, siren: string, periode: string, matricules: readonly string[]): BulletinDetail[] {
  const dossier = ctx.store.dossiers.find((d) => d.siren === siren)
  if (dossier !== undefined && periode >= dossier.periode_paie_en_cours) {
    for (const matricule of matricules) {
      for (const c of activeContracts(ctx, siren, matricule, periodStart(periode), periodEnd(periode))) {
        const exists = ctx.store.bulletins.some(
          (b) => b.siren === siren && b.matricule === matricule && b.periode === periode && b.numero_contrat === c.numero_contrat,
        )
        if (exists) continue
        ctx.store.bulletins.push({
          id: randomUUID(),
          siren,
          nic: c.nic,
          matricule,
          numero_contrat: c.numero_contrat,
          periode,
          statut: 'a_calculer',
          brut: null,
          net_a_payer: null,
          dernier_calcul_par: null,
          date_dernier_calcul: null,
          date_envoi_coffre: null,
          dates_envoi: { employeur: null, salarie: null },
          rubriques: { lignes: [], heures_travaillees: null },
        })
      }
    }
  }
  return ctx.store.bulletins
    .filter((b) => b.siren === siren && b.periode === periode && matricules.includes(b.matricule))
    .sort(
      byKeys(
        (b) => b.matricule,
        (b) => b.numero_contrat,
      ),
    )
}

/**
 * POST /api/bulletins/calculer: computes the payslips of a dossier's period (all employees, or those listed);
 * payslips whose state forbids computing are listed in `ignores`.
 * @throws SandboxRefusal 403/422 for the dossier, 422 SALARIE_INCONNU at `body.matricules[i]`.
 */
function calculerBulletins(req: ParsedRequestOf<'calculerBulletins'>, ctx: HandlerContext): { calcules: string[]; ignores: string[] } {
  const { siren, periode, matricules } = req.body
  dossierOfBody(ctx, siren)
  const targets = matricules ?? ctx.store.salaries.filter((s) => s.siren === siren).map((s) => s.matricule)
  targets.forEach((m, i) => {
    if (findSalarie(ctx, siren, m) === undefined) {
      throw regleMetier(`body.matricules[${i}]`, RULE_CODES.salarieInconnu, `Le salarié ${m} n’existe pas dans le dossier ${siren}.`)
    }
  })
  const calcules: string[] = []
  const ignores: string[] = []
  for (const b of bulletinsOfPeriod(ctx, siren, periode, targets)) {
    if (canApply('calculer', b.statut)) {
      applyAction(ctx, b, 'calculer')
      calcules.push(b.id)
    } else {
      ignores.push(b.id)
    }
  }
  return { calcules, ignores }
}

/** One workflow action by payslip id. */
function action(name: Exclude<ActionBulletin, 'refus'>) {
  return (req: { params: { id: string } }, ctx: HandlerContext): Bulletin => applyAction(ctx, findBulletin(ctx, req.params.id), name)
}

/** Handlers of the payslip operations. */
export const bulletinHandlers = {
  listerBulletins,
  lireBulletin: (req, ctx) => findBulletin(ctx, req.params.id),
  calculerBulletins,
  calculerBulletin: action('calculer'),
  controlerBulletin: action('controler'),
  envoyerBulletinEmployeur: action('envoyer-employeur'),
  validerBulletin: action('valider'),
  refuserBulletin: (req, ctx) => applyAction(ctx, findBulletin(ctx, req.params.id), 'refus', req.body.motif),
  envoyerBulletinCoffre: action('envoi-coffre'),
  envoyerBulletinSalarie: action('envoyer-salarie'),
} satisfies Partial<Handlers>

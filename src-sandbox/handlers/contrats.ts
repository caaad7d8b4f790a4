/**
 * Contracts of an employee: list and creation (paths assumed; creation simplified in V1.7.0: agreement and
 * classification optional, #66–#67), read by number, working time with its table (V1.11.0) and definition (V1.7.0).
 */
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import type { Contrat } from '../../src-shared/api/salaries'
import { contratCodeIssues, contratRuleIssues } from '../../src-shared/domain/contrat-create'
import { conflit, introuvable, regleMetier } from '../http/errors'
import type { ContratStocke } from '../store/types'
import type { HandlerContext, Handlers } from './context'
import { byKeys, omitKeys } from './lists'
import { requireDossier, requireSalarie } from './scope'

/**
 * Monthly base salary of a contract created without one: the SMIC for 35 h a week (assumption: 11.88 €/h ×
 * 151.67 h = 1801.80 €, SMIC at 1 November 2024, décret n° 2024-951).
 */
export const SALAIRE_BASE_PAR_DEFAUT = '1801.80'

/** The contract part of a stored contract (Contrat schema fields only). */
export function contratOf(c: ContratStocke): Contrat {
  return {
    numero_contrat: c.numero_contrat,
    siren: c.siren,
    matricule: c.matricule,
    nic: c.nic,
    nature_contrat: c.nature_contrat,
    libelle_emploi: c.libelle_emploi,
    pcs_ese: c.pcs_ese,
    date_debut: c.date_debut,
    date_fin: c.date_fin,
  }
}

/**
 * Conventional status (DSN S21.G00.40.002: 02 cadre, 03 profession intermédiaire, 04 employé, 07 ouvrier) from the
 * PCS-ESE group (first digit: 3 cadres, 4 professions intermédiaires, 5 employés, 6 ouvriers). Assumption: 04 otherwise.
 */
export function statutConventionnel(pcsEse: string): string {
  const groupe: Readonly<Record<string, string>> = { '3': '02', '4': '03', '5': '04', '6': '07' }
  return groupe[pcsEse.charAt(0)] ?? '04'
}

function findContrat(ctx: HandlerContext, p: { siren: string; matricule: string; contrat: string }): ContratStocke {
  requireSalarie(ctx, p.siren, p.matricule)
  const c = ctx.store.contrats.find((x) => x.siren === p.siren && x.matricule === p.matricule && x.numero_contrat === p.contrat)
  if (c === undefined) throw introuvable(`Contrat ${p.contrat} du salarié ${p.matricule} introuvable.`)
  return c
}

function listerContrats(req: ParsedRequestOf<'listerContrats'>, ctx: HandlerContext): Contrat[] {
  const { siren, matricule } = req.params
  requireSalarie(ctx, siren, matricule)
  return ctx.store.contrats
    .filter((c) => c.siren === siren && c.matricule === matricule)
    .sort(
      byKeys(
        (c) => c.date_debut,
        (c) => c.numero_contrat,
      ),
    )
    .map(contratOf)
}

/**
 * Creates a contract with its working time (#66) after the rules of contrat-create.ts (#67), the same the form applies
 * offline: codes in the service's code lists, dates coherent, the week within the legal maxima and matching the
 * arrangement and quota. Base salary {@link SALAIRE_BASE_PAR_DEFAUT}; agreement the dossier's when none is given.
 * @throws SandboxRefusal 409 CONFLIT (number already used for this employee), 422 REGLE_METIER at `body.nic` (not an
 * establishment of the dossier) or at the first rule broken (`body.date_fin`, `body.pcs_ese`,
 * `body.duree_travail.tableau_horaire`…, its code: DATES_INCOHERENTES, CODE_INCONNU, DUREE_INCOHERENTE…).
 */
function creerContrat(req: ParsedRequestOf<'creerContrat'>, ctx: HandlerContext): Contrat {
  const { siren, matricule } = req.params
  const dossier = requireDossier(ctx, siren)
  const salarie = requireSalarie(ctx, siren, matricule)
  const b = req.body
  if (ctx.store.contrats.some((c) => c.siren === siren && c.matricule === matricule && c.numero_contrat === b.numero_contrat)) {
    throw conflit(`Le contrat ${b.numero_contrat} existe déjà pour le salarié ${matricule}.`)
  }
  if (!dossier.etablissements.some((e) => e.nic === b.nic)) {
    throw regleMetier('body.nic', 'ETABLISSEMENT_INCONNU', `L’établissement ${b.nic} n’appartient pas au dossier ${siren}.`)
  }
  const lists = Object.fromEntries(ctx.store.listesCodes.map((l) => [l.nom, l.elements]))
  const issue = [...contratRuleIssues(b), ...contratCodeIssues(b, lists)][0]
  if (issue !== undefined) throw regleMetier(`body.${issue.champ}`, issue.code, issue.message)
  const dateFin = b.date_fin ?? null
  const stocke: ContratStocke = {
    numero_contrat: b.numero_contrat,
    siren,
    matricule,
    nic: b.nic,
    nature_contrat: b.nature_contrat,
    libelle_emploi: b.libelle_emploi,
    pcs_ese: b.pcs_ese,
    date_debut: b.date_debut,
    date_fin: dateFin,
    idcc: b.idcc ?? dossier.idcc,
    statut_conventionnel: statutConventionnel(b.pcs_ese),
    classification: b.classification ?? null,
    salaire_base: SALAIRE_BASE_PAR_DEFAUT,
    dispositif_politique_publique: b.dispositif_politique_publique,
    code_profession: b.code_profession ?? null,
    duree_travail: { numero_contrat: b.numero_contrat, ...b.duree_travail },
  }
  ctx.store.contrats.push(stocke)
  salarie.contrats.push({ numero_contrat: b.numero_contrat, nature_contrat: b.nature_contrat, date_debut: b.date_debut, date_fin: dateFin })
  if (b.date_debut < salarie.date_entree) salarie.date_entree = b.date_debut
  if (salarie.date_sortie !== null && (dateFin === null || dateFin > salarie.date_sortie)) salarie.date_sortie = dateFin
  return contratOf(stocke)
}

/** Handlers of the contract operations. */
export const contratHandlers = {
  listerContrats,
  creerContrat,
  lireContrat: (req, ctx) => contratOf(findContrat(ctx, req.params)),
  lireDureeTravail: (req, ctx) => findContrat(ctx, req.params).duree_travail,
  lireDefinitionContrat: (req, ctx) => omitKeys(findContrat(ctx, req.params), ['duree_travail']),
} satisfies Partial<Handlers>

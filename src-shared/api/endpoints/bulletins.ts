/**
 * Rows of the endpoint table (../endpoints.ts), one domain: payslips (bulletins) and their workflow, and the cumuls.
 */
import { z } from 'zod'

import {
  Bulletin,
  BulletinDetail,
  CalculerBulletinsDto,
  CalculerBulletinsRetourDto,
  Cumul,
  CumulsPutDto,
  CumulsPutRetourDto,
  RefusBulletinDto,
  StatutBulletin,
} from '../bulletins'
import { Matricule, Nic, Page, PagingQuery, Periode, Siren, queryMulti } from '../common'
import { paramsOf, type EndpointDef } from '../endpoint-def'

const BulletinListQuery = PagingQuery.extend({
  siren: queryMulti(Siren).optional(),
  nic: queryMulti(Nic).optional(),
  matricule: Matricule.optional(),
  periode: Periode.optional(),
  statut: queryMulti(StatutBulletin).optional(),
})
/** Cumuls filters (V1.3.0): categories and cumuls; the engine code. */
const CumulListQuery = PagingQuery.extend({
  siren: Siren,
  matricule: Matricule.optional(),
  annee: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{4}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(2000).max(2100))
    .optional(),
  categorie: queryMulti(z.string().min(1).max(40)).optional(),
  cumul: queryMulti(z.string().min(1).max(20)).optional(),
  code_moteur: z.string().min(1).max(20).optional(),
})
const Empty = z.object({})
const bulletinAction = (action: string, since: EndpointDef['since'], provenance: EndpointDef['provenance'], summary: string) =>
  ({
    method: 'POST',
    path: `/api/bulletins/{id}/${action}`,
    summary,
    params: paramsOf('id'),
    body: Empty,
    response: Bulletin,
    status: 200,
    category: 'bulletins',
    auth: true,
    since,
    provenance,
  }) as const

/** Payslips (bulletins) and their workflow, and the cumuls. */
export const BULLETIN_ENDPOINTS = {
  // -- bulletins and their workflow
  listerBulletins: {
    method: 'GET',
    path: '/api/bulletins',
    summary: 'Lister les bulletins',
    query: BulletinListQuery,
    response: Page(Bulletin),
    status: 200,
    category: 'bulletins',
    auth: true,
    since: '1.0.0',
    provenance: 'history',
  },
  lireBulletin: {
    method: 'GET',
    path: '/api/bulletins/{id}',
    summary: 'Lire un bulletin et ses rubriques',
    params: paramsOf('id'),
    response: BulletinDetail,
    status: 200,
    category: 'bulletins',
    auth: true,
    since: '1.3.0',
    provenance: 'history',
  },
  calculerBulletins: {
    method: 'POST',
    path: '/api/bulletins/calculer',
    summary: 'Calculer les bulletins d’une période',
    body: CalculerBulletinsDto,
    response: CalculerBulletinsRetourDto,
    status: 200,
    category: 'bulletins',
    auth: true,
    since: '1.4.0',
    provenance: 'history',
  },
  calculerBulletin: bulletinAction('calculer', '1.7.0', 'path-only', 'Recalculer un bulletin'),
  controlerBulletin: bulletinAction('controler', '1.4.0', 'history', 'Contrôle GP'),
  envoyerBulletinEmployeur: bulletinAction('envoyer-employeur', '1.4.0', 'history', 'Envoyer à l’employeur'),
  validerBulletin: bulletinAction('valider', '1.4.0', 'history', 'Valider'),
  refuserBulletin: { ...bulletinAction('refus', '1.5.0', 'assumption', 'Refuser (motif en note)'), body: RefusBulletinDto },
  envoyerBulletinCoffre: bulletinAction('envoi-coffre', '1.5.0', 'assumption', 'Envoyer au coffre-fort numérique'),
  envoyerBulletinSalarie: bulletinAction('envoyer-salarie', '1.7.0', 'path-only', 'Envoyer au salarié'),

  // -- cumuls
  listerCumuls: {
    method: 'GET',
    path: '/api/cumuls',
    summary: 'Lister les cumuls',
    query: CumulListQuery,
    response: Page(Cumul),
    status: 200,
    category: 'cumuls',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  mettreAJourCumuls: {
    method: 'PUT',
    path: '/api/dossiers/{siren}/cumuls',
    summary: 'Mettre à jour des cumuls',
    params: paramsOf('siren'),
    body: CumulsPutDto,
    response: CumulsPutRetourDto,
    status: 200,
    category: 'cumuls',
    auth: true,
    since: '1.1.0',
    provenance: 'reference',
  },
} as const satisfies Record<string, EndpointDef>

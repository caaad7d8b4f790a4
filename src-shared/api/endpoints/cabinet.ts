/**
 * Rows of the endpoint table (../endpoints.ts), one domain: the service itself and the cabinet: the token, health,
 * the signed-in user, the cabinet's users and its billing.
 */
import {
  Facturation,
  FacturationQuery,
  Health,
  Moi,
  TokenRequest,
  TokenResponse,
  UtilisateurCabinet,
  UtilisateurCabinetCreate,
} from '../cabinet'
import { Page, PagingQuery } from '../common'
import { paramsOf, type EndpointDef } from '../endpoint-def'

/** The service itself and the cabinet: the token, health, the signed-in user, the cabinet's users and its billing. */
export const CABINET_ENDPOINTS = {
  // -- authentication and health
  obtenirJeton: {
    method: 'POST',
    path: '/api/auth/token',
    summary: 'Obtenir un jeton d’accès (client credentials)',
    body: TokenRequest,
    bodyEncoding: 'form',
    response: TokenResponse,
    status: 200,
    category: null,
    auth: false,
    since: '1.0.0',
    provenance: 'assumption',
  },
  sante: {
    method: 'GET',
    path: '/api/health',
    summary: 'État du service',
    response: Health,
    status: 200,
    category: null,
    auth: false,
    since: '1.0.0',
    provenance: 'reference',
  },
  moi: {
    method: 'GET',
    path: '/api/moi',
    summary: 'Utilisateur connecté et droits',
    response: Moi,
    status: 200,
    category: null,
    auth: true,
    since: '1.0.0',
    provenance: 'path-only',
  },

  // -- cabinet
  listerUtilisateursCabinet: {
    method: 'GET',
    path: '/api/cabinet/utilisateurs',
    summary: 'Lister les utilisateurs du cabinet',
    query: PagingQuery,
    response: Page(UtilisateurCabinet),
    status: 200,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'history',
  },
  lireUtilisateurCabinet: {
    method: 'GET',
    path: '/api/cabinet/utilisateurs/{matricule}',
    summary: 'Lire un utilisateur du cabinet',
    params: paramsOf('matricule'),
    response: UtilisateurCabinet,
    status: 200,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'history',
  },
  creerUtilisateurCabinet: {
    method: 'POST',
    path: '/api/cabinet/utilisateurs',
    summary: 'Créer un utilisateur du cabinet',
    body: UtilisateurCabinetCreate,
    response: UtilisateurCabinet,
    status: 201,
    category: 'cabinet',
    auth: true,
    since: '1.13.0',
    provenance: 'history',
  },
  listerFacturations: {
    method: 'GET',
    path: '/api/facturations',
    summary: 'Compteurs de facturation du cabinet',
    query: FacturationQuery,
    response: Page(Facturation),
    status: 200,
    category: 'facturation',
    auth: true,
    since: '1.5.0',
    provenance: 'path-only',
  },
} as const satisfies Record<string, EndpointDef>

/**
 * Rows of the endpoint table (../endpoints.ts), one domain: the DSN: monthly and event declarations and their
 * summary.
 */
import { z } from 'zod'

import { Page } from '../common'
import { Declaration, DeclarationEvenementielle, DeclarationSearchQuery } from '../declarations'
import { paramsOf, type EndpointDef } from '../endpoint-def'

/** The DSN: monthly and event declarations and their summary. */
export const DECLARATION_ENDPOINTS = {
  // -- DSN
  listerDeclarations: {
    method: 'GET',
    path: '/api/declarations',
    summary: 'Rechercher les DSN mensuelles',
    query: DeclarationSearchQuery,
    response: Page(Declaration),
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.1.0',
    provenance: 'path-only',
  },
  lireDeclaration: {
    method: 'GET',
    path: '/api/declarations/{id}',
    summary: 'Lire une DSN',
    params: paramsOf('id'),
    response: z.union([Declaration, DeclarationEvenementielle]),
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  listerDeclarationsEvenementielles: {
    method: 'GET',
    path: '/api/declarations-evenementielles',
    summary: 'Rechercher les DSN événementielles',
    query: DeclarationSearchQuery,
    response: Page(DeclarationEvenementielle),
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.4.0',
    provenance: 'path-only',
  },
  telechargerRecapitulatif: {
    method: 'GET',
    path: '/api/declarations/{id}/recapitulatif',
    summary: 'Récapitulatif PDF d’une DSN',
    params: paramsOf('id'),
    response: 'pdf',
    status: 200,
    category: 'declarations',
    auth: true,
    since: '1.7.0',
    provenance: 'path-only',
  },
} as const satisfies Record<string, EndpointDef>

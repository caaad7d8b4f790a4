/**
 * Rows of the endpoint table (../endpoints.ts), one domain: the code lists (codification): absences, EVP, primes,
 * and the named lists.
 */
import { z } from 'zod'

import { CodeAbsence, CodeEvp, CodePrimeIndemnite, ListeCodes } from '../codification'
import { paramsOf, type EndpointDef } from '../endpoint-def'
import { SirenQuery } from './dossiers'

/** The code lists (codification): absences, EVP, primes, and the named lists. */
export const CODIFICATION_ENDPOINTS = {
  // -- codification
  listerCodesAbsences: {
    method: 'GET',
    path: '/api/codes-absences',
    summary: 'Codes d’absence',
    response: z.array(CodeAbsence),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  listerCodesAbsencesDossier: {
    method: 'GET',
    path: '/api/dossiers/{siren}/codes-absences',
    summary: 'Codes d’absence du dossier',
    params: paramsOf('siren'),
    response: z.array(CodeAbsence),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.1.0',
    provenance: 'history',
  },
  listerCodesEvp: {
    method: 'GET',
    path: '/api/codes-evp',
    summary: 'Codes EVP du dossier',
    query: SirenQuery,
    response: z.array(CodeEvp),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.4.0',
    provenance: 'path-only',
  },
  listerCodesPrimesIndemnites: {
    method: 'GET',
    path: '/api/codes-primes-indemnites',
    summary: 'Codes primes et indemnités du dossier',
    query: SirenQuery,
    response: z.array(CodePrimeIndemnite),
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.4.0',
    provenance: 'path-only',
  },
  lireListeCodes: {
    method: 'GET',
    path: '/api/codes/{nomCode}',
    summary: 'Liste de codes dynamique',
    params: paramsOf('nomCode'),
    response: ListeCodes,
    status: 200,
    category: 'codification',
    auth: true,
    since: '1.5.0',
    provenance: 'path-only',
  },
} as const satisfies Record<string, EndpointDef>
